"""The expert's review of one seat's decisions in a deal.

Every decision of the seat (the contract with its trump suit or starting rank, each doubling
turn, each card) is judged **from what the player knew at that moment**: the view at that step
(``deal.at(step).view(seat)``), hidden hands sampled consistently with it (``knowledge.Sampler``:
voids, cards seen, the trump and Domino inferences), **the same worlds for every candidate**
(common random numbers: the luck of the hidden cards cancels in the comparison), each candidate
applied and the rest of the deal finished by an ``Evaluator``. The cost of a decision is the
mean, over the worlds, of the best candidate's points minus the chosen one's, with the standard
error of that paired difference.

Decisions made here:

- **The measure is the seat's final deal score** (after the doubles settlement, RULES.md §5), in
  the direction the rules count as better (fr32's penalties negated): that is what the player's
  total receives. Raw scores would make every doubling turn worth nothing and would ignore that a
  trick taken from a doubled opponent counts twice. A contract is judged by its final score
  *minus what a declarer scores on a random hand in it* (``players.declarer_baseline``): every
  contract of the block is played anyway, so choosing one now is worth only the difference.
- **The evaluator** (``PlayoutEvaluator``, the default) finishes a world as the expert does in
  its own search: the doubling turns left by the expert's rule, each seat judging its edges from
  its own hand on a few samples of its own (``SampledDoubles``), then the cards by
  ``simulate.heuristic_playout``, the expert's playout policy. Anything with a method
  ``finish(deal) -> final scores`` can replace it (an exact solver, a stronger player).
- **Candidates.** Interchangeable cards are judged once: same suit, no unseen card between them,
  the same scoring value (in No Queens, holding J♠ Q♠ K♠, J♠ and K♠ are one candidate and Q♠
  another). Of the trump suits and starting ranks of a contract only the ``VARIANTS_KEPT`` that
  suit the hand best (the computer players' hand-shape judgement) are judged, and the one
  chosen. Where more than ``Budget.shortlist`` candidates remain (contracts, doubling sets), all
  are judged on the first ``Budget.screen`` worlds and only the best ``shortlist`` go on, always
  with the action chosen.
- **Confirmation.** The best of several noisy candidates looks better than it is, and a
  standard error from a few dozen worlds is itself noisy. So when the best candidate beats the
  choice by a margin that would be labelled (and by more than one standard error:
  ``SUSPICION``), the two are judged again on ``Budget.confirm`` fresh worlds, and the cost and
  its standard error are those of the fresh worlds: an unbiased estimate, which must pass the
  label's test.
- **Labels.** Only a confirmed cost is labelled, when it exceeds twice its standard error
  (``SIGNIFICANCE``); then by its share of the stake (``LABELS``): ``inaccuracy`` from 4 %,
  ``mistake`` from 10 %, ``blunder`` from 20 % of the contract's total in absolute value. The
  stake of a contract choice is the mean absolute total of the rules' contracts (37 points in
  the standard game). So in No Queens (24) 0.96, 2.4 and 4.8 points; in No Tricks (26) 1.04,
  2.6, 5.2 (a trick is 2); in Trumps (65) 2.6, 6.5, 13 (a trick is 5).
- **A stronger evaluator where time allows.** A ``Reviewer`` may be given a ``fallback``: its
  own evaluator (the master's ``endgame.SolverEvaluator``, say) judges the decisions while the
  whole review, at its pace so far, would end within ``Budget.strong_seconds``; past that, the
  fallback (the expert's playouts) judges the decisions left, and the review names both.
- **Hindsight** is kept apart: each candidate is also finished once on the real hands (the same
  evaluator, with every card visible); ``Hindsight`` gives the best action then and the points
  the chosen one lost to it. It is no verdict on the decision: the player could not see them.

A decision where every legal action is interchangeable (a forced card) is no decision and is not
listed. Randomness comes from the ``seed`` only: the same deal, seat, seed and budget give the
same review, each decision alike whether reviewed alone or with the others (a time limit cuts
worlds short, and then the result depends on the machine).

The modules: ``verdicts`` (the budget, the decisions' verdicts and the labels), ``evaluators``
(what finishes a world), ``judge`` (one decision judged); here the review of a deal, one
decision at a time, and its plain data for the page's worker.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection
from typing import Any

from ..deal import Deal
from ..wire import deal_from_position
from .endgame import SolverEvaluator
from .evaluators import Evaluator, PlayoutEvaluator, SampledDoubles
from .judge import Progress, action_kind, judge, with_hindsight
from .verdicts import (
    KINDS,
    LABELS,
    SIGNIFICANCE,
    SUSPICION,
    Budget,
    Decision,
    Hindsight,
    Option,
    Review,
    label,
)


class ReviewCancelled(Exception):
    """The review's ``cancel`` hook asked it to stop."""


WEIGHTS = {"contract": 30.0, "double": 2.0, "card": 1.0}
"""A decision's expected cost by kind, relative to a card's (a contract choice compares many
candidates, each with a doubling round whose seats sample their own edges): the progress and
the time limit are shared out by these."""


def decision_steps(deal: Deal, seat: int) -> list[int]:
    """The steps at which ``seat`` acted in ``deal`` (forced ones included)."""
    return [k for k, event in enumerate(deal.history) if event.seat == seat]


