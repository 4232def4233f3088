"""The exact solver (barbu/bots/solver/) against brute force: every legal line enumerated.

For every contract of every preset, and the Italian options that change the play (Salad, the
over-trump duty, Domino opened by any 7), random endings of the last 2 to 4 tricks (and small
Domino endings), with random doubles: the solver's value must be the one found by playing out
every line on copies of the ``Deal`` (``Deal.copy``/``apply``, the rules' own state machine),
under both models as barbu/bots/solver/ documents them:

- paranoid: the seat solved for maximises its score (settled by the doubles, or raw), the three
  others minimise it; ``best_moves`` are the cards that reach the value;
- max^n: each seat maximises its own score, ties broken against the seat solved for, then by
  the lowest card.

Each speed-up (merging equivalent cards, the table, the cut-offs from the points left) must
change no value.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu import Card, Contract, Deal, Phase, Play, cards
from barbu.bots.solver import (
    DEFAULT,
    SearchLimit,
    Solver,
    best_card,
    card_classes,
    groups,
    move_values,
    score_weights,
    solve,
)
from barbu.cards import deal_masks, mask_of
from barbu.presets import PRESET_NAMES, STANDARD, preset
from barbu.rules import Rules
from tests.helpers import layout, start

RULE_SETS: dict[str, Rules] = {
    **{name: preset(name) for name in PRESET_NAMES},
    "italian[salad]": preset("italian", {"salad": True}),
    "italian[overtrump_always]": preset("italian", {"overtrump_always": True}),
    "italian[domino_any_seven]": preset("italian", {"domino_any_seven": True}),
    "italian[values]": preset("italian", {"king_of_hearts": -30, "queen": -8, "ace_of_hearts": -4}),
}
"""Every preset, and the Italian options that change how a deal is played or scored."""

CASES = [
    pytest.param(rules, crules.contract, id=f"{label}-{crules.contract}")
    for label, rules in RULE_SETS.items()
    for crules in rules.contracts
]

NO_SPEEDUPS = Solver(merge=False, table=False, cutoffs=False)


def ending(rules: Rules, contract: str, rng: random.Random, left: int) -> Deal:
    """A deal of ``contract`` on random hands with random doubles, played at random until at
    most ``left`` cards remain in the hands (a trick may be under way)."""
    deal = Deal(deal_masks(rng, rules.deck), rng.randrange(4), rules)
    deal.apply(rng.choice([a for a in deal.legal_actions() if a.contract == contract]))
    while deal.phase is Phase.DOUBLING:
        turns = deal.legal_actions()
        deal.apply(rng.choice(turns) if rng.random() < 0.5 else turns[0])
    while not deal.is_over and sum(h.bit_count() for h in deal.hands) > left:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def children(deal: Deal) -> list[tuple[Card, Deal]]:
    """Each legal card of the player to move, lowest card number first, and the deal after it."""
    out = []
    for action in sorted(deal.legal_actions(), key=lambda a: a.card):  # type: ignore[union-attr]
        child = deal.copy()
        child.apply(action)
        out.append((action.card, child))  # type: ignore[union-attr]
    return out


def state_key(deal: Deal) -> tuple[object, ...]:
    """What the rest of a deal depends on: the hands, the trick on the table, the tricks played
    (No Last Two scores by index), hearts broken, the Domino layout and places given."""
    return (
        tuple(deal.hands),
        deal.to_move,
        tuple(deal.trick),
        len(deal.tricks),
        deal.hearts_broken,
        deal.masks().playable,
        len(deal.out_order),
    )


class BruteForce:
    """Every legal line of a deal played out on copies of it (``Deal.copy``/``apply``), for one
    seat solved for (``root``), settled or raw scores; a position met again (same
    ``state_key``) is not played out twice."""

    def __init__(self, root: int, settled: bool) -> None:
        self.root = root
        self.settled = settled
        self.paranoid_memo: dict[tuple[object, ...], int] = {}
        self.maxn_memo: dict[tuple[object, ...], tuple[int, ...]] = {}

    def scores(self, deal: Deal) -> tuple[int, ...]:
        """The four scores so far (final once the deal is over)."""
        return tuple(deal.final_scores() if self.settled else deal.raw_scores())

    def paranoid(self, deal: Deal) -> int:
        """``root``'s best score at the end when the three others play against it."""
        return self.scores(deal)[self.root] + self.paranoid_gain(deal)

    def paranoid_gain(self, deal: Deal) -> int:
        if deal.is_over:
            return 0
        key = state_key(deal)
        if key not in self.paranoid_memo:
            root, goal = self.root, deal.rules.goal
            now = self.scores(deal)[root]
            values = [
                goal * (self.scores(child)[root] - now + self.paranoid_gain(child))
                for _, child in children(deal)
            ]
            best = max(values) if deal.to_move == root else min(values)
            self.paranoid_memo[key] = goal * best
        return self.paranoid_memo[key]

    def maxn(self, deal: Deal) -> tuple[int, ...]:
        """The four scores at the end when each seat maximises its own, ties broken against
        ``root`` and then by the lowest card."""
        return tuple(a + g for a, g in zip(self.scores(deal), self.maxn_gains(deal), strict=True))

    def maxn_gains(self, deal: Deal) -> tuple[int, ...]:
        if deal.is_over:
            return (0, 0, 0, 0)
        key = state_key(deal)
        if key in self.maxn_memo:
            return self.maxn_memo[key]
        root, goal, mover = self.root, deal.rules.goal, deal.to_move
        assert mover is not None
        now = self.scores(deal)
        best: tuple[int, ...] | None = None
        for _, child in children(deal):  # lowest card first: a tie keeps the lower card
            then, later = self.scores(child), self.maxn_gains(child)
            v = tuple(a - b + g for a, b, g in zip(then, now, later, strict=True))
            if (
                best is None
                or goal * v[mover] > goal * best[mover]
                or (
                    v[mover] == best[mover] and mover != root and goal * v[root] < goal * best[root]
                )
            ):
                best = v
        assert best is not None
        self.maxn_memo[key] = best
        return best


