"""What the expert's review says (``barbu.bots.review``): the budget it may spend, each decision's
verdict with its estimates, and the labels of a cost.

A cost is labelled only once confirmed on fresh worlds and beyond ``SIGNIFICANCE`` standard
errors; then by its share of the stake (``LABELS``). Every value here is frozen and reads as plain
data for the page (``to_data``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import Action, action_to_data

LABELS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.20),
    ("mistake", 0.10),
    ("inaccuracy", 0.04),
)
"""A significant cost's label by its share of the stake (the contract's absolute total),
gravest first."""

SIGNIFICANCE = 2.0
"""A cost is labelled only when it exceeds this many standard errors, measured on fresh worlds
(``Budget.confirm``) once the best candidate is chosen: noise alone labels a decision about one
time in forty."""

SUSPICION = 1.0
"""A cost is measured again on fresh worlds (``Budget.confirm``) when, on the first worlds, it
would be labelled and exceeds this many standard errors. Lenient on purpose: the fresh worlds
decide; here only the plainly unfounded costs are dropped (each confirmation has its own small
chance of a false label)."""

KINDS = ("contract", "double", "card")
"""The kinds of decision, in the order a deal meets them."""


@dataclass(frozen=True)
class Budget:
    """How much a review may spend."""

    worlds: int = 40
    """Sampled worlds per decision."""
    seconds: float | None = None
    """Time for the whole review, shared out among the decisions left (None: no limit)."""
    min_worlds: int = 8
    """Worlds every decision gets, even past the time limit."""
    shortlist: int = 6
    """Candidates judged on every world; more are screened first."""
    screen: int = 8
    """Worlds on which every candidate is judged before the shortlist is drawn."""
    confirm: int = 80
    """Fresh worlds on which the best candidate and the choice are judged again, when the best
    seems to beat the choice by a labelled margin."""
    strong_seconds: float | None = None
    """With a ``fallback`` evaluator (``Reviewer``): the time the review's own evaluator may
    take; once the review, at the pace so far, would end later, the decisions left are judged
    by the fallback (None: no switch)."""


@dataclass(frozen=True)
class Option:
    """One candidate's estimate: its expected points and the worlds it was judged on."""

    action: Action
    value: float
    worlds: int


@dataclass(frozen=True)
class Hindsight:
    """With every card visible (the real hands), labelled as such: the best action then and the
    points the chosen one lost to it."""

    best: Action
    value: float
    """Points of the action chosen, finished on the real hands."""
    best_value: float
    cost: float


