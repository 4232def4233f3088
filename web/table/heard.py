"""What the page hears, read from the DOM: a click on a button of the table, a change of a field,
a key, each turned into a plain value (``Click``, ``Change``, ``Key``) for the controller's events
(``web.game.events``), which map them to its calls without touching a node.

The view knows the page's selectors (``CHOICES``: the buttons that name what they do) and reads
what the controller needs: a button's ``data-*`` attributes, a field's value, whether a box is
checked, the file chosen, where the focus is. The nodes themselves cross only as opaque handles
(the button that opened something gets the focus back, a note goes beside a button).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from web.components.browser import attribute

__all__ = ["CHOICES", "Change", "Click", "Key", "read_change", "read_click", "read_key"]

CHOICES = "[data-card], [data-contract], [data-trump], [data-rank], [data-double], [data-action]"
"""The table's buttons, each naming what it does in one attribute."""

FIELDS = ("input", "select", "textarea")
"""The elements that keep their keys (typing, choosing in a list)."""


@dataclass(frozen=True)
class Click:
    """A click (or Enter/Space) on a button of the table: its ``data-*`` attributes (each
    button names what it does in one of them), whether it is disabled, and the button itself."""

    data: tuple[tuple[str, str], ...]
    disabled: bool = False
    node: Any = field(default=None, compare=False)
    """The button, as an opaque handle (the focus goes back to it, a note goes beside it)."""

    def get(self, name: str) -> str | None:
        """The button's attribute ``name`` (``data-...``), or None when it has none."""
        return next((value for key, value in self.data if key == name), None)


@dataclass(frozen=True)
class Change:
    """A field of the page changed: its ``data-setting``, its value, whether it is checked (a
    box), and the first file chosen (an import), if any."""

    setting: str
    value: str = ""
    checked: bool = False
    file: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class Key:
    """A key pressed: its name, whether Ctrl, Meta or Alt is held, whether Shift is, and
    whether the focus is in a field (which keeps its keys)."""

    key: str
    modifier: bool = False
    shift: bool = False
    in_field: bool = False


def read_click(event: Any) -> Click | None:
    """The button of the table a click landed on (None: on none)."""
    target = event.target.closest(CHOICES)
    if not target:
        return None
    names = [str(name) for name in target.getAttributeNames()]
    data = tuple(
        (name, value)
        for name in names
        if name.startswith("data-") and (value := attribute(target, name)) is not None
    )
    return Click(data, bool(target.hasAttribute("disabled")), target)


def read_change(event: Any) -> Change:
    """The field a change event comes from, as a ``Change``."""
    target = event.target
    files = getattr(target, "files", None)
    return Change(
        attribute(target, "data-setting") or "",
        str(getattr(target, "value", "") or ""),
        bool(getattr(target, "checked", False)),
        files.item(0) if files and files.length else None,
    )


def read_key(event: Any, focused_tag: str) -> Key:
    """A keydown event as a ``Key`` (``focused_tag``: the focused element's tag, lower case)."""
    return Key(
        str(event.key),
        bool(event.ctrlKey or event.metaKey or event.altKey),
        bool(event.shiftKey),
        focused_tag in FIELDS,
    )
