"""The declarer's mean raw score per contract on random hands, for the bots' contract choice.

``python tools/declarer_baseline.py --rules classic --deals 600`` deals random hands, lets seat
0 declare each contract of the rules in turn (the trump suit or starting rank chosen by the
beginner's judgement of the hand), skips the doubles and plays the deal out with the bots'
heuristics, and prints the mean raw score of the declarer per contract, ready to paste into
``DECLARER_BASELINE`` in ``barbu/bots/players.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from barbu import ChooseContract, Deal, deal_masks
from barbu.bots.players import Bot
from barbu.bots.simulate import heuristic_playout, skip_doubling
from barbu.rules import PRESET_NAMES, STANDARD, preset


def main() -> int:
    """Print the baseline of each contract of the chosen rules."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rules", default=STANDARD.name, help=f"a preset: {', '.join(PRESET_NAMES)}"
    )
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
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
    means = {c: round(total / args.deals, 2) for c, total in sums.items()}
    print(f'    "{rules.name}": {{')
    for contract, mean in means.items():
        print(f'        "{contract}": {mean},')
    print("    },")
    return 0


if __name__ == "__main__":
    sys.exit(main())
