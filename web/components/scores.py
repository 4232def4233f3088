"""The score sheet (a table, deals × players) and the score diagram (an SVG that scrolls).

Both are redrawn whole when a deal finishes (or the session changes), from the engine's history
turned into rows and geometry by ``web.components.sheet``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from barbu import DealSummary
from web.components.dom import Dom
from web.components.sheet import Diagram, Mark, SheetRow, diagram, running_totals, sheet_rows
from web.languages.i18n import Catalog, number
from web.languages.words import contract_line, signed

MARKERS = ("circle", "square", "triangle", "diamond")
"""Each player's point shape on the diagram: players are told apart by more than colour."""


def draw_sheet(
    dom: Dom,
    catalog: Catalog,
    names: Sequence[str],
    history: Sequence[DealSummary],
    totals: Sequence[int],
    current: int,
    replayable: bool = False,
) -> Any:
    """The score sheet: one row per finished deal, a totals row; double marks in the cells
    (``replayable``: each deal's number a button that replays it, ``data-action="replay-deal"``)."""
    t = catalog.text
    head_cells = [
        dom.el("th", t("sheet.deal"), scope="col"),
        dom.el("th", t("sheet.contract"), scope="col", class_="contract-head"),
    ]
    for seat, name in enumerate(names):
        head_cells.append(dom.el("th", name, scope="col", class_=f"player-{seat}", title=name))
    head_cells.append(
        dom.el("th", t("sheet.row_total"), scope="col", title=t("sheet.row_total_help"))
    )
    body = [
        _sheet_row(dom, catalog, names, row, current, replayable) for row in sheet_rows(history)
    ]
    if not body:
        body.append(dom.el("tr", None, dom.el("td", t("sheet.empty"), colspan="7", class_="empty")))
    foot = [dom.el("th", t("sheet.totals"), scope="row", colspan="2")]
    for seat in range(4):
        foot.append(dom.el("td", signed(totals[seat]), class_="num", data_sheet_total=seat))
    foot.append(dom.el("td", signed(sum(totals)), class_="num row-total"))
    return dom.el(
        "table",
        None,
        dom.el("caption", t("sheet.caption"), class_="sr-only"),
        dom.el("thead", None, dom.el("tr", None, *head_cells)),
        dom.el("tbody", None, *body),
        dom.el("tfoot", None, dom.el("tr", None, *foot)),
        class_="sheet",
    )


def _sheet_row(
    dom: Dom,
    catalog: Catalog,
    names: Sequence[str],
    row: SheetRow,
    current: int,
    replayable: bool = False,
) -> Any:
    """One finished deal's row: its number (a button that replays it, if ``replayable``),
    contract and declarer, each seat's score with the doubles it made, the row's total."""
    head = dom.el("th", str(row.number), scope="row")
    if replayable:
        button = dom.el(
            "button",
            str(row.number),
            type="button",
            class_="replay-row",
            data_action="replay-deal",
            data_replay_deal=row.number,
            aria_label=catalog.text("replay.open_deal", number=row.number),
            title=catalog.text("replay.open_deal", number=row.number),
        )
        head = dom.el("th", None, button, scope="row")
    cells = [
        head,
        dom.el(
            "td",
            None,
            dom.el(
                "span",
                contract_line(catalog, row.contract, row.trump, row.start_rank, short=True),
                class_="sheet-contract",
            ),
            dom.el("span", names[row.declarer], class_="sheet-declarer"),
            class_="contract-cell",
        ),
    ]
    for seat in range(4):
        cell = dom.el(
            "td", None, dom.el("span", signed(row.scores[seat]), class_="score"), class_="num"
        )
        if row.marks[seat]:
            cell.append(_marks(dom, catalog, names, row.marks[seat]))
        cells.append(cell)
    cells.append(dom.el("td", signed(row.total), class_="num row-total"))
    return dom.el(
        "tr", None, *cells, data_row=row.number, class_="current" if row.number == current else None
    )


