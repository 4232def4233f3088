"""The computer players' loop: while one of them is to act, ask the worker for its decision and
apply it, at the pace the player chose; also the player's only legal card, auto-played when he
asked for it.

The loop is one coroutine at a time (``kick`` starts it if none runs). Each session put on the
table, and each change of the tab that plays, starts a new *generation*: an answer or a pause
that ends in another generation is dropped, so nothing lands on the wrong session.

The loop reads the page (``Table``) and changes nothing of it: what it decides, between two
awaits (a pause, the worker's answer), are effects (``web.game.effects``) handed to the
controller's ``apply``, which alone carries them out.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Protocol

from barbu import Phase
from web.game.bots import ComputerPlayers
from web.game.effects import Apply, Effect, Mark, Measure, PlayersFailed, Settled, Show, Take
from web.game.engine import Game, action_from_data
from web.game.tasks import Tasks
from web.model.seats import HUMAN
from web.model.settings import Settings
from web.model.state import UiState

__all__ = ["SWEEP", "PlayersLoop", "Table"]

SWEEP = 0.2
"""Seconds a finished trick takes to slide to its winner (web/game/style.css, .trick.sweep)."""


class Table(Protocol):
    """What the loop reads of the page (``web.game.app.PageController``): nothing here is
    written; the effects handed to ``apply`` say what changes."""

    game: Game
    bots: ComputerPlayers

    @property
    def elsewhere(self) -> bool:
        """Whether another tab plays the game (this one only shows it)."""

    @property
    def ui(self) -> UiState: ...
    @property
    def settings(self) -> Settings: ...

    def apply(self, effects: Sequence[Effect]) -> None:
        """Carry out the loop's effects, in their order."""

    def computer_plays(self, seat: int) -> bool:
        """Whether a computer player chooses for ``seat`` (not the player's, not a friend's)."""


class PlayersLoop:
    """Plays the computer players' turns of the session on ``table``."""

    def __init__(self, table: Table, tasks: Tasks) -> None:
        self.table = table
        self.tasks = tasks
        self.generation = 0
        self.running = False

    def new_generation(self) -> None:
        """Drop every pending answer and pause (another session, or another tab plays)."""
        self.generation += 1

    @property
    def can_play(self) -> bool:
        """Whether a computer player can decide now (in the worker, or in the page while the
        worker starts: web.game.bots)."""
        return self.table.bots.can_decide(self.table.settings.level)

    def kick(self) -> None:
        """Let the computer players act if it is their turn (or auto-play the player's card)."""
        if not self.running and not self.table.elsewhere:
            self.tasks.spawn(self.advance())

    def bot_to_move(self) -> bool:
        """Whether a computer player is to act now (no summary waiting for the player)."""
        table = self.table
        seat = table.game.to_move
        return (
            seat is not None
            and table.computer_plays(seat)
            and table.ui.summary is None
            and not table.ui.replaying
            and not table.game.is_over
        )

    async def advance(self) -> None:
        """Play the computer players' turns until the player or a summary is due."""
        if self.running:
            return
        self.running = True
        generation = self.generation
        try:
            await self._turns(generation)
        except Exception as error:  # a bug or a dead worker: tell the player, keep the page
            self.table.apply([PlayersFailed(error)])
        else:
            if self.can_play and self.bot_to_move():
                # The loop ended while a computer player still has to act: another session was
                # put on the table meanwhile, or the player played the card auto-play was about
                # to play. A kick() made then found this loop still running: resume now.
                self.tasks.spawn(self.advance_soon())
        finally:
            self.running = False
            table = self.table
            if generation == self.generation and table.ui.thinking is not None and self.can_play:
                table.apply([Show(table.ui.think(None))])
            table.apply([Settled()])

    async def _turns(self, generation: int) -> None:
        table = self.table
        while (
            generation == self.generation
            and not table.game.is_over
            and table.ui.summary is None
            and not table.ui.replaying
        ):
            seat = table.game.to_move
            if seat is None:
                break
            if seat == HUMAN:
                await self.autoplay(generation)
                break
            if not table.computer_plays(seat):  # a friend's turn: the referee hears it
                break
            if not self.can_play:  # waits for the worker; connect_bots() resumes the loop
                table.apply([Show(table.ui.think(seat))])
                break
            await self.bot_turn(seat, generation)

    async def bot_turn(self, seat: int, generation: int) -> None:
        """One computer player's action, decided in the worker (or by the page while the worker
        starts: web.game.bots)."""
        table = self.table
        settings = table.settings
        if settings.bot_delay > 0:
            table.apply([Show(table.ui.think(seat))])
        if table.ui.shown_trick is not None and settings.trick_pause > 0:
            await asyncio.sleep(settings.trick_pause + SWEEP)  # the trick gathered first
        elif settings.bot_delay > 0:
            await asyncio.sleep(settings.bot_delay)
        if generation != self.generation or table.game.to_move != seat:
            return  # another session, or another turn, came during the pause
        position, bot_seed = table.game.position_json(), table.game.bot_seed()
        table.apply([Mark("barbu:bot-ask")])
        data = await table.bots.decide(position, seat, table.settings.level, bot_seed)
        table.apply([Measure("barbu:bot-decision", "barbu:bot-ask")])  # read by tests
        if generation != self.generation or table.game.to_move != seat:
            return
        table.apply([Take(table.ui.think(None))])
        table.apply([Apply(action_from_data(data), "barbu:bot-action")])
        if not table.settings.bot_delay:
            await asyncio.sleep(0)  # let the page paint and hear the player between actions

    async def autoplay(self, generation: int) -> None:
        """Make the player's only legal action for him, when he asked for it: his only card
        (after a short pause, so that he sees it go), or a doubling turn with nothing to choose
        (the declarer whom nobody doubled may only pass: no prompt to tap through)."""
        table = self.table
        game = table.game
        phase = game.phase
        if not table.settings.autoplay or phase not in (Phase.PLAY, Phase.DOUBLING):
            return
        legal = game.legal_actions()
        if len(legal) != 1:
            return
        played = game.played
        pause = max(table.settings.bot_delay, 0.3) if phase is Phase.PLAY else 0
        await asyncio.sleep(pause)
        if (
            generation == self.generation
            and table.game is game
            and game.to_move == HUMAN
            and game.phase is phase
            and game.played == played
            and table.ui.summary is None
        ):
            table.apply([Apply(legal[0])])
            self.tasks.spawn(self.advance_soon())

    async def advance_soon(self) -> None:
        """Resume the loop once the current one has ended."""
        await asyncio.sleep(0)
        self.kick()
