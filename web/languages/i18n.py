"""Message catalogs: every string a player reads comes from ``web/languages/catalogs/<lang>.json``.

A catalog is a flat JSON object from dotted keys to templates with ``{name}`` fields, filled with
``str.format`` (a whole number written by ``number``: a negative one with U+2212). A message
that depends on a number has one key per CLDR plural category of the language
(``web.languages.plurals``): ``<key>.one`` and ``<key>.other`` in English, ``<key>.one``,
``.few`` and ``.many`` in Russian; ``Catalog.plural`` picks the form. A key written
``<preset>:<key>`` words ``<key>`` in that game only (the club game's Domino is the *Réussite*:
``classic:contract.domino``). The JavaScript boot loader (web/languages/language.js) picks the
language (``?lang=``, else the one the reader chose last, else the browser's languages, else
English) and fetches the catalog, since the loading screen needs it before Python runs; Python
receives the same text and language from it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from web.languages.plurals import category

SUPPORTED = ("fr", "en", "ru", "it")
"""The site's languages, in the order the language menus list them."""
DEFAULT = "en"
NAMES = {"fr": "Français", "en": "English", "ru": "Русский", "it": "Italiano"}
"""Each language's name in itself, as every language menu shows it."""


def number(value: int) -> str:
    """A whole number as people print it: a negative one with the minus sign, U+2212 ("\u22125"),
    never the hyphen-minus; no sign before a positive one. Every number the site shows goes
    through here (a catalog's fields too: ``Catalog.text``)."""
    return f"\u2212{-value}" if value < 0 else str(value)


def shown(value: object) -> object:
    """A message's field as the page shows it: a whole number through ``number``."""
    return number(value) if isinstance(value, int) and not isinstance(value, bool) else value


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
        """The message ``key`` with its ``{fields}`` filled in (a whole number as ``number``
        writes it)."""
        try:
            template = self.messages[key]
        except KeyError:
            raise MissingMessage(f"no message {key!r} in the {self.lang!r} catalog") from None
        if not fields:
            return template
        return template.format(**{k: shown(v) for k, v in fields.items()})

    def plural(self, key: str, count: int, /, **fields: object) -> str:
        """The form of message ``key`` for ``count`` (``key.one``, ``key.few``...: its CLDR
        category in the catalog's language), with ``{count}`` filled in."""
        return self.text(f"{key}.{category(self.lang, count)}", count=count, **fields)

    def for_rules(self, preset: str) -> Catalog:
        """This catalog as the game ``preset`` words it (its ``<preset>:`` keys win)."""
        prefix = f"{preset}:"
        own = {k[len(prefix) :]: v for k, v in self.messages.items() if k.startswith(prefix)}
        return Catalog(self.lang, {**self.messages, **own}) if own else self

    def has(self, key: str) -> bool:
        """Whether the catalog holds ``key``."""
        return key in self.messages
