"""A finished deal's summary: raw scores, each pair's transfer, final scores; then "next"."""

from __future__ import annotations

from typing import Any

from web.components.dom import Dom
from web.components.settlement import pair_lines, settlement_table
from web.languages.i18n import Catalog, number
from web.languages.words import contract_line, said
from web.table.centre_props import SummaryProps


def deal_summary(d: Dom, catalog: Catalog, props: SummaryProps) -> Any:
    """The summary of deal ``props.row.number``, with its button to go on."""
    t, row, names = catalog.text, props.row, props.names
    totals = [number(total) if props.latest else "" for total in props.totals]
    table = settlement_table(
        d, catalog, names, row.raw, row.final, totals, transfers=props.doubling
    )
    pairs = pair_lines(d, catalog, names, row.settlement, you=props.me)
    if not pairs and props.doubling:
        pairs.append(d.el("li", t("summary.no_doubles")))
    contract = contract_line(catalog, row.contract, row.trump, row.start_rank)
    parts = [
        d.el("h2", t("summary.title", number=row.number), id="prompt-title"),
        d.el(
            "p",
            said(catalog, "summary.contract", row.declarer, names, props.me, contract=contract),
            class_="help",
        ),
    ]
    if props.early_end is not None:  # every scoring card taken: cards still in hand
        parts.append(
            d.el("p", t("explain.early_title", tricks=props.early_end), class_="help early-end")
        )
    parts.append(table)
    if pairs:
        parts += [d.el("h3", t("summary.pairs")), d.el("ul", None, *pairs, class_="pairs")]
    next_button = d.el(
        "button",
        t("summary.final_next" if props.last else "summary.next"),
        type="button",
        class_="action",
        data_action="next",
    )
    replay_button = d.el(
        "button",
        t("replay.open"),
        type="button",
        class_="quiet",
        data_action="replay-deal",
        data_replay_deal=row.number,
    )
    parts.append(d.el("div", None, next_button, replay_button, class_="prompt-actions"))
    return d.el(
        "section",
        None,
        *parts,
        class_="prompt summary",
        aria_labelledby="prompt-title",
        data_summary=row.number,
    )
