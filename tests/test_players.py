"""The computer players' loop (web.game.players), without a browser: it reads the page and hands
what it decides to the controller's ``apply`` as effects (web.game.effects); here a page that
records them, and carries out the few the loop's next step reads (the UI state taken or shown,
an action applied), as the controller would."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from barbu import action_to_data
from tests.helpers import run
from web.game.effects import Apply, Effect, Mark, Measure, PlayersFailed, Settled, Show, Take
from web.game.engine import Game
from web.game.players import PlayersLoop
from web.game.tasks import Tasks
from web.model.seats import HUMAN
from web.model.settings import Settings
from web.model.state import UiState


class Bots:
    """The computer players' client: it plays each seat's first legal action, or fails."""

    def __init__(self, game: Game, ready: bool = True, fails: bool = False) -> None:
        self.game, self.ready, self.fails = game, ready, fails

    def can_decide(self, level: str) -> bool:
        return self.ready

    async def decide(self, position: str, seat: int, level: str, seed: str) -> Any:
        if self.fails:
            raise RuntimeError("the worker died")
        return action_to_data(self.game.replayable().legal_actions()[0])


@dataclass
class Page:
    """The page as the loop reads it; ``apply`` records the effects and carries out a few."""

    game: Game
    bots: Any
    ui: UiState = field(default_factory=UiState)
    settings: Settings = field(default_factory=lambda: Settings(speed="instant"))
    elsewhere: bool = False
    effects: list[Effect] = field(default_factory=list)

    def apply(self, effects: Sequence[Effect]) -> None:
        for effect in effects:
            self.effects.append(effect)
            if isinstance(effect, Show | Take):
                self.ui = effect.ui
            elif isinstance(effect, Apply):
                self.game.apply(effect.action)

    def computer_plays(self, seat: int) -> bool:
        return seat != HUMAN  # no friend at this table


def a_bots_turn() -> Game:
    """A session where a computer player is to act first."""
    for seed in range(1, 50):
        game = Game.new(seed)
        if game.replayable().to_move not in (None, HUMAN):
            return game
    raise AssertionError("no seed where a computer player acts first")


def test_a_computer_players_turn_is_timed_then_its_thinking_dropped_and_its_action_applied():
    game = a_bots_turn()
    seat = game.replayable().to_move
    assert seat is not None
    action = game.replayable().legal_actions()[0]
    page = Page(game, Bots(game), ui=UiState().think(seat))
    run(PlayersLoop(page, Tasks()).bot_turn(seat, 0))
    assert page.effects == [
        Mark("barbu:bot-ask"),
        Measure("barbu:bot-decision", "barbu:bot-ask"),
        Take(UiState().think(seat).think(None)),
        Apply(action, "barbu:bot-action"),
    ]


def test_an_answer_of_another_generation_is_dropped():
    game = a_bots_turn()
    seat = game.replayable().to_move
    assert seat is not None
    page = Page(game, Bots(game))
    loop = PlayersLoop(page, Tasks())
    run(loop.bot_turn(seat, loop.generation - 1))
    assert page.effects == []


def test_without_a_worker_the_loop_shows_who_thinks_and_stops():
    game = a_bots_turn()
    seat = game.replayable().to_move
    page = Page(game, Bots(game, ready=False))
    run(PlayersLoop(page, Tasks()).advance())
    assert page.effects == [Show(UiState().think(seat)), Settled()]


def test_a_dead_worker_stops_the_loop_and_is_said():
    game = a_bots_turn()
    page = Page(game, Bots(game, fails=True))
    run(PlayersLoop(page, Tasks()).advance())
    failed, settled = page.effects[-2:]
    assert isinstance(failed, PlayersFailed) and str(failed.error) == "the worker died"
    assert settled == Settled() and page.effects[0] == Mark("barbu:bot-ask")


def test_the_loop_plays_the_computer_players_until_the_player_is_due():
    game = a_bots_turn()
    page = Page(game, Bots(game), settings=Settings(speed="instant", autoplay=False))
    run(PlayersLoop(page, Tasks()).advance())
    applied = [e for e in page.effects if isinstance(e, Apply)]
    assert applied and all(e.mark == "barbu:bot-action" for e in applied)
    assert page.effects[-1] == Settled()
    assert page.game.replayable().to_move == HUMAN
