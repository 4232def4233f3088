"""The Python side of the computer players' worker (web/runtime/bots-worker.js), off the page's
thread.

The worker starts the same Python as the page (from the same snapshot, when one is kept) and
calls these functions with plain data; only JSON strings cross (see ``barbu.wire``). Once up, it
also compiles PyScript's Python for the page's next start (``compile_code``), so that the page's
main thread never does.
"""

from __future__ import annotations

import asyncio
import gc
import json
import sys
from collections.abc import Callable
from typing import Any

from barbu.bots.service import decide as _decide
from barbu.bots.service import hint as _hint
from barbu.wire import deal_from_position

REVIEW_SECONDS = 30.0
"""The time a whole review may take (``Budget.seconds``: each decision gets its share; the
aim is 15 s for a 13-trick deal on a two-core machine)."""
MASTER_SECONDS = 12.0
"""The master's endgame (``barbu.bots.endgame.SolverEvaluator``) judges a review's decisions while
the whole review, at its pace so far, would end within this; past it the expert's playouts judge
the decisions left (``Budget.strong_seconds``), so that a review keeps within that aim."""


def decide(position_json: str, seat: int, level: str, seed: str | None = None) -> str:
    """The action of a computer player of ``level`` at ``seat``, as JSON."""
    return _answer(_decide, position_json, seat, seed, level=str(level))


def hint(position_json: str, seat: int, seed: str | None = None) -> str:
    """The expert's suggestion for ``seat``, as JSON: from the whole position, or from the
    seat's view alone on a friend's page (``{"view": ...}``, ``web.friends.views``), which
    gives the same suggestion: the computer players decide from the seat's view."""
    position = json.loads(str(position_json))
    if isinstance(position, dict) and "view" in position:
        from barbu import action_to_data
        from barbu.bots import Bot
        from barbu.bots.service import BROWSER_BUDGET
        from web.friends.views import view_from_data

        view = view_from_data(position["view"])
        if view.deal.to_move != seat:
            raise ValueError(f"seat {seat} is not to move")
        seed = None if seed is None else str(seed)
        bot = Bot("expert", seed=seed, budget=BROWSER_BUDGET.get("expert"))
        return json.dumps(action_to_data(bot.decide(view.deal)))
    return _answer(_hint, position_json, seat, seed)


async def review(
    position_json: str,
    seat: int,
    seed: str,
    progress: Callable[[float], Any],
    cancelled: Callable[[], Any],
) -> str:
    """The expert's review of ``seat``'s decisions in the finished deal of the position
    (``barbu.bots.review``), as JSON: judged by the master's endgame where time allows
    (``MASTER_SECONDS``), else by the expert's playouts. One decision at a time: between two,
    the worker reads its messages (a computer player's turn, a cancel). ``progress(share)``
    hears each whole percent; once ``cancelled()`` is true, ``ReviewCancelled`` stops it."""
    # Imported here: on a first visit the page runs this module to decide for the computer
    # players while the worker starts, and the review's modules are not on that way.
    from barbu.bots.endgame import SolverEvaluator
    from barbu.bots.review import Budget, PlayoutEvaluator, Reviewer

    deal = deal_from_position(json.loads(str(position_json)))
    said = [-1]

    def tick(share: float) -> None:
        percent = int(share * 100)
        if percent != said[0]:
            said[0] = percent
            progress(share)

    budget = Budget(seconds=REVIEW_SECONDS, strong_seconds=MASTER_SECONDS)
    reviewer = Reviewer(
        deal,
        int(seat),
        budget,
        SolverEvaluator(),
        seed=str(seed),
        progress=tick,
        cancel=lambda: bool(cancelled()),
        fallback=PlayoutEvaluator(),
    )
    while not reviewer.finished:
        reviewer.step()
        await asyncio.sleep(0)  # the worker's messages are read here
    return json.dumps(reviewer.review().to_data())


def _answer(
    function: Callable[..., Any], position_json: str, seat: int, seed: str | None, **options: Any
) -> str:
    """``function`` of ``barbu.bots.service`` on the page's JSON position, answered in JSON."""
    position = json.loads(str(position_json))
    seed = None if seed is None else str(seed)
    return json.dumps(function(position, int(seat), seed=seed, **options))


def compile_code(sources_json: str) -> bytes:
    """The page's modules that arrive as source (PyScript's, sent by the page as
    ``[[path, text], ...]``) compiled, as a pack for its next start (web/runtime/codecache.py)."""
    from web.runtime.codecache import compile_all, pack, write_sources

    write_sources(json.loads(str(sources_json)))
    return pack(compile_all())


def memory() -> str:
    """What the worker's Python holds now, after a garbage collection, as JSON: its allocated
    memory blocks (0 in Pyodide, whose Python is built without its own allocator) and the
    objects the collector tracks (read by the soak benchmark: a WebAssembly memory never
    shrinks, so its size tells the peak, the objects what is kept)."""
    gc.collect()
    return json.dumps({"blocks": sys.getallocatedblocks(), "objects": len(gc.get_objects())})
