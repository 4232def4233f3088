"""The expert's review in the replay (``web.table.replay``): the button that asks for it, its
progress, the decisions costliest first (each opening the replay at that moment), a graph of
the player's expected score through the deal with its table, and, apart and labelled as such,
what was best with every card visible (hindsight). A component: props, the catalog and ``Dom``
in, nodes out.

The graph is drawn as SVG by hand (``graph_geometry``: pure, tested without a browser); screen
readers get its summary as the image's name and the same figures as a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from barbu import Action, ChooseContract, Double, Play
from web.components.dom import Dom
from web.languages.i18n import Catalog
from web.languages.words import card_text, contract_line, object_list
from web.model.review import ReviewItem, graph_points
from web.model.session_review import DealErrors
from web.table.replay_props import ReplayProps

__all__ = [
    "Graph",
    "choice_words",
    "decimal",
    "decision_note",
    "graph_geometry",
    "review_section",
    "session_section",
]

BIG_ERRORS = ("mistake", "blunder")
"""The labels the review's filter keeps."""
WIDTH, HEIGHT = 320, 150
PLOT = (40.0, 12.0, 308.0, 122.0)
"""The graph's plotting area: left, top, right, bottom (SVG user units)."""


@dataclass(frozen=True)
class Graph:
    """Where the graph's points and grid lines go."""

    points: tuple[tuple[float, float], ...]
    """Each decision's point, then the deal's result, in SVG units."""
    ticks: tuple[tuple[float, float], ...]
    """Each grid line's value and height."""


def graph_geometry(values: tuple[tuple[int, float], ...], total: int) -> Graph:
    """The graph of ``values`` (step, points) across a deal of ``total`` actions: the steps
    along, the points up, zero always within."""
    left, top, right, bottom = PLOT
    low = min([0.0, *(v for _, v in values)])
    high = max([0.0, *(v for _, v in values)])
    if high - low < 1:
        high += 1
    span = high - low

    def x(step: int) -> float:
        return round(left + (right - left) * step / max(1, total), 1)

    def y(value: float) -> float:
        return round(bottom - (bottom - top) * (value - low) / span, 1)

    ticks = sorted({0.0, round(low), round(high)})
    return Graph(tuple((x(s), y(v)) for s, v in values), tuple((t, y(t)) for t in ticks))


