"""What a Python memory snapshot holds: every module the page, the computer players' worker,
the rules pages' demos and the score keeper import, already imported (web/runtime/runtime.mjs,
``keepSnapshot``).

The snapshot is taken in the computer players' worker, right after a normal start, before
anything of the page exists: a module imported here must not touch JavaScript when imported
(no ``js``, no ``pyscript``: those hold browser objects that a snapshot cannot carry). Ours get
the browser's objects as arguments, never at import. PyScript's own package does import ``js``,
so it stays out; the standard modules it imports come in.
"""

from __future__ import annotations

import gc
import importlib

MODULES = (
    # the page (web/game/main.py imports web.game.app, which imports the rest of the UI)
    "web.game.app",
    # the computer players, in their worker and, lazily, the expert's hint
    "web.runtime.worker",
    "barbu.bots.service",
    "barbu.bots.review",
    "barbu.bots.endgame",
    # the rules pages' demos, in their worker (web/runtime/demos-worker.js)
    "web.demos",
    "web.demos.settlement",
    "web.demos.may_i_play",
    "web.demos.domino",
    "web.demos.first_deal",
    # the score keeper (web/keeper/keeper.js)
    "web.keeper.app",
    # the statistics page (web/stats/stats.js), and the game's entry when a session ends
    "web.stats.app",
    "web.stats.record",
    # the bytecode kept for PyScript's package (web/runtime/codecache.py)
    "web.runtime.codecache",
    # the standard modules PyScript's own package imports at each start
    "asyncio",
    "base64",
    "html",
    "inspect",
    "json",
)


def prepare() -> None:
    """Import every module of ``MODULES``, then leave no garbage in the snapshot."""
    for name in MODULES:
        importlib.import_module(name)
    gc.collect()
