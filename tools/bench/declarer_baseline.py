"""The declarer's mean raw score per contract on random hands, for the bots' contract choice.

``python -m tools.bench.declarer_baseline --rules classic --deals 600`` deals random hands, lets
seat 0 declare each contract of the rules in turn (the trump suit or starting rank chosen by the
beginner's judgement of the hand), skips the doubles and plays the deal out with the bots'
heuristics, and prints the mean raw score of the declarer per contract, ready to paste into
``DECLARER_BASELINE`` in ``barbu/bots/players.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from barbu import ChooseContract, Deal, deal_masks
from barbu.bots.players import Bot
from barbu.bots.simulate import heuristic_playout, skip_doubling
from tools.bench import common


def main(argv: list[str] | None = None) -> int:
    """Print the baseline of each contract of the chosen rules."""
    command = common.parser("declarer_baseline", __doc__)
    common.add_rules(command)
    common.add_deals(command, 600)
    common.add_seed(command)
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
    means = {c: round(total / args.deals, 2) for c, total in sums.items()}
    print(f'    "{rules.name}": {{')
    for contract, mean in means.items():
        print(f'        "{contract}": {mean},')
    print("    },")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
