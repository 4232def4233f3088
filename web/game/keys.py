"""Keyboard play, decided without a browser: arrows move between the playable cards, a digit
plays one, Escape closes the menu or the last trick, Tab stays inside the open menu; in a
replay, the arrows step, Home and End go to the start and the end, Escape goes back to the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = ["REPLAY_KEYS", "KeyCommand", "KeyContext", "key_command", "neighbour"]

KeyCommand = Literal[
    "trap-focus",
    "close-menu",
    "close-last-trick",
    "next-card",
    "previous-card",
    "replay-forward",
    "replay-back",
    "replay-home",
    "replay-end",
    "replay-close",
]
"""What a key does (an ``int``: play the playable card of that index)."""

REPLAY_KEYS: dict[str, KeyCommand] = {
    "ArrowRight": "replay-forward",
    "ArrowLeft": "replay-back",
    "Home": "replay-home",
    "End": "replay-end",
    "Escape": "replay-close",
}
"""The keys of a replay: a step forward or back, the start, the end, back to the game."""


@dataclass(frozen=True)
class KeyContext:
    """What a key's meaning depends on."""

    in_field: bool = False
    """The focus is in a text field or a list (which keeps its keys)."""
    modifier: bool = False
    """Ctrl, Meta or Alt is held (the browser's shortcuts)."""
    menu_open: bool = False
    last_trick_open: bool = False
    elsewhere: bool = False
    """Another tab plays: this one only shows the game."""
    prompt: bool = False
    """A choice (contract, doubles) is asked in the centre: digits do not play cards then."""
    replay: bool = False
    """A replay shows: the arrows, Home and End step through it, Escape closes it."""


def key_command(key: str, context: KeyContext) -> KeyCommand | int | None:
    """What ``key`` does in ``context`` (None: nothing, the browser's own handling)."""
    if context.replay:
        return None if context.in_field or context.modifier else REPLAY_KEYS.get(key)
    if key == "Tab" and context.menu_open:
        return "trap-focus"
    if key == "Escape" and not context.elsewhere:  # from anywhere, a menu field too
        if context.menu_open:
            return "close-menu"
        return "close-last-trick" if context.last_trick_open else None
    if context.in_field or context.modifier or context.elsewhere:
        return None
    if key == "ArrowRight":
        return "next-card"
    if key == "ArrowLeft":
        return "previous-card"
    if key.isdigit() and key != "0" and not context.menu_open and not context.prompt:
        return int(key) - 1
    return None


def neighbour(codes: Sequence[str | None], current: str | None, forward: bool) -> int:
    """The index of the playable card after (or before) ``current``, going round; from outside
    the hand, the first (or the last)."""
    if current in codes:
        return (codes.index(current) + (1 if forward else -1)) % len(codes)
    return 0 if forward else len(codes) - 1
