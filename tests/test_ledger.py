"""The block ledger (barbu/ledger.py) and the calls checked without hands (barbu/calls.py), named
after the clauses of RULES.md they check: the rotation and the contracts used in a block (§1), the
doubling obligation (§4), the presets' blocks (§7). The played ``Session`` and the score keeper
read the block from the same ledger: for the same contracts and doubles they must agree. If these
tests fail, a declarer would be asked to play a contract twice in a block, or a player to double
when the rules do not make him (or let him off when they do).
"""

from __future__ import annotations

import pytest

from barbu import ChooseContract, RuleError
from barbu.calls import DoublingRound, check_contract, legal_contracts
from barbu.keeper import KeptGame
from barbu.ledger import Ledger, Row
from barbu.presets import FR32, STANDARD, preset, rules_from_record
from barbu.rules import Contract
from tests.kept_games import GAMES, played, reported

NQ, NT, TR = Contract("no-queens"), Contract("no-tricks"), Contract("trumps")


def rows(*contracts: str, doubles: tuple[tuple[int, int], ...] = ()) -> tuple[Row, ...]:
    """One row per contract, each with the same doubles."""
    return tuple(Row(Contract(c), doubles) for c in contracts)


STANDARD_BLOCK = ("no-tricks", "no-queens", "no-last-two", "no-hearts", "no-king-of-hearts")


# -- §1: the rotation and the contracts of a block --------------------------------------------


def test_s1_a_declarer_keeps_a_block_of_seven_deals_then_his_left_neighbour_declares():
    ledger = Ledger(STANDARD, 2)
    assert [ledger.declarer_of(n) for n in (1, 7, 8, 14, 15, 22, 28)] == [2, 2, 3, 3, 0, 1, 1]
    assert [ledger.block_of(n) for n in (1, 7, 8, 28)] == [1, 1, 2, 4]


def test_s1_the_declarers_right_neighbour_deals():
    ledger = Ledger(STANDARD, 0)
    assert [ledger.dealer_of(n) for n in (1, 8)] == [3, 0]


def test_s1_a_contract_used_earlier_in_the_block_is_used_and_the_next_block_starts_afresh():
    ledger = Ledger(STANDARD, 0, rows(*STANDARD_BLOCK, "trumps", "domino"))
    assert ledger.used(1) == frozenset()
    assert ledger.used(3) == {NT, NQ}
    assert len(ledger.used(7)) == 6 and Contract("domino") not in ledger.used(7)
    assert ledger.used(8) == frozenset()  # the next block, the next declarer
    with pytest.raises(RuleError) as caught:
        check_contract(STANDARD, ledger.used(3), ChooseContract(NQ))
    assert caught.value.code == "contract-used"
    assert ChooseContract(NQ) not in legal_contracts(STANDARD, ledger.used(3))


def test_s1_the_deals_left_in_a_block_count_the_deal_itself():
    ledger = Ledger(STANDARD, 0, rows(*STANDARD_BLOCK, "trumps", "domino"))
    assert [ledger.deals_left(n) for n in (1, 2, 7, 8)] == [7, 6, 1, 7]


def test_s1_a_deal_past_the_next_one_is_not_in_the_ledger():
    ledger = Ledger(STANDARD, 0, rows("no-tricks"))
    assert ledger.next == 2 and ledger.context().number == 2
    with pytest.raises(RuleError) as caught:
        ledger.context(3)
    assert caught.value.code == "bad-step"


def test_s1_the_ledger_is_a_value_each_row_gives_a_new_one():
    empty = Ledger(STANDARD, 1)
    one = empty.with_row(NT, [(2, 1)])
    assert empty.rows == () and one.rows == (Row(NT, ((2, 1),)),)
    assert one == Ledger.of(STANDARD, 1, [(NT, [(2, 1)])])


# -- §4: the doubling obligation -----------------------------------------------------------------


def test_s4_each_non_declarer_owes_the_quota_and_only_his_doubles_of_the_declarer_count():
    # Seat 1 doubles the declarer, seat 2 doubles seat 3, the declarer redoubles seat 1.
    ledger = Ledger(STANDARD, 0, rows("no-tricks", doubles=((1, 0), (2, 3), (0, 1))))
    assert ledger.owed(1) == (0, 2, 2, 2)
    assert ledger.owed(2) == (0, 1, 2, 2)


