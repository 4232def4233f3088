"""An exact solver for open positions: every hand known, the best outcome for one seat.

``solve(deal, seat=None)`` takes a ``Deal`` in its play phase (all four hands known: a real deal,
or one sampled by a computer player with ``Deal.with_hands``/``Deal.from_view``) and returns a
``Solution``: the seat's score at the end of the deal under best play, and the best cards of the
player to move. ``move_values(deal)`` gives the exact value of every legal card (what a
perfect-information Monte Carlo player averages over its samples); ``best_card(deal)`` one best
card. Every contract of every preset is solved with its own rules (``Deal.rules``: the lead
restriction and hearts broken, the trump duties, the early ends, each contract's scoring), and
Domino as the race it is (the order of going out, RULES.md §3).

The search model (decisions):

- **Paranoid** (the default): the seat solved for maximises its score and the three others play
  together to minimise it. The four players play for themselves (RULES.md §1), so this is not
  how they play: it is the seat's *security value*, what it gets whatever the others do. It is
  chosen because it makes the game two-sided and zero-sum, so alpha-beta cut-offs and a table
  of bounds apply, and because its value is well defined (no tie-breaking) and cautious. Against
  real opponents it is pessimistic: the others are assumed to sacrifice their own scores to hurt
  this one.
- **max^n** (``model="maxn"``): every player maximises its own score, each anticipating the
  others doing the same; the value is a vector of four scores. Closer to how the players play,
  but it admits only shallow pruning, and a player indifferent between cards that treat the
  others differently needs a rule: here such ties are broken against the seat solved for (the
  paranoid rule, as a tie-break), then by the lowest card number. Use it for small endings.
- **The score is the settled one** (``settled=True``, the default): a seat's deal score is its
  raw score plus its transfers with the pairs it doubled or was doubled in (RULES.md §5), a
  linear function of the four raw scores, ``sum(w[t] * raw[t])``. The solver maximises that,
  because that is what the seat banks: after Ben doubled Ada in No Queens, Ada gains from every
  queen Ben takes, and Ben from every queen Ada takes. ``settled=False`` solves the raw score.
- **Lower is better in fr32** (``Rules.goal``, whose points are penalties): the value is always
  written as the score sheet writes it, and the seat then looks for the lowest.

Values are the seat's score for the whole deal (points already taken included). The search
itself counts only the points still to come, so positions reached by different histories share
their table entries.

How it is fast, on card sets as bitmasks (``barbu.cards``), in the paranoid model:

- **alpha-beta** driven by null-window searches (MTD(f): each pass asks only "is the value at
  least v?", and the table keeps what each pass learnt), fail-soft; the value of each card at
  the root (``move_values``, ``best_moves``) reuses the same table. **Move ordering**: a lead
  tries the table's card first, then the cards that caused cut-offs before (history); a follower
  tries its highest card first, except that the seat solved for, when it wants no tricks, first
  tries its highest card that does not take the trick (both measured against the alternatives:
  fewest positions searched);
- **equivalent cards merged**: cards of one hand, in one suit, with no live card of another
  seat (in a hand or in the current trick) between them, and scoring the same, lead to the same
  outcome: one of them is searched;
- a **transposition table** at the start of each trick (bounds and the best card). Its key is
  **rank-relative**: in each suit, whose are the live cards in rank order, and where the scoring
  cards stand among them; so positions that differ only by cards gone meet in the table;
- **cut-offs from the points left**: at each trick's start the points still to be taken (scoring
  cards still in the hands, scoring tricks still to play) bound the value; when none remain (No
  Queens once the queens are gone, No King of Hearts once K♥ is, the rules that play on after
  that included) the value is known at once, and a bound outside the search window ends the
  node: No Last Two is bounded by its two scoring tricks from the start, a Salad by all five
  scorings; the last trick is played without search;
- Domino: the same table (keyed by the four hands and the seat to move) and bounds from the
  places still to give, found over the orders the seats still in can go out in.

max^n uses the merging, the table (exact outcome vectors) and "no point left", not alpha-beta.

What it costs (``tools/bench/solver.py``, CPython 3.11, CPU time, medians): the last 6 tricks
take 1 to 25 ms; the last 8, 7 ms (Domino) to 20 ms (Trumps), 50 ms (No King of Hearts), 0.3 s
(No Hearts) and about 1 s (No Tricks, No Queens, No Last Two); a whole deal is out of reach in
pure Python except in Domino (a few ms) and sometimes No King of Hearts. Each trick left
multiplies the work by about nine: at each of their turns every card of the three others must
be answered. A search gives up with ``SearchLimit`` at ``Solver.node_limit`` or
``Solver.time_limit``.

For a computer player (perfect-information Monte Carlo): deal the hidden cards as a view allows
(``bots.knowledge.Sampler``), rebuild each sample (``Deal.from_view``), and average
``Solver(time_limit=...).move_values(sample)`` over the samples, while the position is small
enough; before that, play out with the heuristics (``bots.simulate``).

The modules: ``position`` (what the searches share: the open position, the cards scoring alike
and the equivalent ones, the limits), ``table`` (the transposition table's keys), ``tricks``
and ``domino`` (the paranoid searches), ``maxn`` (the max^n search); here the interface
(``Solver``, ``solve``, ``move_values``, ``best_card``) and the value searched for.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from functools import partial
from typing import Literal

from ...cards import CARDS, Card
from ...deal import Deal, Phase
from ...scoring import pair_factors
from .domino import DominoSearch
from .maxn import MaxnSearch
from .position import INF, Position, SearchLimit, card_classes, card_numbers, groups
from .tricks import TrickSearch

Model = Literal["paranoid", "maxn"]
MODELS: tuple[Model, ...] = ("paranoid", "maxn")


@dataclass(frozen=True)
class Solution:
    """A solved position: ``seat``'s score at the end of the deal under best play."""

    seat: int
    """The seat whose score ``value`` is."""
    value: int
    """Its deal score at the end (settled or raw, see ``settled``), as the score sheet writes
    it (in fr32 lower is better)."""
    best_moves: tuple[Card, ...]
    """The cards of the player to move that reach ``value`` under the model (for ``maxn``: that
    give the player to move its best score), lowest card number first; empty once it is over."""
    model: Model
    settled: bool
    scores: tuple[int, ...] | None = None
    """``maxn``: the four seats' scores at the end of the line found."""
    nodes: int = 0
    """The work done (paranoid): tricks whose start was searched (Domino: positions)."""


