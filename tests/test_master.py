"""The master level (barbu/bots/master.py, barbu/bots/inference.py): legal, seeded, within its
budget, the solver's card when the position is known, and an inference that only weights the
worlds the view allows."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from barbu import Deal, Phase, Play, Session
from barbu.actions import action_from_data
from barbu.bots import SETTINGS, Bot
from barbu.bots import master as master_module
from barbu.bots.endgame import SolverEvaluator
from barbu.bots.inference import MoveModel
from barbu.bots.knowledge import Sampler, forbidden_cards
from barbu.bots.master import Plan, search_card, tricks_left
from barbu.bots.review import Budget, decision_steps, review, review_data
from barbu.bots.service import decide, hint
from barbu.bots.simulate import heuristic_playout, skip_doubling
from barbu.bots.solver import solve
from barbu.cards import CARDS, deal_masks
from barbu.presets import PRESET_NAMES, preset
from barbu.rules import Rules
from barbu.wire import position_data

QUICK = replace(
    SETTINGS["master"], play_samples=6, bid_samples=4, solver_samples=4, max_playouts=60
)
"""The master with few samples, for speed: the same code paths."""

RULE_SETS: dict[str, Rules] = {
    **{name: preset(name) for name in PRESET_NAMES},
    "italian[salad+values+overtrump]": preset(
        "italian",
        {"salad": True, "king_of_hearts": -30, "queen": -8, "overtrump_always": True},
    ),
    "italian[any-seven+quota=3]": preset("italian", {"domino_any_seven": True, "quota": 3}),
}


def _position(rules: Rules, rng: random.Random, contract: object, cards_left: int) -> Deal:
    """A deal of ``contract`` played by the rules of thumb until ``cards_left`` cards are left
    in the hands (or it ends)."""
    deal = Deal(deal_masks(rng, rules.deck), rng.randrange(4), rules)
    deal.apply(rng.choice([a for a in deal.legal_actions() if a.contract == contract]))
    skip_doubling(deal)
    log: list[int] = []
    heuristic_playout(deal, log=log)
    for card in log:
        if sum(h.bit_count() for h in deal.hands) <= cards_left or deal.is_over:
            break
        deal.apply(Play(CARDS[card]))
    return deal


@pytest.mark.parametrize("label", list(RULE_SETS))
def test_the_master_plays_only_legal_actions_in_every_preset(label):
    rules = RULE_SETS[label]
    rng = random.Random("master-legal-" + label)
    bot = Bot("master", seed=1, settings=QUICK)
    for crules in rules.contracts:
        # Early (playouts) and late (the solver) in the deal, and the contract and doubles.
        for left in (4 * rules.hand_size, 3 * rules.hand_size, 16, 9):
            deal = _position(rules, rng, crules.contract, left)
            if deal.is_over:
                continue
            view = deal.view(deal.to_move)
            assert deal.can(bot.decide(view))
    deal = Deal(deal_masks(rng, rules.deck), 0, rules)
    while deal.phase is not Phase.PLAY:
        deal.apply(bot.decide(deal.view(deal.to_move)))


def test_a_seeded_master_decides_the_same_way_twice():
    rng = random.Random("master-seed")
    for crules in RULE_SETS["standard"].contracts:
        for left in (30, 14):
            deal = _position(RULE_SETS["standard"], rng, crules.contract, left)
            if deal.is_over:
                continue
            view = deal.view(deal.to_move)
            a = Bot("master", seed=9, settings=QUICK).decide(view)
            assert Bot("master", seed=9, settings=QUICK).decide(view) == a


def test_the_master_stops_at_its_budget():
    rng = random.Random("master-budget")
    huge = replace(SETTINGS["master"], play_samples=10**6, max_playouts=0, solver_samples=10**6)
    for contract, left in (("no-queens", 40), ("no-tricks", 20), ("trumps", 16)):
        deal = _position(RULE_SETS["standard"], rng, contract, left)
        view = deal.view(deal.to_move)
        started = time.perf_counter()
        Bot("master", seed=1, settings=huge, budget=0.15).decide(view)
        assert time.perf_counter() - started < 0.5


class _TrueHands(Sampler):
    """A sampler that deals the real hands: the position known to the master."""

    def __init__(self, deal: Deal) -> None:
        self.hands = deal.hands[:]

    def sample(self, rng: random.Random, tries: int = 50) -> list[int] | None:
        return self.hands[:]


@pytest.mark.parametrize("contract", ["no-tricks", "no-queens", "no-last-two", "trumps"])
def test_with_the_hands_known_the_master_plays_a_best_card_of_the_solver(contract, monkeypatch):
    rng = random.Random("master-known-" + contract)
    for _ in range(6):
        deal = _position(RULE_SETS["standard"], rng, contract, 14)
        if deal.is_over or len(deal.legal_actions()) < 2:
            continue
        monkeypatch.setattr(master_module, "Sampler", lambda view, forbid, d=deal: _TrueHands(d))
        view = deal.view(deal.to_move)
        candidates = sorted({a.card for a in view.legal if isinstance(a, Play)})
        card = search_card(view, candidates, Plan(2, 2, True, 10**6, 1.0, None, blend=0.0), rng)
        assert CARDS[card] in solve(deal).best_moves


@pytest.mark.parametrize(
    ("game", "contract", "cards_left", "solved"),
    [
        ("standard", "no-last-two", 20, True),
        ("standard", "no-last-two", 24, False),
        ("standard", "trumps", 20, True),
        ("standard", "no-hearts", 20, False),
        ("standard", "no-queens", 20, False),
        ("standard", "domino", 20, True),
        ("standard", "no-tricks", 20, False),
        ("fr32", "last-trick", 12, True),
        ("fr32", "reverse", 12, False),
        ("fr32", "jacks", 12, False),
    ],
)
def test_the_master_judges_by_the_solver_only_in_the_last_tricks(
    game, contract, cards_left, solved
):
    """From 5 tricks left (the Domino: 28 cards), only in the contracts where the playouts did
    not judge the same deals better (barbu/bots/master.py)."""
    rules = RULE_SETS[game]
    view = None
    for seed in range(20):
        deal = _position(rules, random.Random(seed), contract, cards_left)
        view = deal.view(deal.to_move)
        if contract == "domino" or tricks_left(view) * 4 == cards_left:
            break
    assert view is not None
    if contract != "domino":
        assert tricks_left(view) * 4 == cards_left
    assert SETTINGS["master"].solves(view) is solved
    assert not SETTINGS["expert"].solves(view)


@pytest.mark.parametrize("contract", ["no-queens", "trumps", "domino", "no-last-two"])
def test_the_moves_of_the_rules_of_thumb_are_never_a_surprise(contract):
    """A deal played by the rules of thumb (as the playouts play it) weighs 1 in its true world."""
    rng = random.Random("infer-" + contract)
    for _ in range(20):
        deal = _position(RULE_SETS["standard"], rng, contract, rng.randrange(4, 48))
        if deal.is_over:
            continue
        view = deal.view(deal.to_move)
        assert MoveModel(view, 0.5).weight(deal.hands[:]) == 1.0


@pytest.mark.parametrize("label", list(RULE_SETS))
def test_inference_weights_only_worlds_the_view_allows(label):
    rules = RULE_SETS[label]
    rng = random.Random("weights-" + label)
    for crules in rules.contracts:
        deal = _position(rules, rng, crules.contract, rng.randrange(8, 4 * rules.hand_size - 8))
        if deal.is_over:
            continue
        seat = deal.to_move
        view = deal.view(seat)
        model = MoveModel(view, 0.5)
        sampler = Sampler(view, forbidden_cards(view))
        for _ in range(10):
            hands = sampler.sample(rng)
            assert hands is not None
            assert Deal.from_view(view, hands).view(seat) == view  # consistent with the view
            assert 0.0 < model.weight(hands) <= 1.0
        assert MoveModel(view, 1.0).weight(hands) == 1.0  # inference off


def test_the_worker_service_decides_for_a_master():
    """The page's worker asks ``service.decide`` with ``level="master"``: a legal action comes
    back as plain data, at every kind of decision."""
    session = Session(seed=4)
    bots = [Bot("standard", seed=s) for s in range(4)]
    kinds = set()
    while session.deal.phase is not Phase.DONE and len(session.deal.played) < 12:
        seat = session.to_move
        data = decide(position_data(session), seat, "master", seed=1, budget=0.1)
        action = action_from_data(data)
        assert session.deal.can(action)
        kinds.add(session.deal.phase)
        suggested = hint(position_data(session), seat, 1, 0.1, "master")
        assert session.deal.can(action_from_data(suggested))
        session.apply(bots[seat].decide(session.deal.view(seat)))
    assert Phase.PLAY in kinds and Phase.CONTRACT in kinds


@pytest.mark.parametrize("contract", ["no-queens", "no-last-two", "trumps", "domino"])
def test_the_review_evaluator_solves_the_last_tricks_every_seat_for_itself(contract):
    rules = RULE_SETS["standard"]
    rng = random.Random("endgame-" + contract)
    evaluator = SolverEvaluator()
    for left in (12, 16, 40):
        deal = _position(rules, rng, contract, left)
        if deal.is_over:
            continue
        scores = evaluator.finish(deal.copy())
        if evaluator._small(deal):
            assert scores == list(solve(deal, None, "maxn").scores)
        assert len(scores) == 4


def _finished_session() -> Session:
    session = Session(seed=4)
    bots = [Bot("standard", seed=s) for s in range(4)]
    while not session.deal.is_over:
        seat = session.to_move
        session.apply(bots[seat].decide(session.deal.view(seat)))
    return session


def test_the_master_reviews_the_last_cards_of_a_deal():
    deal = _finished_session().deal
    steps = decision_steps(deal, 2)[-4:]
    r = review(deal, 2, Budget(worlds=3), SolverEvaluator(), steps=steps)
    assert r.evaluator == "master-endgame"
    assert all(d.cost >= 0 and d.value <= d.best_value for d in r.decisions)
    with pytest.raises(ValueError, match="no review by the 'beginner' level"):
        review_data(position_data(_finished_session()), 2, worlds=3, level="beginner")


@pytest.mark.slow
def test_the_worker_gets_a_review_by_the_master():
    data = review_data(position_data(_finished_session()), 2, worlds=3, level="master")
    assert data["seat"] == 2 and data["decisions"]
    assert all(d["cost"] >= 0 for d in data["decisions"])


def _doubling_turn(contract: str, turns: int, rules: Rules = RULE_SETS["standard"]) -> Deal:
    """A seeded deal of ``contract``, its doubling round advanced by ``turns`` turns in which
    every player doubles all he may."""
    deal = Deal(deal_masks(random.Random("doubles-" + contract)), 0, rules)
    deal.apply(next(a for a in deal.legal_actions() if a.contract.value == contract))
    for _ in range(turns):
        deal.apply(max(deal.legal_actions(), key=lambda a: len(a.targets)))
    return deal


@pytest.mark.parametrize(("level", "redoubled"), [("expert", {1, 2, 3}), ("master", set())])
def test_the_master_redoubles_only_with_a_large_margin(level, redoubled, monkeypatch):
    """RULES.md §4: the declarer may redouble those who doubled him; those players hold hands
    good against him, so the master asks an expected gain of 6 points, the expert 0.5."""
    monkeypatch.setattr(Bot, "_edges", lambda self, view, targets: dict.fromkeys(targets, 3.0))
    deal = _doubling_turn("no-queens", 3)
    assert deal.to_move == deal.declarer
    assert set(Bot(level, seed=1).decide(deal.view(deal.to_move)).targets) == redoubled


@pytest.mark.parametrize(
    ("declarer", "level", "doubled"),
    [
        (3.0, "expert", {0}),
        (3.0, "master", {0, 2, 3}),
        (1.5, "expert", set()),
        (1.5, "master", {0, 2, 3}),
    ],
)
def test_the_master_doubles_with_lower_margins(declarer, level, doubled, monkeypatch):
    """RULES.md §4: in a negative contract a non-declarer may double anyone; with an expected
    gain of 1.0 point against each other non-declarer, the master doubles them too (the expert
    from 2.0), and it doubles the declarer from 1.0 (the expert from 2.0)."""
    gains = {0: declarer, 2: 1.0, 3: 1.0}
    monkeypatch.setattr(Bot, "_edges", lambda self, view, targets: {t: gains[t] for t in targets})
    view = _doubling_turn("no-queens", 0).view(1)
    assert set(Bot(level, seed=1).decide(view).targets) == doubled


def test_the_master_infers_trump_length_from_the_declarers_suit():
    """RULES.md §3: the declarer names the trump suit; the master weighs the worlds where he is
    long in it, so it expects less against him than the expert's uniform worlds do."""
    deal = _doubling_turn("trumps", 0)
    view = deal.view(1)
    many = {level: replace(SETTINGS[level], bid_samples=400) for level in ("expert", "master")}
    edge = {level: Bot(level, seed=3, settings=many[level])._edges(view, [0])[0] for level in many}
    assert edge["master"] < edge["expert"] - 2.0


