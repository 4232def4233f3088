"""A preset as the registry knows it: its id, its builder, its typed options and their schema, its
former ids and what was measured of it.

Decisions:
- The builder receives the preset's options dataclass, every field filled in (the defaults for
  those a record leaves out): ``build(name, ItalianOptions(salad=True))``.
- What was measured of a preset (the bots' declarer baseline) is a JSON file beside its module,
  ``<id>.json``, read with ``pkgutil.get_data``: from the repository, and from the zip of
  compiled modules the page imports (tools/site/build.py puts the data files in it). A preset
  without such a file has measured nothing: the bots fall back on the contract's total.
"""

from __future__ import annotations

import json
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..errors import RuleError, quoted
from ..rules import Rules
from .options import NoOptions, Option, json_text, schema_of

Opts = TypeVar("Opts")


@dataclass(frozen=True)
class Preset(Generic[Opts]):
    """A preset of RULES.md §7: how its rules are built from its options, and its data."""

    name: str
    """The id records, saves and addresses write."""
    build: Callable[[str, Opts], Rules]
    """The rules with this name and these options."""
    options_type: type[Opts] = NoOptions  # type: ignore[assignment]
    """The frozen dataclass of its options (``NoOptions``: none)."""
    aliases: tuple[str, ...] = ()
    """Former ids, still read wherever a preset is named; never written."""
    baseline: Mapping[str, float] = field(default_factory=dict)
    """The declarer's mean raw score per contract on a random hand (the bots' contract choice,
    measured by ``python -m tools.bench.declarer_baseline`` into ``<id>.json``); empty: not
    measured."""
    options: tuple[Option, ...] = field(init=False)
    """The schema of the options, derived from ``options_type``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", schema_of(self.options_type))

    def option(self, name: object) -> Option | None:
        """The option of that name, or None."""
        return next((o for o in self.options if o.name == name), None)

    def chosen(self, options: object) -> tuple[tuple[str, Any], ...]:
        """Options given as a record's ``"options"``, checked against the schema: those that
        differ from their defaults, sorted by name; ``RuleError`` names a bad key or value."""
        if not isinstance(options, dict):
            raise RuleError(f"options must be an object, not {quoted(options)}", "bad-rules")
        if options and not self.options:
            raise RuleError(f"the {self.name} rules take no options", "bad-rules")
        chosen = []
        for key, value in options.items():
            option = self.option(key) if isinstance(key, str) else None
            if option is None:
                known = ", ".join(o.name for o in self.options)
                raise RuleError(f"unknown option {quoted(key)} (known: {known})", "bad-rules")
            if not option.allows(value):
                shown = ", ".join(json_text(v) for v in option.values)
                raise RuleError(
                    f"option {key} cannot be {quoted(value)} (allowed: {shown})", "bad-rules"
                )
            if not option.is_default(value):
                chosen.append((key, value))
        return tuple(sorted(chosen))

    def defaults(self) -> dict[str, Any]:
        """Every option's default value, by name."""
        return {o.name: o.default for o in self.options}

    def rules(self, chosen: tuple[tuple[str, Any], ...]) -> Rules:
        """The rules built with options already checked (``chosen``), the others' defaults."""
        return self.build(self.name, self.options_type(**dict(chosen)))


def declarer_baseline(name: str) -> dict[str, float]:
    """The declarer baseline measured for a preset, from ``<name>.json`` beside its module."""
    data = pkgutil.get_data(__package__ or "barbu.presets", f"{name}.json")
    if data is None:
        raise RuleError(f"no data file for the preset {quoted(name)}", "bad-rules")
    measured: dict[str, float] = json.loads(data)["declarer_baseline"]
    return measured
