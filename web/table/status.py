"""The status line: block and deal numbers, the contract, whose turn it is, the hint, the doubles
of this deal."""

from __future__ import annotations

from web.components.dom import Dom
from web.components.settlement import doubles_map
from web.languages.i18n import Catalog
from web.languages.words import contract_line, hint_text, said
from web.table.content import Content
from web.table.status_props import StatusProps
from web.table.table_state import Turn


def turn_text(catalog: Catalog, turn: Turn) -> str:
    """Who acts now, or what the table waits for, in words."""
    if not turn.key:
        return ""
    if turn.name is None:
        return catalog.text(turn.key)
    return catalog.text(turn.key, name=turn.name)


def status(d: Dom, catalog: Catalog, props: StatusProps) -> Content:
    """The status line, with the doubles map where the rules have doubles."""
    t, cat = catalog.text, catalog
    one_block = props.blocks == 1  # fr32: seven deals, no blocks
    where = d.el("p", None, class_="where")
    where.append(
        *d.fill(
            t("status.where_deals" if one_block else "status.where"),
            block=d.el("span", str(props.block), data_block=props.block),
            blocks=str(props.blocks),
            deal=d.el("strong", str(props.number), data_deal=props.number),
            deals=str(props.deals),
        )
    )
    names = props.names
    if props.contract is not None:
        line = contract_line(cat, props.contract, props.trump, props.start_rank)
        contract = said(cat, "status.contract", props.declarer, names, props.me, contract=line)
    else:
        contract = said(cat, "status.no_contract", props.declarer, names, props.me)
    left = cat.plural(
        "status.deals_left_session" if one_block else "status.deals_left", props.deals_left
    )
    if props.hint:
        advice = hint_text(cat, names, props.hint, props.declarer, props.me)
    else:
        advice = t(props.hint_note) if props.hint_note else ""
    text = d.el(
        "div",
        None,
        where,
        d.el("p", contract, class_="contract-now"),
        d.el("p", left if props.deals_left else "", class_="left"),
        d.el("p", turn_text(catalog, props.turn), class_="turn"),
        d.el("p", advice, id="hint", class_="hint", hidden=not advice),
        class_="status-text",
    )
    if not props.doubling:
        return Content((text,))
    # the doubles of this deal drawn between the seats, the player addressed as "you"
    return Content((text, doubles_map(d, cat, props.doubles, names, uid="table", you=props.me)))
