"""The computer players, reached in their own worker so that the page never freezes.

The worker (``web/runtime/bots-worker.js``, its Python in ``web/runtime/worker.py``) is started by
the boot loader (web/runtime/boot.js). On a later visit it starts with the page, both restore the
same Python snapshot (web/runtime/runtime.mjs), and the computer players are ready when the table is
drawn. On a first visit it starts once the table is drawn (started with the page, its Python's start
would slow the page's), starts Python normally and keeps the snapshot for the next visits; meanwhile
the page decides for the computer players itself, with the worker's own code, at the levels
whose decisions take a few hundredths of a second (``PAGE_LEVELS``). At the expert level a
computer player whose turn it is waits for the worker, and the table says so.

``service`` is the boot loader's ``barbuBoot.bots``: ``ready`` (a promise, rejected if the
worker failed), ``ask(call, argumentsJson)`` and ``pageDecides()``.
"""

from __future__ import annotations

import json
from typing import Any

from web.runtime.codecache import read_sources

ActionData = str | dict[str, Any]
"""An action as plain data (``barbu.actions.action_to_data``): a card's code, or an object."""

PAGE_LEVELS = ("beginner", "standard")
"""The levels whose decisions the page may take itself while the worker starts: those that play
their cards without sampled playouts (``barbu.bots.SETTINGS``), a few hundredths of a second
per decision in the browser; the expert's can take half a second, too long for the page."""


class ComputerPlayers:
    """The page's side of the worker: wait until it is up, then ask for decisions."""

    def __init__(self, service: Any) -> None:
        self.service = service
        self.ready = False
        """Whether the worker has started and answers."""
        self.error: str | None = None

    async def start(self) -> None:
        """Wait until the worker answers (an exception if it could not start)."""
        await self.service.ready
        self.ready = True

    def can_decide(self, level: str) -> bool:
        """Whether a computer player of ``level`` can decide now: the worker is up, or the page
        decides meanwhile."""
        return self.ready or (self.error is None and level in PAGE_LEVELS)

    async def decide(self, position_json: str, seat: int, level: str, seed: str) -> ActionData:
        """The action the computer player at ``seat`` takes, as plain data (``"QS"`` for a
        card: ``barbu.actions``): decided in the worker, or here while it starts
        (``PAGE_LEVELS``)."""
        data: ActionData
        if self.ready:
            data = await self.ask("decide", position_json, seat, level, seed)
            return data
        if not self.can_decide(level):
            raise RuntimeError("the computer players' worker is not running")
        from web.runtime.worker import decide  # the worker's own code, run here

        data = json.loads(decide(position_json, seat, level, seed))
        return data

    async def hint(self, position_json: str, seat: int, seed: str) -> ActionData:
        """The expert's suggestion for ``seat`` (the player), as plain data."""
        data: ActionData = await self.ask("hint", position_json, seat, seed)
        return data

    def review(self, position_json: str, seat: int, seed: str, progress: Any) -> Any:
        """Start the expert's review of ``seat``'s decisions in a finished deal; ``progress``
        (a JavaScript function) hears its share done. ``{id, answer}``: ``answer`` resolves to
        the review's JSON text; ``cancel(id)`` stops it."""
        arguments = json.dumps([position_json, seat, seed])
        return self.service.askLong("review", arguments, progress)

    def cancel(self, call_id: int) -> None:
        """Stop a review under way (its answer then fails)."""
        self.service.cancel(call_id)

    async def keep_code(
        self, cache_name: str, url: str, sources: list[tuple[str, str]]
    ) -> dict[str, Any]:
        """Have the worker compile the page's modules that arrive as source (PyScript's,
        ``sources`` as ``[(path, text), ...]``) and store them at ``url`` in the cache
        ``cache_name`` (web/runtime/codecache.py); ``{"stored": False}`` when the same bytecode was
        there already."""
        answer: dict[str, Any] = await self.ask("keep_code", cache_name, url, json.dumps(sources))
        return answer

    async def keep_bytecode(self, code: Any, compiled: int, console: Any) -> bool:
        """If this start compiled modules from source (``compiled`` of them), have the worker
        compile them for the next start and keep them (``code``: the boot loader's cache and
        address); whether it stored them. Not kept, the next start compiles again: no loss."""
        if not compiled:
            return False
        try:
            answer = await self.keep_code(code.cache, code.url, read_sources())
        except Exception as error:
            console.warn(f"Barbu: Python bytecode not kept: {error}")
            return False
        return bool(answer["stored"])

    async def ask(self, function: str, *arguments: Any) -> Any:
        """Call one of the worker's functions (web/runtime/worker.py); its JSON answer as data
        (an object, or a string: a card's action)."""
        if not self.ready:
            raise RuntimeError("the computer players' worker is not running")
        answer = await self.service.ask(function, json.dumps(arguments))
        return json.loads(str(answer))
