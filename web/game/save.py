"""The saved session in the browser's storage: written after every action, read on load.

The save (key ``barbu.save``) is JSON: ``{"format": 1, "record": <the engine's session record>,
"names": [4 names], "summary": <number of a finished deal whose summary is still on screen, or
null>}``, and for a friends' table this page hosts ``"friends": <its seats and secrets>``
(``web.game.hosting``). Decisions:

- The save is one value under one key, written by one ``setItem``: the slot holds the old text
  or the new one, never a mix. ``format`` numbers the save's layout; 1 is the only one so far.
  The record inside has its own format (``barbu.records``): a save holding a format-1 record is
  read, and written back with a format-2 record.
- The engine keeps a finished deal current until the next is dealt: ``summary`` says whether the
  player still has its summary on screen; a save between deals without it (the player had gone
  on before the next deal was recorded, as format-1 records left it out) deals the next deal.
- A save that cannot be read, whatever the reason (not JSON, too deep, another format, a record
  the engine refuses) is never overwritten nor lost: it is moved to
  ``barbu.save.unreadable.<time>``, and the page says so and offers it as a download.
- Only the tab that plays writes the slot, and never over another tab's save (``web.game.tabs``,
  ``PageController.save``).
- Opening another session (``?seed=`` of another session, "new session", an import) keeps the
  previous save under ``barbu.save.previous``, from which the player can take it back.
- A browser that refuses to store (private mode, full storage) does not stop the game: the page
  reports it once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json

SAVE_KEY = "barbu.save"
PREVIOUS_KEY = "barbu.save.previous"
UNREADABLE_PREFIX = "barbu.save.unreadable."
SETTINGS_KEY = "barbu.settings"
FORMAT = 1


class Storage(Protocol):
    """The part of the Web Storage API used here (``localStorage``, or a dict-backed fake)."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


class UnreadableSave(ValueError):
    """A stored save that is not a save of this format."""


@dataclass(frozen=True)
class Saved:
    """A save as read back: the record and what the page adds to it."""

    record: dict[str, Any]
    names: tuple[str, ...] | None
    summary: int | None
    friends: dict[str, Any] | None = None
    """The friends' table this page hosts (``web.game.hosting``), or None."""

    def to_json(self) -> str:
        """The text stored."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "record": self.record,
            "names": list(self.names) if self.names else None,
            "summary": self.summary,
        }
        if self.friends is not None:
            data["friends"] = self.friends
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Saved:
        """Read a save; ``UnreadableSave`` says what is wrong (the record itself is not checked)."""
        try:
            data = load_json(text)  # bounded: a deep or huge text must not kill the page
        except JsonRefused as error:
            raise UnreadableSave(str(error)) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise UnreadableSave("not a Barbu save of this format")
        record = data.get("record")
        if not isinstance(record, dict):
            raise UnreadableSave("the save holds no session record")
        names = data.get("names")
        if not (
            isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names)
        ):
            names = None
        summary = data.get("summary")
        if isinstance(summary, bool) or not isinstance(summary, int):
            summary = None
        friends = data.get("friends")
        if friends is not None and not isinstance(friends, dict):
            raise UnreadableSave("the friends' table is not an object")
        return cls(record, tuple(names) if names else None, summary, friends)


class SaveStore:
    """Reads and writes the save; ``failed`` tells whether the browser refused to store."""

    def __init__(self, storage: Storage | None) -> None:
        self.storage = storage
        self.failed = False

    def read(self, key: str = SAVE_KEY) -> str | None:
        """The stored text under ``key``, or None."""
        if self.storage is None:
            return None
        try:
            text = self.storage.getItem(key)
        except Exception:  # a browser that forbids storage raises on access
            self.failed = True
            return None
        # JavaScript's null arrives in Python as ``jsnull`` (not None): only a string is a value.
        return text if isinstance(text, str) else None

    def write(self, text: str, key: str = SAVE_KEY) -> bool:
        """Store ``text``; False (and ``failed``) if the browser refused."""
        if self.storage is None:
            self.failed = True
            return False
        try:
            self.storage.setItem(key, text)
        except Exception:  # quota exceeded, storage disabled
            self.failed = True
            return False
        return True

    def remove(self, key: str) -> None:
        """Forget ``key`` (ignoring a browser that refuses)."""
        if self.storage is not None:
            try:
                self.storage.removeItem(key)
            except Exception:
                self.failed = True

    def set_aside(self, text: str, stamp: int) -> str | None:
        """Move an unreadable save to a key of its own, never overwriting one; returns the key."""
        key = self.keep_aside(text, UNREADABLE_PREFIX, stamp)
        if key is not None:
            self.remove(SAVE_KEY)
        return key

    def keep_aside(self, text: str, prefix: str, stamp: int, tries: int = 100) -> str | None:
        """Store ``text`` under ``prefix`` and ``stamp`` (then ``-2``, ``-3``... up to ``tries``),
        never over a key in use; the key, or None if the browser refused."""
        key = f"{prefix}{stamp}"
        for n in range(2, tries):
            if self.read(key) is None:
                break
            key = f"{prefix}{stamp}-{n}"
        return key if self.write(text, key) else None

    def keep_previous(self) -> bool:
        """Copy the current save to ``barbu.save.previous`` before another session replaces it."""
        text = self.read()
        return text is not None and self.write(text, PREVIOUS_KEY)

    def settings_text(self) -> str | None:
        """The stored settings."""
        return self.read(SETTINGS_KEY)

    def write_settings(self, text: str) -> None:
        """Store the settings."""
        self.write(text, SETTINGS_KEY)


def local_storage(window: Any) -> Any:
    """The page's localStorage, or None where the browser forbids it (it raises on access)."""
    try:
        return window.localStorage
    except Exception:
        return None


def record_seed(record: Any) -> int | None:
    """The seed of a session record, when it has one."""
    seed = record.get("seed") if isinstance(record, dict) else None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None