@pytest.mark.parametrize(("level", "doubled"), [("expert", {0, 1, 3}), ("master", {0, 3})])
def test_the_master_never_doubles_back_a_non_declarer_who_doubled_it(level, doubled, monkeypatch):
    """RULES.md §4: a non-declarer doubled by another may double him back (the double becomes
    mutual); the one who doubled holds a hand good against him, so the master never does."""
    monkeypatch.setattr(Bot, "_edges", lambda self, view, targets: dict.fromkeys(targets, 3.0))
    deal = _doubling_turn("no-queens", 1)
    seat, before = deal.to_move, 1
    assert (seat, deal.declarer) == (2, 0) and (before, seat) in deal.doubles
    assert set(Bot(level, seed=1).decide(deal.view(seat)).targets) == doubled


@pytest.mark.parametrize(
    ("game", "gain", "doubled"),
    [
        ("standard", 3.0, {"expert"}),
        ("standard", 9.0, {"expert", "master"}),
        ("italian", 3.0, {"expert", "master"}),
    ],
)
def test_the_master_doubles_a_domino_declarer_only_with_a_large_margin(
    game, gain, doubled, monkeypatch
):
    """RULES.md §3: the Domino's declarer names the starting rank for his hand, so the master
    asks an expected gain of 8 points to double him, the expert 2; in the Italian game the
    Domino always starts from the 7 (§7), and the master asks 2 there too."""
    monkeypatch.setattr(Bot, "_edges", lambda self, view, targets: dict.fromkeys(targets, gain))
    deal = _doubling_turn("domino", 0, RULE_SETS[game])
    view = deal.view(deal.to_move)
    made = {level for level in ("expert", "master") if Bot(level, seed=1).decide(view).targets}
    assert made == doubled
