"""The exact solver's speed (barbu/bots/solver/): time to solve open positions, per contract.

    .venv/bin/python -m tools.bench.solver [--tricks 6 8 13] [--positions 10 5 3]
                                           [--budget 4] [--rules standard] [--seed 1]

For each contract of the rules and each size (the last 6 and 8 tricks, and the whole 13-card
deal from its first card), random positions: random hands, the contract (a random trump suit or
Domino rank), no doubles, then random legal cards until that many tricks are left (a Domino: as
many cards left in all). Each is solved open for the player to move (``Solver.solve``: the
value and every best card, paranoid model) with a budget of CPU seconds; a position not solved
within it counts as slower than the budget. Printed per contract and size: positions solved,
median and 95th percentile (nearest rank: with few positions, the slowest) of the CPU time and
the wall-clock time, and the median of the tricks searched.

CPU time (``time.process_time``) is the figure to read on a shared machine: the wall clock
also counts the time other processes held the cores. Either is noisy there; the tricks searched
are exact. A script that prints figures, not a test.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from pathlib import Path

from barbu import ChooseContract, Deal, Double, Phase, deal_masks
from barbu.bots.solver import SearchLimit, Solver
from barbu.rules import Rules
from tools.bench import common

ROOT = Path(__file__).resolve().parents[2]


def position(rules: Rules, contract: str, tricks: int, rng: random.Random) -> Deal:
    """A random deal of ``contract``, played at random until ``tricks`` tricks are left (a
    Domino: ``4 * tricks`` cards in all), and not over."""
    while True:
        deal = Deal(deal_masks(rng, rules.deck), rng.randrange(4), rules)
        choices = [a for a in deal.legal_actions() if isinstance(a, ChooseContract)]
        deal.apply(rng.choice([a for a in choices if a.contract == contract]))
        while deal.phase is Phase.DOUBLING:
            deal.apply(Double())
        while not deal.is_over and sum(h.bit_count() for h in deal.hands) > 4 * tricks:
            deal.apply(rng.choice(deal.legal_actions()))
        if not deal.is_over:
            return deal


def nearest_rank(values: list[float], q: float) -> float:
    """The ``q`` quantile by nearest rank (``inf`` for a position not solved)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def shown(seconds: float, budget: float) -> str:
    """Milliseconds, or "> budget" for a position not solved."""
    return f"> {budget:g} s" if math.isinf(seconds) else f"{seconds * 1000:,.1f}"


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    command = common.parser("solver", __doc__)
    command.add_argument("--tricks", type=int, nargs="+", default=[6, 8, 13])
    command.add_argument(
        "--positions", type=int, nargs="+", default=[10, 5, 3], help="per size, in order"
    )
    command.add_argument("--budget", type=float, default=4.0, help="CPU seconds per position")
    common.add_rules(command)
    common.add_seed(command)
    args = command.parse_args(argv)
    rules = common.rules_from(command, args)
    counts = args.positions + [args.positions[-1]] * len(args.tricks)
    solver = Solver(time_limit=args.budget, clock=time.process_time)
    print(
        f"Python {sys.version.split()[0]}, {rules.name} rules, paranoid model, budget "
        f"{args.budget:g} CPU s per position, seed {args.seed}"
    )
    header = (
        f"{'contract':18} {'tricks':>6} {'solved':>7} {'CPU median ms':>14} {'CPU p95 ms':>12}"
        f" {'wall median ms':>15} {'wall p95 ms':>12} {'tricks searched':>16}"
    )
    print(header)
    for tricks, count in zip(args.tricks, counts, strict=False):
        tricks = min(tricks, rules.hand_size)
        for crules in rules.contracts:
            rng = random.Random(f"{args.seed}/{crules.contract}/{tricks}")
            cpu: list[float] = []
            wall: list[float] = []
            nodes: list[int] = []
            for _ in range(count):
                deal = position(rules, crules.contract, tricks, rng)
                c0, w0 = time.process_time(), time.perf_counter()
                try:
                    solution = solver.solve(deal)
                except SearchLimit:
                    cpu.append(math.inf)
                    wall.append(math.inf)
                    continue
                cpu.append(time.process_time() - c0)
                wall.append(time.perf_counter() - w0)
                nodes.append(solution.nodes)
            solved = sum(not math.isinf(t) for t in cpu)
            print(
                f"{crules.contract:18} {tricks:>6} {f'{solved}/{count}':>7}"
                f" {shown(nearest_rank(cpu, 0.5), args.budget):>14}"
                f" {shown(nearest_rank(cpu, 0.95), args.budget):>12}"
                f" {shown(nearest_rank(wall, 0.5), args.budget):>15}"
                f" {shown(nearest_rank(wall, 0.95), args.budget):>12}"
                f" {statistics.median(nodes) if nodes else '-':>16}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
