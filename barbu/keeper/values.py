"""The values a table types into the keeper, read and checked: seats, names, a stake, counts.

Decisions:
- A value is checked as JSON gives it (``true`` is not a seat, ``1.0`` not a count); a refusal
  names the place it was found and quotes the value, cut short (``barbu.errors.quoted``).
- A stake per point is kept as text in records (a decimal number reads back the same).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from ..errors import quoted
from .errors import miscounted, rule_error

NAME_LIMIT = 24
"""The longest player's name (characters), as the game's settings allow."""
STAKE = re.compile(r"\d{1,9}(\.\d{1,6})?")
"""A stake per point as text: a decimal number, at most 9 digits before the point, 6 after."""


def seat_of(value: Any, where: str) -> int:
    """A seat, 0 to 3 (``bad-seat`` otherwise)."""
    if type(value) is not int or not 0 <= value <= 3:
        raise rule_error(where, f"not a seat (0-3): {quoted(value)}", "bad-seat")
    return value


def names_of(value: Any, where: str = "names") -> tuple[str, ...] | None:
    """Four players' names, each one line of 1 to ``NAME_LIMIT`` characters, or None."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise rule_error(where, f"4 names, one per seat, not {quoted(value)}", "bad-record")
    for seat, name in enumerate(value):
        if (
            not isinstance(name, str)
            or not 0 < len(name) <= NAME_LIMIT
            or not name.isprintable()
            or name != name.strip()
        ):
            raise rule_error(
                f"{where}[{seat}]",
                f"a name is one line of 1 to {NAME_LIMIT} characters, not {quoted(name)}",
                "bad-record",
            )
    return tuple(value)


def stake_of(value: Any, where: str = "stake") -> Decimal | None:
    """What a point is worth: a decimal number (as text, a whole number or a ``Decimal``)."""
    if value is None:
        return None
    text = value
    if (type(value) is int and 0 <= value < 10**9) or isinstance(value, Decimal):
        text = str(value)  # written back as text: it must read back the same
    if type(text) is str and len(text) <= 16 and STAKE.fullmatch(text):
        return Decimal(text)
    raise rule_error(
        where, f"a stake per point is a number such as 0.10, not {quoted(value)}", "bad-record"
    )


def four(value: Any, where: str) -> tuple[Any, ...]:
    """A list of 4 values (one per seat), as a tuple; the values are checked where used."""
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise miscounted(where, f"one count per seat (4), not {quoted(value)}", "bad-count")
    return tuple(value)


def counts_of(value: Any, most: int, where: str, label: str, **params: object) -> tuple[int, ...]:
    """Four whole numbers from 0 to ``most``: each seat's count of something. One beyond
    ``most`` makes more than ``most`` in all: the refusal then gives ``counted`` (the sum) and
    ``needed`` (``most``) with ``params`` (what is counted), as a wrong sum's does."""
    counts = four(value, where)
    for seat, n in enumerate(counts):
        if type(n) is not int or not 0 <= n <= most:
            whole = all(type(c) is int and c >= 0 for c in counts)
            summed = {"counted": sum(counts), "needed": most, **params} if whole else {}
            raise miscounted(
                where,
                f"seat {seat} cannot take {quoted(n)} {label} (0 to {most})",
                "bad-count",
                **summed,
            )
    return counts


__all__ = ["NAME_LIMIT", "STAKE", "counts_of", "four", "names_of", "seat_of", "stake_of"]
