"""The declarer's mean raw score per contract on random hands, for the bots' contract choice.

``python -m tools.bench.declarer_baseline --rules classic --deals 600`` deals random hands, lets
seat 0 declare each contract of the rules in turn (the trump suit or starting rank chosen by the
beginner's judgement of the hand), skips the doubles and plays the deal out with the bots'
heuristics, and prints the mean raw score of the declarer per contract; with ``--write`` it
stores them as the preset's measured data, ``barbu/presets/<id>.json`` (``declarer_baseline``,
which the bots read through ``Preset.baseline``).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

from barbu import ChooseContract, Deal, deal_masks
from barbu.bots.players import Bot
from barbu.bots.simulate import heuristic_playout, skip_doubling
from tools.bench import common

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    """Print the baseline of each contract of the chosen rules."""
    command = common.parser("declarer_baseline", __doc__)
    common.add_rules(command)
    common.add_deals(command, 600)
    common.add_seed(command)
    command.add_argument(
        "--write", action="store_true", help="store the figures in barbu/presets/<id>.json"
    )
    args = command.parse_args(argv)
    rules = common.rules_from(command, args)
    rng = random.Random(args.seed)
    beginner = Bot("beginner", seed=args.seed)
    sums = {c.contract: 0.0 for c in rules.contracts}
    for _ in range(args.deals):
        hands = deal_masks(rng, rules.deck)
        for crules in rules.contracts:
            deal = Deal(hands, 0, rules)
            view = deal.view(0)
            options = [
                a
                for a in view.legal
                if isinstance(a, ChooseContract) and a.contract == crules.contract
            ]
            view = replace(view, legal=tuple(options))
            deal.apply(beginner.decide(view))
            sums[crules.contract] += heuristic_playout(skip_doubling(deal))[0]
    means = {str(c): round(total / args.deals, 2) for c, total in sums.items()}
    line = f"python -m tools.bench.declarer_baseline --rules {rules.name} --deals {args.deals}"
    data = {"declarer_baseline": means, "measured_by": f"{line} --seed {args.seed} --write"}
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if args.write:
        (ROOT / "barbu" / "presets" / f"{rules.name}.json").write_text(text, encoding="utf-8")
    print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
