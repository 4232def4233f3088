"""The declarer's mean raw score per contract on random hands, for the bots' contract choice.

``python tools/declarer_baseline.py --rules classic --deals 600`` deals random hands, lets seat
0 declare each contract of the rules in turn (the trump suit or starting rank chosen by the
beginner's judgement of the hand), skips the doubles and plays the deal out with the bots'
heuristics, and prints the mean raw score of the declarer per contract; with ``--write`` it
stores them as the preset's measured data, ``barbu/presets/<id>.json`` (``declarer_baseline``,
which the bots read through ``Preset.baseline``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from barbu.actions import ChooseContract
from barbu.bots.players import Bot
from barbu.bots.simulate import heuristic_playout, skip_doubling
from barbu.cards import deal_masks
from barbu.deal import Deal
from barbu.presets import PRESET_NAMES, STANDARD, preset

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    """Print the baseline of each contract of the chosen rules."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rules", default=STANDARD.name, help=f"a preset: {', '.join(PRESET_NAMES)}"
    )
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--write", action="store_true", help="store the figures in barbu/presets/<id>.json"
    )
    args = parser.parse_args()
    rules = preset(args.rules)
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
    command = f"python tools/declarer_baseline.py --rules {rules.name} --deals {args.deals}"
    data = {"declarer_baseline": means, "measured_by": f"{command} --seed {args.seed} --write"}
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if args.write:
        (ROOT / "barbu" / "presets" / f"{rules.name}.json").write_text(text, encoding="utf-8")
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