def check(deal: Deal, seat: int, settled: bool) -> None:
    """The solver against brute force on one position, under both models: the value, the best
    cards, every card's value, and the value with every speed-up off."""
    brute = BruteForce(seat, settled)
    goal = deal.rules.goal
    mover = deal.to_move
    assert mover is not None

    want = brute.paranoid(deal)
    got = solve(deal, seat, "paranoid", settled)
    assert got.value == want, f"paranoid: solver {got.value}, brute force {want}"
    assert NO_SPEEDUPS.solve(deal, seat, "paranoid", settled).value == want
    after = {c: brute.paranoid(child) for c, child in children(deal)}
    assert move_values(deal, seat, "paranoid", settled) == after
    best = goal * (max if mover == seat else min)(goal * v for v in after.values())
    assert got.best_moves == tuple(c for c, v in after.items() if v == best)

    scores = brute.maxn(deal)
    got = solve(deal, seat, "maxn", settled)
    assert got.scores == scores, f"maxn: solver {got.scores}, brute force {scores}"
    assert got.value == scores[seat]
    if sum(h.bit_count() for h in deal.hands) <= 12:  # max^n without its table is slow
        assert NO_SPEEDUPS.solve(deal, seat, "maxn", settled).scores == scores
    outcomes = {c: brute.maxn(child) for c, child in children(deal)}
    assert move_values(deal, seat, "maxn", settled) == {c: v[seat] for c, v in outcomes.items()}
    top = max(goal * v[mover] for v in outcomes.values())
    assert got.best_moves == tuple(c for c, v in outcomes.items() if goal * v[mover] == top)


@pytest.mark.parametrize("rules, contract", CASES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(2, 4), extra=st.integers(0, 3))
def test_the_solver_finds_the_value_of_every_legal_line(
    rules: Rules, contract: str, seed: int, tricks: int, extra: int
) -> None:
    """The last ``tricks`` tricks, less ``extra`` cards already played to the current trick (a
    Domino: as many cards left in all), a random seat solved for, settled or raw."""
    rng = random.Random(seed)
    deal = ending(rules, contract, rng, 4 * tricks - extra)
    if not deal.is_over:
        check(deal, rng.randrange(4), settled=rng.random() < 0.7)


# -- each speed-up changes no value ------------------------------------------------------------

SPEEDUPS = {
    "merge": Solver(merge=False),
    "table": Solver(table=False),
    "cutoffs": Solver(cutoffs=False),
}


