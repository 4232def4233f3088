"""The score sheet and diagram of the table (the renderers are ``web.components.scores``, shared
with the rules pages)."""

from __future__ import annotations

from typing import Any

from web.components.dom import Dom
from web.components.scores import draw_diagram, draw_legend, draw_sheet
from web.components.sheet import Diagram
from web.languages.i18n import Catalog
from web.table.scores_props import ScoresProps


def sheet(d: Dom, catalog: Catalog, props: ScoresProps) -> Any:
    """The score sheet: a row per finished deal, the totals."""
    return draw_sheet(
        d, catalog, props.names, props.history, props.totals, props.current, replayable=True
    )


def legend(d: Dom, catalog: Catalog, props: ScoresProps) -> Any:
    """The diagram's legend: each player's marker, name and total."""
    return draw_legend(d, props.names, props.totals)


def diagram(d: Dom, catalog: Catalog, props: ScoresProps) -> tuple[Any, Diagram]:
    """The diagram of running totals, and its geometry (to scroll to the current deal)."""
    return draw_diagram(
        d, catalog, props.names, props.history, props.deals, props.per_block, props.current
    )


def current_x(props: ScoresProps, geometry: Diagram) -> float:
    """Where the current deal stands on the diagram."""
    return geometry.deal_x[min(props.current, props.deals)]
