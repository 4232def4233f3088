"""The engine's speed: random playouts, then record replay against the naive reference.

``python -m tools.bench.engine [--seconds 1.5] [--rounds 5] [--seed 1] [--rules PRESET]``

For each contract of the rules (``--rules``, standard by default) it times
``playout.random_playout`` from the start of the play (contract and doubles done), once on one
dealt position and once with freshly shuffled hands every time (``Deal.with_hands``, the way a
sampling bot deals the unseen cards), and, in the same run, a minimal bitmask No Tricks playout
as a yardstick: on a shared, noisy machine the ratio between the two is the figure to compare
(target: the engine within a factor 2.5).

Then ``score_record`` timed on random whole-session records of the standard game, in the same
interleaved rounds as the deliberately naive, string-based reading of the rules in
``tests/reference.py``: the engine must replay records at least as fast (target >= 1). The
records come from ``tests/generate.py``; this benchmark, not the engine, reaches into tests/.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from barbu import ChooseContract, Deal, Double, Mask, deal_masks, score_record
from barbu.playout import POSITIONS, random_playout
from barbu.rules import Contract, Rules
from tests import generate, reference
from tools.bench import common


def _ready_deal(
    hands: Sequence[Mask], contract: Contract, rng: random.Random, rules: Rules
) -> Deal:
    deal = Deal(hands, 0, rules)
    choices = [a for a in deal.legal_actions() if isinstance(a, ChooseContract)]  # all are
    deal.apply(rng.choice([a for a in choices if a.contract == contract]))
    for _ in deal.double_order:
        deal.apply(Double())
    return deal


def _rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``fn`` over about ``seconds``."""
    n, start = 0, time.perf_counter()
    while True:
        for _ in range(100):
            fn()
        n += 100
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed


def best_rates(fns: list[Callable[[], object]], seconds: float, rounds: int) -> list[float]:
    """The best rate of each function over ``rounds`` interleaved rounds: on a shared machine
    the best round is the one least disturbed, and interleaving exposes all to the same load."""
    best = [0.0] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            best[i] = max(best[i], _rate(fn, seconds / rounds))
    return best


def minimal_no_tricks(hands: list[int], leader: int, rnd: Callable[[], float]) -> list[int]:
    """The yardstick: a bare bitmask No Tricks random playout (not used by the engine)."""
    positions = POSITIONS
    hands = hands[:]
    won = [0, 0, 0, 0]
    for _ in range(13):
        seat = leader
        h = hands[seat]
        k = int(rnd() * h.bit_count())
        for base in (0, 13, 26, 39):
            b = positions[(h >> base) & 8191]
            if k < len(b):
                card = base + b[k]
                break
            k -= len(b)
        hands[seat] = h ^ (1 << card)
        lo = card - card % 13
        best, win = card, seat
        for _ in range(3):
            seat = (seat + 1) & 3
            h = hands[seat]
            f = (h >> lo) & 8191
            if f:
                b = positions[f]
                card = lo + b[int(rnd() * len(b))]
                if card > best:
                    best, win = card, seat
            else:
                k = int(rnd() * h.bit_count())
                for base in (0, 13, 26, 39):
                    b = positions[(h >> base) & 8191]
                    if k < len(b):
                        card = base + b[k]
                        break
                    k -= len(b)
            hands[seat] = h ^ (1 << card)
        won[win] += 1
        leader = win
    return [-2 * w for w in won]


def main(argv: list[str] | None = None) -> int:
    """Print the playout figures, then the record replay figure."""
    command = common.parser("engine", __doc__)
    command.add_argument("--seconds", type=float, default=1.5, help="time per figure")
    command.add_argument("--rounds", type=int, default=5, help="interleaved rounds per figure")
    common.add_seed(command)
    common.add_rules(command)
    args = command.parse_args(argv)
    rules = common.rules_from(command, args)
    playout_figures(args, rules)
    record_replay(args.seconds, args.rounds, args.seed)
    return 0


def playout_figures(args: argparse.Namespace, rules: Rules) -> None:
    """Print random playouts per second for each contract of ``rules``, and the yardstick."""
    rng = random.Random(args.seed)
    print(
        f"Python {sys.version.split()[0]}, {rules.name} rules, best of {args.rounds} "
        f"interleaved rounds, {args.seconds:g} s per figure"
    )
    print(f"{'contract':<20} {'playouts/s':>11} {'with dealing/s':>15}")
    rates = {}
    hands = list(deal_masks(rng))
    yardstick = 0.0
    for crules in rules.contracts:
        contract = crules.contract
        deal = _ready_deal(deal_masks(rng, rules.deck), contract, rng, rules)

        def same(deal: Deal = deal) -> None:
            random_playout(deal, rng)

        def fresh(deal: Deal = deal) -> None:
            random_playout(deal.with_hands(deal_masks(rng, rules.deck)), rng)

        fns: list[Callable[[], object]] = [same, fresh]
        if contract == Contract.NO_TRICKS and rules.name == "standard":
            fns.append(lambda: minimal_no_tricks(hands, 0, rng.random))
        measured = best_rates(fns, args.seconds, args.rounds)
        played, dealt = measured[:2]
        if len(measured) > 2:
            yardstick = measured[2]
        rates[contract] = played
        print(f"{contract.value:<20} {played:>11,.0f} {dealt:>15,.0f}")
    if yardstick:
        ratio = yardstick / rates[Contract.NO_TRICKS]
        print(f"{'minimal no-tricks':<20} {yardstick:>11,.0f}   (yardstick, same run)")
        print(
            f"no-tricks: engine {rates[Contract.NO_TRICKS]:,.0f}/s, "
            f"yardstick/engine = {ratio:.2f} (target <= 2.5; >= 10,000/s on CPython 3.11)"
        )


def record_replay(seconds: float, rounds: int, seed: int) -> None:
    """Print sessions replayed per second: ``score_record`` against the naive reference."""
    rng = random.Random(seed)
    records = [generate.random_session_record(rng) for _ in range(4)]
    for record in records:
        if score_record(record) != reference.score_session(record):
            raise AssertionError("the engine and the reference disagree on a record")
    engine, naive = best_rates(
        [
            lambda: [score_record(r) for r in records],
            lambda: [reference.score_session(r) for r in records],
        ],
        seconds,
        rounds,
    )
    deals = sum(len(r["deals"]) for r in records)
    print(
        f"{'record replay':<20} {engine * deals:>11,.0f} deals/s; naive reference "
        f"{naive * deals:,.0f} deals/s; engine/naive = {engine / naive:.2f} (target >= 1)"
    )


if __name__ == "__main__":
    raise SystemExit(main())
