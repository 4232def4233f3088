"""The computer players, reached in their own PyScript worker so that the page never freezes.

The worker (``web/ai_worker.py``, ``<script type="py" worker name="ai">`` in the page) boots a
second Pyodide with the engine and answers ``decide(position_json, seat, level, seed)`` with an
action as JSON (``barbu.bots.service``). It starts with the page; until it is ready a computer
player simply waits (the table shows it), while the player can already look at his hand or
choose his contract.
"""

from __future__ import annotations

import json
from typing import Any

WORKER_NAME = "ai"


class ComputerPlayers:
    """The page's side of the worker: connect once, then ask for decisions."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.worker: Any = None
        self.registry: Any = None
        self.error: str | None = None

    @property
    def ready(self) -> bool:
        """Whether the worker has booted and answers."""
        return self.worker is not None

    def present(self) -> bool:
        """Whether the page declares the worker at all."""
        return bool(self.document.querySelector(f'script[type="py"][worker][name="{WORKER_NAME}"]'))

    def prepare(self) -> None:
        """Import PyScript's worker registry now, while the page boots (it takes a while)."""
        from pyscript import workers  # only in the browser

        self.registry = workers

    async def connect(self) -> None:
        """Wait for the worker to boot (about as long as the page's own Python)."""
        if self.registry is None:
            self.prepare()
        self.worker = await self.registry[WORKER_NAME]

    async def decide(self, position_json: str, seat: int, level: str, seed: str) -> dict:
        """The action the computer player at ``seat`` takes, as plain data."""
        if self.worker is None:
            await self.connect()
        answer = await self.worker.decide(position_json, seat, level, seed)
        return json.loads(str(answer))
