"""A seat: name, declarer/dealer marks, total, tricks, captured cards, doubles, obligation."""

from __future__ import annotations

from web.components.cards import mini_card
from web.components.dom import Dom
from web.components.trick import position
from web.languages.i18n import Catalog, number
from web.languages.words import card_name, object_list, place_name, said
from web.table.content import Content
from web.table.seat_props import SeatProps


def seat(d: Dom, catalog: Catalog, props: SeatProps) -> Content:
    """A seat's section: its head, total, facts and captured cards; its label and classes."""
    t, cat = catalog.text, catalog
    name = props.names[props.seat]
    head = d.el(
        "div",
        None,
        d.el("span", name, class_="seat-name"),
        *[d.el("span", text, class_=kind) for text, kind in roles(catalog, props)],
        class_="seat-head",
    )
    total = d.el(
        "span", number(props.total), data_total=props.seat, data_seat=props.seat, class_="total"
    )
    score = d.el("p", None, *d.fill(t("seat.total"), total=total), class_="seat-total")
    parts = [head, score]
    said_facts = facts(catalog, props)
    if said_facts:
        parts.append(d.el("p", " · ".join(said_facts), class_="seat-facts"))
    if props.captured:
        label = t("seat.captured", cards=", ".join(card_name(cat, c) for c in props.captured))
        parts.append(
            d.el(
                "div",
                None,
                *[mini_card(d, catalog, c) for c in props.captured],
                class_="captured",
                role="img",
                aria_label=label,
            )
        )
    where = t(f"seat.where.{position(props.seat, props.me)}")
    return Content(
        tuple(parts),
        attributes=(("aria-label", t("seat.label", name=name, where=where)),),
        classes=(
            ("declarer", props.seat == props.declarer),
            ("to-move", props.moving),
            ("thinking", props.thinking),
        ),
    )


def roles(catalog: Catalog, props: SeatProps) -> list[tuple[str, str]]:
    """The seat's badges: (text, class)."""
    t = catalog.text
    out = []
    if props.seat == props.declarer:
        out.append((t("seat.declarer"), "badge declarer"))
    if props.dealer:
        out.append((t("seat.dealer"), "badge dealer"))
    if props.person is not None:
        out.append((t(f"friends.status.{props.person}"), f"badge person {props.person}"))
    if props.moving:
        out.append((t("seat.thinking" if props.thinking else "seat.to_move"), "badge turn"))
    return out


def facts(catalog: Catalog, props: SeatProps) -> list[str]:
    """What the seat did in this deal, in short sentences."""
    t, cat, seat, names = catalog.text, catalog, props.seat, props.names
    out = []
    if props.place is not None:
        out.append(t("seat.place", place=place_name(cat, props.place)))
    elif props.passes:
        out.append(said(cat, "seat.passes", seat, names, props.me))
    if props.tricks is not None:
        out.append(cat.plural("count.tricks", props.tricks))
    if props.cards is not None:
        out.append(cat.plural("count.cards", props.cards))
    if props.doubled is not None:  # its doubling turn came
        you = ".you" if seat == props.me else ""
        if props.doubled and not you and tuple(props.doubled) == (props.me,):
            out.append(t("seat.doubled_only_you"))  # "vous a contré", never "a contré vous"
        elif props.doubled:
            out.append(
                t("seat.doubled" + you, names=object_list(cat, props.doubled, names, props.me))
            )
        else:
            out.append(t("seat.passed" + you))
    if props.owed:
        if seat == props.me:
            key = "seat.owes_you"  # you owe Alice
        elif props.declarer == props.me:
            key = "seat.owes_to_you"  # Alice owes you ("vous doit", not "doit ... à vous")
        else:
            key = "seat.owes"
        out.append(cat.plural(key, props.owed, name=names[props.declarer]))
    return out