class Reviewer:
    """A review done one decision at a time (``step``), so that a caller can give control back
    between decisions (the page's worker reads its messages then); ``review`` runs it through.

    ``progress(share)`` is called after each world; ``cancel()`` is asked between worlds and,
    when it returns true, the review stops with ``ReviewCancelled``."""

    def __init__(
        self,
        deal: Deal,
        seat: int,
        budget: Budget | None = None,
        evaluator: Evaluator | None = None,
        seed: int | str = 0,
        hindsight: bool = True,
        steps: Collection[int] | None = None,
        progress: Progress | None = None,
        cancel: Callable[[], bool] | None = None,
        fallback: Evaluator | None = None,
    ) -> None:
        self.deal = deal
        self.seat = seat
        self.budget = budget or Budget()
        self.evaluator = evaluator or PlayoutEvaluator()
        self.fallback = fallback
        """The evaluator that takes over when this one is too slow (``Budget.strong_seconds``)."""
        self.evaluators = [self.evaluator.name]
        """The names of the evaluators that judged, in order."""
        self._started = time.perf_counter()
        self.seed = seed
        self.hindsight = hindsight
        self.progress = progress
        self.cancel = cancel
        self.todo = [k for k in decision_steps(deal, seat) if steps is None or k in steps]
        """The steps to review, in order."""
        self.weights = [WEIGHTS[action_kind(deal.history[k].action)] for k in self.todo]
        self.decisions: list[Decision] = []
        self.done = 0
        """Steps of ``todo`` reviewed so far."""
        self._state = deal.fresh()
        self._deadline = (
            time.perf_counter() + self.budget.seconds if self.budget.seconds is not None else None
        )

    @property
    def finished(self) -> bool:
        """Whether every step is reviewed."""
        return self.done == len(self.todo)

    def step(self) -> Decision | None:
        """Review the next decision; None if it was no decision (every action alike)."""
        if self.finished:
            raise ValueError("the review is finished")
        k = self.todo[self.done]
        state = self._state
        while len(state.history) < k:
            state.apply(self.deal.history[len(state.history)].action)
        weight = self.weights[self.done]
        before = sum(self.weights[: self.done])
        total = sum(self.weights) or 1.0
        deadline = None
        if self._deadline is not None:
            left = max(0.0, self._deadline - time.perf_counter())
            deadline = time.perf_counter() + left * weight / (total - before)

        def tick(share: float) -> None:
            if self.cancel is not None and self.cancel():
                raise ReviewCancelled
            if self.progress is not None:
                self.progress((before + weight * share) / total)

        rng = random.Random(f"review/{self.seed}/{self.seat}/{k}")
        self.evaluator.reseed(f"review/{self.seed}/{self.seat}/{k}/evaluator")
        action = self.deal.history[k].action
        judged = judge(state, self.seat, action, self.evaluator, self.budget, rng, deadline, tick)
        if judged is not None and self.hindsight:
            judged = with_hindsight(judged, state, self.seat, self.evaluator)
        if judged is not None:
            self.decisions.append(judged)
        self.done += 1
        if self.progress is not None:
            self.progress((before + weight) / total)
        self._fall_back((before + weight) / total)
        return judged

    def _fall_back(self, share: float) -> None:
        """Hand the decisions left to the fallback evaluator if, at the pace so far, the
        review would end past ``Budget.strong_seconds``."""
        bound = self.budget.strong_seconds
        if self.fallback is None or bound is None or self.finished or share <= 0:
            return
        if (time.perf_counter() - self._started) / share > bound:
            self.evaluator, self.fallback = self.fallback, None
            self.evaluators.append(self.evaluator.name)

    def review(self) -> Review:
        """The decisions reviewed so far."""
        name = "+".join(self.evaluators)
        return Review(self.seat, tuple(self.decisions), name, self.budget)


def review(
    deal: Deal,
    seat: int,
    budget: Budget | None = None,
    evaluator: Evaluator | None = None,
    seed: int | str = 0,
    hindsight: bool = True,
    steps: Collection[int] | None = None,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    fallback: Evaluator | None = None,
) -> Review:
    """Review every decision ``seat`` made in ``deal`` (or those at ``steps``): see
    ``Reviewer`` for ``progress``, ``cancel`` and ``fallback``."""
    reviewer = Reviewer(
        deal, seat, budget, evaluator, seed, hindsight, steps, progress, cancel, fallback
    )
    if progress is not None:
        progress(0.0)
    while not reviewer.finished:
        reviewer.step()
    return reviewer.review()


def review_data(
    position: dict[str, Any],
    seat: int,
    worlds: int | None = None,
    seconds: float | None = None,
    seed: int | str = 0,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    level: str = "expert",
) -> dict[str, Any]:
    """``review`` of the deal a position describes (``barbu.wire``), as plain data; ``level``
    ``"master"`` finishes the worlds with the master's ``endgame.SolverEvaluator``."""
    deal = deal_from_position(position)
    budget = Budget(worlds=worlds or Budget.worlds, seconds=seconds)
    evaluator: Evaluator | None = None
    if level == "master":
        evaluator = SolverEvaluator()
    elif level != "expert":
        raise ValueError(f"no review by the {level!r} level (expert or master)")
    return review(
        deal, seat, budget, evaluator, seed=seed, progress=progress, cancel=cancel
    ).to_data()


__all__ = [
    "KINDS",
    "LABELS",
    "SIGNIFICANCE",
    "SUSPICION",
    "WEIGHTS",
    "Budget",
    "Decision",
    "Evaluator",
    "Hindsight",
    "Option",
    "PlayoutEvaluator",
    "Review",
    "ReviewCancelled",
    "Reviewer",
    "SampledDoubles",
    "decision_steps",
    "label",
    "review",
    "review_data",
]
