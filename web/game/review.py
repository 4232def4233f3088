"""The expert's review of the player's decisions in a deal, as the page shows it.

The review itself runs in the computer players' worker (``web.runtime.worker.review``, which
calls ``barbu.bots.review``); its answer is plain data, read here into ``ReviewItem`` values,
the costliest first. Labels are the engine's (``barbu.bots.review.LABELS``): *inaccuracy* from
4 %, *mistake* from 10 %, *blunder* from 20 % of the contract's total, and only when the cost is
confirmed and more than twice its standard error; a smaller or uncertain cost has no label.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from barbu.actions import Action, action_from_data

__all__ = ["ReviewItem", "review_items"]

LABELS = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class ReviewItem:
    """One decision of the player: where it stands in the deal, what was done, the best
    choice, the points it lost with their uncertainty, and its label."""

    step: int
    action: Action
    best: Action
    cost: float
    stderr: float
    label: str | None


def review_items(data: Any, total: int) -> tuple[ReviewItem, ...]:
    """The decisions of a review's data (the worker's answer), costliest first; anything
    malformed is left out (``total``: the deal's number of actions)."""
    decisions = data.get("decisions") if isinstance(data, dict) else None
    items = []
    for entry in decisions if isinstance(decisions, list) else []:
        try:
            step, cost, stderr = int(entry["step"]), float(entry["cost"]), float(entry["stderr"])
            action, best = action_from_data(entry["action"]), action_from_data(entry["best"])
        except (KeyError, TypeError, ValueError):
            continue
        label = entry.get("label") if entry.get("label") in LABELS else None
        if 0 <= step < total and cost >= 0 and stderr >= 0:
            items.append(ReviewItem(step, action, best, round(cost, 1), round(stderr, 1), label))
    return tuple(sorted(items, key=lambda item: (-item.cost, item.step)))
