"""RULES.md §4, doubling, and §5, the settlement."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu import STANDARD, ChooseContract, Contract, Deal, Double, RuleError, Suit
from barbu.rules import FR32
from barbu.scoring import final_scores, transfers, winners
from tests.helpers import layout


def _in_doubling(contract="no-queens", declarer=0, **kw):
    deal = Deal(layout(), declarer, **kw)
    trump = Suit.SPADES if contract == "trumps" else None
    from barbu import Rank

    rank = Rank.SEVEN if contract == "domino" else None
    deal.apply(ChooseContract(Contract(contract), trump, rank))
    return deal


def _targets(deal):
    return sorted(tuple(sorted(a.targets)) for a in deal.legal_actions())


def test_each_player_has_one_turn_from_declarers_left_to_the_declarer():
    deal = _in_doubling(declarer=2)
    order = []
    while deal.phase.value == "doubling":
        order.append(deal.to_move)
        deal.apply(Double())
    assert order == [3, 0, 1, 2]


def test_in_a_negative_contract_a_non_declarer_may_double_any_set_of_the_others():
    deal = _in_doubling("no-tricks", declarer=0)
    assert deal.to_move == 1
    assert _targets(deal) == sorted([(), (0,), (2,), (3,), (0, 2), (0, 3), (2, 3), (0, 2, 3)])


def test_doubling_back_makes_the_double_mutual():
    deal = _in_doubling("no-tricks", declarer=0)
    deal.apply(Double(frozenset({2})))  # seat 1 doubles seat 2
    deal.apply(Double(frozenset({1})))  # seat 2 doubles seat 1 back
    assert (1, 2) in deal.doubles and (2, 1) in deal.doubles


@pytest.mark.parametrize("contract", ["trumps", "domino"])
def test_in_a_positive_contract_only_the_declarer_may_be_doubled(contract):
    deal = _in_doubling(contract, declarer=0)
    assert _targets(deal) == [(), (0,)]
    with pytest.raises(RuleError, match="only the declarer"):
        deal.apply(Double(frozenset({2})))


def test_the_declarer_may_redouble_only_players_who_doubled_him():
    deal = _in_doubling("no-hearts", declarer=0)
    deal.apply(Double(frozenset({0})))  # seat 1 doubles the declarer
    deal.apply(Double(frozenset({1})))  # seat 2 doubles seat 1, not the declarer
    deal.apply(Double(frozenset({0, 2})))  # seat 3 doubles the declarer and seat 2
    assert deal.to_move == 0
    assert _targets(deal) == [(), (1,), (1, 3), (3,)]
    with pytest.raises(RuleError, match="only redouble players who doubled him"):
        deal.apply(Double(frozenset({2})))
    deal.apply(Double(frozenset({3})))
    assert deal.doubles == [(1, 0), (2, 1), (3, 0), (3, 2), (0, 3)]
    assert deal.phase.value == "play"


def test_a_player_cannot_double_himself():
    deal = _in_doubling()
    with pytest.raises(RuleError, match="himself"):
        deal.apply(Double(frozenset({1})))


def test_obligation_when_deals_left_equal_doubles_owed_the_double_is_compulsory():
    deal = _in_doubling(declarer=0, owed=(0, 2, 1, 0), deals_left=2)
    assert deal.must_double(1) and not deal.must_double(2) and not deal.must_double(3)
    assert all(0 in t for t in _targets(deal))
    with pytest.raises(RuleError, match="must double the declarer: 2 doubles owed, 2 deals left"):
        deal.apply(Double())
    deal.apply(Double(frozenset({0})))
    assert () in _targets(deal)  # seat 2 owes 1 with 2 deals left: may still pass


def test_obligation_binds_in_positive_contracts_too():
    deal = _in_doubling("trumps", declarer=0, owed=(0, 1, 0, 0), deals_left=1)
    assert _targets(deal) == [(0,)]
    with pytest.raises(RuleError, match="1 double owed, 1 deal left"):
        deal.apply(Double())


def test_obligation_error_carries_its_figures_for_the_interface():
    deal = _in_doubling(declarer=0, owed=(0, 2, 0, 0), deals_left=2)
    with pytest.raises(RuleError) as info:
        deal.apply(Double())
    assert info.value.code == "must-double" and info.value.params == {"owed": 2, "left": 2}


def test_an_illegal_double_changes_nothing():
    deal = _in_doubling("trumps")
    before = (deal.to_move, list(deal.doubles), deal.double_turns)
    with pytest.raises(RuleError):
        deal.apply(Double(frozenset({3})))
    assert (deal.to_move, deal.doubles, deal.double_turns) == before


# -- §5 settlement --------------------------------------------------------------------------


def test_worked_example_no_queens_ben_doubles_ada():
    ada, ben = 0, 1  # Clara is seat 2, Dan seat 3
    raw = [-12, -6, -6, 0]
    assert final_scores(raw, [(ben, ada)], STANDARD) == [-18, 0, -6, 0]


def test_a_single_double_moves_the_difference_of_raw_scores_to_the_higher():
    assert transfers([-20, 0, 0, 0], [(0, 1)], STANDARD) == [-20, 20, 0, 0]


def test_a_mutual_double_moves_twice_the_difference():
    assert transfers([-20, 0, 0, 0], [(0, 1), (1, 0)], STANDARD) == [-40, 40, 0, 0]


def test_equal_raw_scores_move_nothing():
    assert transfers([-6, -6, -12, 0], [(0, 1), (1, 0)], STANDARD) == [0, 0, 0, 0]


def test_pairs_are_settled_on_raw_scores_never_adjusted_ones():
    # 0 doubled 1 and 2 doubled 1; each pair uses the raw scores only.
    raw = [0, -20, -10, 0]
    assert final_scores(raw, [(0, 1), (2, 1)], STANDARD) == [20, -50, 0, 0]


@given(
    st.lists(st.integers(-30, 65), min_size=4, max_size=4),
    st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)).filter(lambda p: p[0] != p[1])),
)
def test_settlement_is_zero_sum(raw, doubles):
    assert sum(transfers(raw, doubles, STANDARD)) == 0
    assert sum(final_scores(raw, doubles, STANDARD)) == sum(raw)


def test_the_highest_total_wins_and_a_tie_shares_the_victory():
    assert winners([10, 30, -5, 30], STANDARD) == [1, 3]
    assert winners([1, 0, 0, 0], STANDARD) == [0]


def test_in_fr32_the_lowest_total_wins_and_a_tie_shares_the_victory():
    assert winners([10, 30, -5, -5], FR32) == [2, 3]
    assert winners([1, 0, 0, 0], FR32) == [1, 2, 3]
