"""The fast playouts against the deal: ``random_playout`` (barbu/playout.py) and
``heuristic_playout`` (barbu/bots/simulate.py) each run their own trick loop on bare card sets,
for speed, so both are checked card by card against ``Deal``, the rules' state machine.

For every preset and option set of the Italian game (RULES.md §7), every contract, random hands
and random positions reached by random legal play (mid-trick, mid-Domino, hearts broken or not),
and the positions the computer players start their playouts from (``Deal.with_hands``,
``Deal.from_view``): every card a playout plays must be legal in the deal, the deal must end
exactly with its last card, and the raw scores must be the deal's.

Legal is not enough: a playout that allowed too few cards (hearts never broken, say) would still
play legal cards. So each card must also be the one the same choice makes from the deal's own
legal set: for ``random_playout`` the card its random number picks (one number per card, see
``playout.random_card``), for ``heuristic_playout`` the card the rules of thumb
(``bots.heuristics``) choose, given the deal's state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu import Deal, Phase, Play, RuleError
from barbu.bots.heuristics import domino_card, negative_card, play_style, trumps_card
from barbu.bots.simulate import heuristic_playout, suits_held
from barbu.cards import CARDS, FULL_DECK, Mask, deal_masks, iter_mask, mask_of
from barbu.playout import random_card, random_playout
from barbu.presets import CLASSIC, ITALIAN, PRESET_NAMES, REGISTRY, STANDARD, preset
from barbu.rules import ContractRules, Lead, Rules

OPTION_SETS: dict[str, dict[str, object]] = {
    **{
        f"{option.name}={value}": {option.name: value}
        for option in REGISTRY["italian"].options
        for value in option.values
        if not option.is_default(value)
    },
    "values": {"king_of_hearts": -30, "queen": -8, "ace_of_hearts": -4},
    "salad+without=trumps": {"salad": True, "without": "trumps"},
    "salad+without=domino": {"salad": True, "without": "domino"},
    "salad+values+overtrump": {
        "salad": True,
        "king_of_hearts": -30,
        "queen": -8,
        "ace_of_hearts": -4,
        "overtrump_always": True,
    },
    "any-seven+overtrump+quota=3": {"domino_any_seven": True, "overtrump_always": True, "quota": 3},
}
"""Each option's non-default values, one at a time, and some combinations (the Italian game's:
the only preset with options)."""


def variant(rules: Rules, change: Callable[[ContractRules], bool], **fields: object) -> Rules:
    """``rules`` with ``fields`` replaced in the contracts ``change`` selects."""
    return replace(
        rules,
        contracts=tuple(replace(c, **fields) if change(c) else c for c in rules.contracts),
    )


RULE_SETS: dict[str, Rules] = {
    **{name: preset(name) for name in PRESET_NAMES},
    **{f"italian[{label}]": preset("italian", options) for label, options in OPTION_SETS.items()},
    # Rules are data (barbu/rules.py): values no preset has must play the same way too.
    "custom[standard-no-early-end]": variant(STANDARD, lambda c: True, early_end=False),
    "custom[italian-trumps-hearts-broken]": variant(
        preset("italian", {"overtrump_always": True}),
        lambda c: c.has_trump,
        lead=Lead.HEARTS_BROKEN,
    ),
    "custom[classic-trumps-hearts-broken]": variant(
        CLASSIC, lambda c: c.has_trump, lead=Lead.HEARTS_BROKEN
    ),
    "custom[italian-early-ends]": variant(
        ITALIAN, lambda c: bool(c.card_values) and not c.per_trick, early_end=True
    ),
}
CASES = [
    pytest.param(rules, crules.contract, id=f"{label}-{crules.contract}")
    for label, rules in RULE_SETS.items()
    for crules in rules.contracts
]
START = ("as-played", "with-hands", "from-view")
"""Where a playout starts: the deal itself; its unplayed cards dealt again, seat by seat (the
sampling bots' determinizations); the deal rebuilt from a seat's view and such hands."""


def state(deal: Deal) -> tuple[object, ...]:
    """Everything each seat may know of ``deal``, and its history (custom rules have no record:
    only registered presets are written, RULES.md §7)."""
    return (*(deal.view(seat) for seat in range(4)), tuple(deal.actions))


def redeal(deal: Deal, rng: random.Random, keep: int | None = None) -> list[Mask]:
    """The cards still in the hands, shuffled and dealt again, each seat keeping its count (and
    seat ``keep`` its cards)."""
    left = [c for s, h in enumerate(deal.hands) if s != keep for c in iter_mask(h)]
    rng.shuffle(left)
    hands = []
    for s, h in enumerate(deal.hands):
        if s == keep:
            hands.append(h)
            continue
        n = h.bit_count()
        hands.append(sum(1 << c for c in left[:n]))
        left = left[n:]
    return hands


def position(rules: Rules, contract: str, rng: random.Random, cards_played: int) -> Deal:
    """A deal of ``contract`` on random hands, after random legal play of some cards."""
    deal = Deal(deal_masks(rng, rules.deck), rng.randrange(4), rules)
    deal.apply(rng.choice([a for a in deal.legal_actions() if a.contract == contract]))
    while deal.phase is Phase.DOUBLING:
        deal.apply(rng.choice(deal.legal_actions()))
    while not deal.is_over and len(deal.played) < cards_played:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


class RecordingRandom(random.Random):
    """A ``random.Random`` that keeps every number ``random()`` gives."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.numbers: list[float] = []

    def random(self) -> float:
        """The next number, recorded."""
        x = super().random()
        self.numbers.append(x)
        return x


def heuristic_choice(deal: Deal) -> int:
    """The card the rules of thumb choose from the deal's legal set, for a playout that sees
    every hand (what ``heuristic_playout`` should play)."""
    legal = deal.legal_mask()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    seat = deal.to_move
    assert seat is not None and deal.crules is not None
    hand = deal.hands[seat]
    gone = mask_of(c for _, c in deal.played) | FULL_DECK & ~deal.rules.deck
    if deal.crules.is_domino:
        assert deal.start_rank is not None
        return domino_card(hand, legal, gone, int(deal.start_rank))
    trick = [int(c) for _, c in deal.trick]
    others = [suits_held(deal.hands[(seat + k) % 4]) for k in (1, 2, 3)]
    voids = 0 if trick else 15 & ~(others[0] & others[1] & others[2])
    style, best = play_style(deal.crules, deal.rules), deal.masks().best
    if style.wants_tricks:
        return trumps_card(hand, legal, trick, best, gone, deal.masks().trump, voids)
    return negative_card(style, hand, legal, trick, best, gone, voids, len(deal.tricks))


def replay(name: str, deal: Deal, log: list[int], expected: Callable[[Deal, int], int]) -> Deal:
    """Play the playout's cards on a copy of ``deal``, each checked against ``expected(deal, i)``
    for the ``i``-th card, and return the copy."""
    twin = deal.copy()
    for i, card in enumerate(log):

        def where(i: int = i) -> str:
            return f"{name} playout, card {i + 1} ({' '.join(str(CARDS[c]) for c in log[: i + 1])})"

        assert not twin.is_over, f"{where()}: the deal is over"
        want = expected(twin, i)
        assert card == want, f"{where()}: from the deal's legal cards it would be {CARDS[want]}"
        try:
            twin.apply(Play(CARDS[card]))
        except RuleError as e:
            raise AssertionError(f"{where()}: {e}") from None
    assert twin.is_over, f"{name} playout stopped before the end of the deal"
    return twin


def check_random_playout(deal: Deal, seed: int) -> None:
    """``random_playout`` from ``deal``: each card the one its random number picks among the
    deal's legal cards; the deal's scores; the deal unchanged."""
    before = state(deal)
    rng = RecordingRandom(seed)
    log: list[int] = []
    raw = random_playout(deal, rng, log)
    assert state(deal) == before, "the playout changed the deal"
    assert len(rng.numbers) == len(log), "one random number per card"
    twin = replay(
        "random", deal, log, lambda d, i: random_card(d.legal_mask(), lambda: rng.numbers[i])
    )
    assert raw == twin.raw_scores(), f"random playout scores {raw}, the deal {twin.raw_scores()}"


def check_heuristic_playout(deal: Deal) -> None:
    """``heuristic_playout`` from ``deal``: each card the heuristics' choice among the deal's
    legal cards; the deal's scores; the deal unchanged."""
    before = state(deal)
    log: list[int] = []
    raw = heuristic_playout(deal, None, log)
    assert state(deal) == before, "the playout changed the deal"
    twin = replay("heuristic", deal, log, lambda d, i: heuristic_choice(d))
    assert raw == twin.raw_scores(), f"heuristic playout scores {raw}, the deal {twin.raw_scores()}"


@pytest.mark.slow
@pytest.mark.parametrize("rules, contract", CASES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    cards_played=st.integers(0, 52),
    start=st.sampled_from(START),
)
def test_playouts_play_legal_cards_and_score_like_the_deal(
    rules: Rules, contract: str, seed: int, cards_played: int, start: str
) -> None:
    rng = random.Random(seed)
    deal = position(rules, contract, rng, cards_played * rules.hand_size // 13)
    if start == "with-hands":
        deal = deal.with_hands(redeal(deal, rng))
    elif start == "from-view" and not deal.is_over:
        # As a computer player does: the view of the seat to move, the others' cards guessed.
        seat = deal.to_move
        deal = Deal.from_view(deal.view(seat), redeal(deal, rng, keep=seat))
    check_random_playout(deal, seed)
    check_heuristic_playout(deal)
