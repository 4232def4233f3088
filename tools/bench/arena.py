"""Duplicate matches between computer-player levels (``python -m tools.bench.arena``).

``python -m tools.bench.arena CANDIDATE BASELINE --deals N --seed S [--rules PRESET
[--option K=V]...] [--contract C] [--first K] [--out FILE.jsonl] [--jobs J]``,
``python -m tools.bench.arena --merge FILE.jsonl ...``

Each deal is played five times on the same cards: once by four baseline players, then once with
the candidate in each seat and baseline players in the others. The deal's result is the mean,
over the four seats, of the candidate's score minus the baseline's score in that seat, so the
luck of the cards cancels. Deals rotate the declarer and, without ``--contract``, the contracts of
the rules (``--rules`` names a preset of RULES.md §7, or its former id, ``--option`` sets one of
its options, e.g. ``--rules italian --option salad=true --option king_of_hearts=-30``; the presets
and their options are those of ``barbu.presets.REGISTRY``). Points count in the direction the rules
count as better (fr32's penalties are negated), so a positive result always favours the
candidate. Printed: mean points per seat and deal with a 95% confidence interval, per contract
and overall, each beside the difference in raw scores (the doubles' transfers left out: the card
play seen with less noise), and the candidate's decision times. ``--sessions`` plays whole
sessions the same way (contract choice and doubles included) and reports the score difference
and win rate.

Long measurements split across runs: the deals of a seed form one fixed sequence, ``--first K``
starts at its deal ``K``, ``--out`` appends one JSON line per deal (or session) as soon as it is
played, and ``--merge`` prints the summary of several such files, each deal counted once.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any, TypeVar

from barbu import ChooseContract, Deal, Mask, RuleError, Session, View, deal_masks
from barbu.bots import LEVELS, Bot
from barbu.presets import STANDARD, rules_from_record
from barbu.rules import Contract, Rules
from tools.bench import common

Times = list[tuple[float, float]]
"""Decision times as (wall, CPU) seconds."""
Clock = dict[int, Times]
"""The decision times of the seats being timed."""
RulesRecord = str | dict[str, Any]
"""Rules as records write them (``Rules.record``)."""
Result = tuple[Any, ...]
"""One deal's result (contract, difference, raw difference, times) or one session's
(difference, win rate change, times)."""

_Task = TypeVar("_Task")
_Result = TypeVar("_Result")


def play_deal(
    hands: Sequence[Mask],
    declarer: int,
    contract: Contract | None,
    levels: list[str],
    seed: str,
    times: Clock | None,
    rules: Rules,
) -> Deal:
    """A deal played by bots of ``levels`` (seeded ``{seed}/{seat}``), the declarer's choice
    narrowed to ``contract`` if given; the decision times of the seats in ``times``."""
    deal = Deal(hands, declarer, rules)
    bots = [Bot(levels[s], seed=f"{seed}/{s}") for s in range(4)]
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None  # the deal is not over
        view = deal.view(seat)
        if contract is not None and isinstance(view.legal[0], ChooseContract):
            view = _restricted(view, contract)
        start, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].decide(view)
        if times is not None and seat in times:
            times[seat].append((time.perf_counter() - start, time.process_time() - cpu))
        deal.apply(action)
    return deal


def _restricted(view: View, contract: Contract) -> View:
    """The view with the contract choice narrowed to one contract (its suit or rank still free)."""
    from dataclasses import replace

    legal = (a for a in view.legal if isinstance(a, ChooseContract))  # all are, in that phase
    return replace(view, legal=tuple(a for a in legal if a.contract == contract))


def seeded_deal(
    rules: Rules, seed: int, index: int, contract: Contract | None = None
) -> tuple[tuple[Mask, ...], int, Contract]:
    """Deal ``index`` of a match's ``seed``: its hands, its declarer (the seats in turn) and its
    contract (the rules' contracts in turn, unless ``contract`` is given)."""
    hands = deal_masks(random.Random(f"{seed}/{index}"), rules.deck)
    if contract is None:
        contract = rules.contracts[index // 4 % rules.block_size].contract
    return hands, index % 4, contract


def duplicate_deal(
    args: tuple[str, str, int, int, Contract | None, RulesRecord],
) -> tuple[str, float, float, Times]:
    """Play one deal five times; return (contract, candidate minus baseline, the same in raw
    scores, decision times as (wall, CPU) seconds)."""
    candidate, baseline, seed, index, contract, rules_record = args
    rules = rules_from_record(rules_record)
    hands, declarer, contract = seeded_deal(rules, seed, index, contract)
    base = play_deal(hands, declarer, contract, [baseline] * 4, f"{seed}/{index}/base", None, rules)
    base_final, base_raw = base.final_scores(), base.raw_scores()
    diffs: list[float] = []
    raws: list[float] = []
    times: Times = []
    for seat in range(4):
        levels = [baseline] * 4
        levels[seat] = candidate
        clock: Clock = {seat: []}
        played = play_deal(
            hands, declarer, contract, levels, f"{seed}/{index}/{seat}", clock, rules
        )
        diffs.append((played.final_scores()[seat] - base_final[seat]) * rules.goal)
        raws.append((played.raw_scores()[seat] - base_raw[seat]) * rules.goal)
        times += clock[seat]
    return str(contract), sum(diffs) / 4, sum(raws) / 4, times


def duplicate_session(args: tuple[str, str, int, int, RulesRecord]) -> tuple[float, float, Times]:
    """Play one seeded session five times; return (score difference, wins minus base wins,
    decision times as (wall, CPU) seconds)."""
    candidate, baseline, seed, index, rules_record = args
    rules = rules_from_record(rules_record)
    sseed = random.Random(f"{seed}/session/{index}").randrange(1 << 31)

    def play(levels: list[str], clock: Clock | None) -> tuple[list[int], list[int]]:
        session = Session(seed=sseed, rules=rules)
        bots = [Bot(levels[s], seed=f"{sseed}/{s}/{levels[s]}") for s in range(4)]
        while not session.is_over:
            if session.between_deals:
                session.next_deal()
            seat = session.to_move
            assert seat is not None  # the session is not over
            start, cpu = time.perf_counter(), time.process_time()
            action = bots[seat].decide(session.deal.view(seat))
            if clock is not None and seat in clock:
                clock[seat].append((time.perf_counter() - start, time.process_time() - cpu))
            session.apply(action)
        return session.totals(), session.winners()

    base, base_winners = play([baseline] * 4, None)
    diffs: list[float] = []
    wins: list[float] = []
    times: Times = []
    for seat in range(4):
        levels = [baseline] * 4
        levels[seat] = candidate
        clock: Clock = {seat: []}
        totals, winners = play(levels, clock)
        diffs.append((totals[seat] - base[seat]) * rules.goal)
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


def _times_line(times: list[float], what: str = "decision times") -> str:
    if not times:
        return f"{what}: none"
    times = sorted(times)

    def pick(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] * 1000

    return (
        f"{what} ({len(times)}): median {pick(0.5):.1f} ms, "
        f"95th percentile {pick(0.95):.1f} ms, max {times[-1] * 1000:.1f} ms"
    )


def _records(
    results: Iterable[Result],
    kind: str,
    candidate: str,
    baseline: str,
    seed: int,
    contract: str | None,
    first: int,
    rules: RulesRecord,
) -> Iterator[dict[str, Any]]:
    """The JSON records of ``results`` (in deal order from deal ``first``)."""
    for i, result in enumerate(results, first):
        record: dict[str, Any] = {
            "kind": kind,
            "candidate": candidate,
            "baseline": baseline,
            "seed": seed,
            "rules": rules,
            "contract_option": contract,
            "index": i,
        }
        if kind == "deal":
            record.update(contract=result[0], diff=result[1], raw=result[2])
        else:
            record.update(diff=result[0], win=result[1])
        record["times"] = [[round(w, 5), round(c, 5)] for w, c in result[-1]]
        yield record


def read_records(paths: list[str]) -> list[dict[str, Any]]:
    """The records of several ``--out`` files, each deal (or session) once, in file order.

    Raises ``ValueError`` when the files mix kinds or levels."""
    seen: dict[tuple[object, ...], dict[str, Any]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    r = json.loads(line)
                except json.JSONDecodeError as e:
                    raise ValueError(f"{path}:{number}: not a JSON line ({e.msg})") from None
                # A deal is fixed by seed, index and contract (with or without --contract); the
                # rules as written now (a former id, "pagat", is the same game as "italian").
                try:
                    r["rules"] = rules_from_record(r.get("rules", STANDARD.name)).record
                except RuleError as e:
                    raise ValueError(f"{path}:{number}: {e}") from None
                key = (
                    r["kind"],
                    r["candidate"],
                    r["baseline"],
                    r["seed"],
                    r["index"],
                    r.get("contract"),
                    json.dumps(r["rules"], sort_keys=True),
                )
                seen.setdefault(key, r)
    records = list(seen.values())
    matches = {
        (r["kind"], r["candidate"], r["baseline"], json.dumps(r["rules"], sort_keys=True))
        for r in records
    }
    if len(matches) > 1:
        raise ValueError("the files mix different matches (kind, candidate, baseline or rules)")
    return records


def summary(records: list[dict[str, Any]], elapsed: float | None = None) -> list[str]:
    """The printed summary of a match's records: per contract and overall (deals), or score and
    win rate (sessions), with the candidate's decision times; the last line is the result.

    For deals, each contract and the whole give the difference in raw scores too: the doubles'
    transfers multiply every difference of play (a declarer doubled by all three pays four times
    what he loses), so the raw scores show the card play with far less noise (No Hearts, master
    vs expert: a standard deviation of 2.9 points per deal against 14.3)."""
    if not records:
        return ["no deals"]
    c, b = records[0]["candidate"], records[0]["baseline"]
    times = [t for r in records for t in r["times"]]
    clock = (
        _times_line([w for w, _ in times]) + "; " + _times_line([cpu for _, cpu in times], "CPU")
    )
    lines = []
    took = f", {elapsed:.0f} s" if elapsed is not None else ""
    if records[0]["kind"] == "session":
        diffs = [r["diff"] for r in records]
        wmean, wlo, whi = interval([r["win"] for r in records])
        mean, lo, hi = interval(diffs)
        lines.append(f"sessions: {len(diffs)}{took}")
        lines.append(f"win rate change: {wmean:+.3f} (95% CI {wlo:+.3f}..{whi:+.3f})")
        lines.append(clock)
        lines.append(
            f"{c} vs {b}: {mean:+.2f} points/session (95% CI {lo:+.2f}..{hi:+.2f}), "
            f"{len(diffs)} sessions"
        )
        return lines
    by_contract: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by_contract.setdefault(r["contract"], []).append(r)
    has_raw = all("raw" in r for r in records)  # files written before the raw scores lack it
    header = f"{'contract':<20} {'deals':>5} {'points/deal':>12}   {'95% CI':<15}"
    lines.append((header + ("   raw   95% CI" if has_raw else "")).rstrip())
    for name, group in by_contract.items():
        mean, lo, hi = interval([r["diff"] for r in group])
        line = f"{name:<20} {len(group):>5} {mean:>+12.2f}   {f'{lo:+.2f}..{hi:+.2f}':<15}"
        if has_raw:
            mean, lo, hi = interval([r["raw"] for r in group])
            line += f" {mean:>+5.2f}   {lo:+.2f}..{hi:+.2f}"
        lines.append(line.rstrip())
    if has_raw:
        mean, lo, hi = interval([r["raw"] for r in records])
        lines.append(
            f"raw scores (the doubles' transfers left out): {mean:+.2f} points/deal "
            f"(95% CI {lo:+.2f}..{hi:+.2f})"
        )
    diffs = [r["diff"] for r in records]
    mean, lo, hi = interval(diffs)
    lines.append((f"elapsed {elapsed:.0f} s; " if elapsed is not None else "") + clock)
    lines.append(
        f"{c} vs {b}: {mean:+.2f} points/deal (95% CI {lo:+.2f}..{hi:+.2f}), {len(diffs)} deals"
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m tools.bench.arena``."""
    command = _parser()
    args = command.parse_args(argv)
    if args.merge:
        try:
            records = read_records(args.merge)
        except (OSError, ValueError, KeyError) as e:
            print(f"arena: {e}", file=sys.stderr)
            return 1
        print("\n".join(summary(records)))
        return 0
    if args.candidate is None or args.baseline is None:
        command.error("give CANDIDATE and BASELINE levels (or --merge FILE ...)")
    if args.first < 0:
        command.error("--first must be >= 0")
    rules = common.rules_from(command, args)
    try:
        contract = rules.contract(args.contract).contract if args.contract else None
    except (RuleError, ValueError) as e:
        command.error(str(e))
    start = time.perf_counter()
    records = _play(args, rules, contract)
    print("\n".join(summary(records, time.perf_counter() - start)))
    return 0


def _parser() -> argparse.ArgumentParser:
    """The arena's options: the levels, the shared ones (``tools.bench.common``) and its own."""
    command = common.parser("arena", __doc__)
    command.add_argument("candidate", nargs="?", choices=LEVELS)
    command.add_argument("baseline", nargs="?", choices=LEVELS)
    common.add_deals(command, 70, "duplicate deals (or sessions)")
    common.add_seed(command)
    common.add_rules(command)
    command.add_argument("--contract", help="play only this contract of the rules")
    command.add_argument("--sessions", action="store_true", help="whole sessions")
    command.add_argument(
        "--first",
        type=int,
        default=0,
        help="start at this deal (or session) of the seed's sequence",
    )
    command.add_argument("--out", metavar="FILE", help="append one JSON line per deal to FILE")
    command.add_argument(
        "--merge",
        nargs="+",
        metavar="FILE",
        help="print the summary of --out files instead of playing",
    )
    command.add_argument("--jobs", type=int, default=1, help="worker processes")
    return command


def _play(
    args: argparse.Namespace, rules: Rules, contract: Contract | None
) -> list[dict[str, Any]]:
    """Play the deals (or sessions) the options name; their records, each also appended to
    ``--out`` as soon as it is played."""
    c, b = args.candidate, args.baseline
    indices = range(args.first, args.first + args.deals)
    fn: Callable[[Any], Result]
    tasks: list[tuple[Any, ...]]
    if args.sessions:
        kind, fn = "session", duplicate_session
        tasks = [(c, b, args.seed, i, rules.record) for i in indices]
    else:
        kind, fn = "deal", duplicate_deal
        tasks = [(c, b, args.seed, i, contract, rules.record) for i in indices]
    records = []
    with open(args.out, "a", encoding="utf-8") if args.out else nullcontext() as out:
        for record in _records(
            _run(fn, tasks, args.jobs),
            kind,
            c,
            b,
            args.seed,
            args.contract,
            args.first,
            rules.record,
        ):
            records.append(record)
            if out:
                out.write(json.dumps(record) + "\n")
                out.flush()
    return records


def _run(fn: Callable[[_Task], _Result], tasks: list[_Task], jobs: int) -> Iterator[_Result]:
    """``fn`` over ``tasks`` in order, results yielded as they come (in worker processes when
    ``jobs`` > 1)."""
    if jobs <= 1:
        yield from map(fn, tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(fn, tasks, chunksize=1)


if __name__ == "__main__":
    raise SystemExit(main())
