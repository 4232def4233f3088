"""Play on from a moment of a replay: a practice deal against the computer players, which does
not count in the session.

The practice is the engine's own session cut at that moment (``Session.at``: the deals before
it as they were played, that deal after the replay's step), put on the table in place of the
real session, which waits in memory as it was: its ``Game``, names and the summary on screen.
Nothing of the practice is saved (``SessionSlot.held`` is the practice's game: ``Sessions.save``
leaves the save alone while it is on the table), so a reload, a crash or a closed tab find the
real session where it was. The table says "practice" (``#practice``, ``<html data-practice>``)
with the button back; leaving asks nothing, and so does the practice deal's end (its summary's
button goes back too). Another session put on the table meanwhile (new, imported, another tab's)
ends the practice: the real one was never touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from barbu import RuleError
from web.game.engine import Game
from web.game.ports import Closer, Kicker, Slotted
from web.languages.i18n import Catalog
from web.model.replay import Replay
from web.model.state import UiState
from web.table.view import TableView

__all__ = ["Page", "Practice", "practice_session"]


def practice_session(game: Game, number: int, step: int) -> Game:
    """The session of ``game`` cut after ``step`` actions of its deal ``number`` (a finished
    deal, the step before its end): a new ``Game``; ``game`` is not changed. ``RuleError`` if
    there is no such moment."""
    deals = game.session.deals
    deal = deals[number - 1] if 0 < number <= len(deals) else None
    if deal is None or not deal.is_over or not 0 <= step < len(deal.history):
        raise RuleError(f"deal {number} has no step {step} to play on from", "bad-step")
    count = sum(len(d.history) for d in deals[: number - 1]) + step
    session = game.session.at(count)
    if session.number < number:  # cut at a deal's start: that deal is dealt as it was
        session.next_deal(deal.dealt)
    return Game(session)


class Page(Protocol):
    """What the practice needs of the page (``web.game.app.PageController``)."""

    game: Game
    names: list[str]
    catalog: Catalog
    table: TableView

    @property
    def elsewhere(self) -> bool: ...
    @property
    def sessions(self) -> Slotted: ...
    @property
    def players(self) -> Kicker: ...
    @property
    def replays(self) -> Closer: ...

    def put_game(self, game: Game, names: Sequence[str] | None, summary: int | None) -> None: ...
    def redraw(self) -> None: ...
    def take_focus(self) -> None: ...
    def announce(self, text: str) -> None: ...

    @property
    def ui(self) -> UiState: ...


class Practice:
    """The practice deal on ``page``, if any, and the real session waiting."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.game: Game | None = None
        """The practice on the table."""
        self.real: tuple[Game, list[str], int | None] | None = None
        """The real session waiting: its game, names and the summary it showed."""
        self.where: tuple[int, int] = (0, 0)
        """The deal and step the practice started from."""
        self.drawn: tuple[object, ...] | None = None

    @property
    def active(self) -> bool:
        """Whether a practice deal is on the table."""
        return self.game is not None and self.page.game is self.game

    def start(self, replay: Replay) -> None:
        """Play on from ``replay``'s moment (a deal of the session on the table)."""
        page = self.page
        if replay.number is None or page.elsewhere:
            return
        try:
            game = practice_session(page.game, replay.number, replay.step)
        except RuleError:
            return
        if not self.active:
            self.real = (page.game, list(page.names), page.ui.summary)
        page.replays.close()
        self.game = game
        self.where = (replay.number, replay.step)
        page.sessions.slot.held = game
        page.put_game(game, page.names, None)
        page.redraw()
        page.take_focus()
        page.announce(page.catalog.text("practice.started"))
        page.players.kick()

    def leave(self) -> None:
        """Back to the real session, as it was."""
        page, real = self.page, self.real
        if not self.active or real is None:
            return
        self.forget()
        game, names, summary = real
        page.put_game(game, names, summary)
        page.redraw()
        page.take_focus()
        page.announce(page.catalog.text("practice.left"))
        page.players.kick()

    def forget(self) -> None:
        """No practice any more (left, or another session put on the table)."""
        self.game = self.real = None
        self.page.sessions.slot.held = None

    def draw(self) -> None:
        """Show or hide the practice's banner (``TableView.draw_practice``); a practice replaced
        by another session is forgotten."""
        if self.game is not None and not self.active:
            self.forget()
        page = self.page
        state = (self.active, self.where, page.catalog.lang)
        if state == self.drawn or not page.table.built:
            return
        self.drawn = state
        page.table.draw_practice(page.catalog, self.where if self.active else None)
