"""What each region of the table shows, built in one place from the engine's view and the UI state.

``table_props(view, state)`` turns the seat's ``SessionView`` (``web.game.engine.Game.view()``) and
the controller's ``TableState`` into one frozen value per region. A region is redrawn when its value
differs from the one drawn last (``web.table.view``): every field a region reads is in its
props, so nothing can be drawn stale, and nothing else is, so nothing is redrawn for nothing.
The props hold facts (seats, cards, contracts, catalog keys), never words nor nodes: the regions
put them into words with the catalog.

Each region's props and their builder are a module of their own, named for the region
(``toolbar_props``, ``status_props``, ``seat_props``, ``centre_props``, ``hand_props``,
``menu_props``, ``scores_props``), over ``table_state`` (``TableState``, ``Notice``, ``Turn``);
this module gathers them.
"""

from __future__ import annotations

from dataclasses import dataclass

from barbu import SessionView
from web.table.centre_props import CentreProps, centre_props
from web.table.hand_props import HandProps, hand_props
from web.table.menu_props import MenuProps, menu_props
from web.table.scores_props import ScoresProps, scores_props
from web.table.seat_props import SeatProps, seat_props
from web.table.status_props import StatusProps, status_props
from web.table.table_state import TableState
from web.table.toolbar_props import ToolbarProps, toolbar_props

__all__ = ["TableProps", "table_props"]


@dataclass(frozen=True)
class TableProps:
    """Every region's props."""

    toolbar: ToolbarProps
    status: StatusProps
    seats: tuple[SeatProps, ...]
    centre: CentreProps
    hand: HandProps
    menu: MenuProps | None
    """None while the menu is closed (it is not redrawn then)."""
    scores: ScoresProps


def table_props(view: SessionView, state: TableState) -> TableProps:
    """Every region's props, from seat 0's view and the UI state."""
    return TableProps(
        toolbar=toolbar_props(view, state),
        status=status_props(view, state),
        seats=tuple(seat_props(seat, view, state) for seat in range(4)),
        centre=centre_props(view, state),
        hand=hand_props(view, state),
        menu=menu_props(view, state) if state.ui.menu_open else None,
        scores=scores_props(view, state),
    )
