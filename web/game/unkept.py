"""What the game page could not keep: a storage write the browser refused (its storage full, a
``QuotaExceededError``; storage turned off), said to the player once, and taken back once a
later write of the same kind goes through.

Every write of the game page to ``localStorage`` goes through one store, the save slot's
(``web.game.slot.SessionSlot.store``, a ``WatchedStore``): the save after every action, the
previous session kept aside, the settings, the kept reviews. The statistics entry of a finished
session goes to IndexedDB (``web.stats.record``) and is watched here too (``retried``).
Decisions (the whole list of the site's writes, and what a refusal costs: docs/ARCHITECTURE.md,
"A full disk"):

- **Nothing in play is lost.** A refused write changes nothing stored: the key keeps its last
  good text (``setItem`` stores all of a text or none of it), and the page goes on from what it
  holds in memory.
- **Said once.** Each kind of write has its own notice, naming what could not be kept; it shows
  at the first refusal and is not shown again, even dismissed, while the writes of that kind
  keep failing (the save is written after every action: a notice per card would bury the
  table).
- **Tried again.** The save, the settings and the reviews are written again at their next
  change (the save after the next action); the statistics entry, written once when the session
  ends, is sent again after ``RETRY_DELAYS``. The first write of a kind that goes through takes
  its notice away: what it said is no longer true.
- The unreadable saves set aside (``barbu.save.unreadable.<time>``) and the damaged reviews'
  copy have notices of their own (``web.game.slot``, ``web.game.kept_reviews``): they are not
  watched here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from web.game.effects import Dismiss, Effect, Notify
from web.game.kept_reviews import KEY as REVIEWS_KEY
from web.game.save import PREVIOUS_KEY, SAVE_KEY, SETTINGS_KEY, SaveStore, Storage

__all__ = ["NOTICES", "RETRY_DELAYS", "WatchedStore", "kind_of"]

NOTICES = {
    "save-failed": "notice.save_failed",
    "previous-failed": "notice.previous_failed",
    "settings-failed": "notice.settings_failed",
    "review-failed": "notice.review_failed",
    "stats-failed": "notice.stats_failed",
}
"""Each kind of write watched → the catalog's notice that it could not be kept (the kind is also
the notice's class, ``[data-notice=KIND]``)."""

KEYS = {
    SAVE_KEY: "save-failed",
    PREVIOUS_KEY: "previous-failed",
    SETTINGS_KEY: "settings-failed",
    REVIEWS_KEY: "review-failed",
}
"""The ``localStorage`` keys watched, and their kind."""

RETRY_DELAYS = (30.0, 60.0, 120.0, 300.0, 600.0)
"""Seconds before each new try of a write made once (the statistics entry); then it is given up
(the notice stays)."""


def kind_of(key: str) -> str | None:
    """The kind of write that ``key`` is (None: not watched)."""
    return KEYS.get(key)


class WatchedStore(SaveStore):
    """The save slot's store: each write of a watched key that the browser refuses is said once
    (``heard``, the page's ``apply``), and taken back by the first of its kind that goes through."""

    def __init__(self, storage: Storage | None) -> None:
        super().__init__(storage)
        self.heard: Callable[[Sequence[Effect]], None] | None = None
        """Where the notices go (the page's ``apply``); None: nowhere yet."""
        self.told: set[str] = set()
        """The kinds whose refusal the page has said, and that have not been written since."""

    def write(self, text: str, key: str = SAVE_KEY) -> bool:
        """Store ``text`` (``SaveStore.write``), and say what could not be kept."""
        written = super().write(text, key)
        kind = kind_of(key)
        if kind is not None:
            self.outcome(kind, written)
        return written

    def outcome(self, kind: str, written: bool) -> None:
        """A write of ``kind`` went through (its notice, if shown, goes) or was refused (said,
        unless it was already)."""
        effects: list[Effect] = []
        if written and kind in self.told:
            self.told.discard(kind)
            effects.append(Dismiss(kind))
        elif not written and kind not in self.told:
            self.told.add(kind)
            effects.append(Notify(kind, NOTICES[kind]))
        if effects and self.heard is not None:
            self.heard(effects)

    async def retried(
        self,
        kind: str,
        send: Callable[[], Awaitable[object]],
        delays: Sequence[float] = RETRY_DELAYS,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> list[Effect]:
        """Make a write that answers whether it was stored (``send``, awaited), and if it was
        refused say so and make it again after each of ``delays``; no effects left over (those
        said are said as they come)."""
        for delay in (*delays, None):
            try:
                written = bool(await send())
            except Exception:  # the promise rejected: the same as a refusal
                written = False
            self.outcome(kind, written)
            if written or delay is None:
                break
            await sleep(delay)
        return []
