"""The doubling decisions of two levels compared apart from the card play (README, "The doubles").

``python tools/doubles_eval.py CANDIDATE BASELINE --deals N --seed S --cache FILE.jsonl`` takes
the deals of an arena seed (``barbu.arena``'s cards, declarers and contracts), plays each once by
four players of ``--play`` (the expert: suit or rank, doubles and cards) and keeps its raw scores
in the cache (one JSON line per deal, written as it is played, read back when present); then it
replays each deal's doubling round by four baseline players, and once with the candidate in each
seat (every seat's bot seeded alike in the five rounds), and prints the candidate's final score
minus the baseline's in the same seat, computed from the kept raw scores: mean points per seat
and deal with a 95% interval, per contract and overall. One decision per seat and no chaos of the
continuation, so a few hundred deals measure what the arena needs thousands for; it assumes the
card play does not depend on the doubles.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from barbu.actions import ChooseContract
from barbu.arena import interval, play_deal, seeded_deal
from barbu.bots import LEVELS, Bot
from barbu.cards import Rank, Suit
from barbu.deal import Deal, Phase
from barbu.rules import STANDARD, Contract, Rules, preset
from barbu.scoring import final_scores

Record = dict[str, Any]


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


def doubling_round(record: Record, rules: Rules, levels: list[str]) -> list[tuple[int, int]]:
    """The doubles made on the record's deal by bots of ``levels``, seat by seat."""
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
    while deal.phase is Phase.DOUBLING:
        seat = deal.to_move
        assert seat is not None  # in the doubling round
        deal.apply(bots[seat].decide(deal.view(seat)))
    return list(deal.doubles)


def difference(record: Record, rules: Rules, candidate: str, baseline: str) -> float:
    """The candidate's final score minus the baseline's, mean over the four seats."""
    raw = record["raw"]
    base = final_scores(raw, doubling_round(record, rules, [baseline] * 4), rules)
    total = 0.0
    for seat in range(4):
        levels = [baseline] * 4
        levels[seat] = candidate
        doubles = doubling_round(record, rules, levels)
        total += (final_scores(raw, doubles, rules)[seat] - base[seat]) * rules.goal
    return total / 4


def main() -> int:
    """Play or read the deals, then print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("candidate", choices=LEVELS)
    parser.add_argument("baseline", choices=LEVELS)
    parser.add_argument("--deals", type=int, default=420)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--rules", default=STANDARD.name)
    parser.add_argument("--play", default="expert", choices=LEVELS, help="who plays the deals")
    parser.add_argument("--cache", required=True, help="the deals' JSON lines (read, appended)")
    args = parser.parse_args()
    rules = preset(args.rules)
    cache = Path(args.cache)
    known: dict[int, Record] = {}
    if cache.exists():
        for line in cache.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            known[record["i"]] = record
    by_contract: dict[str, list[float]] = {}
    diffs = []
    with cache.open("a", encoding="utf-8") as out:
        for index in range(args.first, args.first + args.deals):
            if index not in known:
                known[index] = played_record(rules, args.seed, index, args.play)
                out.write(json.dumps(known[index]) + "\n")
                out.flush()
            diff = difference(known[index], rules, args.candidate, args.baseline)
            by_contract.setdefault(known[index]["contract"], []).append(diff)
            diffs.append(diff)
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
    sys.exit(main())
