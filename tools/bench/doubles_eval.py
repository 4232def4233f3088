"""The doubling decisions of two levels compared apart from the card play (docs/BOTS.md).

``python -m tools.bench.doubles_eval CANDIDATE BASELINE --deals N --seed S --cache FILE.jsonl``
takes the deals of an arena seed (``tools.bench.arena``'s cards, declarers and contracts), plays
each once by four players of ``--play`` (the expert: suit or rank, doubles and cards) and keeps its
raw scores in the cache (one JSON line per deal, written as it is played, read back when present);
then it replays each deal's doubling round by four baseline players, and once with the candidate in
each seat (every seat's bot seeded alike in the five rounds), and prints the candidate's final score
minus the baseline's in the same seat, computed from the kept raw scores: mean points per seat and
deal with a 95% interval, per contract and overall. One decision per seat and no chaos of the
continuation, so a few hundred deals measure what the arena needs thousands for; it assumes the card
play does not depend on the doubles.

``--judgements FILE.jsonl`` also writes each of the candidate's judgements (one JSON line per
target it weighed: the contract, the seat, the target and its role — ``redouble`` as the
declarer, ``declarer`` against him, ``answer`` against a non-declarer who doubled it, ``side``
against another — with the expected raw difference it judged and the true one) and prints, per
role, the points per seat and deal that doubling from each margin would have gained, each
judgement counted apart (the answers to a double are not replayed): where a margin costs, and
how much a change could gain, before ``doubles_eval`` measures the change whole.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from barbu import ChooseContract, Deal, Phase, Rank, Suit, View, final_scores
from barbu.bots import LEVELS, Bot
from barbu.bots.players import doubling_role
from barbu.rules import Contract, Rules
from tools.bench import common
from tools.bench.arena import interval, play_deal, seeded_deal

Record = dict[str, Any]
MARGINS = (-2.0, 0.0, 0.5, 1.0, 2.0, 4.0, 6.0, 8.0, 12.0)
"""The margins ``--judgements`` prints the gain of."""


class Judging(Bot):
    """A bot that keeps each doubling judgement it makes: (view, target, expected difference)."""

    def __init__(self, level: str, seed: str) -> None:
        super().__init__(level, seed=seed)
        self.judged: list[tuple[View, int, float]] = []

    def _edges(self, view: View, targets: list[int]) -> dict[int, float]:
        edges = super()._edges(view, targets)
        self.judged += [(view, t, edges[t]) for t in targets]
        return edges


def played_record(rules: Rules, seed: int, index: int, level: str) -> Record:
    """Deal ``index`` of the arena seed played by four ``level`` players: its record."""
    hands, declarer, contract = seeded_deal(rules, seed, index)
    deal = play_deal(hands, declarer, contract, [level] * 4, f"{seed}/{index}/gen", None, rules)
    choice = deal.actions[0]
    assert isinstance(choice, ChooseContract)  # the deal's first action
    return {
        "i": index,
        "hands": list(hands),
        "declarer": declarer,
        "contract": choice.contract.value,
        "trump": None if choice.trump is None else int(choice.trump),
        "start_rank": None if choice.start_rank is None else int(choice.start_rank),
        "doubles": deal.doubles,
        "raw": deal.raw_scores(),
    }


def doubling_round(
    record: Record, rules: Rules, levels: list[str], judging: int | None = None
) -> tuple[list[tuple[int, int]], list[Record]]:
    """The doubles made on the record's deal by bots of ``levels``, seat by seat, and the
    judgements of the seat ``judging`` (if any) against the record's true raw scores."""
    deal = Deal(record["hands"], record["declarer"], rules)
    trump, rank = record["trump"], record["start_rank"]
    deal.apply(
        ChooseContract(
            Contract(record["contract"]),
            None if trump is None else Suit(trump),
            None if rank is None else Rank(rank),
        )
    )
    bots = [Bot(levels[s], seed=f"{record['i']}/{s}") for s in range(4)]
    judge = None
    if judging is not None:
        judge = Judging(levels[judging], seed=f"{record['i']}/{judging}")
        bots[judging] = judge
    while deal.phase is Phase.DOUBLING:
        seat = deal.to_move
        assert seat is not None  # in the doubling round
        deal.apply(bots[seat].decide(deal.view(seat)))
    judged = [
        {
            "i": record["i"],
            "contract": record["contract"],
            "seat": view.seat,
            "target": target,
            "role": doubling_role(view, target),
            "edge": round(edge, 3),
            "true": record["raw"][view.seat] - record["raw"][target],
        }
        for view, target, edge in (judge.judged if judge is not None else [])
    ]
    return list(deal.doubles), judged