@pytest.mark.parametrize("rules, contract", CASES)
def test_each_speedup_changes_no_value(rules: Rules, contract: str) -> None:
    """Five tricks (or a Domino of 16 cards) and mid-trick, each speed-up off in turn: the same
    value and best cards as with all of them (early ends and exhausted points included)."""
    rng = random.Random(f"speedups/{rules.name}/{rules.options}/{contract}")
    for left in (20, 18, 16):
        deal = ending(rules, contract, rng, left)
        if deal.is_over:
            continue
        seat = rng.randrange(4)
        want = DEFAULT.solve(deal, seat)
        for name, solver in SPEEDUPS.items():
            got = solver.solve(deal, seat)
            assert (got.value, got.best_moves) == (want.value, want.best_moves), name


# -- the model, on explicit endings -------------------------------------------------------------


def two_tricks(
    hands: str, contract: str, doubles: dict[int, tuple[int, ...]] | None = None
) -> Deal:
    """The last two tricks as a deal of their own: a pack of the 8 cards in ``hands`` (four
    hands of two cards, separated by ``|``), seat 0 declarer and leader, the other rules
    standard."""
    held = [mask_of(cards(h)) for h in hands.split("|")]
    rules = replace(STANDARD, deck=held[0] | held[1] | held[2] | held[3])
    return start(held, contract, rules=rules, doubles=doubles)


def test_paranoid_lets_the_others_sacrifice_their_own_score():
    """No Queens. Seat 0 leads from J♦ 8♦; seat 2 holds A♦ 7♦, seat 3 both queens. Playing
    for himself, seat 2 never takes Q♦ (max^n: seat 0 takes nothing); against seat 0 (paranoid)
    he takes it with A♦ and leads 7♦, so that seat 0 must win the last trick and Q♣ with it."""
    deal = two_tricks("JD 8D | 8H 8C | AD 7D | QD QC", "no-queens")
    paranoid = solve(deal, 0)
    assert paranoid.value == -6
    maxn = solve(deal, 0, "maxn")
    assert maxn.value == 0 and maxn.scores == (0, 0, 0, -12)
    assert paranoid.best_moves == maxn.best_moves == tuple(cards("8D JD"))


def test_paranoid_value_is_what_the_seat_gets_whatever_the_others_do():
    """The paranoid value is a guarantee: no line of the others' gives the seat less, and
    max^n (each for himself) gives it at least as much, for each seat."""
    deal = two_tricks("JD 8D | 8H 8C | AD 7D | QD QC", "no-queens")
    for seat in range(4):
        assert solve(deal, seat).value <= solve(deal, seat, "maxn").value


def test_the_value_is_the_seat_settled_score_by_default():
    """No Queens, seat 1 doubled seat 0: seat 0's settled score is twice his raw score minus
    seat 1's (RULES.md §5). Leading 7♠ or Q♦ both keep seat 0 clean (raw 0), but only 7♠ makes
    seat 1 take both queens (his A♠ Q♠ fall on the spades, Q♦ is discarded on them): +12."""
    deal = two_tricks("7S QD | AS QS | TS 9S | AD 9C", "no-queens", doubles={1: (0,)})
    assert score_weights(deal, 0) == (2, -1, 0, 0)
    assert score_weights(deal, 1) == (-1, 2, 0, 0)
    assert score_weights(deal, 2) == (0, 0, 1, 0)
    assert score_weights(deal, 0, settled=False) == (1, 0, 0, 0)
    settled = solve(deal, 0)
    assert (settled.value, settled.best_moves) == (12, tuple(cards("7S")))
    raw = solve(deal, 0, settled=False)
    assert (raw.value, raw.best_moves) == (0, tuple(cards("7S QD")))


def test_fr32_values_are_penalties_and_the_seat_looks_for_the_lowest():
    """fr32 Queens: points are penalties (lowest wins, RULES.md §7): the value is the score as
    the sheet writes it, and the seat minimises it."""
    held = [mask_of(cards(h)) for h in ("JD 8D", "8H 8C", "AD 7D", "QD QC")]
    rules = replace(preset("fr32"), deck=held[0] | held[1] | held[2] | held[3], first_lead=0)
    deal = start(held, "queens", rules=rules)
    assert solve(deal, 0).value == 10 and solve(deal, 0, "maxn").value == 0
    assert solve(deal, 3).value == 20  # the queens' owner cannot give any away


