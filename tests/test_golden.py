"""A golden record: a seeded session played by a seeded random policy must never change.

If this fails, the deal for a seed, the legal actions offered or the scores have changed: a
saved game or a shared seed would no longer replay the same way. ``golden_session.json`` is the
session as format 1 wrote it; ``golden_session_2.json`` the same session in today's format.
"""

import json
import random
from pathlib import Path

from barbu import Session, score_record, session_from_record, session_record

DATA = Path(__file__).parent / "data"
FORMAT_1 = json.loads((DATA / "golden_session.json").read_text())
GOLDEN = json.loads((DATA / "golden_session_2.json").read_text())


def test_seed_2026_replays_the_golden_session():
    session = Session(seed=2026)
    rng = random.Random(0)
    while not session.is_over:
        if session.between_deals:
            session.next_deal()
        session.apply(rng.choice(session.legal_actions()))
    assert session_record(session) == GOLDEN["record"]


def test_the_format_1_golden_session_reads_as_the_same_session():
    assert session_record(session_from_record(FORMAT_1["record"])) == GOLDEN["record"]


def test_the_golden_session_scores_as_recorded():
    assert score_record(GOLDEN["record"]) == GOLDEN["scores"]
    assert score_record(FORMAT_1["record"]) == GOLDEN["scores"] == FORMAT_1["scores"]
