"""The Domino in the middle of the table: the four rows growing from the starting rank, who went
out, who passed."""

from __future__ import annotations

from typing import Any

from web.components.dom import Dom
from web.components.domino import domino_rows
from web.languages.i18n import Catalog
from web.languages.words import join_names
from web.table.centre_props import DominoProps


def domino(d: Dom, catalog: Catalog, props: DominoProps) -> Any:
    """The rows and a line on who went out (in order) and who passed."""
    t, names = catalog.text, props.names
    notes = []
    if props.out_order:
        out = [f"{names[s]} ({i + 1})" for i, s in enumerate(props.out_order)]
        notes.append(t("domino.out", names=join_names(catalog, out)))
    if props.passed:
        passed = [names[s] for s in props.passed]
        notes.append(t("domino.passed", names=join_names(catalog, passed)))
    return d.el(
        "div",
        None,
        d.el(
            "p",
            t("domino.start", rank=t(f"rank.{props.start_rank.char}")),
            class_="domino-start",
        ),
        domino_rows(d, catalog, props.rows, props.start_rank),
        d.el("p", " ".join(notes), class_="trick-caption"),
        class_="domino",
    )
