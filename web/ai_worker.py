"""The computer players' worker: runs in its own PyScript worker, off the page's main thread.

Started by the page (``web/bots.py``, PyScript's ``create_named_worker``) with the page's own
configuration, ``./pyscript.toml``: the engine and the UI come in ``modules.zip``, imported from
it as on the page. Only plain data crosses: the position and the answer are JSON strings
(see ``barbu.wire``). Once up, it also compiles PyScript's Python for the page's next start
(``keep_code``), so that the page's main thread never does.
"""

import json
import os
import sys

sys.path.insert(0, os.path.abspath("modules.zip"))  # the engine and the UI (pyscript.toml)

from barbu.bots.service import decide as _decide
from barbu.bots.service import hint as _hint


def decide(position_json, seat, level, seed=None):
    """The action of a computer player of ``level`` at ``seat``, as JSON."""
    return _answer(_decide, position_json, seat, seed, level=str(level))


def hint(position_json, seat, seed=None):
    """The expert's suggestion for ``seat``, as JSON."""
    return _answer(_hint, position_json, seat, seed)


def _answer(function, position_json, seat, seed, **options):
    """``function`` of ``barbu.bots.service`` on the page's JSON position, answered in JSON."""
    position = json.loads(str(position_json))
    seed = None if seed is None else str(seed)
    return json.dumps(function(position, int(seat), seed=seed, **options))


async def keep_code(cache_name, url):
    """Compile the page's modules here and keep them for its next start (web/codecache.py)."""
    from web.codecache import store

    return json.dumps({"stored": await store(str(cache_name), str(url))})


def ping():
    """Whether the worker is up (its answer arrives once Pyodide and the engine are loaded)."""
    return "ready"


__export__ = ["decide", "hint", "keep_code", "ping"]
