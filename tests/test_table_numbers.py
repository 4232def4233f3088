"""The numbers the table shows: a negative one is written with the minus sign, U+2212, never the
hyphen-minus, wherever it appears (the deal summary's totals, the seats' totals, the final
ranking, the game options' values, any number a message is filled with)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from barbu.presets import FR32, ITALIAN, STANDARD
from barbu.rules import Rules
from tools.site.first_table import load_catalog, skeleton, state
from web.components.plain_dom import Document, Element
from web.game.engine import Game
from web.languages.i18n import SUPPORTED, number
from web.model.state import UiState
from web.table.props import table_props
from web.table.view import TableView

HYPHEN_NUMBER = re.compile(r"-\d")


def test_a_negative_number_has_the_minus_sign():
    assert (number(-64), number(0), number(357)) == ("\u221264", "0", "357")


def test_a_message_writes_its_negative_numbers_with_the_minus_sign():
    catalog = load_catalog("ru")
    assert catalog.text("over.winner", name="Алиса", total=-357).endswith("\u2212357.")
    assert "-" not in catalog.text("seat.total", total=-64)


def played(rules: Rules, seed: int, deals: int | None) -> Game:
    """A session played with random legal actions through ``deals`` deals (None: to its end)."""
    game, rng = Game.new(seed, rules), random.Random(seed)
    while not game.is_over:
        if game.between_deals:
            if deals is not None and game.number >= deals:
                break
            game.next_deal()
            continue
        game.apply(rng.choice(game.legal_actions()))
    return game


def drawn(game: Game, lang: str, ui: UiState) -> Element:
    """The whole table drawn for ``game`` in ``lang`` (``<main id="table">``)."""
    catalog = load_catalog(lang).for_rules(game.rules.name)
    main, body = skeleton()
    table = TableView(Document(body), catalog)
    table.build()
    table.scores_later = table.draw_scores  # type: ignore[method-assign]
    table.keep_in_view = lambda x: None  # type: ignore[method-assign]
    table.draw(table_props(game.view(), replace(state(1, catalog, ui), seed=game.seed)))
    return main


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_summary_and_the_seats_write_negative_totals_with_the_minus_sign(lang):
    game = played(STANDARD, 5, deals=3)
    text = drawn(game, lang, UiState(summary=game.number)).textContent
    assert "\u2212" in text
    assert HYPHEN_NUMBER.findall(text) == []


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_final_ranking_writes_negative_totals_with_the_minus_sign(lang):
    game = played(STANDARD, 3, deals=None)
    assert game.is_over and min(game.view().totals) < 0
    text = drawn(game, lang, UiState()).textContent
    assert "\u2212" in text
    assert HYPHEN_NUMBER.findall(text) == []


def test_the_italian_options_values_have_the_minus_sign():
    game = Game.new(2, ITALIAN)
    menu = drawn(game, "it", UiState(menu_open=True)).querySelector("#menu-panel")
    assert menu is not None
    text = menu.textContent
    assert "\u221220" in text and "\u221230" in text
    assert HYPHEN_NUMBER.findall(text) == []


@pytest.mark.parametrize("rules", [STANDARD, FR32], ids=lambda r: r.name)
def test_the_summary_has_a_transfers_column_only_where_the_rules_have_doubles(rules):
    game = played(rules, 7, deals=1)
    catalog = load_catalog("en").for_rules(rules.name)
    table = drawn(game, "en", UiState(summary=1)).querySelector(".summary-table")
    assert table is not None
    heads = [
        th.textContent
        for th in table.elements()
        if th.tag == "th" and th.getAttribute("scope") == "col"
    ]
    assert (catalog.text("summary.transfers") in heads) is rules.doubling
    assert catalog.text("summary.final") in heads
