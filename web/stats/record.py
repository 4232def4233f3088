"""What the game page does for the statistics: when a session against the computer players ends
(its last deal finished), store its entry (``web.stats.figures.entry_data``: the session record,
the computer players' level, when it ended) in the statistics store (IndexedDB,
web/stats/statsdb.js, reached through ``barbuBoot.recordStats``). The store is written in the
background; a browser that refuses it (its storage full) loses nothing of the game: the game page
says so and sends the entry again later (``web.game.unkept``).
"""

from __future__ import annotations

import json
from typing import Any

from web.stats.figures import entry_data, entry_key

__all__ = ["finished_entry", "record_finished"]


def record_finished(boot: Any, record: dict[str, Any], level: str, ended: int) -> str:
    """Store the finished session ``record``'s entry; its key."""
    key, text = finished_entry(record, level, ended)
    boot.recordStats(key, text)
    return key


def finished_entry(record: dict[str, Any], level: str, ended: int) -> tuple[str, str]:
    """The finished session ``record``'s entry: its key and its text, as stored."""
    return entry_key(record), json.dumps(entry_data(record, level, ended), separators=(",", ":"))
