"""The deal's state API: check/can/apply, errors that change nothing, views that do not leak."""

import random

import pytest

from barbu import (
    Card,
    ChooseContract,
    Contract,
    Deal,
    Double,
    Phase,
    Play,
    Rank,
    RuleError,
    Session,
    Suit,
    cards,
    deal_from_record,
    deal_record,
)
from barbu.cards import deal_masks
from barbu.playout import random_playout
from barbu.rules import STANDARD
from tests.helpers import layout, start


def test_the_declarer_chooses_a_contract_first():
    deal = Deal(layout(), 1)
    assert deal.phase is Phase.CONTRACT and deal.to_move == 1
    assert len(deal.legal_actions()) == 5 + 4 + 13  # trumps x 4 suits, domino x 13 ranks


@pytest.mark.parametrize(
    "action, why",
    [
        (ChooseContract(Contract.TRUMPS), "needs a trump suit"),
        (ChooseContract(Contract.DOMINO), "needs a starting rank"),
        (ChooseContract(Contract.NO_TRICKS, trump=Suit.SPADES), "only trumps takes a trump suit"),
        (
            ChooseContract(Contract.NO_TRICKS, start_rank=Rank.TWO),
            "only domino takes a starting rank",
        ),
        (Play(cards("AS")[0]), "must now choose a contract"),
        (Double(), "must now choose a contract"),
    ],
)
def test_wrong_contract_choices_are_refused_with_a_reason(action, why):
    deal = Deal(layout(), 0)
    assert not deal.can(action)
    with pytest.raises(RuleError, match=why):
        deal.apply(action)
    assert deal.phase is Phase.CONTRACT


def test_a_card_not_held_is_refused_and_nothing_changes():
    deal = start(layout("AS"), "no-tricks")
    other = deal.hand(1)[0]
    with pytest.raises(RuleError, match=f"seat 0 does not hold {other}"):
        deal.apply(Play(other))
    assert deal.played == [] and deal.to_move == 0


def test_errors_carry_a_code_for_translated_messages():
    deal = start(layout("AS 2H", "KS 3H"), "no-tricks")
    deal.apply(Play(cards("AS")[0]))
    with pytest.raises(RuleError) as info:
        deal.apply(Play(cards("3H")[0]))
    assert info.value.code == "must-follow" and info.value.params["suit"] == "S"


def test_a_view_shows_only_the_seats_own_hand_until_the_end():
    deal = start(layout(), "no-queens")
    for seat in range(4):
        v = deal.view(seat)
        assert list(v.hand) == deal.hand(seat)
        assert v.hands is None and v.raw is None
        assert v.hand_sizes == (13, 13, 13, 13)
        text = repr(v)
        for other in range(4):
            if other != seat:
                # the other hands' cards appear nowhere in the view (nothing is played yet)
                assert all(repr(c) not in text for c in deal.hand(other))
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    v = deal.view(2)
    assert v.hands is not None and v.raw == tuple(deal.raw_scores())


@pytest.mark.parametrize("seat", [-1, 4, True, "0"])
def test_a_view_of_a_seat_that_does_not_exist_is_refused(seat):
    with pytest.raises(RuleError, match="not a seat"):
        start(layout(), "no-tricks").view(seat)


def test_doubles_of_things_that_are_not_seats_are_refused():
    deal = Deal(layout(), 0)
    deal.apply(ChooseContract(Contract.NO_TRICKS))
    for targets in ({1, "a"}, {True}, {7}):
        with pytest.raises(RuleError, match="not a seat"):
            deal.apply(Double(frozenset(targets)))


def test_a_view_lists_legal_actions_only_for_the_seat_to_move():
    deal = start(layout(), "no-tricks")
    assert deal.view(0).legal and not deal.view(1).legal


def test_captured_penalty_cards_are_shown_for_whoever_took_them():
    deal = start(layout("AS KS QS AH KH QH AD KD QD AC KC QC JC"), "no-queens")
    deal.apply(Play(cards("QS")[0]))
    for _ in range(3):
        deal.apply(deal.legal_actions()[-1])
    assert [str(c) for c in deal.view(3).captured[0]] == ["QS"]


