"""The expert's review of the player's decisions in a deal, as the page shows it and keeps it.

The review itself runs in the computer players' worker (``web.runtime.worker.review``, which
calls ``barbu.bots.review``); its answer is plain data, read here into ``ReviewItem`` values,
the costliest first. Labels are the engine's (``barbu.bots.review.LABELS``): *inaccuracy* from
4 %, *mistake* from 10 %, *blunder* from 20 % of the contract's total, and only when the cost is
confirmed and more than twice its standard error; a smaller or uncertain cost has no label.

Each item also carries the player's expected deal score after the choice made (the engine's
``value + baseline``, as the rules count better: the review's graph) and, kept apart, what was
best with every card visible (``hindsight``), when it differs from the choice. ``items_data``
writes the items back in the worker's own form, which ``review_items`` reads: the page keeps a
review with its deal (``web.game.kept_reviews``) in that form.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from barbu import Action, action_from_data, action_to_data

__all__ = ["ReviewItem", "graph_points", "items_data", "review_items"]

LABELS = ("inaccuracy", "mistake", "blunder")
MAX_POINTS = 10_000.0
"""The largest expected score or cost read (a deal's scores are far smaller): beyond, a value
is malformed."""


@dataclass(frozen=True)
class ReviewItem:
    """One decision of the player: where it stands in the deal, what was done, the best
    choice, the points it lost with their uncertainty, and its label; the expected deal score
    after the choice made; with every card visible, the best choice if it was another."""

    step: int
    action: Action
    best: Action
    cost: float
    stderr: float
    label: str | None
    expected: float | None = None
    """The player's expected deal score after this choice (as the rules count better)."""
    hindsight: Action | None = None
    """With every card visible: the best choice, when it was not the one made."""
    hindsight_cost: float = 0.0
    """The points the choice lost to ``hindsight`` on the real hands."""


def _number(value: Any) -> float:
    """A finite number within ``MAX_POINTS`` (``ValueError`` otherwise)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"a number, not {type(value).__name__}")
    try:
        number = float(value)
    except OverflowError:  # an integer of thousands of digits
        raise ValueError("out of bounds") from None
    if not math.isfinite(number) or abs(number) > MAX_POINTS:
        raise ValueError(f"{number} is out of bounds")
    return number


def _item(entry: Any, total: int) -> ReviewItem | None:
    """One decision of a review's data, or None if malformed."""
    try:
        step, cost, stderr = int(entry["step"]), _number(entry["cost"]), _number(entry["stderr"])
        action, best = action_from_data(entry["action"]), action_from_data(entry["best"])
        value = entry.get("value")
        expected = None if value is None else _number(value) + _number(entry.get("baseline", 0))
        seen = entry.get("hindsight")
        hindsight, hindsight_cost = None, 0.0
        if isinstance(seen, dict) and _number(seen.get("cost", 0)) > 0:
            hindsight, hindsight_cost = action_from_data(seen["best"]), _number(seen["cost"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if not (0 <= step < total and cost >= 0 and stderr >= 0):
        return None
    label = entry.get("label") if entry.get("label") in LABELS else None
    return ReviewItem(
        step,
        action,
        best,
        round(cost, 1),
        round(stderr, 1),
        label,
        None if expected is None else round(expected, 1),
        None if hindsight == action else hindsight,
        0.0 if hindsight in (None, action) else round(hindsight_cost, 1),
    )


def review_items(data: Any, total: int) -> tuple[ReviewItem, ...]:
    """The decisions of a review's data (the worker's answer, or a kept review), costliest
    first; anything malformed is left out (``total``: the deal's number of actions)."""
    decisions = data.get("decisions") if isinstance(data, dict) else None
    items: dict[int, ReviewItem] = {}
    for entry in decisions if isinstance(decisions, list) else []:
        item = _item(entry, total) if isinstance(entry, dict) else None
        if item is not None:
            items.setdefault(item.step, item)  # one decision per step
    return tuple(sorted(items.values(), key=lambda item: (-item.cost, item.step)))


def items_data(items: tuple[ReviewItem, ...]) -> dict[str, Any]:
    """The items as data in the worker's form (``review_items`` reads it back)."""
    decisions = []
    for item in sorted(items, key=lambda i: i.step):
        entry: dict[str, Any] = {
            "step": item.step,
            "action": action_to_data(item.action),
            "best": action_to_data(item.best),
            "cost": item.cost,
            "stderr": item.stderr,
            "label": item.label,
        }
        if item.expected is not None:
            entry["value"] = item.expected
        if item.hindsight is not None:
            entry["hindsight"] = {
                "best": action_to_data(item.hindsight),
                "cost": item.hindsight_cost,
            }
        decisions.append(entry)
    return {"decisions": decisions}


def graph_points(items: tuple[ReviewItem, ...]) -> tuple[tuple[int, float], ...]:
    """The player's expected deal score after each decision, in the deal's order."""
    return tuple(
        (item.step, item.expected)
        for item in sorted(items, key=lambda i: i.step)
        if item.expected is not None
    )
