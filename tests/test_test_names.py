"""pytest imports the test modules of tests/ and e2e/ by their file names alone (the folders are
not packages): two files with one name stop the whole run at collection."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_two_test_files_share_a_name():
    names = [p.name for folder in ("tests", "e2e") for p in (ROOT / folder).glob("test_*.py")]
    assert len(names) > 50
    assert sorted({n for n in names if names.count(n) > 1}) == []
