"""The Domino rows (RULES.md §3): each suit's row of cards grown from the starting rank, or
closed, in small cards for the eye and a sentence for a screen reader.

A component: the engine's rows and a catalog in, a node out; the game and the rules pages' demos
draw their rows with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from barbu import Card, Rank, Suit
from web.components.cards import mini_card
from web.components.dom import Dom
from web.languages.i18n import Catalog
from web.languages.words import rank_short, suit_name


def domino_rows(
    dom: Dom,
    catalog: Catalog,
    rows: Sequence[tuple[int, int] | None] | None,
    start_rank: Rank | None,
) -> Any:
    """The four rows (``View.domino_rows``: lowest and highest rank of each suit's row, or None
    while it is closed)."""
    d, t = dom, catalog.text
    items = []
    for suit in Suit:
        row = rows[suit] if rows else None
        label = suit_name(catalog, suit)
        if row is None:
            cells = [d.el("span", t("domino.closed"), class_="closed")]
            said = t("domino.row_closed", suit=label)
        else:
            lo, hi = row
            cells = [
                mini_card(d, catalog, Card.of(suit, Rank(r)), "start" if r == start_rank else "")
                for r in range(lo, hi + 1)
            ]
            low, high = rank_short(catalog, Rank(lo)), rank_short(catalog, Rank(hi))
            if lo == hi:  # a row of its opening card only: "Spades: only 7", not "7 to 7"
                said = t("domino.row_one", suit=label, low=low)
            else:
                said = t("domino.row", suit=label, low=low, high=high)
        items.append(
            d.el(
                "li",
                None,
                d.el(
                    "span",
                    suit.symbol + "\ufe0e",
                    class_=f"row-suit suit-{suit.char}",
                    aria_hidden="true",
                ),
                d.el("span", None, *cells, class_="row-cards", aria_hidden="true"),
                d.el("span", said, class_="sr-only"),
                class_="domino-row",
            )
        )
    return d.el("ul", None, *items, class_="domino-rows", aria_label=t("domino.title"))
