"""Duplicate matches between computer-player levels (``python -m barbu.arena``).

``python -m barbu.arena CANDIDATE BASELINE --deals N --seed S [--contract C] [--jobs J]``

Each deal is played five times on the same cards: once by four baseline players, then once with
the candidate in each seat and baseline players in the others. The deal's result is the mean,
over the four seats, of the candidate's score minus the baseline's score in that seat, so the
luck of the cards cancels. Deals rotate the declarer and, without ``--contract``, the seven
contracts. Printed: mean points per seat and deal with a 95% confidence interval, per contract
and overall, and the candidate's decision times. ``--sessions`` plays whole 28-deal sessions the
same way (contract choice and doubles included) and reports the score difference and win rate.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from .actions import ChooseContract
from .bots import LEVELS, Bot
from .cards import deal_masks
from .deal import Deal
from .rules import Contract
from .session import Session


def _play_deal(hands, declarer, contract, levels, seed, times):
    deal = Deal(hands, declarer)
    bots = [Bot(levels[s], seed=f"{seed}/{s}") for s in range(4)]
    while not deal.is_over:
        seat = deal.to_move
        view = deal.view(seat)
        if contract is not None and isinstance(view.legal[0], ChooseContract):
            view = _restricted(view, contract)
        start = time.perf_counter()
        action = bots[seat].decide(view)
        if times is not None and seat in times:
            times[seat].append(time.perf_counter() - start)
        deal.apply(action)
    return deal.final_scores()


def _restricted(view, contract):
    """The view with the contract choice narrowed to one contract (its suit or rank still free)."""
    from dataclasses import replace

    return replace(view, legal=tuple(a for a in view.legal if a.contract is contract))


def duplicate_deal(args) -> tuple[str, float, list[float]]:
    """Play one deal five times; return (contract, candidate minus baseline, decision times)."""
    candidate, baseline, seed, index, contract = args
    rng = random.Random(f"{seed}/{index}")
    hands = deal_masks(rng)
    declarer = index % 4
    if contract is None:
        contract = list(Contract)[index // 4 % 7]
    base = _play_deal(hands, declarer, contract, [baseline] * 4, f"{seed}/{index}/base", None)
    diffs, times = [], []
    for seat in range(4):
        levels = [baseline] * 4
        levels[seat] = candidate
        clock = {seat: []}
        scores = _play_deal(hands, declarer, contract, levels, f"{seed}/{index}/{seat}", clock)
        diffs.append(scores[seat] - base[seat])
        times += clock[seat]
    return contract.value, sum(diffs) / 4, times


def duplicate_session(args) -> tuple[float, float, list[float]]:
    """Play one seeded session five times; return (score difference, wins minus base wins,
    decision times)."""
    candidate, baseline, seed, index = args
    sseed = random.Random(f"{seed}/session/{index}").randrange(1 << 31)

    def play(levels, clock):
        session = Session(seed=sseed)
        bots = [Bot(levels[s], seed=f"{sseed}/{s}/{levels[s]}") for s in range(4)]
        while not session.is_over:
            seat = session.to_move
            start = time.perf_counter()
            action = bots[seat].decide(session.deal.view(seat))
            if clock is not None and seat in clock:
                clock[seat].append(time.perf_counter() - start)
            session.apply(action)
        return session.totals(), session.winners()

    base, base_winners = play([baseline] * 4, None)
    diffs, wins, times = [], [], []
    for seat in range(4):
        levels = [baseline] * 4
        levels[seat] = candidate
        clock = {seat: []}
        totals, winners = play(levels, clock)
        diffs.append(totals[seat] - base[seat])
        wins.append((seat in winners) / len(winners) - (seat in base_winners) / len(base_winners))
        times += clock[seat]
    return sum(diffs) / 4, sum(wins) / 4, times


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def _times_line(times: list[float]) -> str:
    if not times:
        return "decision times: none"
    times = sorted(times)
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    return (f"decision times ({len(times)}): median {pick(0.5):.1f} ms, "
            f"95th percentile {pick(0.95):.1f} ms, max {times[-1] * 1000:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m barbu.arena``."""
    parser = argparse.ArgumentParser(prog="python -m barbu.arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("candidate", choices=LEVELS)
    parser.add_argument("baseline", choices=LEVELS)
    parser.add_argument("--deals", type=int, default=70, help="duplicate deals (or sessions)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--contract", choices=[c.value for c in Contract])
    parser.add_argument("--sessions", action="store_true", help="whole 28-deal sessions")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    c, b = args.candidate, args.baseline
    start = time.perf_counter()
    if args.sessions:
        tasks = [(c, b, args.seed, i) for i in range(args.deals)]
        results = _run(duplicate_session, tasks, args.jobs)
        diffs = [r[0] for r in results]
        wins = [r[1] for r in results]
        times = [t for r in results for t in r[2]]
        mean, lo, hi = interval(diffs)
        wmean, wlo, whi = interval(wins)
        print(f"sessions: {len(diffs)}, {time.perf_counter() - start:.0f} s")
        print(f"win rate change: {wmean:+.3f} (95% CI {wlo:+.3f}..{whi:+.3f})")
        print(_times_line(times))
        print(f"{c} vs {b}: {mean:+.2f} points/session (95% CI {lo:+.2f}..{hi:+.2f}), "
              f"{len(diffs)} sessions")
        return 0
    contract = Contract(args.contract) if args.contract else None
    tasks = [(c, b, args.seed, i, contract) for i in range(args.deals)]
    results = _run(duplicate_deal, tasks, args.jobs)
    by_contract: dict[str, list[float]] = {}
    for name, diff, _ in results:
        by_contract.setdefault(name, []).append(diff)
    print(f"{'contract':<20} {'deals':>5} {'points/deal':>12}   95% CI")
    for name in [k.value for k in Contract if k.value in by_contract]:
        mean, lo, hi = interval(by_contract[name])
        print(f"{name:<20} {len(by_contract[name]):>5} {mean:>+12.2f}   {lo:+.2f}..{hi:+.2f}")
    diffs = [r[1] for r in results]
    times = [t for r in results for t in r[2]]
    mean, lo, hi = interval(diffs)
    print(f"elapsed {time.perf_counter() - start:.0f} s; " + _times_line(times))
    print(f"{c} vs {b}: {mean:+.2f} points/deal (95% CI {lo:+.2f}..{hi:+.2f}), {len(diffs)} deals")
    return 0


def _run(fn, tasks, jobs):
    if jobs <= 1:
        return [fn(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(fn, tasks, chunksize=1))


if __name__ == "__main__":
    sys.exit(main())
