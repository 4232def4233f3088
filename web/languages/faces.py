"""What a card button shows and says, in the player's language."""

from __future__ import annotations

from dataclasses import dataclass

from barbu import Card
from web.languages.i18n import Catalog

TEXT_PRESENTATION = "\ufe0e"
"""Variation selector asking for the text (not emoji) form of a suit symbol."""


@dataclass(frozen=True)
class CardFace:
    """A card as the page draws it: ``code`` goes to ``data-card``, ``name`` is read aloud."""

    code: str
    rank: str
    symbol: str
    suit: str
    name: str


def card_face(card: Card, catalog: Catalog) -> CardFace:
    """The face of ``card``: short rank, suit symbol, suit letter and full name in words."""
    rank_char, suit_char = card.rank.char, card.suit.char
    name = catalog.text(
        "card.name",
        rank=catalog.text(f"rank.{rank_char}"),
        suit=catalog.text(f"suit.{suit_char}"),
    )
    return CardFace(
        code=str(card),
        rank=catalog.text(f"rank_short.{rank_char}"),
        symbol=card.suit.symbol + TEXT_PRESENTATION,
        suit=suit_char,
        name=name,
    )
