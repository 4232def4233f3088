"""The game page's UI state and its transitions (web.model.state) and its keys (web.game.keys),
without a browser: each transition checked on real engine events."""

from __future__ import annotations

from dataclasses import replace

import pytest

from barbu import Card, Contract, Phase, Play
from web.game.engine import Game
from web.game.keys import KeyContext, key_command, neighbour
from web.model.seats import HUMAN
from web.model.state import UiState


def play_until(game: Game, stop) -> object:
    """Apply the first legal action until ``stop(event)``; that event."""
    while True:
        event = game.apply(game.legal_actions()[0])
        if stop(event):
            return event


def dealt(contract: Contract = Contract.NO_TRICKS, seed: int = 5) -> Game:
    """A new session's first deal, ``contract`` chosen if the declarer may, at its first card."""
    game = Game.new(seed)
    session = game.replayable()
    while session.deal.phase is not Phase.PLAY:
        legal = session.legal_actions()
        choice = next((a for a in legal if getattr(a, "contract", None) is contract), legal[0])
        game.apply(choice)
    return game


def test_an_action_ends_the_choices_in_progress():
    state = UiState(
        hint=Play(Card.parse("2C")),
        hint_waiting="position",
        refusal="No",
        refusal_link="#tricks",
        picking=Contract.TRUMPS,
        selected_doubles=frozenset({1, 2}),
    )
    game = dealt()
    event = game.apply(game.legal_actions()[0])
    after = state.after(event, game.to_move, 0.5)
    assert (after.hint, after.hint_waiting, after.refusal, after.refusal_link) == (None,) * 4
    assert after.picking is None and after.selected_doubles == frozenset()


def test_a_finished_trick_stays_shown_until_gathered():
    game = dealt()
    event = play_until(game, lambda e: e.trick is not None)
    state = UiState().after(event, game.to_move, 0.5)
    assert state.shown_trick is event.trick
    assert state.gathered(event.trick).shown_trick is None
    other = play_until(game, lambda e: e.trick is not None).trick
    assert state.gathered(other) is state  # another trick: the one shown stays


def test_the_deal_summary_comes_after_the_last_tricks_pause():
    game = dealt()
    event = play_until(game, lambda e: e.summary is not None)
    number = event.summary.number
    paused = UiState(last_trick_open=True).after(event, None, 0.5)
    assert (paused.summary, paused.closing, paused.last_trick_open) == (number, True, False)
    assert paused.closed(number + 1) is paused  # not this deal's: nothing changes
    shown = paused.closed(number)
    assert (shown.closing, shown.shown_trick) == (False, None)
    at_once = UiState().after(event, None, 0)
    assert (at_once.summary, at_once.closing) == (number, False)
    assert at_once.leave_summary().summary is None


def test_domino_passes_are_noted_and_forgotten_when_the_seat_plays_again():
    game = Game.new(11)
    session = game.replayable()
    while session.deal.phase is not Phase.PLAY:
        legal = session.legal_actions()
        game.apply(
            next((a for a in legal if getattr(a, "contract", None) is Contract.DOMINO), legal[0])
        )
    state = UiState()
    seen_pass = False
    while not session.deal.is_over:
        event = game.apply(session.legal_actions()[0])
        state = state.after(event, session.to_move, 0)
        assert event.seat not in state.passed
        assert session.to_move not in state.passed
        assert set(event.skipped) - {session.to_move} <= state.passed
        seen_pass = seen_pass or bool(event.skipped)
    assert seen_pass, "the deal had no pass: pick another seed"
    assert state.passed == frozenset()  # the summary forgets them


def test_an_owed_double_comes_selected_and_a_toggle_clears_the_refusal():
    deal = dealt().view().deal
    owed = replace(deal, to_move=HUMAN, phase=Phase.DOUBLING, must_double=True)
    state = UiState().with_owed_double(owed, HUMAN)
    assert state.selected_doubles == {owed.declarer}
    assert state.with_owed_double(owed, HUMAN) is state
    assert UiState(summary=1).with_owed_double(owed, HUMAN).selected_doubles == frozenset()
    refused = state.refused("You must double the declarer", "#doubles")
    other = next(seat for seat in (1, 2, 3) if seat != owed.declarer)
    toggled = refused.toggle_double(other)
    assert toggled.selected_doubles == {owed.declarer, other} and toggled.refusal is None
    assert toggled.toggle_double(other).selected_doubles == {owed.declarer}


def test_another_session_starts_afresh_but_for_the_open_menu():
    busy = UiState(
        summary=3, refusal="No", picking=Contract.TRUMPS, menu_open=True, hint_waiting="p"
    )
    assert busy.for_session(None) == UiState(menu_open=True)  # the menu's caller closes it
    assert UiState(summary=3).for_session(5) == UiState(summary=5)


def test_picking_a_contract_twice_closes_its_row():
    state = UiState().pick(Contract.TRUMPS)
    assert state.picking is Contract.TRUMPS
    assert state.pick(Contract.TRUMPS).picking is None
    assert state.pick(Contract.DOMINO).picking is Contract.DOMINO


def test_a_hint_is_waited_for_then_shown():
    waiting = UiState().ask_hint("pos")
    assert waiting.hint_waiting == "pos"
    answered = waiting.answer_hint(None)
    assert (answered.hint_waiting, answered.hint) == (None, None)


@pytest.mark.parametrize(
    ("key", "context", "command"),
    [
        ("Tab", KeyContext(menu_open=True), "trap-focus"),
        ("Tab", KeyContext(), None),
        ("Escape", KeyContext(menu_open=True, in_field=True), "close-menu"),
        ("Escape", KeyContext(last_trick_open=True), "close-last-trick"),
        ("Escape", KeyContext(menu_open=True, elsewhere=True), None),
        ("ArrowRight", KeyContext(), "next-card"),
        ("ArrowLeft", KeyContext(), "previous-card"),
        ("ArrowLeft", KeyContext(in_field=True), None),
        ("ArrowLeft", KeyContext(modifier=True), None),
        ("3", KeyContext(), 2),
        ("0", KeyContext(), None),
        ("3", KeyContext(prompt=True), None),
        ("3", KeyContext(menu_open=True), None),
        ("3", KeyContext(elsewhere=True), None),
        ("x", KeyContext(), None),
    ],
)
def test_keys(key, context, command):
    assert key_command(key, context) == command


def test_arrows_go_round_the_playable_cards():
    codes = ["2C", "5C", "KH"]
    assert neighbour(codes, "KH", forward=True) == 0
    assert neighbour(codes, "2C", forward=False) == 2
    assert neighbour(codes, "5C", forward=True) == 2
    assert neighbour(codes, None, forward=True) == 0
    assert neighbour(codes, "AS", forward=False) == 2
