"""Background work of the page: coroutines kept alive until they end, and the live region's
sentences gathered into one announcement."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

__all__ = ["ANNOUNCE_GATHER", "Announcer", "Tasks"]

ANNOUNCE_GATHER = 0.15
"""Seconds during which sentences are gathered into one announcement."""


class Tasks:
    """Coroutines run in the background, each referenced until it ends (asyncio keeps only weak
    references to tasks)."""

    def __init__(self) -> None:
        self._running: set[asyncio.Future[Any]] = set()

    def spawn(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        """Run ``coroutine`` in the background."""
        task = asyncio.ensure_future(coroutine)
        self._running.add(task)
        task.add_done_callback(self._running.discard)


class Announcer:
    """What screen readers hear: the sentences of one moment are said together, once each (at
    instant speed three plays land at once: the last must not hide the others, and nothing said
    is said again)."""

    def __init__(self, tasks: Tasks, say: Callable[[str], None]) -> None:
        self._tasks = tasks
        self._say = say
        self._said: list[str] = []
        self._saying = False

    def announce(self, text: str) -> None:
        """Say ``text`` with whatever else is said in this moment ("" says nothing)."""
        if not text:
            return
        self._said.append(text)
        if not self._saying:
            self._saying = True
            self._tasks.spawn(self._say_soon())

    def forget(self) -> None:
        """Drop what was about to be said (another session is on the table)."""
        self._said = []

    async def _say_soon(self) -> None:
        await asyncio.sleep(ANNOUNCE_GATHER)
        self._saying = False
        said, self._said = self._said, []
        self._say(" ".join(said))
