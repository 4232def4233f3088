"""The status line's props: where the session stands, the contract, the turn, the hint, the
doubles (``web.table.status`` draws them)."""

from __future__ import annotations

from dataclasses import dataclass

from barbu import Action, Contract, Phase, Rank, SessionView, Suit
from web.table.table_state import Names, TableState, Turn, turn_of

__all__ = ["StatusProps", "status_props"]


@dataclass(frozen=True)
class StatusProps:
    """The status line: where the session stands, the contract, the turn, the hint, the
    doubles."""

    number: int
    block: int
    blocks: int
    deals: int
    deals_left: int
    declarer: int
    contract: Contract | None
    trump: Suit | None
    start_rank: Rank | None
    doubles: tuple[tuple[int, int], ...]
    doubling: bool
    """Whether the rules have doubles (else no doubles map)."""
    names: Names
    turn: Turn
    hint: Action | None
    hint_note: str | None = None
    """Why the Hint button waits (a catalog key), once the player tapped it."""
    me: int = 0
    """The player's seat, drawn at the bottom."""


def status_props(view: SessionView, state: TableState) -> StatusProps:
    """The status line."""
    deal = view.deal
    return StatusProps(
        number=view.number,
        block=view.block,
        blocks=view.blocks,
        deals=view.deals,
        deals_left=deal.deals_left - (deal.phase is Phase.DONE),  # this one is played
        declarer=deal.declarer,
        contract=deal.contract,
        trump=deal.trump,
        start_rank=deal.start_rank,
        doubles=deal.doubles,
        doubling=deal.rules.doubling,
        names=state.names,
        turn=turn_of(view, state),
        hint=state.ui.hint,
        hint_note=state.ui.hint_note,
        me=state.seat,
    )