def difference(
    record: Record, rules: Rules, candidate: str, baseline: str
) -> tuple[float, list[Record]]:
    """The candidate's final score minus the baseline's, mean over the four seats, and the
    candidate's judgements."""
    raw = record["raw"]
    base = final_scores(raw, doubling_round(record, rules, [baseline] * 4)[0], rules)
    total = 0.0
    judged = []
    for seat in range(4):
        levels = [baseline] * 4
        levels[seat] = candidate
        doubles, seen = doubling_round(record, rules, levels, judging=seat)
        total += (final_scores(raw, doubles, rules)[seat] - base[seat]) * rules.goal
        judged += seen
    return total / 4, judged


def margin_gains(judged: list[Record], deals: int) -> list[str]:
    """Per contract and role, the points per seat and deal doubling from each margin gains."""
    groups: dict[str, list[Record]] = {}
    for j in judged:
        groups.setdefault(f"{j['contract']}/{j['role']}", []).append(j)
        groups.setdefault(f"all/{j['role']}", []).append(j)
    lines = [f"{'judgements from margin':<28} {'n':>5} " + " ".join(f"{m:>+6.1f}" for m in MARGINS)]
    for name in sorted(groups):
        group = groups[name]
        gains = [sum(j["true"] for j in group if j["edge"] > m) / (4 * deals) for m in MARGINS]
        lines.append(f"{name:<28} {len(group):>5} " + " ".join(f"{g:>+6.2f}" for g in gains))
    return lines


def main(argv: list[str] | None = None) -> int:
    """Play or read the deals, then print the comparison."""
    command = common.parser("doubles_eval", __doc__)
    command.add_argument("candidate", choices=LEVELS)
    command.add_argument("baseline", choices=LEVELS)
    common.add_deals(command, 420)
    common.add_seed(command, 8)
    command.add_argument("--first", type=int, default=0)
    common.add_rules(command)
    command.add_argument("--play", default="expert", choices=LEVELS, help="who plays the deals")
    command.add_argument("--cache", required=True, help="the deals' JSON lines (read, appended)")
    command.add_argument("--judgements", help="write the candidate's judgements here (JSON lines)")
    args = command.parse_args(argv)
    rules = common.rules_from(command, args)
    cache = Path(args.cache)
    known: dict[int, Record] = {}
    if cache.exists():
        for line in cache.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            known[record["i"]] = record
    by_contract: dict[str, list[float]] = {}
    diffs = []
    judged: list[Record] = []
    with cache.open("a", encoding="utf-8") as out:
        for index in range(args.first, args.first + args.deals):
            if index not in known:
                known[index] = played_record(rules, args.seed, index, args.play)
                out.write(json.dumps(known[index]) + "\n")
                out.flush()
            diff, seen = difference(known[index], rules, args.candidate, args.baseline)
            judged += seen
            by_contract.setdefault(known[index]["contract"], []).append(diff)
            diffs.append(diff)
    if args.judgements:
        Path(args.judgements).write_text(
            "".join(json.dumps(j) + "\n" for j in judged), encoding="utf-8"
        )
        print("\n".join(margin_gains(judged, len(diffs))))
    for name, values in by_contract.items():
        mean, lo, hi = interval(values)
        print(f"{name:<20} {len(values):>5} {mean:>+8.2f}   {lo:+.2f}..{hi:+.2f}")
    mean, lo, hi = interval(diffs)
    print(
        f"{args.candidate} vs {args.baseline} doubles: {mean:+.2f} points/deal "
        f"(95% CI {lo:+.2f}..{hi:+.2f}), {len(diffs)} deals"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
