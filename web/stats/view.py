"""The statistics page's parts: the header, the filters, and one person's figures, each plot
beside a table of its numbers (components: values and the catalog in, nodes out).

A plot is drawn by the vendored chart library (uPlot) in JavaScript (web/stats/stats.js), from
the ``Chart`` this module gives with the node: ``<div data-chart=ID>`` is its place, hidden from
assistive technology, since the ``<table>`` beside it says the same numbers in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from barbu.rules import Rules
from web.components.dom import Dom
from web.components.page_header import page_header
from web.languages.i18n import Catalog
from web.languages.presets import preset_words
from web.languages.words import contract_name, signed
from web.stats.figures import Figures

MINUS = "\u2212"
"""A true minus sign, as the game prints negative scores (``web.languages.words``)."""

__all__ = ["Chart", "figures_part", "header", "rules_label", "select"]


@dataclass(frozen=True)
class Chart:
    """One plot, as stats.js draws it: ``kind`` ``line`` or ``bars``; one tick per label; each
    series a label and a value per tick; the value axis from ``low`` to ``high`` (None: as the
    values go), ``reverse``: 1 on top (places)."""

    id: str
    kind: str
    labels: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]
    low: float | None = None
    high: float | None = None
    reverse: bool = False
    unit: str = ""

    def data(self) -> dict[str, Any]:
        """As JSON for stats.js."""
        return {
            "id": self.id,
            "kind": self.kind,
            "labels": list(self.labels),
            "series": [{"label": label, "values": list(v)} for label, v in self.series],
            "low": self.low,
            "high": self.high,
            "reverse": self.reverse,
            "unit": self.unit,
        }


def header(d: Dom, catalog: Catalog) -> Any:
    """The site's header: the game, the page's title, the languages, the rules, the score
    keeper (as the keeper's header links the rules and the statistics)."""
    t, lang = catalog.text, catalog.lang
    links = [
        (t("menu.rules"), f"../rules/{lang}/"),
        (t("rules_page.keeper"), f"../keeper/?lang={lang}"),
    ]
    return page_header(
        d, catalog, t("stats.title"), links, "rules-header keeper-header stats-header"
    )


def rules_label(catalog: Catalog, rules: Rules) -> str:
    """A game's name, with the count of its house options."""
    name = catalog.text(preset_words(rules.name).label)
    if rules.options:
        return catalog.plural("rules.with_options", len(rules.options), rules=name)
    return name


def select(
    d: Dom, label: str, name: str, choices: Sequence[tuple[str, str]], chosen: str | None
) -> Any:
    """A labelled ``<select data-filter=name>`` of ``(value, text)`` choices."""
    options = [
        d.el("option", text, value=value, selected=value == chosen) for value, text in choices
    ]
    return d.el(
        "label",
        None,
        d.el("span", label),
        d.el("select", None, *options, data_filter=name, id=f"filter-{name}"),
        class_="filter",
    )


def decimal(catalog: Catalog, value: float) -> str:
    """A number with one decimal, in the catalog's way."""
    return f"{value:.1f}".replace("-", MINUS).replace(".", catalog.text("keeper.decimal_point"))


def percent(catalog: Catalog, rate: float) -> str:
    """A share as a percentage."""
    return catalog.text("stats.percent", value=round(rate * 100))


def table(d: Dom, caption: str, heads: Sequence[str], rows: Sequence[Sequence[str]]) -> Any:
    """A table of numbers: a caption, column heads, each row headed by its first cell; in a box
    that scrolls (and takes the focus, to scroll by keyboard) when it is long."""
    head = d.el("tr", None, *(d.el("th", h, scope="col") for h in heads))
    body = [
        d.el(
            "tr",
            None,
            d.el("th", row[0], scope="row"),
            *(d.el("td", cell) for cell in row[1:]),
        )
        for row in rows
    ]
    return d.el(
        "div",
        None,
        d.el(
            "table",
            None,
            d.el("caption", caption),
            d.el("thead", None, head),
            d.el("tbody", None, *body),
            class_="stats-table",
        ),
        class_="table-box",
        tabindex="0",
        role="region",
        aria_label=caption,
    )


def figure(d: Dom, chart: Chart, caption: str, numbers: Any, note: str | None = None) -> Any:
    """A plot (its place, drawn by stats.js), its caption (and ``note``, how to read it) and
    legend, the table beside it (below it for a plot of bars: a wide table)."""
    legend = d.el(
        "ul",
        None,
        *(
            d.el("li", None, d.el("span", None, class_=f"swatch swatch-{i}", aria_hidden="true"), s)
            for i, (s, _) in enumerate(chart.series)
        ),
        class_="legend",
    )
    return d.el(
        "figure",
        None,
        d.el(
            "figcaption",
            caption,
            d.el("p", note, class_="help figure-note") if note else None,
        ),
        d.el(
            "div",
            None,
            d.el(
                "div",
                None,
                legend,
                d.el("div", None, class_="chart", data_chart=chart.id, aria_hidden="true"),
                class_="chart-box",
            ),
            numbers,
            class_="figure-body",
        ),
        class_="stats-figure wide" if chart.kind == "bars" else "stats-figure",
        data_figure=chart.id,
    )


def figures_part(
    d: Dom, catalog: Catalog, figs: Figures, rules: Rules, prefix: str, who: str
) -> tuple[Any, list[Chart]]:
    """One person's figures (``who``: "you", or a name): the summary line and the four plots
    with their tables; the plots' charts, their ids starting with ``prefix``."""
    c = catalog.for_rules(rules.name)
    summary = c.text(
        "stats.summary",
        sessions=figs.sessions,
        wins=figs.wins,
        rate=percent(c, figs.wins / figs.sessions) if figs.sessions else "—",
        deals=figs.deals,
    )
    parts = [d.el("p", summary, class_="stats-summary", data_summary=prefix)]
    if figs.practised:
        parts.append(d.el("p", c.text("stats.practised", count=figs.practised), class_="help"))
    charts: list[Chart] = []
    if figs.places:
        for chart, caption, numbers in (_places(d, c, figs, prefix), _rates(d, c, figs, prefix)):
            parts.append(figure(d, chart, caption, numbers))
            charts.append(chart)
    else:
        parts.append(d.el("p", c.text("stats.no_finished"), class_="help"))
    # Where the rules count lower as better (fr32's penalties), the scores' plot says so.
    lower = c.text("stats.lower_better") if rules.goal < 0 else None
    more = [(*_contracts(d, c, figs, prefix, who), lower)]
    if rules.doubling:
        more.append((*_doubles(d, c, figs, prefix), None))
    for chart, caption, numbers, note in more:
        parts.append(figure(d, chart, caption, numbers, note))
        charts.append(chart)
    return d.el("div", None, *parts, class_="stats-figures"), charts


def _places(d: Dom, c: Catalog, figs: Figures, prefix: str) -> tuple[Chart, str, Any]:
    labels = tuple(str(n) for n in range(1, len(figs.places) + 1))
    caption = c.text("stats.places")
    chart = Chart(
        f"{prefix}-places",
        "line",
        labels,
        ((c.text("stats.place"), tuple(float(p) for p in figs.places)),),
        low=1,
        high=4,
        reverse=True,
    )
    rows = [(n, str(p)) for n, p in zip(labels, figs.places, strict=True)]
    heads = (c.text("stats.session"), c.text("stats.place"))
    return chart, caption, table(d, caption, heads, rows)


def _rates(d: Dom, c: Catalog, figs: Figures, prefix: str) -> tuple[Chart, str, Any]:
    labels = tuple(str(n) for n in range(1, len(figs.win_rates) + 1))
    caption = c.text("stats.win_rate")
    values = tuple(round(r * 100, 1) for r in figs.win_rates)
    chart = Chart(
        f"{prefix}-rates",
        "line",
        labels,
        ((c.text("stats.win_rate_so_far"), values),),
        low=0,
        high=100,
        unit="%",
    )
    rows = [(n, percent(c, r)) for n, r in zip(labels, figs.win_rates, strict=True)]
    heads = (c.text("stats.session"), c.text("stats.win_rate_so_far"))
    return chart, caption, table(d, caption, heads, rows)


def _contracts(d: Dom, c: Catalog, figs: Figures, prefix: str, who: str) -> tuple[Chart, str, Any]:
    labels = tuple(contract_name(c, f.contract) for f in figs.contracts)
    caption = c.text("stats.per_contract")
    chart = Chart(
        f"{prefix}-contracts",
        "bars",
        labels,
        (
            (c.text("stats.final_of", who=who), tuple(round(f.final, 1) for f in figs.contracts)),
            (c.text("stats.final_others"), tuple(round(f.others_final, 1) for f in figs.contracts)),
        ),
    )
    rows = [
        (
            label,
            str(f.deals),
            decimal(c, f.raw),
            decimal(c, f.others_raw),
            decimal(c, f.final),
            decimal(c, f.others_final),
        )
        for label, f in zip(labels, figs.contracts, strict=True)
    ]
    heads = (
        c.text("keeper.contract"),
        c.text("stats.deals"),
        c.text("stats.raw_of", who=who),
        c.text("stats.raw_others"),
        c.text("stats.final_of", who=who),
        c.text("stats.final_others"),
    )
    return chart, caption, table(d, caption, heads, rows)


def _doubles(d: Dom, c: Catalog, figs: Figures, prefix: str) -> tuple[Chart, str, Any]:
    dbl = figs.doubles
    labels = (c.text("stats.made"), c.text("stats.received"))
    caption = c.text("stats.doubles")
    chart = Chart(
        f"{prefix}-doubles",
        "bars",
        labels,
        ((c.text("stats.net"), (float(dbl.made_net), float(dbl.received_net))),),
    )
    rows = [
        (labels[0], str(dbl.made), signed(dbl.made_net)),
        (labels[1], str(dbl.received), signed(dbl.received_net)),
        (c.text("stats.all_doubles"), str(dbl.made + dbl.received), signed(dbl.net)),
    ]
    heads = (c.text("keeper.doubles"), c.text("stats.count"), c.text("stats.net"))
    return chart, caption, table(d, caption, heads, rows)
