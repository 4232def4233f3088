"""The expert's review (barbu/bots/review.py): honest evaluation, tested.

Known blunders are planted in otherwise sensible deals (explicit hands; the reviewed seat played
by the expert, the others by the standard player, all seeded) and the review must name each as
the costliest decision of its deal; a deal played by the expert itself shows no decision labelled
a mistake. Then the method's promises one by one: the same worlds for every candidate, worlds
consistent with what the seat knew (and blind to what it did not), interchangeable cards judged
once, the labels' thresholds, progress, cancellation, the time limit, plain data.
"""

import json
import random
from dataclasses import replace

import pytest

from barbu import Card, ChooseContract, Contract, Deal, Double, Play, Rank, Suit, cards
from barbu.bots import Bot
from barbu.bots.knowledge import forbidden_cards
from barbu.bots.review import (
    Budget,
    PlayoutEvaluator,
    ReviewCancelled,
    Reviewer,
    label,
    review,
    review_data,
)
from barbu.cards import deal_masks
from barbu.rules import preset
from barbu.session import Session
from barbu.wire import position_data
from tests.helpers import layout

KH = Card.parse("KH")
AH = Card.parse("AH")
GRAVE = ("mistake", "blunder")


def play_on(deal, seat, plant=None, level="expert"):
    """Finish ``deal``: ``seat`` by ``level`` (but for the planted action: the first one
    ``plant(deal)`` returns when ``seat`` is to move), the others by the standard player.
    Returns the step of the planted action."""
    bots = [Bot(level if s == seat else "standard", seed=f"plant/{s}") for s in range(4)]
    planted = None
    while not deal.is_over:
        s = deal.to_move
        action = plant(deal) if plant and s == seat and planted is None else None
        if action is None:
            action = bots[s].decide(deal.view(s))
        else:
            planted = len(deal.history)
        deal.apply(action)
    return planted


def assert_costliest(deal, seat, planted):
    """The review names the planted action as the deal's costliest decision, and a grave one."""
    assert planted is not None, "the planted situation did not arise"
    r = review(deal, seat)
    worst = r.costliest
    assert worst is not None and worst.step == planted, [(d.step, d.cost) for d in r.decisions]
    assert worst.label == "blunder" and worst.significant
    assert worst.best != worst.action
    assert r.by_cost()[0] is worst and r.errors("mistake")[0] is worst
    return worst


# -- planted blunders ----------------------------------------------------------------------


def test_keeping_the_king_of_hearts_when_a_safe_discard_existed():
    # No King of Hearts: the declarer holds the top spades, diamonds and clubs and wins every
    # trick until his 2♥; seat 1 follows suit throughout, with one chance to shed K♥: the third
    # club. Keeping it, he is likely to meet a heart led at the end with K♥ his last heart.
    hands = [
        cards("AS KS QS JS TS AD KD QD JD AC KC QC 2H"),
        cards("2S 3S 4S 5S 6S 2D 3D 4D 5D 6D 2C 3C KH"),
        cards("7S 8S 9S 7D 8D 4C 5C 6C 7C AH QH JH TH"),
        cards("9D TD 8C 9C TC JC 9H 8H 7H 6H 5H 4H 3H"),
    ]
    deal = Deal(hands, 0)
    deal.apply(ChooseContract(Contract.NO_KING_OF_HEARTS))

    def keep_the_king(d):
        view = d.view(1)
        led = view.trick[0][1].suit if view.trick else None
        if led is not None and KH in view.hand and all(c.suit != led for c in view.hand):
            return next(a for a in view.legal if a.card != KH)
        return None

    worst = assert_costliest(deal, 1, play_on(deal, 1, keep_the_king))
    assert worst.best == Play(KH)


