"""The engine's speed figures: random playouts, then record replay against the naive reference.

    .venv/bin/python tools/bench_engine.py [--seconds 1.5] [--rounds 5] [--seed 1] [--rules R]

First the figures of ``python -m barbu.bench`` (random playouts per second for each contract, and
the yardstick), then ``score_record`` timed on random whole-session records of the standard
game, in the same interleaved rounds as the deliberately naive, string-based reading of the
rules in ``tests/reference.py``: the engine must replay records at least as fast (target >= 1).
The records come from ``tests/generate.py``; this script, not the engine, reaches into tests/.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import generate  # noqa: E402
import reference  # noqa: E402

from barbu import score_record  # noqa: E402
from barbu.bench import best_rates, parse_args, playout_figures  # noqa: E402


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


def main(argv: list[str] | None = None) -> int:
    """Print the playout figures, then the record replay figure."""
    args, rules = parse_args(argv, "tools/bench_engine.py", __doc__.split("\n\n")[0])
    playout_figures(args, rules)
    record_replay(args.seconds, args.rounds, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
