"""A seat's props: its name, roles, total and what it did in this deal (``web.table.seats`` draws
them)."""

from __future__ import annotations

from dataclasses import dataclass

from barbu import Card, Phase, SessionView
from web.table.centre_props import is_domino
from web.table.table_state import Names, Seats, TableState

__all__ = ["SeatProps", "seat_props"]


@dataclass(frozen=True)
class SeatProps:
    """A seat: its name, roles, total and what it did in this deal."""

    seat: int
    names: Names
    declarer: int
    dealer: bool
    moving: bool
    thinking: bool
    total: int
    place: int | None
    """Domino: the place it went out in."""
    passes: bool
    """Domino: it passed since its last card."""
    tricks: int | None
    """Tricks won, in a trick contract."""
    cards: int | None
    """Cards left in hand, a computer player's."""
    doubled: Seats | None
    """Whom it doubled in this deal's doubling round, once its turn came (``()``: it passed)."""
    owed: int
    """Doubles of the declarer it still owes."""
    captured: tuple[Card, ...]
    person: str | None = None
    """A person plays the seat at a friends' table: their state (``connected``...)."""
    me: int = 0
    """The player's seat, drawn at the bottom."""


def seat_props(seat: int, view: SessionView, state: TableState) -> SeatProps:
    """One seat."""
    deal = view.deal
    domino = is_domino(deal)
    playing = deal.phase in (Phase.PLAY, Phase.DONE) and deal.contract is not None
    out = seat in deal.out_order
    doubling = deal.phase is Phase.DOUBLING or (deal.phase is Phase.PLAY and not deal.played)
    doubled = None
    if doubling and seat in deal.double_order[: deal.double_turns]:
        doubled = tuple(b for a, b in deal.doubles if a == seat)
    return SeatProps(
        seat=seat,
        names=state.names,
        declarer=deal.declarer,
        dealer=seat == deal.dealer,
        moving=deal.to_move == seat and state.ui.summary is None and not view.is_over,
        thinking=state.ui.thinking == seat,
        total=view.totals[seat],
        place=deal.out_order.index(seat) + 1 if playing and domino and out else None,
        passes=playing and domino and not out and seat in state.ui.passed,
        tricks=deal.tricks_won[seat] if playing and not domino else None,
        cards=deal.hand_sizes[seat] if playing and seat != state.seat else None,
        me=state.seat,
        person=dict(state.people).get(seat),
        doubled=doubled,
        owed=deal.still_owed[seat],
        captured=deal.captured[seat] if deal.contract is not None and not domino else (),
    )
