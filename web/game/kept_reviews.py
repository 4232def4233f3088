"""The expert's reviews kept on this device, each with its deal: a review made once shows again
when that deal is replayed, after a reload too, without being computed again.

They are stored apart from the save (key ``barbu.reviews``), so that the save's format and the
tabs' following of it (``web.game.slot``) are untouched, and so that a review stays with its deal
when the session is kept as the previous one, exported or imported again. The text is JSON:
``{"format": 1, "reviews": [{"deal": <key>, "review": <the review's data>}, ...]}``, oldest
first. Decisions:

- **A deal's key** is a hash of the deal as the engine records it with its block context
  (``barbu.wire.deal_position``): the same hands and the same actions, the same key; a deal
  played otherwise from the same seed is another deal.
- **The review's data** is the worker's own form (``web.model.review.items_data``), read back by
  ``review_items`` with the same checks as the worker's answer: whatever is malformed in it is
  left out.
- **Bounds.** At most ``MAX_REVIEWS`` reviews and ``MAX_CHARS`` characters: the oldest go first.
  A review over ``MAX_ENTRY`` characters is not kept (a deal's is about 2 KB).
- **A damaged text** (not JSON, too deep, another format) is ignored with a notice: it is moved to
  ``barbu.reviews.damaged`` (one copy, the last one), nothing else changes, the game goes on, and
  the next review starts a new list. An entry that is not a review is skipped, and kept as it is
  until newer ones push it out.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from barbu import Deal
from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.wire import deal_position
from web.game.save import SaveStore
from web.model.review import ReviewItem, items_data, review_items

__all__ = [
    "DAMAGED_KEY",
    "KEY",
    "MAX_CHARS",
    "MAX_ENTRY",
    "MAX_REVIEWS",
    "KeptReviews",
    "ReviewShelf",
    "ReviewsDamaged",
    "deal_key",
]

KEY = "barbu.reviews"
DAMAGED_KEY = "barbu.reviews.damaged"
FORMAT = 1
MAX_REVIEWS = 60
"""The most reviews kept (about a session and a half of the standard game)."""
MAX_CHARS = 200_000
"""The longest text stored."""
MAX_ENTRY = 12_000
"""The longest review kept (characters of its data)."""


class ReviewsDamaged(ValueError):
    """The stored reviews are not a list of reviews of this format."""


def deal_key(deal: Deal) -> str:
    """The key a deal's review is kept under: a hash of its record and block context."""
    text = json.dumps(deal_position(deal), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


@dataclass(frozen=True)
class KeptReviews:
    """The reviews kept, oldest first: each entry ``{"deal": key, "review": data}``."""

    entries: tuple[dict[str, Any], ...] = ()

    @classmethod
    def from_text(cls, text: str | None) -> KeptReviews:
        """The reviews stored (none for no text); ``ReviewsDamaged`` if the text is not theirs."""
        if text is None:
            return cls()
        try:
            data = load_json(text, max_chars=MAX_CHARS)
        except JsonRefused as error:
            raise ReviewsDamaged(str(error)) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReviewsDamaged("not the kept reviews of this format")
        reviews = data.get("reviews")
        if not isinstance(reviews, list):
            raise ReviewsDamaged("no list of reviews")
        return cls(tuple(e for e in reviews if isinstance(e, dict)))

    def find(self, deal: Deal) -> tuple[ReviewItem, ...] | None:
        """The review kept for ``deal`` (None: none, or not readable as a review)."""
        key = deal_key(deal)
        for entry in reversed(self.entries):
            if entry.get("deal") == key and isinstance(entry.get("review"), dict):
                items = review_items(entry["review"], len(deal.history))
                return items or None
        return None

    def with_review(self, deal: Deal, items: tuple[ReviewItem, ...]) -> KeptReviews:
        """These reviews and ``deal``'s (in place of an older one of that deal), the oldest
        dropped beyond the bounds; unchanged if the review alone is over ``MAX_ENTRY``."""
        key = deal_key(deal)
        data = items_data(items)
        if len(json.dumps(data, separators=(",", ":"))) > MAX_ENTRY:
            return self
        kept = [e for e in self.entries if e.get("deal") != key]
        kept.append({"deal": key, "review": data})
        kept = kept[-MAX_REVIEWS:]
        while len(kept) > 1 and len(_text(kept)) > MAX_CHARS:
            kept.pop(0)
        return KeptReviews(tuple(kept))

    def to_text(self) -> str:
        """The text stored."""
        return _text(list(self.entries))


def _text(entries: list[dict[str, Any]]) -> str:
    return json.dumps({"format": FORMAT, "reviews": entries}, separators=(",", ":"))


class ReviewShelf:
    """The page's side: the reviews read from the storage, a damaged text set aside (the page
    is told once: ``take_damaged``), each new review written at once."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.damaged = False
        """The stored text could not be read, and the page has not said so yet."""
        self.told = False
        """The page said so once: it does not say it again in this visit."""
        self.blocked = False
        """A damaged text could not be set aside: nothing is written over it."""

    def read(self) -> KeptReviews:
        """The reviews kept now (another tab may have kept one since the last read)."""
        text = self.store.read(KEY)
        try:
            return KeptReviews.from_text(text)
        except ReviewsDamaged:
            self.damaged = True
            self.blocked = text is not None and not self.store.write(text, DAMAGED_KEY)
            if not self.blocked:
                self.store.remove(KEY)
            return KeptReviews()

    def find(self, deal: Deal) -> tuple[ReviewItem, ...] | None:
        """The review kept for ``deal``."""
        return self.read().find(deal)

    def keep(self, deal: Deal, items: tuple[ReviewItem, ...]) -> bool:
        """Keep ``deal``'s review; False if it could not be stored."""
        kept = self.read().with_review(deal, items)
        return not self.blocked and self.store.write(kept.to_text(), KEY)

    def take_damaged(self) -> bool:
        """Whether a damaged text was met since the last call (the page says so)."""
        damaged, self.damaged = self.damaged and not self.told, False
        self.told = self.told or damaged
        return damaged
