"""A friend's page rebuilds each action's ``Event`` from its seat's views (web/friends/events.py).

What a player would notice if these failed: on a friend's table a trick that vanishes at once or
shows the wrong winner, a Domino pass not said, a deal that ends without its summary, or an
announcement that differs from the host's table.

Whole sessions of every preset (and the italian options that change the play: a Domino any
seven opens, the Salad, the over-trump duty, a contract left out) are played by a seeded random
player; for every action and every seat, the event rebuilt from that seat's views before and
after it, each through the data round trip a friend's page sees, must equal the event the
engine returned.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from barbu import PRESETS, Contract, Event, Play, Rules, Session, SessionView, preset
from web.friends.events import event_between
from web.friends.views import view_data, view_from_data

RULES: dict[str, Rules] = {
    **PRESETS,
    "italian-options": preset(
        "italian", {"domino_any_seven": True, "salad": True, "overtrump_always": True}
    ),
    "italian-without-trumps": preset("italian", {"without": "trumps", "quota": 3}),
}


def sent(view: SessionView) -> SessionView:
    """The view as a friend's page reads it: written as data, sent as JSON text, read back."""
    return view_from_data(json.loads(json.dumps(view_data(view))))


def play_checking(session: Session, rng: random.Random, deals: int) -> dict[str, int]:
    """Play ``deals`` deals of ``session`` at random, checking every action's rebuilt event from
    one seat's views, a different seat each action (every seat, and every seat at each kind of
    moment over a deal); how many events of each kind were seen (the test checks it covered
    them)."""
    kinds = {"plain": 0, "trick": 0, "out": 0, "skipped": 0, "summary": 0, "domino": 0}
    steps = 0
    for _ in range(deals):
        while not session.deal.is_over:
            seat, watcher = session.to_move, steps % 4 if steps % 3 else session.to_move
            assert seat is not None and watcher is not None
            before = sent(session.view(watcher))
            action = rng.choice(session.legal_actions())
            event = session.apply(action)
            after = sent(session.view(watcher))
            assert event_between(before, after, (seat, action)) == event, (watcher, event)
            assert event_between(None, after, (seat, action)) == event
            steps += 1
            count(kinds, event)
        if session.is_over:
            break
        session.next_deal()
    return kinds


def count(kinds: dict[str, int], event: Event) -> None:
    kinds["plain"] += event == Event(event.seat, event.action)
    kinds["trick"] += event.trick is not None
    kinds["out"] += event.out is not None
    kinds["skipped"] += bool(event.skipped)
    kinds["summary"] += event.summary is not None
    kinds["domino"] += event.summary is not None and event.summary.contract is Contract.DOMINO


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_event_of_every_action_is_rebuilt_from_each_seats_views(name: str) -> None:
    """Every preset, a block of deals: each event rebuilt equals the engine's."""
    rules = RULES[name]
    session = Session(11, rules)
    kinds = play_checking(session, random.Random(name), rules.block_size)
    assert kinds["summary"] == rules.block_size
    assert kinds["trick"] > 0 and kinds["plain"] > 0
    if kinds["domino"]:
        assert kinds["out"] > 0 and kinds["skipped"] > 0, kinds


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_whole_sessions_events_are_rebuilt(name: str) -> None:
    """Every preset, a whole session to its end."""
    session = Session(3, PRESETS[name])
    kinds = play_checking(session, random.Random(3), PRESETS[name].deals)
    assert session.is_over
    assert kinds["summary"] == PRESETS[name].deals
    if kinds["domino"]:  # fr32 has no Domino
        assert kinds["out"] > 0 and kinds["skipped"] > 0, kinds


def test_an_early_end_carries_the_summary_on_its_trick() -> None:
    """A contract that ends once its cards are taken ends on a completed trick with the summary;
    the rebuilt event says both."""
    rules = PRESETS["italian"]
    for seed in range(40):
        session = Session(seed, rules)
        rng = random.Random(seed)
        for _ in range(rules.block_size):
            before = sent(session.view(2))
            while not session.deal.is_over:
                seat, action = session.to_move, rng.choice(session.legal_actions())
                event = session.apply(action)
                after = sent(session.view(2))
                assert seat is not None
                assert event_between(before, after, (seat, action)) == event
                before = after
            if event.summary is not None and len(session.deal.tricks) < rules.hand_size:
                assert event.trick is not None
                return
            session.next_deal()
    pytest.fail("no deal ended early in 40 sessions")


def views_around(rules: Rules = PRESETS["standard"]) -> tuple[SessionView, SessionView, Any]:
    """Seat 1's views before and after the first card of a deal, and that card's action."""
    session = Session(5, rules)
    rng = random.Random(5)
    while not session.legal_actions() or not isinstance(session.legal_actions()[0], Play):
        session.apply(rng.choice(session.legal_actions()))
    before = session.view(1)
    seat = session.to_move
    action = session.legal_actions()[0]
    session.apply(action)
    return before, session.view(1), (seat, action)


def test_views_that_do_not_follow_are_refused() -> None:
    """A view after that is not one action on, another seat acting, another card: refused."""
    before, after, (seat, action) = views_around()
    assert event_between(before, after, (seat, action)).seat == seat
    with pytest.raises(ValueError, match="not further on"):
        event_between(after, after, (after.deal.to_move, action))
    with pytest.raises(ValueError, match="was not to move"):
        event_between(before, after, ((seat + 1) % 4, action))
    other = next(c for c in before.deal.hand if c != action.card)
    with pytest.raises(ValueError, match="card just played"):
        event_between(before, after, (seat, Play(other)))
    with pytest.raises(ValueError, match="not a seat"):
        event_between(before, after, (7, action))
