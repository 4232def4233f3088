"""The statistics page's stores: the entries of the statistics store (IndexedDB, through
web/stats/statsdb.js), the score keeper's games (``web.keeper.store``, localStorage), and the
entries set aside.

Decisions:

- Bad input loses nothing. An entry that does not parse, or that the engine refuses
  (``web.stats.figures.read_entry``), is copied whole to localStorage under
  ``barbu.stats.unreadable.<time>`` (``SaveStore.keep_aside``, as a damaged save or kept game
  is), and only then removed from the statistics store; the page reports each one by its key. If
  the browser refuses to keep it aside, it stays where it was (and is reported again next time).
- An imported file's entries are read the same way: those the engine refuses are kept aside
  too; the others are added (an entry already stored, the same session, is stored once).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.keeper import KeptGame
from web.game.save import SaveStore, Storage
from web.keeper.store import KeeperStore
from web.stats.figures import Entry, StatsRefused, entry_key, read_entry

UNREADABLE_PREFIX = "barbu.stats.unreadable."


class Database(Protocol):
    """The statistics store (web/stats/statsdb.js): each call answers a promise."""

    def put(self, key: str, text: str) -> Any: ...
    def remove(self, key: str) -> Any: ...


@dataclass
class Stored:
    """What the page holds: the entries by key, the kept games, what was set aside."""

    entries: dict[str, Entry] = field(default_factory=dict)
    kept: list[KeptGame] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    """Keys under which unreadable entries (or kept games) were kept aside."""
    refused: list[str] = field(default_factory=list)
    """Why each unreadable entry was refused (in English, for the console)."""
    stuck: int = 0
    """Unreadable entries the browser would not let us keep aside (left where they were)."""

    def ordered(self) -> list[Entry]:
        """The entries by the time they ended."""
        return [e for _, e in sorted(self.entries.items(), key=lambda kv: (kv[1].ended, kv[0]))]


class StatsStore:
    """Reads and writes the statistics; ``failed``: the browser refused to store something."""

    def __init__(self, storage: Storage | None, database: Database) -> None:
        self.slot = SaveStore(storage)
        self.keeper = KeeperStore(storage)
        self.database = database

    @property
    def failed(self) -> bool:
        """Whether the browser refused to keep something aside."""
        return self.slot.failed

    def read(self, pairs: Iterable[tuple[str, str]], stamp: int) -> Stored:
        """The stored entries (``[key, text]`` pairs) and the kept games; what cannot be read is
        kept aside under keys stamped ``stamp``."""
        stored = Stored()
        for key, text in pairs:
            try:
                stored.entries[key] = read_text(text)
            except StatsRefused as error:
                stored.refused.append(str(error))
                if self.keep_aside(stored, text, stamp):
                    self.database.remove(key)
        kept = self.keeper.read(stamp)
        stored.kept = list(kept.games.values())
        stored.set_aside += kept.set_aside
        return stored

    def keep_aside(self, stored: Stored, text: str, stamp: int) -> bool:
        """Keep ``text`` under a key of its own (never over another); whether it was kept."""
        key = self.slot.keep_aside(text, UNREADABLE_PREFIX, stamp, tries=1000)
        if key is None:
            stored.stuck += 1
            return False
        stored.set_aside.append(key)
        return True

    def add(self, stored: Stored, entry: Entry) -> None:
        """Store ``entry`` (once per session)."""
        key = entry_key(entry.record)
        stored.entries[key] = entry
        self.database.put(key, entry_text(entry))

    def unreadable(self, key: str) -> str | None:
        """The text kept aside under ``key``."""
        return self.slot.read(key) if key.startswith(UNREADABLE_PREFIX) else None


def read_text(text: str) -> Entry:
    """An entry from its stored text; ``StatsRefused`` says why not."""
    try:
        data = load_json(text)
    except JsonRefused as error:
        raise StatsRefused(f"not JSON: {error}") from None
    return read_entry(data)


def entry_text(entry: Entry) -> str:
    """An entry as stored."""
    return json.dumps(entry.data(), separators=(",", ":"), ensure_ascii=False)
