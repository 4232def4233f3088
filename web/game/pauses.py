"""The pauses of the table: a finished trick left on the table for a moment, then swept to its
winner and gathered; the deal's last trick, then its summary. Each is a coroutine that waits,
then returns the effects to apply (``Later``), or none if the page moved on meanwhile."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from barbu import Trick
from web.game.effects import Effect, Show
from web.game.players import SWEEP, PlayersLoop
from web.model.settings import Settings
from web.model.state import UiState

__all__ = ["Page", "closed_later", "gathered_later"]


class Page(Protocol):
    """What the pauses read of the page (``web.game.app.PageController``)."""

    settings: Settings
    players: PlayersLoop
    table: Any
    """The table's view: ``sweep(winner)`` slides the trick away (False if it cannot)."""

    @property
    def ui(self) -> UiState: ...


async def gathered_later(page: Page, trick: Trick) -> list[Effect]:
    """Leave a finished trick on the table for a moment, then gather it."""
    pause = page.settings.trick_pause
    if pause <= 0:
        return []
    await asyncio.sleep(pause)
    if page.ui.shown_trick is trick and page.table.sweep(trick.winner):
        await asyncio.sleep(SWEEP)
    return [Show(page.ui.gathered(trick))] if page.ui.shown_trick is trick else []


async def closed_later(page: Page, generation: int, number: int) -> list[Effect]:
    """Leave the deal's last trick on the table for a moment, then show the summary."""
    await asyncio.sleep(page.settings.trick_pause)
    trick = page.ui.shown_trick
    if trick is not None and page.table.sweep(trick.winner):
        await asyncio.sleep(SWEEP)
    closed = page.ui.closed(number)
    if generation == page.players.generation and closed is not page.ui:
        return [Show(closed)]
    return []
