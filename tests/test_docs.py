"""The repository explains itself: docs/RULES.md and docs/STYLE.md are the project's rules
specification and style guide, kept in step with the copies in ``shared/`` beside the
repository, and every section the sources cite (``RULES.md §4``, ``§1–5``, ``STYLE.md §14``)
exists in them."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SHARED = ROOT.parent / "shared"
"""Where the project keeps its own specification, beside the repository (CI has it too)."""

SOURCE_SUFFIXES = (".py", ".js", ".mjs", ".md", ".html", ".json", ".toml", ".css")
NOT_SOURCES = {
    "node_modules",
    "dist",
    "test-results",
    "screenshots",
    "lighthouse",
    "__pycache__",
}
"""Folders a file walk skips when git cannot list the repository's files (and hidden ones)."""

CITATION = re.compile(r"§\s*(\d+)(?:\s*[-–—]\s*§?\s*(\d+))?")
"""A cited section or range of sections: ``§4``, ``§1–5``, ``§1-7``, ``STYLE.md §11-14``."""
DOCUMENT = re.compile(r"\b(RULES|STYLE)\.md\b")
"""The document a citation belongs to: the last one named before it on its line (RULES.md when
none is, as in ``(§2, §7)`` or a comment heading ``-- §5 settlement --``)."""

SECTION_MARKS = {
    "RULES.md": re.compile(r"^## (\d+)\.", re.M),  # "## 4. Doubling (standard)"
    "STYLE.md": re.compile(r"^(\d+)\. ", re.M),  # the numbered principles, "14. User-visible..."
}


def sections(name: str) -> set[int]:
    """The section numbers docs/``name`` has."""
    text = (DOCS / name).read_text(encoding="utf-8")
    return {int(number) for number in SECTION_MARKS[name].findall(text)}


def repository_files() -> list[Path]:
    """The repository's files: those git tracks (or would: new files not ignored), else every
    file but those of generated, installed or hidden folders."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
        paths = [ROOT / name for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        paths = [
            path
            for path in ROOT.rglob("*")
            if not any(
                part in NOT_SOURCES or part.startswith(".")
                for part in path.relative_to(ROOT).parts[:-1]
            )
        ]
    return sorted(p for p in paths if p.is_file())


def source_files() -> list[Path]:
    """The repository's source and documentation files (``repository_files`` of the suffixes
    sources have)."""
    return [p for p in repository_files() if p.suffix in SOURCE_SUFFIXES]


def citations(text: str) -> Iterator[tuple[int, str, int, int, str]]:
    """Each section citation of ``text``: its line, the document, the first and last section
    cited (the same for a single one), and the citation as written."""
    for number, line in enumerate(text.splitlines(), 1):
        for match in CITATION.finditer(line):
            named = DOCUMENT.findall(line[: match.start()])
            document = f"{named[-1]}.md" if named else "RULES.md"
            first = int(match.group(1))
            last = int(match.group(2) or first)
            yield number, document, first, last, match.group(0)


def unresolved(text: str, where: str, known: dict[str, set[int]]) -> list[str]:
    """The citations of ``text`` that name no section of their document, one line each."""
    problems = []
    for line, document, first, last, written in citations(text):
        missing = [n for n in (first, last) if n not in known[document]]
        if missing or first > last:
            problems.append(
                f"{where}:{line}: {document} {written} (docs/{document} has sections "
                f"{', '.join(map(str, sorted(known[document])))})"
            )
    return problems


@pytest.mark.parametrize("name", ["RULES.md", "STYLE.md"])
def test_docs_copy_the_shared_specification_exactly(name):
    """docs/RULES.md and docs/STYLE.md are the project's own texts, copied from shared/: the
    copy in the repository must not drift from the one the project maintains."""
    shared = SHARED / name
    if not shared.is_file():
        pytest.skip(f"{shared} is absent: no shared/ folder beside the repository to compare with")
    assert (DOCS / name).read_bytes() == shared.read_bytes(), (
        f"docs/{name} differs from {shared}: copy it again (cp {shared} docs/{name})"
    )


def test_the_cited_documents_have_numbered_sections():
    """The rules have their sections 1 to 7, the style guide its numbered principles: a change
    of heading format would otherwise make every citation look unresolved, or none."""
    assert sections("RULES.md") >= set(range(1, 8))
    assert sections("STYLE.md") >= set(range(1, 18))


def test_every_section_cited_exists():
    """A reader following ``RULES.md §N`` (or ``STYLE.md §N``) from a comment, a docstring or
    the README finds section N in docs/."""
    known = {name: sections(name) for name in SECTION_MARKS}
    files = source_files()
    assert ROOT / "barbu" / "rules.py" in files  # the walk found the sources
    problems = []
    cited = 0
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        cited += sum(1 for _ in citations(text))
        problems += unresolved(text, path.relative_to(ROOT).as_posix(), known)
    assert cited > 50  # the sources do cite the rules: the pattern still matches them
    assert not problems, "citations of sections that do not exist:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "text, found",
    [
        ("a rule (RULES.md \u00a74)", []),
        ("the standard game (RULES.md \u00a71\u20135) and \u00a77", []),
        ("an adapter (STYLE.md \u00a711-14)", []),
        ("no such rule (RULES.md \u00a79)", ["RULES.md \u00a79"]),
        ("a range past the end, RULES.md \u00a75-8", ["RULES.md \u00a75-8"]),
        ("(\u00a72, \u00a712)", ["RULES.md \u00a712"]),
        ("STYLE.md \u00a714, then RULES.md \u00a717", ["RULES.md \u00a717"]),
        ("STYLE.md \u00a799", ["STYLE.md \u00a799"]),
        ("a backwards range, RULES.md \u00a75-2", ["RULES.md \u00a75-2"]),
    ],
)
def test_a_citation_of_a_missing_section_is_reported(text, found):
    """The check itself: each form of citation is read, and a missing section is named."""
    known = {"RULES.md": set(range(1, 8)), "STYLE.md": set(range(1, 18))}
    problems = unresolved(text, "x.py", known)
    assert [p.split(": ", 1)[1].split(" (")[0] for p in problems] == found
