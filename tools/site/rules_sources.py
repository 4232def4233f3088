"""The rules pages' sources, ``web/rules/<lang>.md``, read and checked against the structure the
game links to: the sections every language has, in order (``SECTIONS``), the subsections each
must have (``SUBSECTIONS``), the same ids in every language (``same_ids``), so that a link to a
section or a question, shared from a page in one language, works in every other. The game's
catalog of each language (``load_catalog``) gives the pages their table headings.
"""

from __future__ import annotations

from pathlib import Path

from barbu.rules import REGISTRY, STANDARD
from tools.site.rules_text import Heading, RulesTextError, Source, read_source
from web.languages.i18n import Catalog

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "web" / "rules"
SECTIONS = (
    "session",
    "contracts",
    "doubles",
    "settlement",
    "example",
    "tips",
    "variants",
    "faq",
)
"""The sections every language has, in this order (the game links to them)."""
SUBSECTIONS = {
    "session": ("glossary",),
    "contracts": ("tricks", *(c.contract.value for c in STANDARD.contracts)),
    "doubles": ("obligation",),
    "tips": (
        "tips-choose",
        "tips-double",
        "tips-last-two",
        "tips-king",
        "tips-domino-rank",
        "tips-domino-block",
    ),
    "variants": tuple(p.section for p in REGISTRY.values() if p.section not in SECTIONS),
    "faq": ("faq-double-in-trumps", "faq-cannot-follow", "faq-barbu", "faq-why-double", "faq-tie"),
}
"""Subsections each section must have (in this order but for the FAQ's, which may be anywhere
in it among the others); each preset's section (``barbu.rules.REGISTRY``) is a section or a
variant. Every language has the same ids in the same order (``same_ids``), so that a link to a
section or a question works in every language."""
FAQ_AT_LEAST = 10


def load_catalog(lang: str) -> Catalog:
    """The game's catalog of ``lang``."""
    path = ROOT / "web" / "languages" / "catalogs" / f"{lang}.json"
    return Catalog.from_json(lang, path.read_text(encoding="utf-8"))


def load_source(lang: str) -> Source:
    """``web/rules/<lang>.md``, read and checked."""
    where = f"web/rules/{lang}.md"
    source = read_source((SOURCES / f"{lang}.md").read_text(encoding="utf-8"), where)
    check_structure(source, where)
    return source


def check_structure(source: Source, where: str) -> None:
    """The sections the game links to are all there, in order, and the FAQ is long enough."""
    headings = [b for b in source.blocks if isinstance(b, Heading)]
    if not headings or headings[0].level != 1:
        raise RulesTextError(f"{where}: the body must start with one '# Title'")
    tops = [h.id for h in headings if h.level == 2]
    if tops != list(SECTIONS):
        raise RulesTextError(f"{where}: sections {tops} instead of {list(SECTIONS)}")
    under: dict[str, list[str]] = {}
    current = ""
    for h in headings:
        if h.level == 2:
            current = h.id or ""
        elif h.level == 3 and h.id:
            under.setdefault(current, []).append(h.id)
    ids = [h.id for h in headings if h.id]
    if len(ids) != len(set(ids)):
        raise RulesTextError(f"{where}: an id is used twice")
    for section, wanted in SUBSECTIONS.items():
        have = under.get(section, [])
        if section == "faq":
            if set(wanted) - set(have) or len(have) < FAQ_AT_LEAST:
                raise RulesTextError(
                    f"{where}: the FAQ needs {FAQ_AT_LEAST} questions and {list(wanted)}"
                )
        elif have != list(wanted):
            raise RulesTextError(f"{where}: '{section}' has {have} instead of {list(wanted)}")


def heading_ids(source: Source) -> list[str]:
    """The ids of a source's sections and questions, in order."""
    return [b.id for b in source.blocks if isinstance(b, Heading) and b.id]


def same_ids(sources: dict[str, Source]) -> None:
    """Every language has the same sections and questions, with the same ids in the same order:
    a link to one, shared from a page in one language, works in every other."""
    first, *others = sources
    for lang in others:
        if heading_ids(sources[lang]) != heading_ids(sources[first]):
            mine, theirs = heading_ids(sources[lang]), heading_ids(sources[first])
            diff = sorted(set(mine) ^ set(theirs)) or "the order"
            raise RulesTextError(f"web/rules/{lang}.md: ids differ from {first}.md: {diff}")