def score_weights(deal: Deal, seat: int, settled: bool = True) -> tuple[int, int, int, int]:
    """``w`` such that ``seat``'s deal score is ``sum(w[t] * raw[t])`` (RULES.md §5): its raw
    score plus, for each pair it is in, the difference of raw scores, times the pair's factor."""
    w = [0, 0, 0, 0]
    w[seat] = 1
    if settled:
        for (a, b), kind in pair_factors(deal.doubles).items():
            if seat in (a, b):
                factor = deal.rules.mutual_factor if kind == 2 else 1
                w[seat] += factor
                w[b if seat == a else a] -= factor
    return w[0], w[1], w[2], w[3]


# -- the interface ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Solver:
    """The solver's switches: each speed-up can be turned off (the tests check that none changes
    a value), and a node limit stops a search too big to finish in time."""

    merge: bool = True
    """Search one card of each set of equivalent cards."""
    table: bool = True
    """Keep a transposition table."""
    cutoffs: bool = True
    """Stop where the points left decide (bounds, no point left)."""
    node_limit: int | None = None
    """Raise ``SearchLimit`` after this many tricks started (Domino: positions) searched
    (paranoid model, as ``time_limit``)."""
    time_limit: float | None = None
    """Raise ``SearchLimit`` once a search has run this many seconds of ``clock``."""
    clock: Callable[[], float] = time.perf_counter
    """The clock of ``time_limit`` (wall-clock time by default, as the players' budgets)."""
    table_size: int = 1 << 18
    """Entries kept in the table before it is emptied (about 60 MB when full)."""

    def solve(
        self, deal: Deal, seat: int | None = None, model: Model = "paranoid", settled: bool = True
    ) -> Solution:
        """``seat``'s (default: the player to move's) best score at the end of ``deal``, every
        hand known, and the best cards of the player to move, under ``model``."""
        root, rows, base = self._setup(deal, seat, settled)
        if deal.phase is Phase.DONE:
            return Solution(root, base[root], (), model, settled, tuple(base))
        mover = deal.to_move
        assert mover is not None  # in the play phase
        if model == "maxn":
            maxn = self._maxn(deal, root, rows)
            options = maxn.root_options()
            vector = maxn.choose(mover, options)
            top = max(maxn.utility(mover, v) for _, v in options)
            best = tuple(CARDS[c] for c, v in options if maxn.utility(mover, v) == top)
            raw = deal.raw_scores()
            scores = tuple(_dot(r, [raw[t] + vector[t] for t in range(4)]) for r in rows)
            return Solution(root, scores[root], best, model, settled, scores, maxn.nodes)
        goal = deal.rules.goal
        with closing(self._paranoid(deal, root, tuple(goal * w for w in rows[root]))) as search:
            value = _mtdf(search.value, 0)
            best_moves: list[Card] = []
            for g in search.root_groups():
                c = g.bit_length() - 1
                # A null window around the value: does this card reach it?
                if mover == root:
                    reaches = search.after(c, value - 1, value) >= value
                else:
                    reaches = search.after(c, value, value + 1) <= value
                if reaches:
                    best_moves.extend(CARDS[d] for d in card_numbers(g))
        return Solution(
            root, base[root] + goal * value, tuple(sorted(best_moves)), model, settled,
            nodes=search.counter[0],
        )  # fmt: skip

    def move_values(
        self, deal: Deal, seat: int | None = None, model: Model = "paranoid", settled: bool = True
    ) -> dict[Card, int]:
        """``seat``'s score at the end of ``deal`` after each legal card of the player to move,
        under ``model`` (equivalent cards have the same value)."""
        root, rows, base = self._setup(deal, seat, settled)
        if deal.phase is Phase.DONE:
            return {}
        if model == "maxn":
            raw = deal.raw_scores()
            return {
                CARDS[c]: _dot(rows[root], [raw[t] + v[t] for t in range(4)])
                for c, v in self._maxn(deal, root, rows).root_options()
            }
        goal = deal.rules.goal
        out: dict[Card, int] = {}
        guess = 0
        with closing(self._paranoid(deal, root, tuple(goal * w for w in rows[root]))) as search:
            for g in search.root_groups():
                c = g.bit_length() - 1
                guess = _mtdf(partial(search.after, c), guess)
                v = base[root] + goal * guess
                out.update((CARDS[d], v) for d in card_numbers(g))
        return dict(sorted(out.items()))

    def _setup(
        self, deal: Deal, seat: int | None, settled: bool
    ) -> tuple[int, list[tuple[int, int, int, int]], list[int]]:
        """The seat solved for, every seat's weights, every seat's score so far."""
        if deal.phase not in (Phase.PLAY, Phase.DONE):
            raise ValueError("the solver starts in the play phase")
        root = deal.to_move if seat is None else seat
        if root is None:
            raise ValueError("the deal is over: name the seat whose score is wanted")
        if isinstance(root, bool) or root not in (0, 1, 2, 3):
            raise ValueError(f"not a seat: {root!r}")
        rows = [score_weights(deal, s, settled) for s in range(4)]
        raw = deal.raw_scores()
        return root, rows, [_dot(r, raw) for r in rows]

    def _maxn(self, deal: Deal, root: int, rows: list[tuple[int, int, int, int]]) -> MaxnSearch:
        goal = deal.rules.goal
        utility = [tuple(goal * w for w in r) for r in rows]
        return MaxnSearch(deal, root, utility, self.merge, self.table, self.cutoffs)

    def _paranoid(
        self, deal: Deal, root: int, weights: tuple[int, ...]
    ) -> TrickSearch | DominoSearch:
        assert deal.crules is not None  # in the play phase
        deadline = None
        if self.time_limit is not None:
            deadline = (self.clock, self.clock() + self.time_limit)
        if deal.crules.domino is not None:
            return DominoSearch(
                deal, root, weights, self.table, self.cutoffs, self.node_limit, self.table_size,
                deadline,
            )  # fmt: skip
        return TrickSearch(
            Position(deal), root, weights, self.merge, self.table, self.cutoffs,
            self.node_limit, self.table_size, deadline,
        )  # fmt: skip