def review_section(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The expert's review: the button that asks for it, its progress, then the decisions,
    the graph, and hindsight apart."""
    t = catalog.text
    parts: list[Any] = [d.el("h3", t("review.title"), id="review-heading")]
    if props.reviewing is not None:
        parts += [
            d.el("label", t("review.running", percent=props.reviewing), for_="review-progress"),
            d.el("progress", None, id="review-progress", max="100", value=str(props.reviewing)),
            d.el(
                "button",
                t("review.cancel"),
                type="button",
                class_="quiet",
                data_action="review-cancel",
            ),
        ]
    elif props.review is None:
        parts.append(d.el("p", t("review.help"), class_="help"))
        if props.review_failed:
            parts.append(d.el("p", t("review.failed"), class_="help"))
        parts.append(
            d.el(
                "button",
                t("review.start"),
                type="button",
                class_="action",
                data_action="review-start",
                disabled=not props.can_review,
            )
        )
    else:
        parts += _decisions(d, catalog, props, props.review)
        return d.el(
            "div",
            None,
            d.el("section", None, *parts, class_="replay-review", aria_labelledby="review-heading"),
            _graph(d, catalog, props, props.review),
            _hindsight(d, catalog, props, props.review),
            class_="replay-reviews",
        )
    return d.el("section", None, *parts, class_="replay-review", aria_labelledby="review-heading")


def _decisions(
    d: Dom, catalog: Catalog, props: ReplayProps, review: tuple[ReviewItem, ...]
) -> list[Any]:
    """The legend, the filter and the decisions, costliest first."""
    t = catalog.text
    parts = [d.el("p", t("review.legend"), class_="help"), _big_only(d, catalog, props)]
    shown = [i for i in review if not props.big_only or i.label in BIG_ERRORS]
    items = [d.el("li", None, _review_item(d, catalog, props, item)) for item in shown]
    if items:
        parts.append(d.el("ol", None, *items, class_="review-list"))
    else:
        parts.append(d.el("p", t("review.none_big"), class_="help"))
    return parts


def _big_only(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The filter: the big errors only, or every decision."""
    box = d.el(
        "input",
        None,
        type="checkbox",
        id="review-big",
        data_setting="review-big",
        checked=props.big_only,
    )
    return d.el("label", None, box, " ", catalog.text("review.big_only"), class_="review-filter")


def _review_item(d: Dom, catalog: Catalog, props: ReplayProps, item: ReviewItem) -> Any:
    """One decision: its label, what was done, the better choice and the points lost."""
    t = catalog.text
    chosen = _words(catalog, props, item.step, item.action)
    if item.cost > 0 and item.best != item.action:
        text = t(
            "review.item",
            step=item.step,
            chosen=chosen,
            best=_words(catalog, props, item.step, item.best),
            cost=decimal(catalog, item.cost),
            stderr=decimal(catalog, item.stderr),
        )
    else:
        text = t("review.item_best", step=item.step, chosen=chosen)
    label = item.label or ("small" if item.cost > 0 else "best")
    return d.el(
        "button",
        None,
        d.el("span", t(f"review.label.{label}"), class_=f"badge review-{label}"),
        " ",
        text,
        type="button",
        class_="review-item",
        data_action="review-open",
        data_step=item.step,
        data_cost=f"{item.cost:.1f}",
        aria_current="step" if item.step == props.step and not props.hindsight_shown else None,
    )


def _graph(d: Dom, catalog: Catalog, props: ReplayProps, review: tuple[ReviewItem, ...]) -> Any:
    """The player's expected deal score after each decision, and the deal's result: a line
    graph, its summary as the image's name, and the same figures in a table."""
    t = catalog.text
    goal = props.goal
    values = tuple((step, value * goal) for step, value in graph_points(review))
    if not values:
        return None
    result = props.result
    label = t(
        "review.graph_label",
        first=decimal(catalog, values[0][1]),
        last=decimal(catalog, values[-1][1]),
        result="?" if result is None else f"{result:+d}".replace("-", "\u2212"),
    )
    by_step = {item.step: item for item in review}
    svg = _graph_svg(d, catalog, props, values, by_step, label)
    return d.el(
        "section",
        None,
        d.el("h3", t("review.graph_title"), id="review-graph-heading"),
        d.el("p", t("review.graph_help"), class_="help"),
        svg,
        _graph_table(d, catalog, props, values, by_step),
        class_="replay-graph",
        aria_labelledby="review-graph-heading",
    )


def _graph_svg(
    d: Dom,
    catalog: Catalog,
    props: ReplayProps,
    values: tuple[tuple[int, float], ...],
    by_step: dict[int, ReviewItem],
    label: str,
) -> Any:
    """The graph's SVG: the grid, the line, a dot per decision (coloured by its label) and a
    square for the deal's result."""
    t = catalog.text
    result = props.result
    line = values if result is None else (*values, (props.total, float(result)))
    geo = graph_geometry(line, props.total)
    svg = d.svg(
        "svg",
        viewBox=f"0 0 {WIDTH} {HEIGHT}",
        role="img",
        aria_label=label,
        class_="review-graph",
    )
    left, _, right, bottom = PLOT
    grid = d.svg("g", class_="grid")
    for value, y in geo.ticks:
        grid.append(
            d.svg("line", x1=left, x2=right, y1=y, y2=y, class_="zero" if value == 0 else None)
        )
        grid.append(
            d.svg("text", text=decimal(catalog, value, 0), x=left - 5, y=y + 4, class_="y-label")
        )
    grid.append(
        d.svg(
            "text",
            text=t("review.graph_steps", total=props.total),
            x=right,
            y=bottom + 20,
            class_="x-label",
        )
    )
    svg.append(grid)
    series = d.svg("g", class_="series player-0")
    series.append(d.svg("polyline", points=" ".join(f"{x},{y}" for x, y in geo.points)))
    for (step, _), (x, y) in zip(values, geo.points, strict=False):
        label_of = by_step[step].label or "plain"
        series.append(d.svg("circle", cx=x, cy=y, r=4, class_=f"point review-{label_of}"))
    if result is not None:
        x, y = geo.points[-1]
        series.append(d.svg("rect", x=x - 4, y=y - 4, width=8, height=8, class_="point result"))
    svg.append(series)
    return svg


def _graph_table(
    d: Dom,
    catalog: Catalog,
    props: ReplayProps,
    values: tuple[tuple[int, float], ...],
    by_step: dict[int, ReviewItem],
) -> Any:
    """The graph's figures as a table (folded under a summary)."""
    t = catalog.text
    head = d.el(
        "tr",
        None,
        d.el("th", t("review.graph_step"), scope="col"),
        d.el("th", t("review.graph_decision"), scope="col"),
        d.el("th", t("review.graph_expected"), scope="col"),
    )
    rows = [
        d.el(
            "tr",
            None,
            d.el("td", str(step)),
            d.el("td", _words(catalog, props, step, by_step[step].action)),
            d.el("td", decimal(catalog, value), class_="number"),
        )
        for step, value in values
    ]
    if props.result is not None:
        rows.append(
            d.el(
                "tr",
                None,
                d.el("td", str(props.total)),
                d.el("td", t("review.graph_result")),
                d.el("td", str(props.result).replace("-", "\u2212"), class_="number"),
            )
        )
    table = d.el(
        "table",
        None,
        d.el("caption", t("review.graph_title")),
        d.el("thead", None, head),
        d.el("tbody", None, *rows),
        class_="review-table",
    )
    return d.el("details", None, d.el("summary", t("review.graph_table")), table)


def _hindsight(d: Dom, catalog: Catalog, props: ReplayProps, review: tuple[ReviewItem, ...]) -> Any:
    """Apart, and labelled as such: where, with every card visible, another choice was best."""
    t = catalog.text
    seen = sorted((i for i in review if i.hindsight is not None), key=lambda i: i.step)
    parts: list[Any] = [
        d.el("h3", t("review.hindsight_title"), id="review-hindsight-heading"),
        d.el("p", t("review.hindsight_help"), class_="help"),
    ]
    items = []
    for item in seen:
        assert item.hindsight is not None  # filtered above
        text = t(
            "review.hindsight_item",
            step=item.step,
            chosen=_words(catalog, props, item.step, item.action),
            best=_words(catalog, props, item.step, item.hindsight),
            cost=decimal(catalog, item.hindsight_cost),
        )
        current = item.step == props.step and props.hindsight_shown
        items.append(
            d.el(
                "li",
                None,
                d.el(
                    "button",
                    text,
                    type="button",
                    class_="review-item hindsight-item",
                    data_action="hindsight-open",
                    data_hindsight_step=item.step,
                    aria_current="step" if current else None,
                ),
            )
        )
    if items:
        parts.append(d.el("ol", None, *items, class_="review-list hindsight-list"))
    else:
        parts.append(d.el("p", t("review.hindsight_none"), class_="help"))
    return d.el(
        "section",
        None,
        *parts,
        class_="replay-hindsight",
        aria_labelledby="review-hindsight-heading",
    )


def decision_note(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """At a reviewed decision: what was chosen, the expert's better choice (or its agreement),
    and, said as hindsight, the best with every card visible."""
    item = props.decision
    if item is None:
        return None
    t = catalog.text
    words = {"chosen": _words(catalog, props, item.step, item.action)}
    if item.cost > 0 and item.best != item.action:
        text = t(
            "review.here",
            best=_words(catalog, props, item.step, item.best),
            cost=decimal(catalog, item.cost),
            stderr=decimal(catalog, item.stderr),
            **words,
        )
    else:
        text = t("review.here_best", **words)
    lines = [d.el("p", text, class_="review-here")]
    if item.hindsight is not None:
        seen = _words(catalog, props, item.step, item.hindsight)
        lines.append(
            d.el("p", t("review.here_hindsight", best=seen), class_="review-here hindsight")
        )
    return d.el("div", None, *lines, class_="review-note", data_review_note=item.step)


def session_section(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The review of the whole session: its button, its progress (the deal under review and
    the share done), and each deal reviewed in a few figures, opening that deal."""
    t = catalog.text
    whole = props.whole
    parts: list[Any] = [d.el("h3", t("review.session_title"), id="review-session-heading")]
    if whole is not None and whole.running:
        parts += [
            d.el(
                "label",
                t(
                    "review.session_running",
                    number=whole.current or "",
                    done=len(whole.done),
                    count=len(whole.numbers),
                    percent=whole.overall,
                ),
                for_="review-session-progress",
            ),
            d.el("progress", None, id="review-session-progress", max="100", value=whole.overall),
            d.el(
                "button",
                t("review.cancel"),
                type="button",
                class_="quiet",
                data_action="review-cancel",
            ),
        ]
    else:
        parts.append(d.el("p", t("review.session_help"), class_="help"))
        if whole is None or not whole.finished:
            parts.append(
                d.el(
                    "button",
                    t("review.session_start"),
                    type="button",
                    class_="quiet",
                    data_action="review-session",
                    disabled=not props.can_review or props.reviewing is not None,
                )
            )
    if whole is not None and whole.done:
        rows = [d.el("li", None, _deal_errors(d, catalog, props, row)) for row in whole.done]
        parts.append(d.el("ol", None, *rows, class_="review-list session-list"))
    return d.el(
        "section",
        None,
        *parts,
        class_="replay-review replay-session",
        aria_labelledby="review-session-heading",
    )


def _deal_errors(d: Dom, catalog: Catalog, props: ReplayProps, row: DealErrors) -> Any:
    """One reviewed deal: its mistakes and blunders and the points lost, opening that deal."""
    t = catalog.text
    text = t(
        "review.session_deal",
        number=row.number,
        errors=catalog.plural("count.big_errors", row.mistakes + row.blunders),
        cost=decimal(catalog, row.cost),
    )
    return d.el(
        "button",
        text,
        type="button",
        class_="review-item",
        data_action="replay-to-deal",
        data_deal=row.number,
        aria_current="true" if row.number == props.number else None,
    )


def choice_words(
    catalog: Catalog,
    action: Action,
    names: tuple[str, ...],
    you: int | None,
    redouble: bool = False,
) -> str:
    """A decision in a few words: a card, the doubles made (or none), a contract;
    ``redouble``: the doubling turn was the declarer's, whose doubles are redoubles."""
    if isinstance(action, Play):
        return card_text(catalog, action.card)
    if isinstance(action, Double):
        kind = "redouble" if redouble else "double"
        if not action.targets:
            return catalog.text(f"review.no_{kind}")
        targets = object_list(catalog, sorted(action.targets), names, you)
        return catalog.text(f"review.{kind}", targets=targets)
    if isinstance(action, ChooseContract):
        return contract_line(catalog, action.contract, action.trump, action.start_rank)
    return ""


def _words(catalog: Catalog, props: ReplayProps, step: int, action: Action) -> str:
    """``choice_words`` of an action at ``step`` of the replayed deal: redoubles at the
    declarer's doubling turn (the engine's history says which step that was)."""
    return choice_words(
        catalog, action, props.names, props.mine, redouble=step == props.redouble_step
    )


def decimal(catalog: Catalog, value: float, places: int = 1) -> str:
    """A number with ``places`` decimals, written the language's way (2.4, 2,4; the minus
    sign, not a hyphen)."""
    text = f"{value:.{places}f}".replace(".", catalog.text("boot.decimal"))
    return text.replace("-", "\u2212")
