"""The score sheet and the score diagram as plain data (pure Python, tested in CPython).

The page draws these: ``sheet_rows`` gives one row per finished deal, with each player's deal
score and the doubles he made, like marks on a paper sheet; ``diagram`` gives the geometry of the
running totals across the session's deals (an SVG drawn by ``web.components.scores``). No score is
computed here: the numbers are the engine's (``DealSummary.final``), only added up for the running
totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from barbu import Contract, DealSummary, Rank, Suit


@dataclass(frozen=True)
class Mark:
    """A double made by the cell's player on that deal: whom, and whether it was mutual."""

    target: int
    mutual: bool


@dataclass(frozen=True)
class SheetRow:
    """One finished deal on the score sheet."""

    number: int
    declarer: int
    contract: Contract
    trump: Suit | None
    start_rank: Rank | None
    scores: tuple[int, ...]
    marks: tuple[tuple[Mark, ...], ...]
    total: int


def marks_of(doubles: Sequence[tuple[int, int]]) -> tuple[tuple[Mark, ...], ...]:
    """For each seat, the doubles it made (a redouble is the declarer's double back: mutual)."""
    made = set(doubles)
    return tuple(
        tuple(Mark(b, (b, a) in made) for a_, b in sorted(made) if a_ == a) for a in range(4)
    )


def sheet_rows(history: Sequence[DealSummary]) -> list[SheetRow]:
    """Rows of the score sheet from the engine's ``DealSummary`` list."""
    return [
        SheetRow(
            h.number,
            h.declarer,
            h.contract,
            h.trump,
            h.start_rank,
            tuple(h.final),
            marks_of(h.doubles),
            sum(h.final),
        )
        for h in history
    ]


def running_totals(history: Sequence[DealSummary]) -> list[tuple[int, ...]]:
    """The four totals before the first deal (zeros) and after each finished deal."""
    totals: list[tuple[int, ...]] = [(0, 0, 0, 0)]
    for h in history:
        totals.append(tuple(t + s for t, s in zip(totals[-1], h.final, strict=True)))
    return totals


NICE_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


def nice_step(span: int, lines: int = 4) -> int:
    """A round grid step giving about ``lines`` intervals over ``span`` points."""
    for step in NICE_STEPS:
        if span / step <= lines:
            return step
    return NICE_STEPS[-1]


@dataclass(frozen=True)
class Diagram:
    """Geometry of the score diagram, in SVG user units (pixels)."""

    width: int
    height: int
    plot: tuple[int, int, int, int]
    """left, top, right, bottom of the plotting area."""
    deal_x: tuple[float, ...]
    """x of deal k (0: the start, before deal 1) for k = 0..deals."""
    y_ticks: tuple[tuple[int, float], ...]
    """(value, y) of each horizontal grid line."""
    lines: tuple[tuple[tuple[float, float], ...], ...]
    """each seat's points (x, y), from the start to the last finished deal."""
    blocks: tuple[float, ...]
    """x of the boundaries between blocks."""

    def y_of(self, value: int) -> float:
        """The y of a total (linear between the grid lines)."""
        (v0, y0), (v1, y1) = self.y_ticks[0], self.y_ticks[-1]
        return y0 if v1 == v0 else y0 + (value - v0) * (y1 - y0) / (v1 - v0)


def diagram(
    history: Sequence[DealSummary], deals: int, block: int, step: int = 34, height: int = 190
) -> Diagram:
    """The running totals of ``history`` laid out across ``deals`` columns ``step`` apart."""
    left, right, top, bottom = 48, 18, 12, 28
    width = left + step * deals + right
    totals = running_totals(history)
    values = [v for row in totals for v in row]
    low, high = min(values), max(values)
    grid = nice_step(max(high - low, 20))
    low = (low // grid) * grid
    high = -((-high) // grid) * grid
    if high == low:
        high = low + grid
    plot_bottom = height - bottom

    def y(value: int) -> float:
        return round(plot_bottom - (value - low) * (plot_bottom - top) / (high - low), 1)

    deal_x = tuple(float(left + step * k) for k in range(deals + 1))
    return Diagram(
        width=width,
        height=height,
        plot=(left, top, left + step * deals, plot_bottom),
        deal_x=deal_x,
        y_ticks=tuple((v, y(v)) for v in range(low, high + 1, grid)),
        lines=tuple(
            tuple((deal_x[k], y(row[seat])) for k, row in enumerate(totals)) for seat in range(4)
        ),
        blocks=tuple(deal_x[k] for k in range(block, deals, block)),
    )
