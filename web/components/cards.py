"""Renderers of cards: a card of the hand as a button, a face-up card on the table, a small card
(captured cards, Domino rows, the last trick).

Components: a card and a catalog in, a node out (``web.components.dom.Dom``); the game and the rules
pages' demos draw their cards with these.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import Any

from barbu import Card
from web.components.dom import Dom
from web.languages.faces import CardFace, card_face
from web.languages.i18n import Catalog


def face_parts(dom: Dom, face: CardFace) -> list[Any]:
    """What a card shows, for the eye only: the corner (rank and suit) and the large pip."""
    d = dom
    return [
        d.el(
            "span",
            None,
            d.el("span", face.rank, class_="card-rank"),
            d.el("span", face.symbol, class_="card-suit"),
            class_="card-corner",
            aria_hidden="true",
        ),
        d.el("span", face.symbol, class_="card-pip", aria_hidden="true"),
    ]


def face_up(dom: Dom, catalog: Catalog, card: Card, classes: str = "") -> Any:
    """A face-up card on the table (not a button)."""
    face = card_face(card, catalog)
    return dom.el(
        "span",
        None,
        *face_parts(dom, face),
        dom.el("span", face.name, class_="sr-only"),
        class_=f"card face suit-{face.suit} {classes}".strip(),
    )


def card_button(dom: Dom, catalog: Catalog, card: Card, disabled: bool = True) -> Any:
    """One card to tap: ``<button data-card="QS">``, named by what it shows, then in words
    ("9♠, Nine of spades")."""
    face = card_face(card, catalog)
    return dom.el(
        "button",
        None,
        *face_parts(dom, face),
        type="button",
        class_=f"card suit-{face.suit}",
        data_card=face.code,
        aria_label=catalog.text(
            "label.shown_then_said", shown=face.rank + face.symbol, said=face.name
        ),
        disabled=disabled,
    )


def hand_to_play(
    dom: Dom, catalog: Catalog, cards: Iterable[Card], playable: Container[Card] = ()
) -> list[Any]:
    """A demo's hand: every card a button to tap (``data-act="card:QS"``, refused ones too,
    to hear why), those that may be played ringed (class ``playable``)."""
    out = []
    for card in cards:
        button = card_button(dom, catalog, card, disabled=False)
        button.setAttribute("data-act", f"card:{card}")
        if card in playable:
            button.setAttribute("class", f"{button.getAttribute('class')} playable")
        out.append(button)
    return out


def mini_card(dom: Dom, catalog: Catalog, card: Card, extra: str = "") -> Any:
    """A small face-up card (captured cards, Domino rows, last trick)."""
    face = card_face(card, catalog)
    return dom.el(
        "span",
        face.rank + face.symbol,
        class_=f"mini suit-{face.suit} {extra}".strip(),
        title=face.name,
    )
