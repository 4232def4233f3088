"""What a region draws: the children of its container, and the container's own attributes and
classes, which follow the same props."""

from __future__ import annotations

from typing import Any, NamedTuple


class Content(NamedTuple):
    """A region's drawing: ``nodes`` replace the container's children, then ``attributes`` are
    set on it and ``classes`` switched on or off."""

    nodes: tuple[Any, ...]
    attributes: tuple[tuple[str, str], ...] = ()
    classes: tuple[tuple[str, bool], ...] = ()
