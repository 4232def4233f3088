"""Decision times of the master (and of any level) on CPython, in positions of real play.

    .venv/bin/python -m tools.bench.master [--level master] [--deals 14] [--rules standard]
                                           [--seed 1] [--budget SECONDS]

Deals of every contract of the rules (rotating, as the arena does) are played by four experts;
the level measured then decides every decision of those deals: the contract, the doubling turns
and each card (the cards split into those judged by playouts and those the master's solver
judges). Printed per kind and overall: median, 95th percentile (nearest rank) and maximum of the
CPU time and of the wall-clock time, in ms. CPU time is the figure to read on a shared machine.
A script that prints figures, not a test.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from barbu import ChooseContract, Deal, Phase, View, deal_masks
from barbu.bots import LEVELS, SETTINGS, Bot
from barbu.rules import Rules
from tools.bench import common

ROOT = Path(__file__).resolve().parents[2]


def kind(view: View, level: str) -> str:
    """The kind of decision: contract, doubling, play (playouts) or play (solver)."""
    if view.phase is not Phase.PLAY:
        return view.phase.name.lower()
    return "play (solver)" if SETTINGS[level].solves(view) else "play (playouts)"


def views(rules: Rules, deals: int, seed: int) -> list[View]:
    """Every decision with a choice in ``deals`` deals played by experts."""
    out: list[View] = []
    for index in range(deals):
        rng = random.Random(f"{seed}/{index}")
        deal = Deal(deal_masks(rng, rules.deck), index % 4, rules)
        contract = rules.contracts[index % len(rules.contracts)].contract
        bots = [Bot("expert", seed=f"{seed}/{index}/{s}") for s in range(4)]
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None  # the deal is not over
            view = deal.view(seat)
            if deal.phase is Phase.CONTRACT:
                mine = (a for a in view.legal if isinstance(a, ChooseContract))  # all are
                view = replace(view, legal=tuple(a for a in mine if a.contract == contract))
            if len(view.legal) > 1:
                out.append(view)
            deal.apply(bots[seat].decide(view))
    return out


def nearest_rank(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def line(label: str, cpu: list[float], wall: list[float]) -> str:
    def three(xs: list[float]) -> str:
        return (
            f"median {statistics.median(xs) * 1000:7.1f}  p95 {nearest_rank(xs, 0.95) * 1000:7.1f}"
            f"  max {max(xs) * 1000:7.1f}"
        )

    return f"  {label:<16} n={len(cpu):<4} CPU {three(cpu)}   wall {three(wall)}"


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    command = common.parser("master", __doc__)
    command.add_argument("--level", default="master", choices=LEVELS)
    common.add_deals(command, 14)
    common.add_rules(command)
    common.add_seed(command)
    command.add_argument("--budget", type=float, default=None, help="seconds per decision")
    args = command.parse_args(argv)
    cases = views(common.rules_from(command, args), args.deals, args.seed)
    times: dict[str, tuple[list[float], list[float]]] = {}
    for i, view in enumerate(cases):
        bot = Bot(args.level, seed=i, budget=args.budget)
        wall, cpu = time.perf_counter(), time.process_time()
        bot.decide(view)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        for key in (kind(view, args.level), "all"):
            times.setdefault(key, ([], []))
            times[key][0].append(cpu)
            times[key][1].append(wall)
    budget = "no budget" if args.budget is None else f"budget {args.budget:g} s"
    print(
        f"{args.level} decision times, ms, CPython {sys.version.split()[0]}, {args.rules} "
        f"rules, {args.deals} deals played by experts (seed {args.seed}), {budget}:"
    )
    for key in sorted(times, key=lambda k: (k == "all", k)):
        print(line(key, *times[key]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
