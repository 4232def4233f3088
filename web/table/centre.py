"""The middle of the table: the last trick when asked, then the player's choice or the deal
summary, else the trick or the Domino rows; the final ranking once the session is over."""

from __future__ import annotations

from typing import Any

from web.components.cards import mini_card
from web.components.dom import Dom
from web.components.trick import trick_cards
from web.languages.i18n import Catalog
from web.languages.words import said
from web.table.centre_props import (
    CentreProps,
    ContractPromptProps,
    DominoProps,
    DoublingPromptProps,
    LastTrickProps,
    Prompt,
    TrickProps,
)
from web.table.content import Content
from web.table.domino import domino
from web.table.ending import session_end
from web.table.prompts import contract_choice, doubling_choice
from web.table.status import turn_text
from web.table.summary import deal_summary


def centre(d: Dom, catalog: Catalog, props: CentreProps) -> Content:
    """What the middle of the table shows now."""
    parts = []
    if props.last_trick is not None:
        parts.append(last_trick(d, catalog, props.last_trick))
    if props.prompt is not None:
        parts.append(prompt(d, catalog, props.prompt))
    elif isinstance(props.play, DominoProps):
        parts.append(domino(d, catalog, props.play))
    elif props.play is not None:
        parts.append(trick(d, catalog, props.play))
    if props.ending is not None:
        parts.append(session_end(d, catalog, props.ending))
    has_prompt = props.prompt is not None or props.session_over
    return Content(tuple(parts), classes=(("has-prompt", has_prompt),))


def prompt(d: Dom, catalog: Catalog, props: Prompt) -> Any:
    """The player's choice, or the deal summary."""
    if isinstance(props, ContractPromptProps):
        return contract_choice(d, catalog, props)
    if isinstance(props, DoublingPromptProps):
        return doubling_choice(d, catalog, props)
    return deal_summary(d, catalog, props)


def trick(d: Dom, catalog: Catalog, props: TrickProps) -> Any:
    """The trick on the table: each card in front of its player; the winner once complete."""
    t, names = catalog.text, props.names
    if props.winner is not None:
        caption = said(catalog, "trick.won", props.winner, names, props.me)
    elif props.cards:
        caption = said(catalog, "trick.led", props.cards[0][0], names, props.me)
    elif props.to_lead is not None:
        seat = props.to_lead
        caption = t("trick.lead", name=names[seat]) if seat != props.me else t("trick.you_lead")
    elif props.choosing is not None:
        caption = turn_text(catalog, props.choosing)  # who is choosing or doubling
    else:
        caption = ""
    label = t("trick.label", number=props.number)
    return d.el(
        "div",
        None,
        trick_cards(d, catalog, props.cards, label, props.winner, props.fresh, props.me),
        d.el("p", caption, class_="trick-caption"),
        class_="trick-area",
    )


def last_trick(d: Dom, catalog: Catalog, props: LastTrickProps) -> Any:
    """The last finished trick, for review at any time."""
    t, trick = catalog.text, props.trick
    items = []
    for k, card in enumerate(trick.cards):
        seat = (trick.leader + k) % 4
        items.append(
            d.el(
                "li",
                None,
                d.el("span", props.names[seat], class_="who"),
                mini_card(d, catalog, card, "winner" if seat == trick.winner else ""),
            )
        )
    return d.el(
        "section",
        None,
        d.el("h2", t("last_trick.title", number=props.number)),
        d.el("ol", None, *items, class_="last-list"),
        d.el("p", said(catalog, "trick.won", trick.winner, props.names, props.me)),
        d.el(
            "button",
            t("last_trick.close"),
            type="button",
            class_="quiet",
            data_action="last-trick",
        ),
        class_="last-trick",
        aria_label=t("toolbar.last_trick"),
    )