def test_leading_a_heart_with_a_safe_lead_available():
    # italian No Hearts (hearts may be led once broken): seat 0 leads, seat 1 wins the first
    # trick with his singleton A♠ while seat 2 breaks hearts; then A♥ led takes four hearts,
    # where any low diamond or club was safe.
    italian = preset("italian")
    hands = [
        cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H"),
        cards("AS AH 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C"),
        cards("KH QH JH TH 9H 8H 6D 7D 8D 9D TD JD QD"),
        cards("7H 6H KD AD 6C 7C 8C 9C TC JC QC KC AC"),
    ]
    deal = Deal(hands, 3, italian)
    deal.apply(ChooseContract(Contract.NO_HEARTS))

    def lead_the_ace(d):
        view = d.view(1)
        if not view.trick and view.hearts_broken and AH in view.hand:
            return Play(AH)
        return None

    worst = assert_costliest(deal, 1, play_on(deal, 1, lead_the_ace))
    assert worst.best.card.suit != Suit.HEARTS or worst.best.card < AH
    assert worst.cost >= 10  # A♥ and three hearts, -12, against a lead that takes nothing


def test_a_domino_card_that_blocks_ones_own_long_suit():
    # Domino from 7: seat 1 holds the whole diamond row from 7♦ up, and 7♣. Opening clubs
    # (the others hold every other club) instead of his own row lets them run while his eight
    # diamonds wait.
    hands = layout("", "7D 8D 9D TD JD QD KD AD 7C 2S 3S 4S 5S")
    deal = Deal(hands, 0)
    deal.apply(ChooseContract(Contract.DOMINO, start_rank=Rank.parse("7")))

    def open_clubs(d):
        legal = d.view(1).legal
        if Play(Card.parse("7D")) in legal and Play(Card.parse("7C")) in legal:
            return Play(Card.parse("7C"))
        return None

    worst = assert_costliest(deal, 1, play_on(deal, 1, open_clubs))
    assert worst.best == Play(Card.parse("7D"))


def test_doubling_a_player_sure_to_beat_you():
    # No Tricks: seat 1 holds the aces, kings and queens (he will take most tricks whatever he
    # does) and doubles the declarer, who cannot take a trick with the lowest cards of the pack.
    hands = layout(
        "2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C", "AS KS QS JS AH KH QH AD KD QD AC KC QC"
    )
    deal = Deal(hands, 0)
    deal.apply(ChooseContract(Contract.NO_TRICKS))

    def double_the_declarer(d):
        return Double(frozenset({0})) if d.to_move == 1 and not d.trick and not d.played else None

    worst = assert_costliest(deal, 1, play_on(deal, 1, double_the_declarer))
    assert worst.kind == "double" and worst.best == Double()
    assert worst.hindsight is not None and worst.hindsight.best == Double()


# -- the expert's own play -----------------------------------------------------------------


def expert_deal(seed, seat=0):
    """A random deal (seeded) with ``seat`` played by the expert, the others by the standard
    player; the declarer is ``seed % 4``."""
    deal = Deal(deal_masks(random.Random(seed)), seed % 4)
    play_on(deal, seat)
    return deal


@pytest.mark.parametrize(
    ("seed", "contract"),
    [(2, Contract.NO_QUEENS), (3, Contract.TRUMPS), (20, Contract.NO_LAST_TWO)],
)
def test_a_deal_played_by_the_expert_shows_no_mistake(seed, contract):
    deal = expert_deal(seed)
    assert deal.contract is contract
    assert len(deal.tricks) == 13
    # Seat 0 declares the third deal: its contract choice is reviewed too, the costliest
    # decision to judge (every candidate with a doubling round), on fewer worlds to keep the
    # test short (the labels need a confirmed cost whatever the budget).
    r = review(deal, 0, Budget(worlds=20, confirm=20) if deal.declarer == 0 else None)
    assert len(r.decisions) >= 8
    assert not r.errors("mistake"), [
        (d.step, str(d.action), str(d.best), d.cost) for d in r.errors()
    ]


def test_the_expert_sheds_the_king_of_hearts_when_it_can():
    """The expert held K♥ and a lower heart as interchangeable once every heart between them
    was gone (players._distinct_candidates merged cards that score differently), so it never
    considered shedding K♥ then; the review called the discard of the other heart a blunder."""
    deal = expert_deal(18)
    assert deal.contract is Contract.NO_KING_OF_HEARTS
    assert not review(deal, 0).errors("mistake")


