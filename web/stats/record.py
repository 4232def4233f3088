"""What the game page does for the statistics: when a session against the computer players ends
(its last deal finished), store its entry (``web.stats.figures.entry_data``: the session record,
the computer players' level, when it ended) in the statistics store (IndexedDB,
web/stats/statsdb.js, reached through ``barbuBoot.recordStats``). The store is written in the
background; a browser that refuses it (its storage full) loses nothing of the game: the page says
so and sends the entry again later (``web.game.unkept``).
"""

from __future__ import annotations

import json
from typing import Any

from web.stats.figures import entry_data, entry_key

__all__ = ["record_finished"]


def record_finished(boot: Any, record: dict[str, Any], level: str, ended: int) -> Any:
    """Store the finished session ``record``'s entry; the store's answer (a promise of whether
    it was stored)."""
    text = json.dumps(entry_data(record, level, ended), separators=(",", ":"))
    return boot.recordStats(entry_key(record), text)
