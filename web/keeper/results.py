"""What the score keeper shows of a game: each player's running total, the sheet in the club's
layout (one table per declarer's block, drawn by the game's own ``web.components.scores``), the
diagram, and at the end the ranking and who pays whom.

Components: a ``KeptGame``, the names and the catalog in, nodes out. Hooks kept stable for
tests outside the repository: ``[data-total][data-seat]`` (each seat's running total, the whole
number in ``data-total``), ``[data-pays][data-from][data-to]`` (each pair's settlement, the
amount in ``data-pays``: points, or points times the stake when the table plays for one), and
``[data-net][data-seat]`` (each player's net of the settlement, in points). Money is written as
the language writes it (``web.keeper.wording.money``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from barbu.keeper import KeptGame, Payment
from web.components.dom import Dom
from web.components.scores import draw_diagram, draw_legend, draw_sheet
from web.keeper.setup import rules_words
from web.keeper.wording import money
from web.languages.i18n import Catalog
from web.languages.words import place_name, signed


def print_heading(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str], date: str) -> Any:
    """What heads the printed sheet only (``.print-only``): the title, the game, the players,
    the date the sheet was started, and what the double marks mean (the sum alone in a game
    without doubles)."""
    t = catalog.text
    if game.rules.doubling:
        legend = d.fill(
            t("sheet.legend"),
            mark=d.el("span", "A", class_="mark", aria_hidden="true"),
            mutual=d.el("span", "A", class_="mark mutual", aria_hidden="true"),
        )
    else:
        legend = [t("sheet.legend_sum")]
    return d.el(
        "header",
        None,
        d.el("h1", t("keeper.print_title")),
        d.el("p", t("keeper.print_game", rules=rules_words(catalog, game))),
        d.el("p", t("keeper.print_players", names=", ".join(names))),
        d.el("p", t("keeper.print_date", date=date)) if date else None,
        d.el("p", None, *legend, class_="sheet-legend"),
        class_="print-only print-heading",
    )


def totals_bar(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str]) -> Any:
    """Each seat's total after the deals entered."""
    totals = game.totals()
    items = [
        d.el(
            "li",
            None,
            d.el("span", names[seat], class_="total-name"),
            d.el(
                "strong",
                signed(totals[seat]),
                class_="total-value",
                data_total=totals[seat],
                data_seat=seat,
            ),
            class_=f"player-{seat}",
        )
        for seat in range(4)
    ]
    count = catalog.plural("keeper.entered", game.number, deals=game.rules.deals)
    return d.el(
        "section",
        None,
        d.el("h2", catalog.text("keeper.totals"), class_="sr-only"),
        d.el("ul", None, *items, class_="totals"),
        d.el("p", count, class_="entered"),
        class_="totals-box",
        aria_live="polite",
    )


