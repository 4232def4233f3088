"""The player's hand: a button per card and a heading. The buttons are made once per hand and
then updated in place (``web.table.view``), so that the card with the keyboard focus keeps it;
on the player's turn a card he may not play stays focusable and tappable (``aria-disabled``): a
tap says why, in place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from barbu import Card
from web.components.cards import card_button
from web.components.dom import Dom
from web.languages.i18n import Catalog
from web.table.hand_props import HandProps
from web.table.prompts import rules_link


class CardState(NamedTuple):
    """How one card's button shows now."""

    disabled: bool
    refused: bool
    """On the player's turn, a card he may not play (``aria-disabled``)."""
    playable: bool
    hinted: bool
    shortcut: str | None
    """Its digit key (``aria-keyshortcuts``): the n-th playable card, up to 9."""
    reason: str | None
    """Why it may not be played (its ``title``)."""


def card_buttons(d: Dom, catalog: Catalog, cards: Sequence[Card]) -> dict[str, Any]:
    """A new button per card, by card code."""
    return {str(c): card_button(d, catalog, c) for c in cards}


def hand_row(d: Dom, buttons: Sequence[Any]) -> tuple[Any, Any]:
    """The heading (filled by ``heading``) and the row of the hand's buttons."""
    row = d.el("div", None, *buttons, class_="cards", role="group", aria_labelledby="hand-heading")
    return d.el("h2", None, id="hand-heading"), row


def card_state(props: HandProps, code: str) -> CardState:
    """How the card ``code`` shows."""
    my_turn, playable = props.my_turn, props.playable
    ok = code in playable
    index = playable.index(code) if ok else None
    reason = dict(props.reasons).get(code) if my_turn and not ok else None
    return CardState(
        disabled=not my_turn and not props.following,
        refused=(my_turn and not ok) or props.following,  # a tap says why (web.game.events)
        playable=ok,
        hinted=code == props.hinted,
        shortcut=str(index + 1) if index is not None and index < 9 else None,
        reason=reason or None,
    )


def heading(d: Dom, catalog: Catalog, props: HandProps) -> list[Any]:
    """The hand's heading: the card count, then what to do or why the card tapped was refused."""
    t = catalog.text
    count = d.el("span", catalog.plural("count.cards", len(props.cards)), class_="hand-count")
    parts: list[Any] = [t("table.hand"), " ", count]
    if props.my_turn and props.refusal:  # why the card tapped cannot be played
        why = rules_link(d, catalog, props.refusal_link)
        parts += [" ", d.el("span", props.refusal, *why, class_="hand-hint refusal")]
    elif props.my_turn:
        parts += [" ", d.el("span", t("hand.play"), class_="hand-hint")]
    return parts