def test_copy_is_independent():
    deal = start(layout(), "no-tricks")
    twin = deal.copy()
    twin.apply(twin.legal_actions()[0])
    assert deal.played == [] and len(twin.played) == 1


@pytest.mark.parametrize("contract", [c.contract for c in STANDARD.contracts])
def test_replaying_a_record_rebuilds_the_same_state(contract):
    rng = random.Random(contract.value)
    for cut in (0, 5, 17, 40, 60):
        deal = Deal(layout(), rng.randrange(4))
        choice = [a for a in deal.legal_actions() if a.contract is contract]
        deal.apply(rng.choice(choice))
        while not deal.is_over and len(deal.played) < cut:
            deal.apply(rng.choice(deal.legal_actions()))
        twin = deal_from_record(deal_record(deal))
        for seat in range(4):
            assert twin.view(seat) == deal.view(seat)


def test_a_record_in_the_middle_of_the_doubling_round_resumes_exactly():
    deal = Deal(layout(), 0)
    deal.apply(ChooseContract(Contract.NO_HEARTS))
    deal.apply(Double())  # seat 1 passes
    deal.apply(Double(frozenset({0})))  # seat 2 doubles the declarer
    rec = deal_record(deal)
    assert rec["actions"] == [{"contract": "no-hearts"}, {"double": []}, {"double": [0]}]
    twin = deal_from_record(rec)
    assert twin.to_move == 3 and twin.double_turns == 2
    assert twin.view(3) == deal.view(3)


def test_a_format_1_record_in_the_middle_of_the_doubling_round_still_resumes_exactly():
    deal = Deal(layout(), 0)
    for action in (ChooseContract(Contract.NO_HEARTS), Double(), Double(frozenset({0}))):
        deal.apply(action)
    hands = deal_record(deal)["hands"]
    old = {"rules": "standard", "declarer": 0, "hands": hands, "contract": "no-hearts"}
    twin = deal_from_record({**old, "doubles": [[2, 0]], "double_turns": 2, "play": []})
    assert twin.to_move == 3 and twin.view(3) == deal.view(3)


@pytest.mark.parametrize("contract", [c.contract for c in STANDARD.contracts])
def test_fast_playouts_play_only_legal_cards_and_score_like_the_deal(contract):
    rng = random.Random("playout-" + contract.value)
    for _ in range(150):
        deal = Deal(deal_masks(rng), rng.randrange(4))
        deal.apply(rng.choice([a for a in deal.legal_actions() if a.contract is contract]))
        while deal.phase is Phase.DOUBLING:
            deal.apply(rng.choice(deal.legal_actions()))
        for _ in range(rng.randrange(30)):  # start from any point, mid-trick included
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        log: list[int] = []
        before = deal_record(deal)
        raw = random_playout(deal, rng, log)
        assert deal_record(deal) == before  # the playout leaves the deal untouched
        for card in log:
            deal.apply(Play(Card(card)))
        assert deal.is_over and deal.raw_scores() == raw


@pytest.mark.parametrize(
    "targets, why",
    [
        (frozenset({3.0}), "not a seat: 3.0"),
        (frozenset({True}), "not a seat: True"),
        ([3, 3], "targets are a set of seats, not \\[3, 3\\]"),
    ],
)
def test_a_malformed_doubling_turn_is_refused_and_changes_nothing(targets, why):
    session = Session(seed=1)
    session.apply(session.legal_actions()[0])
    before = session.deal.view(0)
    with pytest.raises(RuleError, match=why):
        session.apply(Double(targets))
    assert session.deal.view(0) == before


def test_a_play_of_true_is_not_the_card_number_one():
    deal = Deal(layout(), 0)
    deal.apply(ChooseContract(Contract.NO_TRICKS))
    for _ in deal.double_order:
        deal.apply(Double())
    with pytest.raises(RuleError, match="not a card: True"):
        deal.apply(Play(True))  # type: ignore[arg-type]


def test_a_session_without_a_seed_starts_with_the_hands_it_is_given():
    session = Session(None, first_declarer=2)
    assert session.legal_actions() == [] and session.to_move is None
    with pytest.raises(RuleError, match="no deal has started"):
        session.view(0)
    deal = session.next_deal(layout())
    assert deal.declarer == 2 and session.view(2).deal.legal
