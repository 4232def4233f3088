"""The first visit's table, taken over: the build drew a first deal and the boot loader showed it
before Python started (web/runtime/first-table.js, ``barbuBoot.first``); the player may have
chosen a contract on it meanwhile.

The page opens the session of that seed (``query``), puts the page's table skeleton back
(``clear``) just before drawing its own table in the same task, so that no frame shows anything
in between, then applies the player's choice as if it were made now (``hand_over``): the same
engine action, through the same prompts. ``<html data-table="live">`` then says the engine has
the table (on every visit).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from web.game.choices import Choices
from web.game.effects import Effect
from web.table.view import TableView

__all__ = ["FirstTable", "with_seed"]


class Page(Protocol):
    """What the hand-over needs of the page (``web.game.app.PageController``)."""

    choices: Choices
    table: TableView

    @property
    def seed(self) -> int | None: ...

    def apply(self, effects: Sequence[Effect]) -> None: ...


def with_seed(query: str, seed: int) -> str:
    """The address query asking for the session ``seed`` too."""
    rest = query.lstrip("?")
    return f"?{rest}&seed={seed}" if rest else f"?seed={seed}"


class FirstTable:
    """The build's table, if the boot loader showed one (``boot.first``)."""

    def __init__(self, boot: Any) -> None:
        first = getattr(boot, "first", None)
        self.js = first if first is not None and bool(first.shown) else None

    @property
    def seed(self) -> int | None:
        """The seed of the deal shown, or None (no build's table)."""
        return int(self.js.seed) if self.js is not None else None

    def query(self, query: str) -> str:
        """The query to open the session with: the shown deal's seed, if any."""
        return query if self.seed is None else with_seed(query, self.seed)

    def clear(self) -> None:
        """Put the page's table skeleton back in place of the build's table."""
        if self.js is not None:
            self.js.restore()

    def choice(self) -> dict[str, str]:
        """What the player chose on the build's table: ``contract``, and ``trump`` or ``rank``."""
        text = str(self.js.choice or "") if self.js is not None else ""
        data = json.loads(text) if text else {}
        return {k: str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def hand_over(self, page: Page) -> None:
        """Draw the scores now, as the build's table had them (the page draws them in a task of
        their own, which would show them empty for a frame); apply the player's choice to the
        session of the shown seed (another session, found saved by then, ignores it);
        ``<html data-table="live">``."""
        if self.js is not None:
            page.table.flush_scores()
        choice = self.choice()
        if choice.get("contract") and page.seed == self.seed:
            page.apply(page.choices.pick_contract(choice["contract"]))
            if "trump" in choice:
                page.apply(page.choices.name_trump(choice["trump"]))
            elif "rank" in choice:
                page.apply(page.choices.name_rank(choice["rank"]))
        page.table.mark_root("data-table", "live")
