"""The computer players as a service on plain data: what the page's worker calls.

``decide(position, seat, level)`` rebuilds the deal from a position (see ``barbu.wire``), lets a
bot of that level decide for ``seat`` from that seat's view alone, and returns the action as
plain data. ``hint`` is the expert's suggestion for the human's decision (or the master's).
"""

from __future__ import annotations

from typing import Any

from ..actions import action_to_data
from ..errors import RuleError
from ..wire import deal_from_position
from .players import SETTINGS, Bot

BROWSER_BUDGET: dict[str, float | None] = {
    level: 1.5 if s.solver_samples else 0.6 if s.play_samples else 0.25 if s.bid_samples else None
    for level, s in SETTINGS.items()
}
"""Seconds a decision may take in the page (Pyodide runs 2.5-3x slower than CPython), by level:
1.5 for the master (its median decision takes far less: the budget caps the rare long ones, the
target is 2 s at the 95th percentile), 0.6 where every card is searched (expert,
reference), 0.25 where only the contract and the doubles are judged by sampling (standard), no
limit where nothing is sampled (beginner)."""


def decide(
    position: dict[str, Any],
    seat: int,
    level: str,
    seed: int | str | None = None,
    budget: float | None = None,
) -> str | dict[str, Any]:
    """The action a bot of ``level`` takes for ``seat`` in ``position``, as plain data."""
    deal = deal_from_position(position)
    if deal.to_move != seat:
        raise RuleError(f"seat {seat} is not to move (seat {deal.to_move} is)", "not-your-turn")
    if budget is None:
        budget = BROWSER_BUDGET.get(level)
    bot = Bot(level, seed=seed, budget=budget)
    return action_to_data(bot.decide(deal.view(seat)))


def hint(
    position: dict[str, Any],
    seat: int,
    seed: int | str | None = None,
    budget: float | None = None,
    level: str = "expert",
) -> str | dict[str, Any]:
    """The suggestion of a computer player of ``level`` (the expert, or the master where the
    page's time allows) for ``seat``'s decision, as plain data."""
    return decide(position, seat, level, seed, budget)
