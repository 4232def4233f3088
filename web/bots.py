"""The computer players, reached in their own PyScript worker so that the page never freezes.

The worker (``web/ai_worker.py``) boots a second Pyodide with the engine and answers
``decide(position_json, seat, level, seed)`` with an action as JSON (``barbu.bots.service``).
The page starts it itself once its first screen is interactive (``start()``): started with the
page, its runtime downloads would compete with the page's own and slow the first screen. While it
boots (a few seconds) a computer player simply waits, and the table says so; the player can
already look at his hand or choose his contract.
"""

from __future__ import annotations

import json
from typing import Any

WORKER_NAME = "ai"
WORKER_SCRIPT = "./web/ai_worker.py"
WORKER_CONFIG = "./pyscript.toml"


class ComputerPlayers:
    """The page's side of the worker: start it once, then ask for decisions."""

    def __init__(self) -> None:
        self.worker: Any = None
        self.starting: Any = None
        self.error: str | None = None

    @property
    def ready(self) -> bool:
        """Whether the worker has booted and answers."""
        return self.worker is not None

    async def start(self) -> None:
        """Start the worker (same configuration as the page: the engine comes with it) and
        wait until it answers."""
        from pyscript import create_named_worker  # only in the browser

        self.worker = await create_named_worker(
            src=WORKER_SCRIPT, name=WORKER_NAME, config=WORKER_CONFIG
        )

    async def decide(self, position_json: str, seat: int, level: str, seed: str) -> dict:
        """The action the computer player at ``seat`` takes, as plain data."""
        return await self.ask("decide", position_json, seat, level, seed)

    async def hint(self, position_json: str, seat: int, seed: str) -> dict:
        """The expert's suggestion for ``seat`` (the player), as plain data."""
        return await self.ask("hint", position_json, seat, seed)

    async def keep_code(self, cache_name: str, url: str) -> dict:
        """Have the worker compile the page's modules that arrive as source (PyScript's) and
        store them at ``url`` in the cache ``cache_name`` (web/codecache.py);
        ``{"stored": False}`` when the same bytecode was there already."""
        return await self.ask("keep_code", cache_name, url)

    async def ask(self, function: str, *arguments: Any) -> dict:
        """Call one of the worker's exported functions; its JSON answer as plain data."""
        if self.worker is None:
            raise RuntimeError("the computer players' worker is not running")
        answer = await getattr(self.worker, function)(*arguments)
        return json.loads(str(answer))
