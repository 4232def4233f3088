"""The repository speaks of what things are, not of when they were done: no file refers to a work
session ("session 16", "since session 15") or to an issue of the project's tracker ("issue 27",
"(issue 23, items 4 and 5)", "the issue's targets"). A figure says what was measured, how and on
what (docs/BENCHMARKS.md, docs/BOTS.md); a module says what it holds.

"Session" is also a word of the game (a séance of 28 deals), but the game never numbers its
sessions in words: its texts say "game no. 2026", "this session", "a 28-deal session". So any
"session" followed by a number is a work session. docs/RULES.md and docs/STYLE.md are copies of
the project's shared texts (tests/test_docs.py) and are left out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_docs import repository_files

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = {"docs/RULES.md", "docs/STYLE.md", "tests/test_no_work_log.py"}
"""Shared texts copied as they are (not ours to rewrite), and this file, whose examples are the
phrases it looks for."""

WORK_LOG = [
    ("a work session", re.compile(r"\bsessions? (?:no\.? ?)?\d+\b", re.I)),
    ("an issue", re.compile(r"\bissues? #?\d+", re.I)),
    ("an issue", re.compile(r"\bthe issue's\b", re.I)),
    ("a pull request", re.compile(r"\b(?:PR|pull request) ?#\d+", re.I)),
]
"""What a work log's phrase looks like, and what it refers to."""


def tracked_files() -> list[str]:
    """The repository's files as paths from its root (``test_docs.repository_files``)."""
    return [path.relative_to(ROOT).as_posix() for path in repository_files()]


def work_log_phrases(text: str) -> list[tuple[int, str, str]]:
    """Each work-log phrase of ``text``: its line, what it refers to and the phrase."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for meaning, pattern in WORK_LOG:
            found += [(number, meaning, match.group(0)) for match in pattern.finditer(line)]
    return found


def test_no_file_speaks_of_work_sessions_or_issues():
    """Every text file of the repository (but ``LEFT_OUT``) is free of work-log phrases."""
    names = [name for name in tracked_files() if name not in LEFT_OUT]
    assert "barbu/__init__.py" in names and "README.md" in names  # the listing found the tree
    problems = []
    for name in names:
        path = ROOT / name
        if not path.is_file():
            continue  # deleted in the work tree, not yet in the index
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue  # an image, a font: no prose
        text = data.decode("utf-8", errors="replace")
        problems += [
            f"{name}:{line}: {what}: {phrase!r}" for line, what, phrase in work_log_phrases(text)
        ]
    assert not problems, (
        "say what the thing is, measured how and on what, instead of when it was done:\n"
        + "\n".join(problems)
    )


@pytest.mark.parametrize(
    "text, found",
    [
        ("The last run (session 15, the standard library shipped compiled)", ["session 15"]),
        ("Until session 14 it was bare + 0.47 s", ["session 14"]),
        ("sessions 12 and 13", ["sessions 12"]),
        ("##### Three more margins (Session 16)", ["Session 16"]),
        ("The score keeper page (keeper/, issue 27)", ["issue 27"]),
        ("no surprises (issue 23, items 4 and 5)", ["issue 23"]),
        ("see issues #12 and #13", ["issues #12"]),
        ("Medians, and the issue's targets.", ["the issue's"]),
        ("fixed in PR #40", ["PR #40"]),
        ("a whole session (game no. 2026) played by four computer players", []),
        ("7 deals left in this session; a 28-deal session", []),
        ("session_from_record(record); Session(seed=2026)", []),
        ("the sessions a player finishes; 24 sessions of seed 51", []),
        ("a tissue 3 layers thick", []),
    ],
)
def test_the_phrases_of_a_work_log_are_told_from_the_game_words(text, found):
    """The check itself: a work session or an issue is found, the game's sessions are not."""
    assert [phrase for _, _, phrase in work_log_phrases(text)] == found
