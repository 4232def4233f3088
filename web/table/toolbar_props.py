"""The toolbar's props: Take back, Hint, Last trick, Scores, Menu (``web.table.toolbar`` draws
them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from barbu import SessionView
from web.table.table_state import TableState

__all__ = ["HintButton", "ToolbarProps", "hint_button", "take_back_button", "toolbar_props"]

HintButton = Literal["ready", "waiting", "idle", "off"]
"""The Hint button: the player may ask, the expert is thinking, not the player's decision, or
the computer players are not started yet."""


@dataclass(frozen=True)
class ToolbarProps:
    """The toolbar: Take back (None: not offered), Hint (None: hints turned off), Last trick,
    Scores, Menu."""

    take_back: bool | None
    """Whether the player has something to take back."""
    hint: HintButton | None
    has_trick: bool
    last_trick_open: bool
    menu_open: bool


def toolbar_props(view: SessionView, state: TableState) -> ToolbarProps:
    """The toolbar's buttons."""
    return ToolbarProps(
        take_back_button(view, state),
        hint_button(view, state),
        bool(view.deal.tricks),
        state.ui.last_trick_open,
        state.ui.menu_open,
    )


def take_back_button(view: SessionView, state: TableState) -> bool | None:
    """Whether Take back can be pressed (None: not offered: the session is over, or the
    table only shows another tab's game, or a replay, or friends play)."""
    if view.is_over or state.following or state.ui.replaying or state.friends:
        return None
    return state.acted


def hint_button(view: SessionView, state: TableState) -> HintButton | None:
    """The Hint button's state (None: hidden, hints turned off)."""
    if not state.settings.hints:
        return None
    if view.is_over or state.ui.summary is not None or view.deal.to_move != state.seat:
        return "idle"
    if state.ui.hint_waiting is not None:
        return "waiting"
    return "ready" if state.bots_ready else "off"
