"""One decision of the expert's review judged (``barbu.bots.review``): its candidates (one per
class of interchangeable actions, the contracts' variants shortlisted), the worlds drawn from the
seat's view, every candidate finished on the same worlds (screened, then the best and the choice
confirmed on fresh ones), and the hindsight on the real hands.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from ..actions import Action, ChooseContract, Double, Play
from ..cards import SUIT_MASKS, Mask, mask_of
from ..deal import Deal, Phase, View
from ..rules import ContractRules, Rules
from .evaluators import Evaluator
from .knowledge import Sampler, forbidden_cards
from .players import declarer_baseline, shape_value
from .verdicts import SUSPICION, Budget, Decision, Hindsight, Option, label

Progress = Callable[[float], None]
"""Called with the share of the review done, from 0 to 1."""


class _Candidates:
    """The actions worth comparing at a decision: one per class of interchangeable actions,
    with what the measure subtracts from each (a contract's baseline)."""

    def __init__(self, state: Deal, view: View, chosen: Action) -> None:
        legal = list(view.legal)
        self.rules = view.rules
        self.kind = _kind(view.phase)
        self.of: dict[Action, Action] = {}
        """Each legal action's representative."""
        if self.kind == "card":
            self.of = _card_classes(view, legal)
        else:
            self.of = {a: a for a in legal}
        self.chosen = self.of[chosen]
        self.actions = list(dict.fromkeys(self.of.values()))
        if self.kind == "contract":
            self.actions = _shortlist_contracts(view, self.actions, self.chosen)
        self.offset: dict[Action, float] = {}
        for a in self.actions:
            if isinstance(a, ChooseContract):
                self.offset[a] = declarer_baseline(self.rules, self.rules.contract(a.contract))
            else:
                self.offset[a] = 0.0
        self.stake = _stake(self.rules, state.crules, self.kind)

    def points(self, finals: Sequence[int], seat: int, action: Action) -> float:
        """The measure: the seat's final score, as the rules count better, less the offset."""
        return (finals[seat] - self.offset[action]) * self.rules.goal


VARIANTS_KEPT = 3
"""Of the trump suits or starting ranks of one contract, the ones judged: the best by hand
shape (``players.shape_value``), besides the one chosen."""


def _shortlist_contracts(view: View, actions: list[Action], chosen: Action) -> list[Action]:
    """The contract choices worth sampling: every contract, and for each the trump suits or
    starting ranks that suit the hand best (``VARIANTS_KEPT``), and the choice made."""
    by_contract: dict[str, list[ChooseContract]] = {}
    for a in actions:
        assert isinstance(a, ChooseContract)  # a contract decision's candidates
        by_contract.setdefault(a.contract, []).append(a)
    keep: set[Action] = {chosen}
    for variants in by_contract.values():
        ranked = sorted(variants, key=lambda a: -shape_value(view, a))
        keep.update(ranked[:VARIANTS_KEPT])
    return [a for a in actions if a in keep]


def action_kind(action: Action) -> str:
    """The kind of decision ``action`` answers: ``contract``, ``double`` or ``card``."""
    if isinstance(action, ChooseContract):
        return "contract"
    return "double" if isinstance(action, Double) else "card"


def _kind(phase: Phase) -> str:
    if phase is Phase.CONTRACT:
        return "contract"
    if phase is Phase.DOUBLING:
        return "double"
    return "card"


def _stake(rules: Rules, crules: ContractRules | None, kind: str) -> float:
    """The points the labels scale with: the contract's absolute total, or for the choice of
    the contract the mean over the rules' contracts."""
    if kind == "contract" or crules is None:
        return sum(abs(c.total) for c in rules.contracts) / len(rules.contracts)
    return float(abs(crules.total))


def _card_value(crules: ContractRules, card: int) -> int:
    return sum(value for mask, value in crules.card_values if mask >> card & 1)


def _card_classes(view: View, legal: list[Action]) -> dict[Action, Action]:
    """Each legal card's representative: the lowest card of its class of interchangeable cards
    (same suit, no unseen card between them, the same scoring value: with Q♠ unseen-free between
    them, J♠ and K♠ are one class in No Queens and Q♠ another); none in the Domino."""
    assert view.contract is not None  # cards are played once the contract is chosen
    crules = view.rules.contract(view.contract)
    plays = sorted((a for a in legal if isinstance(a, Play)), key=lambda a: a.card)
    if crules.is_domino:
        return {a: a for a in plays}
    unseen: Mask = view.rules.deck & ~mask_of(view.hand) & ~mask_of(c for _, c in view.played)
    out: dict[Action, Action] = {}
    reps: dict[int, Play] = {}
    """The representative of each scoring value in the current run."""
    prev = -1
    for a in plays:
        c = a.card
        between = SUIT_MASKS[c // 13] & ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
        if prev < 0 or prev // 13 != c // 13 or unseen & between:
            reps = {}  # a new run: another suit, or an unseen card in between
        out[a] = reps.setdefault(_card_value(crules, c), a)
        prev = c
    return out


class _Worlds:
    """The worlds of one decision, drawn one after the other from the seat's view."""

    def __init__(self, view: View, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        self.sampler = Sampler(view, forbidden_cards(view))
        self.base: Deal | None = None
        self.misses = 0

    def next(self) -> Deal | None:
        """The next world, or None when the sampler keeps failing."""
        while self.misses <= 3:
            hands = self.sampler.sample(self.rng)
            if hands is None:
                self.misses += 1
                continue
            if self.base is None:
                self.base = Deal.from_view(self.view, hands)
                return self.base
            return self.base.with_hands(hands)
        return None


_Points = dict[Action, list[float]]
"""Each candidate's points, one per world it was finished on."""


@dataclass(frozen=True)
class _Trial:
    """One decision's candidates finished on the worlds drawn for it, within the budget."""

    cands: _Candidates
    worlds: _Worlds
    seat: int
    evaluator: Evaluator
    budget: Budget
    deadline: float | None
    tick: Progress

    def score(self, world: Deal, actions: Iterable[Action], points: _Points) -> None:
        """Finish ``world`` after each of ``actions``, adding the seat's points to ``points``."""
        for a in actions:
            child = world.copy()
            child.apply(a)
            points[a].append(self.cands.points(self.evaluator.finish(child), self.seat, a))

    def progress(self, done: int) -> None:
        """Report ``done`` worlds of the most the decision may take."""
        self.tick(done / (self.budget.worlds + self.budget.confirm))

    def is_late(self) -> bool:
        """Whether the time limit has passed."""
        return self.deadline is not None and time.perf_counter() > self.deadline

    def screen(self) -> tuple[_Points, list[Action], int]:
        """Every candidate on the first worlds, the shortlist (and the choice) on the rest."""
        budget, mine = self.budget, self.cands.chosen
        alive = self.cands.actions
        points: _Points = {a: [] for a in alive}
        n = 0
        while n < budget.worlds:
            self.progress(n)
            if n >= budget.min_worlds and self.is_late():
                break
            world = self.worlds.next()
            if world is None:
                break
            self.score(world, alive, points)
            n += 1
            if n == budget.screen and len(alive) > budget.shortlist:
                alive = sorted(alive, key=lambda a: -_mean(points[a]))[: budget.shortlist]
                if mine not in alive:
                    alive.append(mine)
        return points, alive, n

    def confirm(self, best: Action, screened: int) -> _Points:
        """The choice and ``best`` again on up to ``budget.confirm`` fresh worlds."""
        mine = self.cands.chosen
        pair: _Points = {mine: [], best: []}
        while len(pair[mine]) < self.budget.confirm:
            k = len(pair[mine])
            self.progress(screened + k)
            if k >= self.budget.min_worlds and self.is_late():
                break
            world = self.worlds.next()
            if world is None:
                break
            self.score(world, (mine, best), pair)
        return pair


def judge(
    state: Deal,
    seat: int,
    chosen: Action,
    evaluator: Evaluator,
    budget: Budget,
    rng: random.Random,
    deadline: float | None,
    tick: Callable[[float], None],
) -> Decision | None:
    """Judge the decision of ``seat`` in ``state`` (the true position) on sampled worlds:
    every candidate on ``budget.worlds`` worlds (screened), then, if the best one beats the
    choice by a margin that would be labelled, the two again on ``budget.confirm`` fresh
    worlds."""
    view = state.view(seat)
    cands = _Candidates(state, view, chosen)
    if len(cands.actions) < 2:
        return None
    trial = _Trial(cands, _Worlds(view, rng), seat, evaluator, budget, deadline, tick)
    points, alive, n = trial.screen()
    if not n:
        return None
    mine = cands.chosen
    means = {a: _mean(p) for a, p in points.items()}
    best = max(alive, key=lambda a: (means[a], a == mine))
    options = tuple(
        Option(a, means[a], len(points[a]))
        for a in sorted(cands.actions, key=lambda a: (a not in alive, -means[a]))
    )
    pair = {mine: points[mine], best: points[best]}
    confirmed = False
    first, error = _paired(points[best], points[mine])
    if best != mine and label(first, error, cands.stake, SUSPICION) is not None:
        # The best of several noisy candidates looks better than it is: judge the two again on
        # fresh worlds, where the difference is an unbiased estimate.
        fresh = trial.confirm(best, n)
        confirmed = len(fresh[mine]) > 1
        if confirmed:
            pair = fresh
    cost, stderr = _paired(pair[best], pair[mine])
    if cost <= 0:  # the fresh worlds do not confirm the gain: the choice stands
        best, cost = mine, 0.0
    return Decision(
        step=len(state.history),
        kind=cands.kind,
        action=chosen,
        best=chosen if best == mine else best,
        value=_mean(pair[mine]),
        best_value=_mean(pair[best]),
        cost=cost,
        stderr=stderr,
        label=label(cost, stderr, cands.stake) if confirmed else None,
        stake=cands.stake,
        baseline=cands.offset[mine] * cands.rules.goal,
        worlds=len(pair[mine]),
        confirmed=confirmed,
        options=options,
    )


def with_hindsight(decision: Decision, state: Deal, seat: int, evaluator: Evaluator) -> Decision:
    """The decision with its ``Hindsight``: every candidate finished on the real hands."""
    view = state.view(seat)
    cands = _Candidates(state, view, decision.action)
    values: dict[Action, float] = {}
    for a in cands.actions:
        child = state.copy()
        child.apply(a)
        values[a] = cands.points(evaluator.finish(child), seat, a)
    best = max(cands.actions, key=lambda a: (values[a], a == cands.chosen))
    mine = values[cands.chosen]
    seen = Hindsight(
        best=decision.action if best == cands.chosen else best,
        value=mine,
        best_value=values[best],
        cost=values[best] - mine,
    )
    return replace(decision, hindsight=seen)


def _paired(better: Sequence[float], chosen: Sequence[float]) -> tuple[float, float]:
    """The mean of the paired differences and its standard error."""
    diffs = [b - c for b, c in zip(better, chosen, strict=True)]
    stderr = _stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return _mean(diffs), stderr


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else -math.inf


def _stdev(xs: Sequence[float]) -> float:
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
