"""The session's end: the final ranking, the winners (a tie shares the victory), what to do
next."""

from __future__ import annotations

from typing import Any

from web.components.dom import Dom
from web.languages.i18n import Catalog, number
from web.languages.words import join_names, place_name, said
from web.table.centre_props import SessionEndProps


def session_end(d: Dom, catalog: Catalog, props: SessionEndProps) -> Any:
    """The ranking and the buttons for a new session, the same again, the record."""
    t = catalog.text
    new = d.el("button", t("over.new"), type="button", class_="action", data_action="new-session")
    return d.el(
        "section",
        None,
        d.el("h2", t("over.title"), id="over-title"),
        d.el(
            "p",
            verdict(catalog, props),
            class_="verdict",
            data_winners=",".join(map(str, props.winners)),
        ),
        d.el("ol", None, *ranking(d, catalog, props), class_="ranking"),
        d.el(
            "div",
            None,
            new,
            d.el("button", t("over.replay"), type="button", class_="quiet", data_action="replay"),
            d.el("button", t("menu.export"), type="button", class_="quiet", data_action="export"),
            class_="prompt-actions",
        ),
        class_="prompt over",
        data_testid="session-over",
        aria_labelledby="over-title",
    )


def verdict(catalog: Catalog, props: SessionEndProps) -> str:
    """Who won, with what total."""
    winners, totals, names = props.winners, props.totals, props.names
    best = totals[winners[0]] if winners else 0
    if len(winners) == 1:
        text = said(catalog, "over.winner", winners[0], names, props.me, total=best)
    else:
        text = catalog.text(
            "over.shared", names=join_names(catalog, [names[s] for s in winners]), total=best
        )
    if props.lowest_wins:
        text += " " + catalog.text("over.lowest")
    return text


def ranking(d: Dom, catalog: Catalog, props: SessionEndProps) -> list[Any]:
    """The seats from the best total (the highest, or the lowest in fr32) to the worst."""
    goal, totals = props.goal, props.totals
    order = sorted(range(4), key=lambda s: (-goal * totals[s], s))
    items = []
    for seat in order:
        place = 1 + sum(1 for s in range(4) if goal * totals[s] > goal * totals[seat])
        items.append(
            d.el(
                "li",
                None,
                d.el("span", place_name(catalog, place), class_="place"),
                d.el("span", props.names[seat], class_="who"),
                d.el("span", number(totals[seat]), class_="num"),
                class_="winner" if seat in props.winners else None,
            )
        )
    return items
