"""The README is a front door: short, the two commands at the top, and its engine example true.

Every ``python`` code block of README.md is a doctest, run here as it is written (one namespace
per block, so a block reads alone); a change of the engine that breaks the example fails this
fast-lane test instead of misleading a reader. The README stays within a screenful or three
(``MAX_LINES``), and ``make run`` and ``make test`` come within its first ``TOP_LINES`` lines.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
MAX_LINES = 160
"""The README's length at most: a front door, the rest in docs/."""
TOP_LINES = 30
"""The two commands a newcomer needs come within these first lines."""

FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)
"""A fenced code block: its language and its text."""


def code_blocks(text: str, language: str) -> list[tuple[int, str]]:
    """The fenced blocks of ``text`` in ``language``: each block's first line number and text."""
    return [
        (text.count("\n", 0, match.start(2)) + 1, match.group(2))
        for match in FENCE.finditer(text)
        if match.group(1) == language
    ]


def readme() -> str:
    """The README's text."""
    return README.read_text(encoding="utf-8")


def python_blocks() -> list[tuple[int, str]]:
    """The README's Python blocks, each with its first line."""
    return code_blocks(readme(), "python")


def block_params() -> list[object]:
    """The README's Python blocks as test cases, each named by its line."""
    return [pytest.param(line, block, id=f"README.md:{line}") for line, block in python_blocks()]


def test_the_readme_has_a_doctested_example():
    """The engine example is there, and is written as a doctest (prompts and answers)."""
    blocks = python_blocks()
    assert blocks, "README.md has no ```python block: its engine example is gone"
    for line, block in blocks:
        assert ">>> " in block, f"README.md:{line}: a python block without >>> is never run"


@pytest.mark.parametrize("line, block", block_params())
def test_each_python_block_of_the_readme_runs_as_written(line, block):
    """Each block's statements give the answers the README shows."""
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, f"README.md:{line}", str(README), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert runner.tries > 0


def test_the_readme_is_short_and_starts_with_the_two_commands():
    """At most ``MAX_LINES`` lines, and ``make run`` and ``make test`` in the first
    ``TOP_LINES``."""
    lines = readme().splitlines()
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines (at most {MAX_LINES})"
    top = "\n".join(lines[:TOP_LINES])
    for command in ("make run", "make test"):
        assert re.search(rf"^{command}\b", top, re.M), (
            f"`{command}` does not start a line of README.md's first {TOP_LINES} lines"
        )


def test_code_blocks_are_found_with_their_line_and_language():
    """The block reader itself: language, text and first line of each fence."""
    text = "intro\n```sh\nmake run\n```\nmid\n```python\n>>> 1 + 1\n2\n```\n"
    assert code_blocks(text, "python") == [(7, ">>> 1 + 1\n2\n")]
    assert code_blocks(text, "sh") == [(3, "make run\n")]


def test_the_address_languages_are_documented_once_and_all_of_them():
    """A reader found `?lang=fr|en` documented twice while the site speaks four languages: one
    row of the address table names every language the site has."""
    from web.languages.i18n import SUPPORTED

    rows = [line for line in README.read_text().splitlines() if line.startswith("| `?lang=`")]
    assert len(rows) == 1
    assert re.findall(r"`(\w\w)`", rows[0]) == list(SUPPORTED)
