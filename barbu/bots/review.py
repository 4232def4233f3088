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
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..actions import Action, ChooseContract, Double, Play, action_to_data
from ..cards import SUIT_MASKS, Mask, mask_of
from ..deal import Deal, Phase, View
from ..rules import ContractRules, Rules
from ..scoring import final_scores
from ..wire import deal_from_position
from .knowledge import Sampler, forbidden_cards
from .players import SETTINGS, Bot, declarer_baseline, shape_value
from .simulate import heuristic_playout

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


class ReviewCancelled(Exception):
    """The review's ``cancel`` hook asked it to stop."""


class Evaluator(Protocol):
    """What finishes a world: a deal whose every hand is known, played to its end."""

    name: str

    def finish(self, deal: Deal) -> Sequence[int]:
        """The four final deal scores (after the doubles settlement) once ``deal`` is played to
        its end from here; ``deal`` may be changed."""
        ...

    def reseed(self, seed: str) -> None:
        """Start the evaluator's own randomness, if it has any, from ``seed`` (called before
        each decision, so that a decision is judged alike whatever was judged before)."""
        ...


class SampledDoubles(Bot):
    """The expert's doubling rule (``Bot._doubles``: margins, obligation) with each seat's
    edges over the others estimated by ``samples`` playouts from its own view and remembered
    by hand and contract: within a review the same seat meets the same hand for every
    candidate, so each world pays for its edges once."""

    def __init__(self, samples: int = 8, seed: int | str = 0) -> None:
        super().__init__(
            "expert", seed=seed, settings=replace(SETTINGS["expert"], bid_samples=samples)
        )
        self.edges: dict[tuple[object, ...], dict[int, float]] = {}

    def reseed(self, seed: str) -> None:
        """Forget the edges and draw the samples from ``seed`` on."""
        self.rng.seed(seed)
        self.edges.clear()

    def _edges(self, view: View, targets: list[int]) -> dict[int, float]:
        key = (view.seat, view.hand, view.declarer, view.contract, view.trump, view.start_rank)
        edges = self.edges.get(key)
        if edges is None:
            if len(self.edges) > 50_000:
                self.edges.clear()
            others = [s for s in range(4) if s != view.seat]
            edges = self.edges[key] = super()._edges(view, others)
        return {t: edges[t] for t in targets}


class PlayoutEvaluator:
    """The expert's playouts: the doubling turns left by the expert's rule on a few samples
    (``SampledDoubles``), then every card by the rules of thumb of ``heuristics``
    (``simulate.heuristic_playout``)."""

    name = "expert-playout"

    def __init__(self, doubling_samples: int = 8) -> None:
        self.doubling = SampledDoubles(doubling_samples)

    def reseed(self, seed: str) -> None:
        """Start the doubling turns' samples from ``seed``."""
        self.doubling.reseed(seed)

    def finish(self, deal: Deal) -> list[int]:
        """The final scores of ``deal`` played to its end (see ``Evaluator.finish``)."""
        while deal.phase is Phase.DOUBLING:
            seat = deal.to_move
            assert seat is not None  # a seat is to move in the doubling round
            deal.apply(self.doubling.decide(deal.view(seat)))
        raw = heuristic_playout(deal) if deal.phase is Phase.PLAY else deal.raw_scores()
        return final_scores(raw, deal.doubles, deal.rules)


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


# -- the review ----------------------------------------------------------------------------


Progress = Callable[[float], None]
"""Called with the share of the review done, from 0 to 1."""

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
        self.weights = [WEIGHTS[_action_kind(deal.history[k].action)] for k in self.todo]
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
        judged = _judge(state, self.seat, action, self.evaluator, self.budget, rng, deadline, tick)
        if judged is not None and self.hindsight:
            judged = _with_hindsight(judged, state, self.seat, self.evaluator)
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


# -- one decision --------------------------------------------------------------------------


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


def _action_kind(action: Action) -> str:
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


def _judge(
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


def _with_hindsight(decision: Decision, state: Deal, seat: int, evaluator: Evaluator) -> Decision:
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


def label(cost: float, stderr: float, stake: float, z: float = SIGNIFICANCE) -> str | None:
    """A cost's label (``LABELS``), or None when it is small or within ``z`` standard
    errors."""
    if cost <= z * stderr:
        return None
    for name, share in LABELS:
        if cost >= share * stake:
            return name
    return None


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


# -- plain data, for the page's worker -------------------------------------------------------


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
        from .endgame import SolverEvaluator  # it builds on this module

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
