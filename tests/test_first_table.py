"""The first visit's tables that the build draws (tools/site/first_table.py): each is the engine's
first deal of its seed, drawn by the page's own table view, in each language; index.html takes them
where its mark is; the page describes itself to search engines."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from barbu import Session
from barbu.rules import STANDARD
from tools.site.first_table import MARK, data_block, first_seeds, first_tables, with_first_tables
from web.game.first import with_seed
from web.languages.i18n import SUPPORTED

ROOT = Path(__file__).resolve().parent.parent


class Cards(HTMLParser):
    """The ``data-card`` codes of the buttons in a table's ``#hand``, and the ids seen."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[str] = []
        self.ids: list[str] = []
        self.contracts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "button" and found.get("data-card"):
            self.cards.append(str(found["data-card"]))
        if tag == "button" and found.get("data-contract"):
            self.contracts.append(str(found["data-contract"]))


def parsed(html: str) -> Cards:
    parser = Cards()
    parser.feed(html)
    return parser


@pytest.fixture(scope="module")
def tables():
    return first_tables()


def test_seeds_are_deals_the_player_declares_and_the_build_is_deterministic():
    seeds = first_seeds()
    assert len(set(seeds)) == len(seeds) >= 2
    assert all(Session(seed=seed).to_move == 0 for seed in seeds)
    assert first_seeds() == seeds


def test_each_table_shows_the_engines_hand_of_its_seed(tables):
    assert {(t.lang, t.seed) for t in tables} == {
        (lang, seed) for lang in SUPPORTED for seed in first_seeds()
    }
    for table in tables:
        shown = parsed(table.table)
        assert shown.cards == [str(c) for c in Session(seed=table.seed).deal.hand(0)]
        assert f'data-seed="{table.seed}"' in table.table


def test_a_table_has_the_regions_the_page_builds(tables):
    ids = parsed(tables[0].table).ids
    for region in ("table-title", "table-meta", "status", "board", "center", "hand", "scores"):
        assert region in ids
    assert ids.count("hand") == 1
    assert ids.index("board") < ids.index("hand")  # the hand moved into the play area


def test_the_contract_menu_and_the_rows_to_name_trump_or_rank(tables):
    contracts = [c.contract.value for c in STANDARD.contracts]
    for table in tables:
        assert parsed(table.table).contracts == contracts
        picking = dict(table.picking)
        assert set(picking) == {
            c.contract.value for c in STANDARD.contracts if c.has_trump or c.names_rank
        }
        for contract, html in picking.items():
            assert f'data-contract="{contract}"' in html and 'aria-pressed="true"' in html
            assert "data-trump=" in html or "data-rank=" in html


def test_tables_speak_their_language(tables):
    french = next(t for t in tables if t.lang == "fr")
    russian = next(t for t in tables if t.lang == "ru")
    assert "Choisissez un contrat" in french.table
    assert re.search("[\u0430-\u044f]{4}", russian.table)  # Cyrillic words


def test_index_takes_the_templates_where_its_mark_is(tables):
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert page.count(MARK) == 1
    written = with_first_tables(page, tables)
    assert MARK not in written
    blocks = written.count('<script type="text/html" data-first-table')
    assert blocks == sum(1 + len(t.picking) for t in tables)
    with pytest.raises(ValueError, match="first tables"):
        with_first_tables("<html></html>", tables)


def test_markup_that_would_end_its_data_block_is_refused():
    with pytest.raises(ValueError, match="script element"):
        data_block("data-first-table", "<p></script><script>alert(1)</script>")


def test_the_page_has_a_description():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<meta name="description" content="([^"]{50,200})">', page)
    assert match is not None, "index.html needs a meta description of 50 to 200 characters"


def test_the_seed_of_the_shown_table_goes_into_the_query():
    assert with_seed("", 7) == "?seed=7"
    assert with_seed("?lang=ru", 7) == "?lang=ru&seed=7"
