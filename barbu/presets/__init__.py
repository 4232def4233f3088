"""The presets of RULES.md §7, one module each, and their registry.

A preset is one unit: its module (``standard``, ``classic``, ``fr32``, ``italian``) holds its
builder, its typed options (a frozen dataclass such as ``ItalianOptions``, whose schema,
``Option``, records and the menu read) and, in ``<id>.json`` beside it, what was measured of it
(the bots' declarer baseline). This package assembles them: ``REGISTRY`` in the order the menu
lists them, the former ids (``ALIASES``: ``pagat`` is ``italian``), ``preset(name, options)`` and
``rules_from_record``; nothing else in the engine, the bots or the page names a preset. How the
page words a preset (its name, description, rules-page section) is web/'s, by convention from its
id (``web.languages.presets``).

Decisions recorded here (RULES.md §7):
- The record form of a rules value is its preset's id, or ``{"preset": id, "options": {...}}``
  with the options that differ from the preset's defaults (``Rules.record``, which this registry
  answers: every value ``preset`` builds carries it). The italian preset was ``pagat``: that id
  is still read (records, saves, ``?rules=``, ``--rules``) and means the same game; what is
  written says ``italian``. Options are checked strictly as JSON (``true`` is not ``1``,
  ``-30.0`` is not ``-30``); a default written explicitly is allowed, and left out when written.
- A rules value that is not what its preset builds with its options (a ``dataclasses.replace``d
  one, say) plays, but ``Rules.record`` refuses it: the record would name another game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, replace
from functools import lru_cache
from typing import Any

from ..errors import RuleError, quoted
from ..rules import RecordForm, Rules
from . import classic, fr32, italian, standard
from .options import OPTION_TYPES, NoOptions, Option
from .preset import Preset

PRESET_MODULES = (standard, classic, fr32, italian)
"""The presets' modules, in the order the menu lists them."""


class Registry:
    """Presets by id, with their former ids: how a preset's name and options become rules."""

    def __init__(self, presets: Iterable[Preset[Any]]) -> None:
        self.presets: dict[str, Preset[Any]] = {p.name: p for p in presets}
        self.aliases: dict[str, str] = {
            old: p.name for p in self.presets.values() for old in p.aliases
        }
        self._built = lru_cache(maxsize=64)(self._build)

    def registered(self, name: object) -> Preset[Any]:
        """The entry for a preset's id or former id; ``RuleError`` names a bad one."""
        entry = self.presets.get(self.aliases.get(name, name)) if isinstance(name, str) else None
        if entry is None:
            raise RuleError(
                f"unknown rules {quoted(name)} (known: {', '.join(self.presets)})", "bad-rules"
            )
        return entry

    def _build(self, name: str, chosen: tuple[tuple[str, Any], ...]) -> Rules:
        rules = self.presets[name].rules(chosen)
        return replace(rules, options=chosen, recorder=self.record)

    def preset(self, name: str, options: dict[str, Any] | None = None) -> Rules:
        """The rules of a preset (by id, or a former id) with its options, checked against its
        schema; ``RuleError`` names a bad one."""
        entry = self.registered(name)
        return self._built(entry.name, entry.chosen({} if options is None else options))

    def rules_from_record(self, value: Any) -> Rules:
        """The rules a record names: a preset name, or ``{"preset": name, "options": {...}}``."""
        if isinstance(value, dict):
            extra = sorted(set(value) - {"preset", "options"}, key=str)
            if extra:
                raise RuleError(
                    f"unknown key {quoted(extra[0])} (expected preset and options)", "bad-rules"
                )
            if "preset" not in value:
                raise RuleError('"preset" is missing', "bad-rules")
            return self.preset(value["preset"], value.get("options", {}))
        return self.preset(value)

    def record(self, rules: Rules) -> RecordForm:
        """How records write ``rules``; ``RuleError`` (``bad-rules``) unless ``rules`` is the
        value its preset builds with its options (what a record names must read back as the same
        game)."""
        if rules.name not in self.presets:
            raise RuleError(
                f"cannot write rules named {quoted(rules.name)}: not a preset "
                f"(known: {', '.join(self.presets)})",
                "bad-rules",
            )
        try:
            built = self.preset(rules.name, dict(rules.options))
        except (TypeError, ValueError) as e:  # RuleError, or options that are not pairs
            raise RuleError(
                f"cannot write the {rules.name} rules: bad options {quoted(rules.options)} ({e})",
                "bad-rules",
            ) from None
        if built is not rules and built != rules:
            differ = [
                f.name
                for f in fields(Rules)
                if f.compare and getattr(built, f.name) != getattr(rules, f.name)
            ]
            raise RuleError(
                "cannot write these rules: not a registered preset "
                f"({built.record!r} differs from them in {', '.join(differ)})",
                "bad-rules",
            )
        if not rules.options:
            return rules.name
        return {"preset": rules.name, "options": dict(rules.options)}


PRESETS_REGISTRY = Registry(module.PRESET for module in PRESET_MODULES)
"""The registry of RULES.md §7's presets."""
REGISTRY: dict[str, Preset[Any]] = PRESETS_REGISTRY.presets
"""Every preset of RULES.md §7 by id, in the order the menu lists them: the one place that
names them (the engine, the command lines and the page read it)."""
ALIASES: dict[str, str] = PRESETS_REGISTRY.aliases
"""Former ids and the preset each means (``pagat``: ``italian``, RULES.md §7)."""
PRESET_NAMES = tuple(REGISTRY)
"""The presets' ids, as records write them."""


def registered(name: object) -> Preset[Any]:
    """The entry for a preset's id or former id; ``RuleError`` names a bad one."""
    return PRESETS_REGISTRY.registered(name)


def preset(name: str, options: dict[str, Any] | None = None) -> Rules:
    """The rules of a preset (by id, or a former id) with its options, checked against its
    schema; ``RuleError`` names a bad one."""
    return PRESETS_REGISTRY.preset(name, options)


def rules_from_record(value: Any) -> Rules:
    """The rules a record names: a preset name, or ``{"preset": name, "options": {...}}``."""
    return PRESETS_REGISTRY.rules_from_record(value)


STANDARD = preset("standard")
"""The standard game of RULES.md §1-5."""
CLASSIC = preset("classic")
FR32 = preset("fr32")
ITALIAN = preset("italian")
"""The Italian description, with its options' defaults (id ``pagat`` until RULES.md §7 renamed
it)."""
PAGAT = ITALIAN
"""The former name of ``ITALIAN``."""

PRESETS: dict[str, Rules] = {name: preset(name) for name in PRESET_NAMES}
"""Each preset with its default options, by the id written in records."""

__all__ = [
    "ALIASES",
    "CLASSIC",
    "FR32",
    "ITALIAN",
    "OPTION_TYPES",
    "PAGAT",
    "PRESETS",
    "PRESETS_REGISTRY",
    "PRESET_MODULES",
    "PRESET_NAMES",
    "REGISTRY",
    "STANDARD",
    "NoOptions",
    "Option",
    "Preset",
    "Registry",
    "preset",
    "registered",
    "rules_from_record",
]
