"""A seat's facts on the table say that it doubled the player as each language says it: the
player alone as the object takes the language's own word order ("vous a contré", "ti ha
contrato"), never a stressed pronoun after the verb ("a contré vous")."""

from __future__ import annotations

from pathlib import Path

import pytest

from web.languages.i18n import SUPPORTED, Catalog
from web.table.seat_props import SeatProps
from web.table.seats import facts

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "languages" / "catalogs"
NAMES = ("Vous", "Alice", "Bruno", "Chloé")
ALONE = {
    "en": "doubled you",
    "fr": "vous a contré",
    "it": "ti ha contrato",
    "ru": "удваивает вас",
}


def load_catalog(lang: str) -> Catalog:
    return Catalog.from_json(lang, (CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def props(seat: int, doubled: tuple[int, ...]) -> SeatProps:
    return SeatProps(
        seat=seat,
        names=NAMES,
        declarer=0,
        dealer=False,
        moving=False,
        thinking=False,
        total=0,
        place=None,
        passes=False,
        tricks=None,
        cards=None,
        doubled=doubled,
        owed=0,
        captured=(),
    )


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_seat_that_doubled_the_player_alone_says_so_in_the_languages_order(lang):
    assert facts(load_catalog(lang), props(2, (0,))) == [ALONE[lang]]


def test_a_seat_that_doubled_others_names_them_after_the_verb():
    catalog = load_catalog("fr")
    assert facts(catalog, props(2, (1, 3))) == ["a contré Alice et Chloé"]
    assert facts(catalog, props(2, (0, 1))) == ["a contré Alice et vous"]
    assert facts(catalog, props(0, (1,))) == ["vous avez contré Alice"]