def test_s4_a_player_owing_as_many_doubles_as_deals_left_must_double():
    ledger = Ledger(STANDARD, 0, rows(*STANDARD_BLOCK, doubles=((1, 0),)))
    five = ledger.context(5)
    assert five.owed == (0, 0, 2, 2) and five.deals_left == 3 and five.compulsory == ()
    six = ledger.context(6)
    assert six.owed == (0, 0, 2, 2) and six.deals_left == 2 and six.compulsory == (2, 3)


def test_s4_the_quota_starts_again_with_each_block_and_its_declarer():
    ledger = Ledger(STANDARD, 0, rows(*STANDARD_BLOCK, "trumps", "domino"))
    eight = ledger.context(8)
    assert eight.declarer == 1 and eight.owed == (2, 0, 2, 2) and eight.compulsory == ()


def test_s4_a_doubling_round_is_checked_without_hands():
    first = DoublingRound(0, positive=False, owed=(0, 2, 2, 2), deals_left=2)
    assert first.to_move == 1 and first.order == (1, 2, 3, 0)
    with pytest.raises(RuleError) as caught:
        first.check(frozenset({2}))
    assert (caught.value.code, caught.value.params) == ("must-double", {"owed": 2, "left": 2})
    done = first.after(frozenset({0, 2})).after(frozenset({0})).after(frozenset({0}))
    assert done.to_move == 0 and done.scope(0) == {1, 2, 3}
    with pytest.raises(RuleError) as caught:
        DoublingRound(0, False, (0, 0, 0, 0), 7, ((1, 2),), 3).check(frozenset({1}))
    assert caught.value.code == "redouble-not-doubled"
    final = done.after(frozenset({1}))
    assert final.to_move is None and final.doubles == ((1, 0), (1, 2), (2, 0), (3, 0), (0, 1))


def test_s4_in_a_positive_contract_only_the_declarer_may_be_doubled_without_hands():
    round = DoublingRound(0, positive=True, owed=(0, 0, 0, 0), deals_left=7)
    assert round.legal_sets(1) == [(), (0,)]
    with pytest.raises(RuleError) as caught:
        round.check(frozenset({2}))
    assert caught.value.code == "double-positive"


# -- §7: the presets' blocks ---------------------------------------------------------------------


def test_s7_fr32_the_dealer_chooses_the_role_moves_left_every_deal_and_no_double_is_owed():
    ledger = Ledger(FR32, 1, rows("king-of-hearts", "hearts", "queens"))
    assert [ledger.declarer_of(n) for n in range(1, 8)] == [1, 2, 3, 0, 1, 2, 3]
    assert [ledger.dealer_of(n) for n in (1, 2)] == [1, 2]
    assert ledger.block_of(7) == 1 and ledger.deals_left(4) == 4
    assert ledger.used(4) == {"king-of-hearts", "hearts", "queens"}
    assert ledger.owed(4) == (0, 0, 0, 0)


def test_s7_italian_quota_of_three_and_blocks_of_eight_with_salad():
    rules = preset("italian", {"quota": 3, "salad": True})
    ledger = Ledger(rules, 0, rows("no-tricks", doubles=((2, 0),)))
    assert ledger.owed(2) == (0, 3, 2, 3) and ledger.deals_left(2) == 7
    assert [ledger.declarer_of(n) for n in (8, 9)] == [0, 1]
    late = Ledger(rules, 0, rows(*STANDARD_BLOCK))
    assert late.context(6).compulsory == (1, 2, 3)  # 3 owed, 3 deals left


# -- the played game and the keeper agree --------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_keeper_and_a_played_session_agree_on_the_block_state(game):
    """The keeper given a played session's contracts and doubles, deal by deal, knows the block
    as the session did when it dealt each deal: the same rows, declarer, contracts used, doubles
    owed, deals left and compulsory doubles."""
    rules = rules_from_record(GAMES[game])
    session = played(rules, 40 + sorted(GAMES).index(game))
    deals = reported(session)
    first = session.first_declarer
    for number, deal in enumerate(session.deals, 1):
        kept = KeptGame(rules, first, deals=deals[: number - 1])
        assert kept.ledger == Ledger(rules, first, session.ledger.rows[: number - 1])
        context = kept.context(number)
        views = [deal.view(seat) for seat in range(4)]
        seen = views[0]
        assert (context.declarer, context.used, context.owed, context.deals_left) == (
            seen.declarer,
            seen.used_contracts,
            seen.owed,
            seen.deals_left,
        )
        assert context.compulsory == tuple(v.seat for v in views if v.must_double)
    kept = KeptGame(rules, first, deals=deals)
    assert kept.ledger == session.ledger and kept.sheet() == session.sheet()