# -- the method ----------------------------------------------------------------------------


class Recorder:
    """An evaluator that notes each world it is given, then finishes it as the expert would."""

    name = "recorder"

    def __init__(self):
        self.inner = PlayoutEvaluator()
        self.seen = []

    def reseed(self, seed):
        self.inner.reseed(seed)

    def finish(self, deal):
        self.seen.append((deal.history[-1].action if deal.history else None, list(deal.hands)))
        return self.inner.finish(deal)


def _position_in_no_queens():
    """No Queens, trick 4, seat 2 to play, several voids shown."""
    deal = Deal(deal_masks(random.Random(5)), 0)
    deal.apply(ChooseContract(Contract.NO_QUEENS))
    play_on_until = 4 + 3 * 4 + 2  # doubles, three tricks, two cards of the fourth
    bots = [Bot("standard", seed=s) for s in range(4)]
    while len(deal.history) < play_on_until:
        deal.apply(bots[deal.to_move].decide(deal.view(deal.to_move)))
    return deal


def test_every_candidate_is_judged_on_the_same_worlds_consistent_with_the_view():
    deal = _position_in_no_queens()
    seat = deal.to_move
    view = deal.view(seat)
    forbid = forbidden_cards(view)
    chosen = view.legal[0]
    deal.apply(chosen)
    recorder = Recorder()
    step = len(deal.history) - 1
    r = review(deal, seat, Budget(worlds=12), recorder, steps=[step], hindsight=False)
    worlds_by_action = {}
    for action, hands in recorder.seen:
        before = [h | (1 << action.card if s == seat else 0) for s, h in enumerate(hands)]
        worlds_by_action.setdefault(action, []).append(before)
    (decision,) = r.decisions
    assert len(worlds_by_action) == len(decision.options) >= 2
    worlds = list(worlds_by_action.values())
    first = worlds[0][:12]
    assert all(w[:12] == first for w in worlds)  # common random numbers
    for w in worlds:  # a confirmation draws fresh worlds
        assert not set(map(tuple, w[12:])) & set(map(tuple, first))
    truth = deal.at(step).hands
    for hands in [h for w in worlds for h in w]:
        assert hands[seat] == truth[seat]
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in truth]
        assert not any(hands[s] & forbid[s] for s in range(4))
    assert any(hands != truth for hands in first)  # the hidden hands are guessed, not read


def test_interchangeable_cards_are_judged_once_but_penalty_cards_apart():
    # No Queens: seat 1 holds K♠ Q♠ J♠ (nothing between them unseen) and 2♠ 3♠; a spade led.
    hands = layout("AS 4S", "KS QS JS 2S 3S", "5S 6S 7S 8S 9S TS", void={3: "S"})
    deal = Deal(hands, 0)
    deal.apply(ChooseContract(Contract.NO_QUEENS))
    for _ in range(4):
        deal.apply(Double())
    deal.apply(Play(Card.parse("4S")))
    deal.apply(Play(Card.parse("JS")))
    r = review(deal, 1, Budget(worlds=4), steps=[len(deal.history) - 1], hindsight=False)
    (decision,) = r.decisions
    judged = {str(o.action) for o in decision.options}
    assert judged == {"2S", "JS", "QS"}  # 2♠ for 2♠ 3♠, J♠ for J♠ K♠, Q♠ alone


def test_labels_scale_with_the_stake_and_need_significance():
    assert label(2.5, 0.5, 24) == "mistake"  # No Queens: 10 % of 24 is 2.4
    assert label(2.5, 0.5, 65) is None  # Trumps: under 4 % of 65
    assert label(2.7, 0.5, 65) == "inaccuracy"
    assert label(13.0, 0.5, 65) == "blunder"
    assert label(6.0, 3.5, 24) is None  # within two standard errors