@dataclass(frozen=True)
class Decision:
    """One decision of the seat, judged from what it knew then."""

    step: int
    """The actions taken before it: ``deal.at(step)`` is the position."""
    kind: str
    """``contract``, ``double`` or ``card``."""
    action: Action
    """What was done."""
    best: Action
    """The best candidate (``action`` itself when nothing was better)."""
    value: float
    """Expected points of the action chosen (on the confirmation's worlds when confirmed)."""
    best_value: float
    cost: float
    """``best_value - value``: the expected points the choice lost (0 when it was the best)."""
    stderr: float
    """Standard error of the cost (paired over the worlds)."""
    label: str | None
    """``inaccuracy``, ``mistake``, ``blunder`` (``LABELS``), or None: too small or not
    significant."""
    stake: float
    """The points the labels' thresholds scale with (the contract's absolute total)."""
    baseline: float
    """What the measure leaves out of ``value``: for a contract choice the points a declarer
    makes on a random hand in the contract chosen, else 0 (``value + baseline`` is the seat's
    expected deal score, as the rules count better)."""
    worlds: int
    """Worlds the cost was measured on."""
    confirmed: bool
    """Whether the cost was measured again on fresh worlds, the best candidate chosen (only
    a confirmed cost is labelled)."""
    options: tuple[Option, ...]
    """Every candidate with its estimate on the first worlds (before any confirmation), best
    first, those screened out after ``Budget.screen`` worlds last."""
    hindsight: Hindsight | None = None

    @property
    def significant(self) -> bool:
        """Whether the cost was confirmed and exceeds its uncertainty (``SIGNIFICANCE``)."""
        return self.confirmed and self.cost > SIGNIFICANCE * self.stderr

    @property
    def hindsight_differs(self) -> bool:
        """Whether, with every card visible, another action than the one chosen was better."""
        return self.hindsight is not None and self.hindsight.cost > 0

    def to_data(self) -> dict[str, Any]:
        """As plain data (actions in the form of ``barbu.actions``)."""
        out: dict[str, Any] = {
            "step": self.step,
            "kind": self.kind,
            "action": action_to_data(self.action),
            "best": action_to_data(self.best),
            "value": round(self.value, 2),
            "best_value": round(self.best_value, 2),
            "cost": round(self.cost, 2),
            "stderr": round(self.stderr, 2),
            "label": self.label,
            "stake": round(self.stake, 2),
            "baseline": round(self.baseline, 2),
            "worlds": self.worlds,
            "confirmed": self.confirmed,
            "options": [
                {"action": action_to_data(o.action), "value": round(o.value, 2), "worlds": o.worlds}
                for o in self.options
            ],
        }
        if self.hindsight is not None:
            h = self.hindsight
            out["hindsight"] = {
                "best": action_to_data(h.best),
                "value": round(h.value, 2),
                "best_value": round(h.best_value, 2),
                "cost": round(h.cost, 2),
            }
        return out


_GRAVITY = {name: len(LABELS) - i for i, (name, _) in enumerate(LABELS)}


@dataclass(frozen=True)
class Review:
    """A seat's decisions in one deal, in the order they were taken."""

    seat: int
    decisions: tuple[Decision, ...]
    evaluator: str
    budget: Budget

    def by_cost(self) -> tuple[Decision, ...]:
        """Every decision, the costliest first (labelled ones before unlabelled ones)."""
        return tuple(
            sorted(
                self.decisions,
                key=lambda d: (_GRAVITY.get(d.label or "", 0), d.cost, -d.step),
                reverse=True,
            )
        )

    def errors(self, at_least: str = "inaccuracy") -> tuple[Decision, ...]:
        """The labelled decisions at least as grave as ``at_least``, the gravest first ("big
        errors only": ``at_least="mistake"``)."""
        floor = _GRAVITY[at_least]
        return tuple(d for d in self.by_cost() if _GRAVITY.get(d.label or "", 0) >= floor)

    @property
    def costliest(self) -> Decision | None:
        """The decision that lost the most expected points, if any decision was made."""
        return max(self.decisions, key=lambda d: d.cost, default=None)

    @property
    def cost(self) -> float:
        """The expected points all the decisions lost together."""
        return sum(d.cost for d in self.decisions)

    def hindsight(self) -> tuple[Decision, ...]:
        """The decisions where, with every card visible, another action was better."""
        return tuple(d for d in self.decisions if d.hindsight_differs)

    def expected(self) -> tuple[tuple[int, float], ...]:
        """The seat's expected deal score through the deal (as the rules count better): after
        each decision, as chosen, for a graph."""
        return tuple((d.step, d.value + d.baseline) for d in self.decisions)

    def to_data(self) -> dict[str, Any]:
        """As plain data, for the page."""
        return {
            "seat": self.seat,
            "evaluator": self.evaluator,
            "worlds": self.budget.worlds,
            "confirm": self.budget.confirm,
            "decisions": [d.to_data() for d in self.decisions],
        }


def label(cost: float, stderr: float, stake: float, z: float = SIGNIFICANCE) -> str | None:
    """A cost's label (``LABELS``), or None when it is small or within ``z`` standard
    errors."""
    if cost <= z * stderr:
        return None
    for name, share in LABELS:
        if cost >= share * stake:
            return name
    return None
