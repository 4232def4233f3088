"""A preset's options: a frozen dataclass of typed fields with defaults, and the schema of
RULES.md §7 derived from it.

Decisions:
- A preset declares its options once, as a frozen dataclass (``ItalianOptions``): a field is a
  ``bool``, a ``Literal`` of whole numbers (``Literal[-20, -30]``) or a ``Literal`` of words with
  ``None`` for none (``Literal[None, "trumps", "domino"]``); its default is the preset's value
  without the option. The builder receives that dataclass, typed; records, the command lines and
  the menu read the schema (``Option``) derived from it, in the fields' order; the values in the
  order the ``Literal`` lists them.
- Every check raises ``RuleError`` (``bad-rules``), never ``assert`` (``python -O`` strips it):
  a dataclass that is no schema when the registry reads it, and a record's options at once.
- Options are checked strictly as JSON: ``true`` is not ``1``, ``-30.0`` is not ``-30``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin, get_type_hints

from ..errors import RuleError, quoted

OPTION_TYPES: dict[str, tuple[type, ...]] = {
    "bool": (bool,),
    "int": (int,),
    "choice": (str, type(None)),
}
"""What each type of option allows, as JSON values: ``true``/``false``, a whole number (never a
``true``, never ``-30.0``), or one of a list of words (``null`` for none)."""


def same_json(a: object, b: object) -> bool:
    """Equal as JSON values: ``True`` is not ``1`` and ``-30.0`` is not ``-30``."""
    return type(a) is type(b) and a == b


def json_text(value: object) -> str:
    """A value as JSON writes it (``null``, ``true``, ``-30``, ``trumps``), for messages."""
    if value is None:
        return "null"
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Option:
    """One option of a preset (RULES.md §7): what records write, what the menu offers."""

    name: str
    """The option's key in a record's ``"options"`` (its field's name)."""
    type: str
    """``bool``, ``int`` or ``choice`` (see ``OPTION_TYPES``)."""
    values: tuple[Any, ...]
    """The values allowed, in the order the menu lists them."""
    default: Any
    """The value the preset has without the option (one of ``values``); records leave it out."""

    def allows(self, value: object) -> bool:
        """Whether ``value`` is one of this option's values, as JSON (``1`` is not ``true``)."""
        return any(same_json(value, v) for v in self.values)

    def is_default(self, value: object) -> bool:
        """Whether ``value`` is the default, as JSON."""
        return same_json(value, self.default)


def schema_of(options: type) -> tuple[Option, ...]:
    """The schema a frozen options dataclass declares, field by field; ``RuleError`` if it is
    not one (a field of another type, without a default, or whose default is not allowed)."""
    if not dataclasses.is_dataclass(options):
        raise RuleError(f"options must be a dataclass, not {quoted(options)}", "bad-rules")
    if not options.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise RuleError(f"options {options.__name__} must be frozen", "bad-rules")
    hints = get_type_hints(options)
    return tuple(_option(f, hints[f.name]) for f in dataclasses.fields(options))


def _option(field: dataclasses.Field[Any], hint: object) -> Option:
    """One field's option: its type of option and values from its annotation."""
    if hint is bool:
        values: tuple[Any, ...] = (False, True)
    elif get_origin(hint) is Literal:
        values = get_args(hint)
    else:
        values = ()
    kind = next(
        (
            k
            for k, allowed in OPTION_TYPES.items()
            if values and all(type(v) in allowed for v in values)
        ),
        None,
    )
    if kind is None:
        raise RuleError(
            f"option {field.name}: a bool, or a Literal of whole numbers or of words "
            f"(None for none), not {hint}",
            "bad-rules",
        )
    option = Option(field.name, kind, values, field.default)
    if field.default is dataclasses.MISSING or not option.allows(field.default):
        shown = ", ".join(json_text(v) for v in values)
        raise RuleError(
            f"option {field.name}: its default must be one of {shown}, not {quoted(field.default)}",
            "bad-rules",
        )
    return option


@dataclass(frozen=True)
class NoOptions:
    """The options of a preset that has none."""