def test_progress_runs_from_zero_to_one_and_cancel_stops_the_review():
    deal = expert_deal(13, seat=0)
    shares = []
    review(deal, 0, Budget(worlds=4, screen=2), progress=shares.append, hindsight=False)
    assert shares[0] == 0 and shares[-1] == pytest.approx(1)
    assert shares == sorted(shares)
    calls = []
    with pytest.raises(ReviewCancelled):
        review(deal, 0, Budget(worlds=4), cancel=lambda: calls.append(1) or len(calls) > 5)


def test_a_time_limit_cuts_the_worlds_but_keeps_a_floor():
    deal = expert_deal(13, seat=0)
    r = review(deal, 0, Budget(worlds=1000, seconds=0.01, min_worlds=3), hindsight=False)
    assert all(3 <= d.worlds < 1000 for d in r.decisions)


def test_a_decision_is_judged_alike_alone_or_within_the_whole_review():
    deal = expert_deal(13, seat=0)
    budget = Budget(worlds=6)
    whole = review(deal, 0, budget, seed=3)
    step = whole.decisions[-2].step
    (alone,) = review(deal, 0, budget, seed=3, steps=[step]).decisions
    assert alone == whole.decisions[-2]
    reviewer = Reviewer(deal, 0, budget, seed=3)
    while not reviewer.finished:
        reviewer.step()
    assert reviewer.review() == whole


def test_the_worker_gets_plain_data():
    session = Session(seed=4)
    bots = [Bot("standard", seed=s) for s in range(4)]
    while not session.deal.is_over:
        seat = session.to_move
        session.apply(bots[seat].decide(session.deal.view(seat)))
    data = review_data(position_data(session), 2, worlds=3)
    text = json.dumps(data)
    assert json.loads(text) == data
    assert data["seat"] == 2 and data["decisions"]
    for d in data["decisions"]:
        assert d["cost"] >= 0 and d["kind"] in ("contract", "double", "card")
        assert isinstance(d["step"], int)


@pytest.mark.parametrize("rules", ["fr32", "classic"])
def test_other_presets_are_reviewed_in_their_own_direction(rules):
    rules = preset(rules)
    deal = Deal(deal_masks(random.Random(9), rules.deck), 1, rules)
    play_on(deal, 1, level="standard")
    r = review(deal, 1, Budget(worlds=4))
    assert r.decisions
    for d in r.decisions:
        assert d.cost >= 0 and d.value <= d.best_value
        assert d.stake == abs(rules.contract(deal.contract).total) or d.kind == "contract"


def test_hindsight_finishes_the_real_hands():
    deal = expert_deal(13, seat=0)
    r = review(deal, 0, Budget(worlds=4))
    for d in r.decisions:
        assert d.hindsight is not None and d.hindsight.cost >= 0
        assert d.hindsight_differs == (d.hindsight.cost > 0)
    assert {d.step for d in r.hindsight()} <= {d.step for d in r.decisions}
    assert [step for step, _ in r.expected()] == [d.step for d in r.decisions]
    assert all(d.baseline == 0 for d in r.decisions if d.kind != "contract")


class NamedPlayouts(PlayoutEvaluator):
    """The expert's playouts under another name (to see which evaluator judged)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


def test_a_slow_evaluator_hands_the_decisions_left_to_its_fallback():
    deal = expert_deal(13, seat=0)
    budget = Budget(worlds=4, screen=2)
    strong, weak = NamedPlayouts("strong"), NamedPlayouts("weak")
    late = Reviewer(deal, 0, replace(budget, strong_seconds=0.0), strong, fallback=weak)
    while not late.finished:
        late.step()
    assert late.review().evaluator == "strong+weak" and late.evaluator is weak
    for bound in (None, 10_000.0):  # no bound, or one far off: no switch
        kept = review(deal, 0, replace(budget, strong_seconds=bound), strong, fallback=weak)
        assert kept.evaluator == "strong"
    alone = review(deal, 0, replace(budget, strong_seconds=0.0), strong)  # no fallback
    assert alone.evaluator == "strong"
