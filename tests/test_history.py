"""The session's flow and history: a finished deal stays current until the next is dealt, its
last event carries its summary, and any action can be taken back.

Property: in every preset and option set, ``apply`` then ``undo`` restores exactly the state
(every seat's view and the record), and the position after k actions is the same however it was
reached (played straight, walked back and forth, or rebuilt with ``at(k)``).
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu import (
    Contract,
    Deal,
    Double,
    Play,
    RuleError,
    Session,
    session_from_record,
    session_record,
)
from barbu.deal import Phase
from barbu.presets import PRESETS, preset

OPTION_SETS = [
    {"king_of_hearts": -30},
    {"queen": -8, "ace_of_hearts": -4},
    {"quota": 3},
    {"domino_any_seven": True},
    {"overtrump_always": True},
    {"salad": True, "without": "trumps"},
    {"without": "domino", "quota": 3, "overtrump_always": True},
]
RULES = [PRESETS[name] for name in sorted(PRESETS)] + [preset("italian", o) for o in OPTION_SETS]


def views(session: Session) -> list[object]:
    """Everything each seat may know, and the record: two equal states give equal lists."""
    return [session.view(seat) for seat in range(4)] + [session_record(session)]


def step(session: Session, rng: random.Random) -> None:
    """One move forward: the next deal when one is due, else a random legal action."""
    if session.between_deals:
        session.next_deal()
    else:
        session.apply(rng.choice(session.legal_actions()))


def test_the_finished_deal_stays_current_until_the_next_is_dealt():
    session = Session(seed=3)
    rng = random.Random(3)
    event = None
    while not session.deal.is_over:
        event = session.apply(rng.choice(session.legal_actions()))
    deal = session.deal
    assert session.number == 1 and session.between_deals and not session.is_over
    assert session.to_move is None and session.legal_actions() == []
    view = session.view(0)
    assert view.number == 1 and view.deal.phase is Phase.DONE and view.deal.hands is not None
    with pytest.raises(RuleError, match="the deal is over") as refused:
        session.apply(Play(deal.hand(0)[0]) if deal.hands[0] else Double())
    assert refused.value.code == "deal-over"
    summary = event.summary
    assert event.over and summary == session.sheet()[-1]
    assert summary.number == 1 and summary.contract == deal.contract
    assert (summary.trump, summary.start_rank) == (deal.trump, deal.start_rank)
    assert summary.doubles == tuple(deal.doubles)
    assert list(summary.raw) == deal.raw_scores() and list(summary.final) == deal.final_scores()
    assert summary.settlement == view.deal.settlement
    assert session.next_deal().number == 2 and session.number == 2
    assert not session.between_deals and session.to_move == session.deal.declarer


def test_only_the_last_event_of_a_deal_carries_its_summary():
    session = Session(seed=8)
    rng = random.Random(8)
    events = []
    while not session.deal.is_over:
        events.append(session.apply(rng.choice(session.legal_actions())))
    assert [e.over for e in events] == [False] * (len(events) - 1) + [True]
    assert events[-1].summary is not None and events[-1].summary.number == 1


def test_the_next_deal_waits_for_the_end_of_this_one_and_of_the_session():
    session = Session(seed=5)
    with pytest.raises(RuleError, match="the current deal is not finished") as refused:
        session.next_deal()
    assert refused.value.code == "deal-not-over"
    rng = random.Random(5)
    while not session.is_over:
        step(session, rng)
    assert not session.between_deals
    with pytest.raises(RuleError, match="the session is over"):
        session.next_deal()


def test_the_score_sheet_rows_carry_the_trump_and_the_starting_rank():
    session = Session(seed=11)
    rng = random.Random(11)
    while not session.is_over:
        step(session, rng)
    rows = session.sheet()
    assert len(rows) == 28
    for row, deal in zip(rows, session.deals, strict=True):
        assert (row.trump is not None) == (row.contract == Contract.TRUMPS)
        assert (row.start_rank is not None) == (row.contract == Contract.DOMINO)
        assert (row.trump, row.start_rank) == (deal.trump, deal.start_rank)


def test_nothing_to_undo_at_the_start():
    session = Session(seed=2)
    with pytest.raises(RuleError, match="no action to take back") as refused:
        session.undo()
    assert refused.value.code == "nothing-to-undo"


def test_undo_across_the_start_of_a_deal_undeals_it_and_rewinds_the_shuffle():
    session = Session(seed=6)
    rng = random.Random(6)
    while not session.between_deals:
        step(session, rng)
    last = session.deal.history[-1].action
    finished = views(session)
    second = session.next_deal().dealt
    assert session.undo() == last  # the deal just dealt goes back, then the last card
    assert len(session.deals) == 1 and not session.deal.is_over
    session.apply(last)
    assert views(session) == finished
    assert session.next_deal().dealt == second  # the same shuffle again


def test_a_session_is_rebuilt_at_any_count_of_its_actions():
    session = Session(seed=9)
    rng = random.Random(9)
    while session.number < 3 or len(session.deal.history) < 9:
        step(session, rng)
    total = session.action_count
    assert views(session.at(total)) == views(session)
    first = session.deals[0]
    at_end_of_first = session.at(len(first.history))
    assert at_end_of_first.between_deals and at_end_of_first.number == 1
    for bad in (-1, total + 1, True, 1.0):
        with pytest.raises(RuleError, match="not a count of them"):
            session.at(bad)
    with pytest.raises(RuleError, match="this deal has"):
        first.at(len(first.history) + 1)


def test_a_record_read_back_undoes_like_the_session_it_came_from():
    session = Session(seed=12)
    rng = random.Random(12)
    for _ in range(140):
        step(session, rng)
    copy = session_from_record(json.loads(json.dumps(session_record(session))))
    for _ in range(70):
        assert copy.undo() == session.undo()
        assert views(copy) == views(session)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: json.dumps(r.record, sort_keys=True))
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.lists(st.booleans(), min_size=1, max_size=160))
def test_apply_then_undo_restores_the_state_and_a_position_does_not_depend_on_the_way(
    rules, seed, moves
):
    """Walk a session forward (True: a random legal action) and back (False: undo) at random.
    Every action applied then taken back leaves every view and the record exactly as before,
    and at every step the state equals the one rebuilt straight from the first k actions."""
    rng = random.Random(seed)
    session = Session(seed=seed, rules=rules)
    k = 0
    for forward in moves:
        if forward or k == 0:
            if session.is_over:
                continue
            if session.between_deals:
                session.next_deal()
            before = views(session)
            action = rng.choice(session.legal_actions())
            session.apply(action)
            after = views(session)
            assert session.undo() == action
            assert views(session) == before
            session.apply(action)
            assert views(session) == after
            k += 1
        else:
            session.undo()
            k -= 1
        assert session.action_count == k
        if session.deal.history or len(session.deals) == 1:  # not a deal just dealt
            assert views(session.at(k)) == views(session)


def test_a_state_rebuilt_from_a_view_cannot_be_replayed_from_the_start():
    session = Session(seed=4)
    rng = random.Random(4)
    for _ in range(12):
        step(session, rng)
    deal = session.deal
    for rebuilt in (Deal.from_view(deal.view(0), deal.hands), deal.with_hands(deal.hands)):
        assert rebuilt.view(0) == deal.view(0)
        with pytest.raises(RuleError, match="rebuilt from a view"):
            rebuilt.at(0)
    assert deal.at(len(deal.history)).view(0) == deal.view(0)


# -- taking a decision back ----------------------------------------------------------------


def played_until(session: Session, rng: random.Random, done) -> None:
    """Random legal actions until ``done(session)``."""
    while not done(session):
        session.apply(rng.choice(session.legal_actions()))


def choices_of(deal: Deal, seat: int) -> list[int]:
    """The places in the history where ``seat`` acted with more than one legal action."""
    return [
        i
        for i, event in enumerate(deal.history)
        if event.seat == seat and len(deal.at(i).legal_actions()) > 1
    ]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_a_take_back_returns_to_the_seats_last_decision_past_the_others_and_forced_ones(rules):
    for seed in range(6):
        session = Session(seed=seed, rules=rules)
        rng = random.Random(seed)
        played_until(session, rng, lambda s, n=9 + seed: s.deal.is_over or len(s.deal.history) > n)
        deal = session.deal
        choices = choices_of(deal, 0)
        if not choices:
            with pytest.raises(RuleError) as refused:
                session.take_back(0)
            assert refused.value.code == "nothing-to-undo"
            assert session.takebacks == 0
            continue
        index = choices[-1]
        before = [deal.at(index).view(seat) for seat in range(4)]
        length = len(deal.history)
        assert session.take_back(0) == length - index
        assert [session.deal.view(seat) for seat in range(4)] == before
        assert session.to_move == 0 and not session.deal.is_over
        assert session.takebacks == 1
        assert session_record(session)["takebacks"] == 1


def test_a_forced_card_is_not_a_decision_to_take_back():
    """The player's only legal card, played for him, is gone past: taking back to just before
    it would only see it played again."""
    for seed in range(200):
        session = Session(seed=seed)
        rng = random.Random(seed)
        while not session.deal.is_over:
            forced = (
                session.to_move == 0
                and session.deal.phase is Phase.PLAY
                and len(session.legal_actions()) == 1
            )
            session.apply(rng.choice(session.legal_actions()))
            if forced and choices_of(session.deal, 0):
                last_own = max(i for i, e in enumerate(session.deal.history) if e.seat == 0)
                assert session.deal.last_choice(0) < last_own
                session.take_back(0)
                assert len(session.legal_actions()) > 1 and session.to_move == 0
                return
    pytest.fail("no forced card in 200 random deals")


def test_a_finished_deal_can_be_taken_back_into_play():
    session = Session(seed=12)
    played_until(session, random.Random(12), lambda s: s.deal.is_over)
    assert session.between_deals
    session.take_back(0)
    assert not session.deal.is_over and not session.between_deals and session.to_move == 0


def test_the_take_backs_survive_the_record_and_a_bad_count_is_refused():
    session = Session(seed=4)
    played_until(session, random.Random(4), lambda s: bool(choices_of(s.deal, 0)))
    session.take_back(0)
    if choices_of(session.deal, 0):
        session.take_back(0)
    record = json.loads(json.dumps(session_record(session)))
    assert session_from_record(record).takebacks == session.takebacks >= 1
    assert "takebacks" not in session_record(Session(seed=4))
    for bad in (-1, True, "2", 1.5, 10**9):
        with pytest.raises(RuleError) as refused:
            session_from_record({**record, "takebacks": bad})
        assert "takebacks" in str(refused.value)
