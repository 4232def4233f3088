"""The master's card play: perfect-information Monte Carlo over the exact solver, with inference.

For each card decision the master deals the hidden cards many times consistently with its view
(``knowledge.Sampler``: the voids and the trump duties), weights each world by how likely the
others' moves seen are in it (``inference.MoveModel``) and judges every distinct legal card in
every world, the same worlds for every card:

- **by the exact solver** (``solver``, paranoid model, the seat's settled score) once the
  position is small enough: at most ``Settings.solver_tricks`` tricks left (Domino:
  ``solver_domino`` cards left in the hands), in the contracts of ``Settings.solver_contracts``
  only; a world whose search passes the node limit
  (``Settings.solver_nodes``) makes the playouts judge the whole decision;
- **by the expert's playouts** (``simulate.heuristic_playout``) before that.

The card with the best weighted mean wins (ties: the lowest card number). An anytime loop stops
at the sample count or at the time budget, whichever comes first; the solver gets the time left
as its own limit, so a decision stays within its budget plus one world's playouts. Without a
budget every limit is a count, so a seeded master decides the same way on every machine.

Decisions, and what was measured (CPython 3.11, ``tools/bench/master.py``; docs/BOTS.md):

- the solver's *paranoid* value (the three others against the seat), blended with the playouts'
  score at 1/64 to break its many ties (whatever this seat plays, the others could force the
  same loss), rather than max^n: max^n takes 10 to 40 ms a world with 5 tricks left, paranoid 1
  to 5 ms;
- the solver from 5 tricks left (a world costs 1 to 5 ms with 5 tricks, 5 to 15 with 6, 20 to
  150 with 7), the Domino from 28 cards left (0 to 8 ms a world), 24 worlds a decision, a node
  limit of 3,000 tricks started (9,000 Domino positions) per world;
- in the last 5 tricks the master's card differs from the expert's in about one decision in
  eight, and the difference, the rest played out by four experts on the true hands, was not
  measurable (+0.28 points, 95% CI -0.35..+0.92, 65 decisions; the Domino's last 28 cards:
  -0.12, CI -1.46..+1.21, 40 decisions, against +0.00 with the playouts alone);
- the solver only in the contracts where the same duplicate deals, replayed with playouts to
  the end, did not score better (raw points per deal, playouts minus solver): No Last Two
  -0.50, Trumps -0.22, No King of Hearts 0.00 (40 deals each of the arena's seed 13), fr32's
  King of Hearts -0.25 (40 deals of seed 31) and Last Trick -1.25 (CI -2.46..-0.04, 160
  deals), and the Domino. In the others its paranoid value (the three others together against
  the seat, where in fact each of them avoids the cards that cost for himself) misjudges the
  play: No Queens +0.41 (CI +0.08..+0.75) and +0.29 (21 more deals), No Hearts +0.33 (CI
  +0.01..+0.64) and +0.71 (CI +0.16..+1.27), No Tricks +0.15, and +0.20 and +0.21 in classic
  and italian; fr32's Jacks +2.88 (CI +1.20..+4.55), Queens +1.00, Hearts +0.62, Tricks +0.62,
  Reverse +0.44 (40 deals each). A contract not measured (the Italian Salad) is played out to
  the end;
- the inference at 0.4 a surprising move: over 28 deals of expert play it gives the true owner
  of a hidden card 0.395 of the weight (0.387 by the voids alone; 0.392 at 0.6, 0.397 at 0.2),
  more in every contract but No Hearts (0.369 against 0.372), for an effective sample size of
  about half the worlds;
- up to 200 worlds and 1,200 playouts a decision before the solver (the expert: 120 and 600);
  the contract and the doubles are judged as the expert judges them (simulated deals played
  out by the rules of thumb), with twice its samples.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..actions import Play
from ..cards import CARDS
from ..deal import Deal, View
from ..scoring import final_scores
from .inference import MoveModel
from .knowledge import Sampler, forbidden_cards
from .simulate import heuristic_playout
from .solver import Model, SearchLimit, Solver


@dataclass(frozen=True)
class Plan:
    """How the master judges one card decision."""

    samples: int
    """Worlds sampled (at most) when the playouts judge."""
    solver_samples: int
    """Worlds sampled (at most) when the solver judges."""
    solve: bool
    """Judge with the solver: if a world's search passes the node limit, the playouts judge the
    whole decision instead."""
    nodes: int
    """The solver's node limit per world (Domino: positions; trick contracts: tricks started)."""
    miss: float
    """The inference's factor per surprising move (1.0: no inference)."""
    deadline: float | None
    """``time.perf_counter()`` time at which to stop (None: only the sample count)."""
    model: Model = "paranoid"
    """The solver's model of the others' play."""
    blend: float = 1 / 64
    """Weight of the playout's score added to the solver's, in a solved world: the paranoid
    value often ties (the three others can force the same loss whatever this seat plays), and
    the playout, which assumes the others play for themselves, then decides."""


def tricks_left(view: View) -> int:
    """Tricks still to be finished, the current one included (Domino: cards in the hands)."""
    if view.start_rank is not None:
        return sum(view.hand_sizes)
    return view.rules.hand_size - len(view.tricks)


def search_card(view: View, candidates: list[int], plan: Plan, rng: random.Random) -> int | None:
    """The best of ``candidates`` (distinct legal cards) for the seat of ``view``; None if no
    world could be sampled."""
    me, goal = view.seat, view.rules.goal
    sampler = Sampler(view, forbidden_cards(view))
    model = MoveModel(view, plan.miss)
    played = dict.fromkeys(candidates, 0.0)
    solved = dict.fromkeys(candidates, 0.0)
    solving = plan.solve
    mass = 0.0
    base: Deal | None = None
    n = 0
    while n < (plan.solver_samples if solving else plan.samples):
        hands = sampler.sample(rng)
        if hands is None:
            break
        weight = model.weight(hands)
        base = Deal.from_view(view, hands) if base is None else base
        world = base.with_hands(hands)
        if solving:
            values = _solved(world, me, candidates, plan)
            if values is None:
                solving = False  # too big: the playouts judge the decision
            else:
                for c in candidates:
                    solved[c] += weight * values[c] * goal
        for c, v in _played_out(world, me, candidates).items():
            played[c] += weight * v * goal
        mass += weight
        n += 1
        if plan.deadline is not None and time.perf_counter() > plan.deadline:
            break
    if not mass:
        return None
    if solving:
        return max(candidates, key=lambda c: (solved[c] + plan.blend * played[c], -c))
    return max(candidates, key=lambda c: (played[c], -c))


def _solved(world: Deal, me: int, candidates: list[int], plan: Plan) -> dict[int, float] | None:
    """Each candidate's exact settled score for ``me`` in ``world`` (None: too big to solve)."""
    left = None if plan.deadline is None else max(0.001, plan.deadline - time.perf_counter())
    solver = Solver(node_limit=plan.nodes, time_limit=left)
    try:
        values = solver.move_values(world, me, plan.model)
    except SearchLimit:
        return None
    return {c: float(values[CARDS[c]]) for c in candidates}


def _played_out(world: Deal, me: int, candidates: list[int]) -> dict[int, float]:
    """Each candidate's settled score for ``me`` after a playout by the rules of thumb."""
    out = {}
    for c in candidates:
        child = world.copy()
        child.apply(Play(CARDS[c]))
        raw = heuristic_playout(child)
        out[c] = float(final_scores(raw, child.doubles, world.rules)[me])
    return out


__all__ = ["Plan", "search_card", "tricks_left"]
