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

``Practice`` decides and returns effects (``web.game.effects``): the replay closed, the slot's
held game, the game put on the table, the banner drawn; the controller applies them, and keeps
the practice's own state through ``Practise`` (``Practice.practise``).
"""

from __future__ import annotations

from typing import Protocol

from barbu import RuleError
from web.game.effects import (
    Announce,
    Banner,
    CloseReplay,
    Effect,
    Hold,
    Kick,
    Practise,
    Practising,
    Put,
    Redraw,
    TakeFocus,
)
from web.game.engine import Game
from web.languages.i18n import Catalog
from web.model.replay import Replay
from web.model.state import UiState

__all__ = ["Page", "Practice"]


class Page(Protocol):
    """What the practice reads of the page (``web.game.app.PageController``): nothing here is
    written; the effects returned say what changes."""

    game: Game
    names: list[str]
    catalog: Catalog

    @property
    def elsewhere(self) -> bool: ...
    @property
    def ui(self) -> UiState: ...


class Practice:
    """The practice deal on ``page``, if any, and the real session waiting."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.now: Practising | None = None
        """The practice on the table and the real session waiting, if any."""
        self.where: tuple[int, int] = (0, 0)
        """The deal and step the last practice started from."""
        self.drawn: tuple[object, ...] | None = None

    @property
    def active(self) -> bool:
        """Whether a practice deal is on the table."""
        return self.now is not None and self.page.game is self.now.game

    def practise(self, now: Practising | None) -> None:
        """The practice is ``now`` (the controller applies ``Practise``)."""
        self.now = now
        if now is not None:
            self.where = now.where

    def start(self, replay: Replay) -> list[Effect]:
        """Play on from ``replay``'s moment (a deal of the session on the table)."""
        page = self.page
        if replay.number is None or page.elsewhere:
            return []
        try:
            game = page.game.cut(replay.number, replay.step)
        except RuleError:
            return []
        names = tuple(page.names)
        real = (page.game, names, page.ui.summary)
        if self.active and self.now is not None:
            real = self.now.real
        return [
            CloseReplay(),
            Practise(Practising(game, real, (replay.number, replay.step))),
            Hold(game),
            Put(game, names, None),
            Redraw(),
            TakeFocus(),
            Announce(page.catalog.text("practice.started")),
            Kick(),
        ]

    def leave(self) -> list[Effect]:
        """Back to the real session, as it was."""
        if not self.active or self.now is None:
            return []
        game, names, summary = self.now.real
        return [
            *self.forget(),
            Put(game, names, summary),
            Redraw(),
            TakeFocus(),
            Announce(self.page.catalog.text("practice.left")),
            Kick(),
        ]

    def forget(self) -> list[Effect]:
        """No practice any more (left, or another session put on the table)."""
        return [Practise(None), Hold(None)]

    def draw(self, built: bool) -> list[Effect]:
        """Show or hide the practice's banner, if the table is ``built`` and the banner changed;
        a practice replaced by another session is forgotten."""
        effects = self.forget() if self.now is not None and not self.active else []
        active = self.active
        state = (active, self.where, self.page.catalog.lang)
        if state == self.drawn or not built:
            return effects
        self.drawn = state
        return [*effects, Banner(self.where if active else None)]
