"""Plural categories of whole numbers, from the CLDR plural rules of each language.

The rules below are CLDR's own text (``supplemental/plurals.xml``, as the browser's
``Intl.PluralRules`` applies them), restricted to whole numbers, where the operands are
``n = i`` (the number), ``v = 0`` (no visible fraction digits) and ``e = 0`` (no compact
exponent). A catalog holds one form of a counted message per category of its language
(``CATEGORIES``): Russian tells ``one`` (1, 21, 101), ``few`` (2–4, 22–24) and ``many`` (0, 5–20,
25–30); French and Italian set exact millions apart (``many``: "1 000 000 de cartes"). The test
``tests/test_plurals.py`` checks every category against the browser engine's ``Intl.PluralRules``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

RULES: dict[str, dict[str, str]] = {
    "en": {"one": "i = 1 and v = 0"},
    "fr": {
        "one": "i = 0,1",
        "many": "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5",
    },
    "it": {
        "one": "i = 1 and v = 0",
        "many": "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5",
    },
    "ru": {
        "one": "v = 0 and i % 10 = 1 and i % 100 != 11",
        "few": "v = 0 and i % 10 = 2..4 and i % 100 != 12..14",
        "many": "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14",
    },
}
"""Per language, each category's CLDR condition; a number that meets none is ``other``."""

CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "fr": ("one", "many", "other"),
    "it": ("one", "many", "other"),
    "ru": ("one", "few", "many"),
}
"""The categories whole numbers fall into, per language: the forms a catalog gives."""

RELATION = re.compile(r"^([nive])(?:%(\d+))?(!=|=)([\d.,]+)$")
"""A relation with its spaces taken out: operand, modulus, operator, values and ranges."""


def _relation(text: str) -> Callable[[int], bool]:
    """One CLDR relation such as ``i % 10 = 2..4`` or ``i = 0,1``, as a test of a whole number."""
    match = RELATION.match(text.replace(" ", ""))
    if match is None:
        raise ValueError(f"unsupported plural relation {text!r}")
    operand, modulus, operator, ranges = match.groups()
    bounds = []
    for part in ranges.split(","):
        low, _, high = part.partition("..")
        bounds.append((int(low), int(high or low)))
    divisor = int(modulus) if modulus else 0
    equal = operator == "="

    def holds(number: int) -> bool:
        value = number if operand in "ni" else 0  # v and e are 0 for a whole number
        if divisor:
            value %= divisor
        return any(low <= value <= high for low, high in bounds) == equal

    return holds


@cache
def _conditions(lang: str) -> tuple[tuple[str, Callable[[int], bool]], ...]:
    """Each category of ``lang`` with its condition: ``or`` of ``and`` of relations."""
    return tuple((name, _condition(rule)) for name, rule in RULES[lang].items())


def _condition(rule: str) -> Callable[[int], bool]:
    """A CLDR condition (``or`` of ``and`` of relations) as a test of a whole number."""
    branches = [
        [_relation(part) for part in branch.split(" and ")] for branch in rule.split(" or ")
    ]
    return lambda number: any(all(holds(number) for holds in branch) for branch in branches)


def category(lang: str, count: int) -> str:
    """The CLDR plural category of the whole number ``count`` in ``lang`` (English's rules for
    a language we do not know)."""
    number = abs(count)
    for name, holds in _conditions(lang if lang in RULES else "en"):
        if holds(number):
            return name
    return "other"
