"""The score sheet's and diagram's props (``web.table.scores`` draws them)."""

from __future__ import annotations

from dataclasses import dataclass

from barbu import DealSummary, SessionView
from web.table.table_state import Names, TableState

__all__ = ["ScoresProps", "scores_props"]


@dataclass(frozen=True)
class ScoresProps:
    """The score sheet and diagram."""

    names: Names
    history: tuple[DealSummary, ...]
    totals: tuple[int, ...]
    current: int
    deals: int
    per_block: int
    doubling: bool = True
    """Whether the rules have doubles (else the sheet's key says nothing of them)."""


def scores_props(view: SessionView, state: TableState) -> ScoresProps:
    """The score sheet and diagram."""
    return ScoresProps(
        state.names,
        view.sheet,
        view.totals,
        view.number,
        view.deals,
        view.deals // view.blocks,
        view.deal.rules.doubling,
    )