def test_equivalent_cards_are_merged_within_a_suit_and_a_scoring_class():
    """Q♠ J♠ 9♠ are alike when no live card of another seat lies between them; 10♠ still held
    by another seat separates Q♠ J♠ from 9♠; in No Queens the queen scores and stands apart."""
    legal = mask_of(cards("QS JS 9S"))
    assert groups(legal, mask_of(cards("8S AS")), None) == [legal]
    assert groups(legal, mask_of(cards("TS")), None) == [
        mask_of(cards("QS JS")),
        mask_of(cards("9S")),
    ]
    classes = card_classes(STANDARD.contract(Contract.NO_QUEENS))
    assert groups(legal, mask_of(cards("8S")), classes) == [
        mask_of(cards("QS")),
        mask_of(cards("JS 9S")),
    ]


def test_no_points_left_is_solved_at_once():
    """No King of Hearts once K♥ is taken: with the classic rules (no early end) the rest of the
    deal is worth nothing, and no trick is searched."""
    king = 1 << cards("KH")[0]
    for seed in range(100):  # a deal where K♥ falls before the end
        rng = random.Random(seed)
        deal = ending(preset("classic"), "no-king-of-hearts", rng, 52)
        while not deal.is_over and not any(taken & king for taken in deal.captured):
            deal.apply(rng.choice(deal.legal_actions()))
        if not deal.is_over:
            break
    assert not deal.is_over
    for seat in range(4):
        got = solve(deal, seat)
        assert (got.value, got.nodes) == (deal.final_scores()[seat], 0)


def test_a_deal_over_has_its_final_score_and_no_move():
    deal = start(layout(), "no-tricks", doubles={2: (0,)})
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    got = solve(deal, 2)
    assert got.value == deal.final_scores()[2] and got.best_moves == ()
    assert solve(deal, 2, settled=False).value == deal.raw_scores()[2]


def test_limits_stop_a_big_search():
    deal = ending(STANDARD, "no-last-two", random.Random(6), 52)
    with pytest.raises(SearchLimit):
        Solver(node_limit=50).solve(deal)
    with pytest.raises(SearchLimit):
        Solver(time_limit=0.0).solve(deal)


def test_the_solver_starts_in_the_play_phase():
    deal = Deal(layout(), 0)
    with pytest.raises(ValueError):
        solve(deal)


def test_best_card_is_a_legal_card_among_the_best():
    rng = random.Random(3)
    deal = ending(preset("standard"), "no-hearts", rng, 10)
    card = best_card(deal)
    assert deal.can(Play(card))
    assert card == solve(deal).best_moves[0]


def test_the_solver_leaves_the_deal_unchanged():
    rng = random.Random(4)
    for contract in ("trumps", "domino"):
        deal = ending(preset("standard"), contract, rng, 14)
        before = (deal.hands, deal.trick, deal.to_move, deal.masks().playable, len(deal.history))
        solve(deal)
        move_values(deal)
        solve(deal, 1, "maxn")
        after = (deal.hands, deal.trick, deal.to_move, deal.masks().playable, len(deal.history))
        assert after == before


def test_a_finished_search_empties_its_table_at_once(monkeypatch):
    """A search's node function calls itself through its closure, a cycle that holds the search's
    table until a garbage collection, which Pyodide's Python makes rarely: the computer players'
    worker held several MB of finished searches' tables, and its memory grew for good. Each
    search is closed when it is done, a limit that stops it included."""
    searches, sizes = [], []
    made = Solver._paranoid

    def spy(self, *args):
        search = made(self, *args)
        close = search.close

        def closed():
            sizes.append(len(search.tt))
            close()

        search.close = closed
        searches.append(search)
        return search

    monkeypatch.setattr(Solver, "_paranoid", spy)
    rng = random.Random(5)
    for contract in ("no-last-two", "domino"):
        deal = ending(STANDARD, contract, rng, 14)
        solve(deal)
        move_values(deal)
    with pytest.raises(SearchLimit):
        Solver(node_limit=50).solve(ending(STANDARD, "no-last-two", random.Random(6), 52))
    assert len(searches) == len(sizes) == 5
    assert sum(sizes) > 0  # the tables had entries, now freed
    assert all(search.tt == {} for search in searches)
