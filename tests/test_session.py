"""RULES.md §1 and §4 for whole sessions: blocks, rotation, contracts, obligation, totals."""

import random

import pytest

from barbu import (
    ChooseContract,
    Contract,
    Double,
    Phase,
    RuleError,
    Session,
    session_from_record,
    session_record,
)
from barbu.cards import FULL_DECK, mask_of
from barbu.presets import STANDARD


def _random_session(seed, policy_seed=None):
    session = Session(seed=seed)
    rng = random.Random(policy_seed if policy_seed is not None else seed)
    while not session.is_over:
        if session.between_deals:
            session.next_deal()
        session.apply(rng.choice(session.legal_actions()))
    return session


def test_a_session_has_28_deals_in_4_blocks_of_7():
    session = _random_session(1)
    assert len(session.deals) == 28 and session.is_over
    assert session.legal_actions() == []


def test_the_first_declarer_is_drawn_from_the_seed():
    firsts = {Session(seed=s).first_declarer for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert Session(seed=7).first_declarer == Session(seed=7).first_declarer
    assert Session(seed=7).deal.dealt == Session(seed=7).deal.dealt


def test_a_declarer_keeps_the_role_for_7_deals_then_his_left_neighbour_takes_over():
    session = _random_session(2)
    first = session.first_declarer
    assert [d.declarer for d in session.deals] == [(first + n // 7) % 4 for n in range(28)]


def test_each_contract_is_played_once_per_block():
    session = _random_session(3)
    for block in range(4):
        contracts = [d.contract for d in session.deals[7 * block : 7 * block + 7]]
        assert sorted(contracts) == sorted(c.contract for c in STANDARD.contracts)


def test_used_contracts_are_not_offered_and_are_refused():
    session = Session(seed=4)
    session.apply(ChooseContract(Contract.NO_QUEENS))
    while not session.between_deals:
        session.apply(session.legal_actions()[0])
    session.next_deal()
    offered = {a.contract for a in session.legal_actions()}
    assert Contract.NO_QUEENS not in offered and len(offered) == 6
    with pytest.raises(RuleError, match="no-queens was already played in this block"):
        session.apply(ChooseContract(Contract.NO_QUEENS))


def test_each_non_declarer_doubles_the_declarer_at_least_twice_per_block():
    for seed in range(5):
        session = Session(seed=seed)
        rng = random.Random(seed)
        while not session.is_over:
            if session.between_deals:
                session.next_deal()
            actions = session.legal_actions()
            passes = [a for a in actions if isinstance(a, Double) and not a.targets]
            # Pass whenever allowed, so that the obligation has to force the doubles.
            session.apply(passes[0] if passes else rng.choice(actions))
        for block in range(4):
            deals = session.deals[7 * block : 7 * block + 7]
            d = deals[0].declarer
            for seat in set(range(4)) - {d}:
                assert sum((seat, d) in deal.doubles for deal in deals) >= 2


def test_a_player_who_always_passes_is_forced_on_the_last_two_deals_of_the_block():
    session = Session(seed=9)
    forced = []
    while session.number <= 7:
        if session.between_deals:
            session.next_deal()
            continue
        deal = session.deal
        if deal.phase is Phase.DOUBLING and deal.must_double(deal.to_move):
            forced.append((session.number, deal.to_move))
        passes = [a for a in session.legal_actions() if isinstance(a, Double) and not a.targets]
        session.apply(passes[0] if passes else session.legal_actions()[0])
    d = session.deals[0].declarer
    others = [(d + k) % 4 for k in (1, 2, 3)]
    assert forced == [(6, s) for s in others] + [(7, s) for s in others]


def test_totals_add_the_deal_scores_and_the_winners_have_the_highest():
    session = _random_session(5)
    totals = [sum(d.final_scores()[s] for d in session.deals) for s in range(4)]
    assert session.totals() == totals
    assert session.winners() == [s for s in range(4) if totals[s] == max(totals)]


@pytest.mark.parametrize("seed", range(30))
def test_random_sessions_keep_the_invariants(seed):
    session = _random_session(seed, policy_seed=1000 + seed)
    assert len(session.deals) == 28
    for deal in session.deals:
        assert deal.dealt[0] | deal.dealt[1] | deal.dealt[2] | deal.dealt[3] == FULL_DECK
        played = mask_of(c for _, c in deal.played)
        left = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
        assert played | left == FULL_DECK and not played & left
        assert sum(deal.final_scores()) == deal.crules.total
    assert sum(session.totals()) == 4 * (-26 - 24 - 30 - 30 - 20 + 65 + 65)
    copy = session_from_record(session_record(session))
    assert copy.totals() == session.totals()
    assert [d.played for d in copy.deals] == [d.played for d in session.deals]


def test_a_session_without_a_seed_needs_hands_for_each_deal():
    session = Session(first_declarer=2)
    assert session.deals == []
    with pytest.raises(RuleError, match="no seed"):
        session.next_deal()
    deal = session.next_deal(Session(seed=1).deal.dealt)
    assert deal.declarer == 2
