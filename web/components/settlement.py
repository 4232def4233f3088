"""Renderers of a deal's settlement (RULES.md §5): the doubles map, the table of raw scores,
transfers and deal scores, and each doubled pair's payment in words.

Components: the engine's values and a catalog in, a node out (``web.components.dom.Dom``), nothing
read from a controller; an id a node needs is made from the ``uid`` its caller gives, so that the
game and several demos on one page draw side by side. ``you`` is the seat addressed as "you"
(the player, in the game), or None (a demo, the rules pages).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from barbu import PairSettlement
from web.components.dom import Dom
from web.languages.i18n import Catalog
from web.languages.words import signed

MAP_POINTS = ((40, 70), (10, 40), (40, 10), (70, 40))
"""Each seat's place on the doubles map: the player at the bottom, then clockwise."""


def doubles_map(
    dom: Dom,
    catalog: Catalog,
    doubles: Sequence[tuple[int, int]],
    names: Sequence[str],
    uid: str,
    you: int | None = None,
) -> Any:
    """The doubles of a deal drawn between the seats (an arrow: one way; both ends: mutual),
    with the same in words."""
    d, t = dom, catalog.text
    made = set(doubles)
    arrow = f"{uid}-arrow"
    size: dict[str, Any] = {"width": 80, "height": 80, "viewBox": "0 0 80 80"}
    svg = d.svg("svg", aria_hidden="true", class_="doubles-map", **size)
    svg.append(
        d.svg(
            "defs",
            d.svg(
                "marker",
                d.svg("path", d="M0,0 L8,4 L0,8 z"),
                id=arrow,
                viewBox="0 0 8 8",
                refX=7,
                refY=4,
                markerWidth=8,
                markerHeight=8,
                markerUnits="userSpaceOnUse",
                orient="auto-start-reverse",
            ),
        )
    )
    lines = []
    for a, b in sorted({(min(x, y), max(x, y)) for x, y in made}):
        mutual = (a, b) in made and (b, a) in made
        src, dst = (a, b) if (a, b) in made else (b, a)
        svg.append(_double_line(d, src, dst, mutual, arrow, you or 0))
        lines.append(_double_words(catalog, names, src, dst, mutual, you))
    for seat in range(4):
        x, y = MAP_POINTS[(seat - (you or 0)) % 4]
        svg.append(d.svg("circle", cx=x, cy=y, r=9, class_=f"node player-{seat}"))
        svg.append(d.svg("text", text=names[seat][:1].upper(), x=x, y=y + 4))
    items = [d.el("li", text) for text in lines] or [d.el("li", t("doubles.none"))]
    return d.el(
        "figure",
        None,
        svg,
        d.el(
            "figcaption",
            None,
            d.el("span", t("doubles.title"), class_="sr-only"),
            d.el("ul", None, *items, class_="doubles-list"),
        ),
        class_="doubles",
    )


def _double_line(d: Dom, src: int, dst: int, mutual: bool, arrow: str, me: int) -> Any:
    """The arrow of one double, from the doubler's seat to the doubled one (both ends: mutual),
    stopping short of the seats' circles (the seat ``me`` at the bottom)."""
    (x1, y1), (x2, y2) = MAP_POINTS[(src - me) % 4], MAP_POINTS[(dst - me) % 4]
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5
    ox, oy = dx / length * 11, dy / length * 11
    return d.svg(
        "line",
        x1=round(x1 + ox, 1),
        y1=round(y1 + oy, 1),
        x2=round(x2 - ox, 1),
        y2=round(y2 - oy, 1),
        class_="double mutual" if mutual else "double",
        marker_end=f"url(#{arrow})",
        marker_start=f"url(#{arrow})" if mutual else None,
    )


def _double_words(
    catalog: Catalog, names: Sequence[str], src: int, dst: int, mutual: bool, you: int | None
) -> str:
    """One double in words, addressed to ``you`` when it is theirs."""
    t = catalog.text
    if mutual:
        return t("doubles.mutual", first=names[min(src, dst)], second=names[max(src, dst)])
    if src == you:
        return t("doubles.single.you", target=names[dst])
    if dst == you:
        return t("doubles.single.on_you", doubler=names[src])
    return t("doubles.single", doubler=names[src], target=names[dst])


def settlement_table(
    dom: Dom,
    catalog: Catalog,
    names: Sequence[str],
    raw: Sequence[int],
    final: Sequence[int],
    totals: Sequence[str] | None = None,
    caption: str | None = None,
    transfers: bool = True,
) -> Any:
    """Each player's raw score, transfers (unless the rules have no doubles: ``transfers``
    False) and deal score (and a column of running totals, as text, if given)."""
    d, t = dom, catalog.text
    heads = ["summary.player", "summary.raw", "summary.transfers", "summary.final"]
    if not transfers:
        heads.remove("summary.transfers")
    if totals is not None:
        heads.append("summary.total")
    body = []
    for seat in range(4):
        moved = final[seat] - raw[seat]
        cells = [
            d.el("th", names[seat], scope="row"),
            d.el("td", signed(raw[seat]), class_="num"),
            *([d.el("td", signed(moved), class_="num")] if transfers else []),
            d.el("td", signed(final[seat]), class_="num strong", data_final=seat),
        ]
        if totals is not None:
            cells.append(d.el("td", totals[seat], class_="num"))
        body.append(d.el("tr", None, *cells))
    return d.el(
        "table",
        None,
        *([d.el("caption", caption)] if caption else []),
        d.el("thead", None, d.el("tr", None, *(d.el("th", t(h), scope="col") for h in heads))),
        d.el("tbody", None, *body),
        class_="summary-table",
    )


def pair_lines(
    dom: Dom,
    catalog: Catalog,
    names: Sequence[str],
    pairs: Sequence[PairSettlement],
    you: int | None = None,
) -> list[Any]:
    """Each doubled pair's payment, a list item each ("Ben pays Ada 6.")."""
    out = []
    for p in pairs:
        key = "summary.pair_mutual" if p.mutual else "summary.pair"
        if p.amount == 0:
            key = "summary.pair_even"
        elif p.payer == you:
            key += ".you_pay"
        elif p.payee == you:
            key += ".you_get"
        text = catalog.text(key, payer=names[p.payer], payee=names[p.payee], amount=p.amount)
        out.append(dom.el("li", text))
    return out
