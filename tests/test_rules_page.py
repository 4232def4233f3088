"""The rules pages (tools/rules_page.py): every number the engine's, every section the game
links to present, in each language; a source the build cannot read is refused with its line."""

from __future__ import annotations

import re
from functools import cache

import pytest

from barbu.rules import STANDARD
from tools.build import PAGES
from tools.rules_facts import example_session, facts, settlement_example
from tools.rules_page import SECTIONS, SUBSECTIONS, Page, load_catalog
from tools.rules_page import SOURCES as RULES_SOURCES
from tools.rules_page import document as rules_document
from tools.rules_text import RulesTextError, read_source
from web.i18n import SUPPORTED
from web.words import RULES_SECTIONS, signed

HEADER = "title: T\ndescription: D\nnames: A, B, C, D\n\n"
POLICY = next(page for page in PAGES if page.name == "rules").policy


@cache
def page(lang: str) -> tuple[Page, str]:
    """One language's page and its HTML."""
    source = read_source((RULES_SOURCES / f"{lang}.md").read_text(), lang)
    built = Page(lang, source, load_catalog(lang), example())
    return built, rules_document(built, POLICY)


@cache
def example():
    return example_session()


def test_the_settlement_example_is_rules_section_5():
    """A reader would learn a wrong settlement: No Queens, raw -12, -6, -6, 0; the second player
    doubled the first: -18, 0, -6, 0."""
    assert settlement_example() == ([-12, -6, -6, 0], [-18, 0, -6, 0])


def test_fields_are_the_rules_objects_numbers():
    """The page would state a score the engine does not use."""
    fields = facts(load_catalog("en"), ["A", "B", "C", "D"], example())
    for c in STANDARD.contracts:
        assert fields[f"{c.contract.value}.total"] == signed(c.total)
    assert fields["deals"] == str(STANDARD.deals) == "28"
    assert fields["no-queens.queen"] == "\u22126" and fields["trumps.trick"] == "+5"
    assert [fields[f"domino.{k}"] for k in range(1, 5)] == ["+45", "+20", "+5", "\u22125"]
    assert [fields[f"classic.domino.{k}"] for k in (3, 4)] == ["+10", "\u221210"]
    assert fields["block.total"] == "0" and fields["negative.total"] == "\u2212130"
    assert fields["pagat.salad.all-options"] == "\u2212146" and fields["pagat.salad.deals"] == "32"
    assert (fields["fr32.cards"], fields["fr32.last-trick"], fields["fr32.reverse"]) == (
        "32",
        "50",
        "10",
    )
    assert fields["ex.diff"] == "6" and fields["ex.mutual"] == "12"


@pytest.mark.parametrize("lang", SUPPORTED)
def test_each_language_has_every_section_the_game_links_to(lang):
    """A link from the game's menu or a refusal would land nowhere."""
    _, html = page(lang)
    ids = set(re.findall(r' id="([^"]+)"', html))
    wanted = set(SECTIONS) | {i for group in SUBSECTIONS.values() for i in group}
    assert wanted - ids == set()
    assert set(RULES_SECTIONS.values()) - ids == set()
    assert f'<html lang="{lang}">' in html


@pytest.mark.parametrize("lang", SUPPORTED)
def test_each_page_shows_the_engines_tables(lang):
    """The worked example and the tables would disagree with the engine."""
    built, html = page(lang)
    names = built.source.names
    for seat, (name, raw, final) in enumerate(zip(names, *settlement_example(), strict=True)):
        row = f'<th scope="row">{name}</th><td class="num">{raw}</td>'
        assert row in html and f'data-final="{seat}">{final}</td>' in html
    totals = example().totals()
    for seat in range(4):
        assert f'data-sheet-total="{seat}">{totals[seat]}</td>' in html
    assert html.count("<tr data-row=") == STANDARD.deals
    assert '<svg width="' in html and 'class="diagram"' in html
    assert "{" not in re.sub(r"<[^>]+>", "", html)  # no field left unfilled


@pytest.mark.parametrize(
    "body,error",
    [
        ("# T\n\nIt has 28 deals.\n", r":7: a digit outside a \{field\}"),
        ("# T\n\nIt has {nope} deals.\n", r"unknown field \{nope\}"),
        ("# T\n\n{{nope}}\n", r"unknown block"),
        ("# T\n\n> quoted\n", r":7: not understood"),
        ("# T\n\n<b>x</b>\n", r"not understood"),
        ("# T\n\nSee [there](#nowhere).\n", r"no such link target"),
        ("# T\n\nA **bold without end.\n", r"unbalanced markup"),
    ],
)
def test_a_source_the_build_cannot_read_is_refused_with_its_line(body, error):
    """A typo in a rules text would ship a page with a raw marker or a wrong number."""
    with pytest.raises(RulesTextError, match=error):
        source = read_source(HEADER + body, "x.md")
        rules_document(Page("en", source, load_catalog("en"), example()), POLICY)


def test_a_header_without_four_names_is_refused():
    """The example tables need four players."""
    with pytest.raises(RulesTextError, match="four names"):
        read_source("title: T\ndescription: D\nnames: A, B\n\n# T\n", "x.md")