def _mtdf(search: Callable[[int, int], int], guess: int) -> int:
    """The exact value by null-window searches (MTD(f)): each search only asks whether the value
    is above a bound, which cuts far more than an open window; the table keeps what each found.
    ``search(alpha, beta)`` is fail-soft."""
    lower, upper = -INF, INF
    g = guess
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = search(beta - 1, beta)
        if g < beta:
            upper = g
        else:
            lower = g
    return g


def _dot(row: tuple[int, ...], values: list[int]) -> int:
    return sum(w * x for w, x in zip(row, values, strict=True))


DEFAULT = Solver()
"""The solver with every speed-up on and no limit."""


def solve(
    deal: Deal, seat: int | None = None, model: Model = "paranoid", settled: bool = True
) -> Solution:
    """``seat``'s (default: the player to move's) best score at the end of ``deal``, every
    hand known, and the best cards of the player to move (see the module's docstring)."""
    return DEFAULT.solve(deal, seat, model, settled)


def move_values(
    deal: Deal, seat: int | None = None, model: Model = "paranoid", settled: bool = True
) -> dict[Card, int]:
    """``seat``'s score at the end of ``deal`` after each legal card of the player to move."""
    return DEFAULT.move_values(deal, seat, model, settled)


def best_card(deal: Deal, model: Model = "paranoid") -> Card:
    """A best card of the player to move for its own settled score (the lowest of the best)."""
    solution = solve(deal, None, model)
    if not solution.best_moves:
        raise ValueError("the deal is over")
    return solution.best_moves[0]


__all__ = [
    "DEFAULT",
    "MODELS",
    "Model",
    "SearchLimit",
    "Solution",
    "Solver",
    "best_card",
    "card_classes",
    "groups",
    "move_values",
    "score_weights",
    "solve",
]
