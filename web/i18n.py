"""Message catalogs: every string a player reads comes from ``web/i18n/<lang>.json``.

A catalog is a flat JSON object from dotted keys to templates with ``{name}`` fields, filled with
``str.format``. A message that depends on a number has two keys, ``<key>.one`` and
``<key>.other``, chosen by ``Catalog.plural`` with each language's rule (French counts 0 and 1 as
singular, English only 1). A key written ``<preset>:<key>`` words ``<key>`` in that game only
(the club game's Domino is the *Réussite*: ``classic:contract.domino``). The JavaScript boot
loader picks the language (``?lang=``, else the browser's languages, else English) and fetches
the catalog, since the loading screen needs it before Python runs; Python receives the same
text and language from it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

SUPPORTED = ("en", "fr")
DEFAULT = "en"
SINGULAR = {"en": (1,), "fr": (0, 1)}
"""The counts that take the singular form, per language."""


def other_language(lang: str) -> str:
    """The language the page offers to switch to."""
    return SUPPORTED[1] if lang == SUPPORTED[0] else SUPPORTED[0]


class MissingMessage(KeyError):
    """A key that the catalog lacks: a bug in the UI or the catalog, never the player's doing."""


@dataclass(frozen=True)
class Catalog:
    """The messages of one language."""

    lang: str
    messages: Mapping[str, str]

    @classmethod
    def from_json(cls, lang: str, text: str) -> Catalog:
        """Read a catalog from the text of its JSON file."""
        messages = json.loads(text)
        if not isinstance(messages, dict):
            raise ValueError(f"catalog {lang!r} is not a JSON object")
        return cls(lang, messages)

    def text(self, key: str, /, **fields: object) -> str:
        """The message ``key`` with its ``{fields}`` filled in."""
        try:
            template = self.messages[key]
        except KeyError:
            raise MissingMessage(f"no message {key!r} in the {self.lang!r} catalog") from None
        return template.format(**fields) if fields else template

    def plural(self, key: str, count: int, /, **fields: object) -> str:
        """The message ``key.one`` or ``key.other`` for ``count``, with ``{count}`` filled in."""
        form = "one" if count in SINGULAR.get(self.lang, (1,)) else "other"
        return self.text(f"{key}.{form}", count=count, **fields)

    def for_rules(self, preset: str) -> Catalog:
        """This catalog as the game ``preset`` words it (its ``<preset>:`` keys win)."""
        prefix = f"{preset}:"
        own = {k[len(prefix) :]: v for k, v in self.messages.items() if k.startswith(prefix)}
        return Catalog(self.lang, {**self.messages, **own}) if own else self

    def has(self, key: str) -> bool:
        """Whether the catalog holds ``key``."""
        return key in self.messages
