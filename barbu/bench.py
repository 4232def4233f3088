"""Benchmark: random playouts and record replays per second (``python -m barbu.bench``).

For each contract of the rules (``--rules``, standard by default) it times
``playout.random_playout`` from the start of the play (contract and doubles done), once on one
dealt position and once with freshly shuffled hands every time (``Deal.with_hands``, the way a
sampling bot deals the unseen cards), and, in the same run, a minimal bitmask No Tricks playout
as a yardstick: on a shared, noisy machine the ratio between the two is the figure to compare
(target: the engine within a factor 2.5).

The engine's other figure, record replay against the naive reading of the rules in
``tests/reference.py``, needs the test code, which the engine never imports: ``python
tools/bench_engine.py`` (from a checkout) prints these figures and then that one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from .actions import ChooseContract, Double
from .cards import Mask, deal_masks
from .deal import Deal
from .errors import RuleError
from .playout import POSITIONS, random_playout
from .rules import Contract, Rules, preset


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


def parse_args(
    argv: list[str] | None, prog: str = "python -m barbu.bench", description: str | None = __doc__
) -> tuple[argparse.Namespace, Rules]:
    """The benchmark's options (also those of ``tools/bench_engine.py``) and the rules named."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--seconds", type=float, default=1.5, help="time per figure")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard", help="a preset of RULES.md §7")
    args = parser.parse_args(argv)
    try:
        rules = preset(args.rules)
    except RuleError as e:
        parser.error(str(e))
    return args, rules


def main(argv: list[str] | None = None) -> int:
    """Print deals per second for each contract and the yardstick ratio."""
    args, rules = parse_args(argv)
    playout_figures(args, rules)
    print("record replay: python tools/bench_engine.py (from a checkout: it uses tests/)")
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


if __name__ == "__main__":
    sys.exit(main())
