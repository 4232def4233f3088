"""The score keeper's games in the browser's storage: several kept at once, and the names.

One key, ``barbu.keeper``, holds JSON: ``{"format": 1, "games": {id: <kept game's record>},
"current": id or null, "names": [4 names] or null}``; each record is ``KeptGame.record()``
(barbu/keeper/record.py: the session record without cards). Decisions, as the game's save
(web/game/save.py):

- Written whole by one ``setItem`` after every change: the key holds the old text or the new.
- Bad input loses nothing. A text that is not this store (not JSON, too deep, another format)
  is moved whole to ``barbu.keeper.unreadable.<time>`` and the keeper starts empty; a single
  game whose record the engine refuses is moved alone to such a key and the others are kept.
  The page reports each one set aside, by its key.
- The names typed for a game are kept for the next one (``names``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from barbu import RuleError
from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.keeper import KeptGame
from web.game.save import SaveStore, Storage

KEY = "barbu.keeper"
UNREADABLE_PREFIX = "barbu.keeper.unreadable."
FORMAT = 1


@dataclass
class Kept:
    """What the store holds, as read: the games by id, the current one, the names."""

    games: dict[str, KeptGame] = field(default_factory=dict)
    current: str | None = None
    names: tuple[str, ...] | None = None
    set_aside: list[str] = field(default_factory=list)
    """The keys under which unreadable data was moved while reading."""


class KeeperStore:
    """Reads and writes the kept games (``failed``: the browser refused to store)."""

    def __init__(self, storage: Storage | None) -> None:
        self.slot = SaveStore(storage)

    @property
    def failed(self) -> bool:
        """Whether the browser refused to store something."""
        return self.slot.failed

    def read(self, stamp: int) -> Kept:
        """The kept games; what cannot be read is set aside under keys stamped ``stamp``."""
        text = self.slot.read(KEY)
        kept = Kept()
        if text is None:
            return kept
        try:
            data = _data(text)
        except ValueError:
            kept.set_aside += self._aside(text, stamp)
            self.slot.remove(KEY)
            return kept
        for key, record in data["games"].items():
            try:
                kept.games[str(key)] = KeptGame.from_record(record)
            except (RuleError, TypeError, ValueError):
                kept.set_aside += self._aside(json.dumps(record), stamp)
        current = data.get("current")
        kept.current = current if current in kept.games else None
        kept.names = _names(data.get("names"))
        if kept.set_aside:
            self.write(kept)
        return kept

    def _aside(self, text: str, stamp: int) -> list[str]:
        """Keep ``text`` under a key of its own, never over another; the key, if stored."""
        key = self.slot.keep_aside(text, UNREADABLE_PREFIX, stamp, tries=1000)
        return [] if key is None else [key]

    def write(self, kept: Kept) -> bool:
        """Store every game, the current one and the names; False if the browser refused."""
        data = {
            "format": FORMAT,
            "games": {key: game.record() for key, game in kept.games.items()},
            "current": kept.current,
            "names": list(kept.names) if kept.names else None,
        }
        return self.slot.write(json.dumps(data, separators=(",", ":"), ensure_ascii=False), KEY)

    def unreadable(self, key: str) -> str | None:
        """The text set aside under ``key``."""
        return self.slot.read(key) if key.startswith(UNREADABLE_PREFIX) else None


def _data(text: str) -> dict[str, Any]:
    """The store's JSON, checked for its shape; ``ValueError`` if it is not this store."""
    try:
        data = load_json(text)
    except JsonRefused as error:
        raise ValueError(str(error)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not the score keeper's store of this format")
    if not isinstance(data.get("games"), dict):
        raise ValueError("the store holds no games")
    return data


def _names(value: Any) -> tuple[str, ...] | None:
    """Four names, or None."""
    if isinstance(value, list) and len(value) == 4 and all(isinstance(n, str) for n in value):
        return tuple(value)
    return None