def block_sheets(
    d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str], editing: int | None
) -> Any:
    """The sheet: a table per declarer's block (in fr32, one for the session), each row with
    its doubles marked and its total (the contract's) checked; a button to edit or remove each
    deal."""
    t = catalog.text
    history = game.sheet()
    running = game.running()
    size = game.rules.block_size
    parts: list[Any] = [d.el("h2", t("sheet.caption"), id="sheet-heading")]
    for block in range((len(history) + size - 1) // size):
        rows = history[block * size : (block + 1) * size]
        totals = running[block * size + len(rows) - 1]
        table = draw_sheet(d, catalog, names, rows, totals, editing or 0)
        title = t("keeper.block", block=block + 1, name=names[game.declarer_of(block * size + 1)])
        parts.append(
            d.el(
                "div",
                None,
                d.el("h3", title) if game.rules.blocks > 1 else None,
                table,
                class_="scroll-box sheet-box",
                tabindex="0",
                aria_label=title,
            )
        )
    if not history:
        parts.append(d.el("p", t("sheet.empty"), class_="empty"))
    parts.append(changes(d, catalog, game))
    return d.el("section", None, *parts, class_="sheet-section", aria_labelledby="sheet-heading")


def changes(d: Dom, catalog: Catalog, game: KeptGame) -> Any:
    """The deals entered, each with its edit and remove buttons."""
    t = catalog.text
    items = []
    for number in range(1, game.number + 1):
        items.append(
            d.el(
                "li",
                None,
                d.el("span", t("keeper.deal_short", number=number)),
                d.el(
                    "button",
                    t("keeper.edit"),
                    type="button",
                    class_="quiet",
                    data_action="edit",
                    data_deal=number,
                    aria_label=t("keeper.edit_deal", number=number),
                ),
                d.el(
                    "button",
                    t("keeper.remove"),
                    type="button",
                    class_="quiet",
                    data_action="remove",
                    data_deal=number,
                    aria_label=t("keeper.remove_deal", number=number),
                ),
            )
        )
    if not items:
        return None
    return d.el(
        "details",
        None,
        d.el("summary", t("keeper.changes")),
        d.el("ol", None, *items, class_="changes"),
        class_="no-print",
    )


def diagram_box(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str]) -> Any:
    """The running totals as the game's sideways-scrolling diagram, with its legend."""
    history = game.sheet()
    if not history:
        return None
    svg, _ = draw_diagram(
        d, catalog, names, history, game.rules.deals, game.rules.block_size, game.number
    )
    return d.el(
        "section",
        None,
        d.el("h2", catalog.text("diagram.title")),
        draw_legend(d, names, game.totals()),
        d.el("div", None, svg, class_="scroll-box diagram-box", tabindex="0"),
        class_="diagram-section",
    )


def ending(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str]) -> Any:
    """Once every deal is entered: the ranking, then each pair's settlement."""
    if not game.is_over:
        return None
    t = catalog.text
    ranking = [
        d.el(
            "li",
            t(
                "keeper.place",
                place=place_name(catalog, standing.place),
                name=names[standing.seat],
                total=signed(standing.total),
            ),
            data_place=standing.place,
            data_seat=standing.seat,
        )
        for standing in game.ranking()
    ]
    pays = [_payment(d, catalog, game, names, p) for p in game.settlement()]
    return d.el(
        "section",
        None,
        d.el("h2", t("keeper.end"), id="end-heading"),
        d.el("ol", None, *ranking, class_="keeper-ranking"),
        d.el("h3", t("keeper.pays_title")),
        d.el("ul", None, *pays, class_="payments"),
        d.el("h3", t("keeper.net_title")),
        d.el("ul", None, *_nets(d, catalog, game, names), class_="nets"),
        class_="ending",
        aria_labelledby="end-heading",
    )


def _nets(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str]) -> list[Any]:
    """Each player's net of the settlement (received less paid), in points and, with a stake,
    in money; hooks ``[data-net][data-seat]`` (points)."""
    stake = game.stake
    out = []
    for seat, points in enumerate(game.balances()):
        if stake is None:
            text = catalog.text("keeper.net", name=names[seat], points=signed(points))
        else:
            text = catalog.text(
                "keeper.net_stake",
                name=names[seat],
                points=signed(points),
                stake=money(catalog, stake, stake),
                amount=money(catalog, points * stake, stake, signed=True),
            )
        out.append(d.el("li", text, data_net=points, data_seat=seat))
    return out


def _payment(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str], p: Payment) -> Any:
    """One pair's settlement in words, with its hooks."""
    payer, payee = names[p.payer], names[p.payee]
    if p.points == 0:
        text = catalog.text("keeper.pays_even", payer=payer, payee=payee)
    elif p.amount is None or game.stake is None:
        text = catalog.text("keeper.pays", payer=payer, payee=payee, points=p.points)
    else:
        text = catalog.text(
            "keeper.pays_stake",
            payer=payer,
            payee=payee,
            points=p.points,
            stake=money(catalog, game.stake, game.stake),
            amount=money(catalog, p.amount, game.stake),
        )
    return d.el(
        "li",
        text,
        data_pays=p.points if p.amount is None else p.amount,
        data_from=p.payer,
        data_to=p.payee,
    )