def _marks(dom: Dom, catalog: Catalog, names: Sequence[str], marks: Sequence[Mark]) -> Any:
    """The doubles a seat made in a deal: the doubled players' initials, said in full."""
    said = [
        catalog.text("sheet.mark_mutual" if m.mutual else "sheet.mark", name=names[m.target])
        for m in marks
    ]
    tags = dom.el("span", None, class_="marks", title=", ".join(said))
    for m in marks:
        tags.append(
            dom.el(
                "span",
                initial(names[m.target]),
                class_="mark mutual" if m.mutual else "mark",
                aria_hidden="true",
            )
        )
    tags.append(dom.el("span", ", ".join(said), class_="sr-only"))
    return tags


def initial(name: str) -> str:
    """The first letter of a name, for the double marks."""
    return name[:1].upper() if name else "?"


def draw_diagram(
    dom: Dom,
    catalog: Catalog,
    names: Sequence[str],
    history: Sequence[DealSummary],
    deals: int,
    block: int,
    current: int,
) -> tuple[Any, Diagram]:
    """The running totals as an SVG line chart across the session's deals (a line between
    blocks of ``block`` deals)."""
    geo = diagram(history, deals=deals, block=block)
    left, top, right, bottom = geo.plot
    totals = running_totals(history)[-1]
    label = catalog.text(
        "diagram.label",
        count=len(history),
        deals=deals,
        totals=", ".join(f"{names[s]} {signed(totals[s])}" for s in range(4)),
    )
    svg = dom.svg(
        "svg",
        width=geo.width,
        height=geo.height,
        viewBox=f"0 0 {geo.width} {geo.height}",
        role="img",
        aria_label=label,
        class_="diagram",
    )
    grid = dom.svg("g", class_="grid")
    for value, y in geo.y_ticks:
        grid.append(
            dom.svg("line", x1=left, x2=right, y1=y, y2=y, class_="zero" if value == 0 else None)
        )
        grid.append(dom.svg("text", text=number(value), x=left - 6, y=y + 4, class_="y-label"))
    for x in geo.blocks:
        grid.append(dom.svg("line", x1=x, x2=x, y1=top, y2=bottom, class_="block"))
    for k in range(1, deals + 1):
        grid.append(
            dom.svg(
                "text",
                text=str(k),
                x=geo.deal_x[k],
                y=bottom + 16,
                class_="x-label current" if k == current else "x-label",
            )
        )
    if 1 <= current <= deals:
        x = geo.deal_x[current]
        grid.prepend(
            dom.svg("rect", x=x - 15, y=top, width=30, height=bottom - top, class_="current-deal")
        )
    svg.append(grid)
    for seat, points in enumerate(geo.lines):
        group = dom.svg("g", class_=f"series player-{seat}")
        group.append(dom.svg("polyline", points=" ".join(f"{x},{y}" for x, y in points)))
        for x, y in points[1:]:
            group.append(marker(dom, MARKERS[seat], x, y))
        svg.append(group)
    return svg, geo


def marker(dom: Dom, shape: str, x: float, y: float) -> Any:
    """A point of the diagram in the player's shape."""
    if shape == "circle":
        return dom.svg("circle", cx=x, cy=y, r=3.5)
    if shape == "square":
        return dom.svg("rect", x=x - 3.2, y=y - 3.2, width=6.4, height=6.4)
    if shape == "triangle":
        return dom.svg("polygon", points=f"{x},{y - 4.2} {x + 4},{y + 3} {x - 4},{y + 3}")
    return dom.svg("polygon", points=f"{x},{y - 4.5} {x + 4.5},{y} {x},{y + 4.5} {x - 4.5},{y}")


def draw_legend(dom: Dom, names: Sequence[str], totals: Sequence[int]) -> Any:
    """Who is which line: name, shape and current total."""
    items = []
    for seat, name in enumerate(names):
        key = dom.svg(
            "svg",
            width=26,
            height=12,
            viewBox="0 0 26 12",
            aria_hidden="true",
            class_=f"series player-{seat}",
        )
        key.append(dom.svg("line", x1=1, x2=25, y1=6, y2=6))
        key.append(marker(dom, MARKERS[seat], 13, 6))
        items.append(
            dom.el(
                "li",
                None,
                key,
                dom.el("span", name, class_="legend-name"),
                dom.el("span", signed(totals[seat]), class_="legend-total"),
            )
        )
    return dom.el("ul", None, *items, class_="legend")
