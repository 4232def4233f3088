"""The expert's review of a whole deal on CPython: its time and its uncertainty.

    .venv/bin/python -m tools.bench.review [--deals 10] [--seed 1] [--worlds 40] [--seconds S]
                                           [--level expert|master]

Deals of 13 tricks (seeded random hands; deals that end early or are Dominoes are skipped), seat 0
played by the expert and the others by the standard player; seat 0 is the declarer of one deal in
four, as in a session, so that one review in four includes the contract choice. Each deal's
decisions of seat 0 are reviewed with the default budget (``--worlds`` per decision, no time
limit unless ``--seconds``); ``--level master`` judges them as the page's worker does: by the
master's endgame (``endgame.SolverEvaluator``) while the review keeps within the worker's
``MASTER_SECONDS`` at its pace so far, then by the expert's playouts. Printed: one line per
deal, then the median review time (over all deals, and apart for the declarer's and the
others'), and the cost estimates' uncertainty: the median and 90th percentile of the standard
error of the costs where a better choice was found.
A script that prints figures, not a test: the machine's noise is large. Pyodide in Chromium runs
these 2 to 2.5 times slower (``tools/bench/bots.py`` measures the ratio on the bots' decisions).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from barbu import Deal, deal_masks
from barbu.bots import Bot
from barbu.bots.endgame import SolverEvaluator
from barbu.bots.review import Budget, PlayoutEvaluator, review
from tools.bench import common
from web.runtime.worker import MASTER_SECONDS

ROOT = Path(__file__).resolve().parents[2]
SEAT = 0


def played_deal(seed: int, declarer: int) -> Deal:
    """A deal of random hands played out: ``SEAT`` by the expert, the others by the standard."""
    deal = Deal(deal_masks(random.Random(seed)), declarer)
    bots = [Bot("expert" if s == SEAT else "standard", seed=f"bench/{seed}/{s}") for s in range(4)]
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None  # the deal is not over
        deal.apply(bots[seat].decide(deal.view(seat)))
    return deal


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    """Review played deals and print the time a review takes."""
    command = common.parser("review", __doc__)
    common.add_deals(command, 10)
    common.add_seed(command)
    command.add_argument("--worlds", type=int, default=Budget.worlds)
    command.add_argument("--seconds", type=float, default=None)
    command.add_argument("--level", choices=("expert", "master"), default="expert")
    args = command.parse_args(argv)
    master = args.level == "master"
    budget = Budget(
        worlds=args.worlds, seconds=args.seconds, strong_seconds=MASTER_SECONDS if master else None
    )
    print(
        f"Python {sys.version.split()[0]}, {args.deals} deals of 13 tricks, seed {args.seed}, "
        f"{budget.worlds} worlds per decision (+{budget.confirm} to confirm), "
        f"time limit {budget.seconds or 'none'}, by the {args.level}"
    )
    times: dict[bool, list[float]] = {True: [], False: []}
    errors: list[float] = []
    seed = args.seed
    count = 0
    while count < args.deals:
        declarer = (SEAT + count) % 4  # seat 0 declares one deal in four
        deal = played_deal(seed, declarer)
        seed += 1
        if len(deal.tricks) != deal.rules.hand_size:
            continue  # a Domino, or a deal that ended early
        count += 1
        started = time.perf_counter()
        strong = SolverEvaluator() if master else None
        fallback = PlayoutEvaluator() if master else None
        result = review(deal, SEAT, budget, strong, seed=seed, fallback=fallback)
        elapsed = time.perf_counter() - started
        times[declarer == SEAT].append(elapsed)
        shown = [d.stderr for d in result.decisions if d.best != d.action]
        errors.extend(shown)
        labelled = sum(1 for d in result.decisions if d.label)
        assert deal.contract is not None  # the deal was played
        print(
            f"  deal {count:>2} (seed {seed - 1}): {deal.contract.value:<18} "
            f"{'declarer' if declarer == SEAT else '        '} "
            f"{len(result.decisions):>2} decisions, {labelled} labelled, {elapsed:6.2f} s"
            f"{' (' + result.evaluator + ')' if master else ''}"
        )
    every = times[True] + times[False]
    print(f"review time, median over {len(every)} deals: {statistics.median(every):.2f} s")
    for declares, label in ((True, "as declarer"), (False, "otherwise")):
        if times[declares]:
            values = times[declares]
            print(f"  {label:<12} n={len(values):<3} median {statistics.median(values):.2f} s")
    if errors:
        print(
            f"standard error of the costs shown (n={len(errors)}): median "
            f"{statistics.median(errors):.2f} points, 90th percentile "
            f"{percentile(errors, 0.9):.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
