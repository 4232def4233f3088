"""A golden record: a seeded session played by a seeded random policy must never change.

If this fails, the deal for a seed, the legal actions offered or the scores have changed: a
saved game or a shared seed would no longer replay the same way.
"""

import json
import random
from pathlib import Path

from barbu import Session, score_record, session_record

GOLDEN = json.loads((Path(__file__).parent / "data" / "golden_session.json").read_text())


def test_seed_2026_replays_the_golden_session():
    session = Session(seed=2026)
    rng = random.Random(0)
    while not session.is_over:
        session.apply(rng.choice(session.legal_actions()))
    assert session_record(session) == GOLDEN["record"]


def test_the_golden_session_scores_as_recorded():
    assert score_record(GOLDEN["record"]) == GOLDEN["scores"]
