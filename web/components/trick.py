"""The trick on the table: each card in front of the player who played it (the player at the
bottom, then clockwise), the winner ringed once the trick is complete.

A component: the cards of a trick and a catalog in, a node out; the game and the rules pages'
demos draw their tricks with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from barbu import Card
from web.components.cards import face_up
from web.components.dom import Dom
from web.languages.i18n import Catalog

POSITIONS = ("bottom", "left", "top", "right")
"""Where each seat sits on the screen: seat 0 (the player) at the bottom, then clockwise."""


def position(seat: int, me: int = 0) -> str:
    """Where ``seat`` sits on the screen of the player at seat ``me`` (drawn at the bottom)."""
    return POSITIONS[(seat - me) % 4]


def trick_cards(
    dom: Dom,
    catalog: Catalog,
    cards: Sequence[tuple[int, Card]],
    label: str,
    winner: int | None = None,
    fresh: Iterable[tuple[int, Card]] = (),
    me: int = 0,
) -> Any:
    """The trick's cards, each at its player's side (the player at seat ``me`` at the bottom);
    ``fresh`` ones slide in from there."""
    new = frozenset(fresh)
    slots = []
    for seat, card in cards:
        classes = f"slot slot-{position(seat, me)}"
        classes += " winner" if seat == winner else ""
        classes += f" fresh from-{position(seat, me)}" if (seat, card) in new else ""
        face = face_up(dom, catalog, card, classes)
        face.setAttribute("data-played", str(card))
        face.setAttribute("data-seat", str(seat))
        slots.append(face)
    return dom.el("div", None, *slots, class_="trick", role="group", aria_label=label)
