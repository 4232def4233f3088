"""The replay of a finished deal: the region drawn from its props (``web.table.replay_props``: all
four hands open, the trick or the Domino rows, the controls; at the end the doubles map and the
settlement).

The region keeps the table's design: its props are a frozen value, and the view redraws
the region only when it differs from the one drawn last (``web.table.view.TableView.paint``).
Its test hooks: ``data-replay-step`` (the actions shown) and ``data-share-url`` (the link).
"""

from __future__ import annotations

from typing import Any

from barbu import Card, DealSummary
from web.components.cards import mini_card
from web.components.dom import Dom
from web.components.domino import domino_rows
from web.components.settlement import doubles_map, pair_lines, settlement_table
from web.components.trick import POSITIONS, trick_cards
from web.languages.i18n import Catalog
from web.languages.words import card_name, contract_line, said
from web.table.content import Content
from web.table.replay_props import ReplayProps
from web.table.review import decision_note, review_section, session_section

__all__ = ["replay_region"]

CONTROLS = (
    ("replay-home", "|◀", "replay.home", "Home"),
    ("replay-back", "◀", "replay.back", "ArrowLeft"),
    ("replay-forward", "▶", "replay.forward", "ArrowRight"),
    ("replay-end", "▶|", "replay.end", "End"),
)
"""The step buttons: action, symbol, catalog key of its name, its key."""


def replay_region(d: Dom, catalog: Catalog, props: ReplayProps) -> Content:
    """The replay: its heading, controls, the four hands around the table, the settlement."""
    parts = [d.el("h2", _title(catalog, props), id="replay-heading"), _contract(d, catalog, props)]
    parts += [_controls(d, catalog, props), decision_note(d, catalog, props)]
    parts.append(_board(d, catalog, props))
    if props.summary is not None:
        parts.append(_settlement(d, catalog, props, props.summary))
    parts.append(_share(d, catalog, props))
    if props.mine is not None:
        parts.append(review_section(d, catalog, props))
        if props.book:
            parts.append(session_section(d, catalog, props))
    return Content(
        tuple(p for p in parts if p is not None),
        attributes=(("data-replay-step", str(props.step)), ("data-replay-total", str(props.total))),
    )


def _title(catalog: Catalog, props: ReplayProps) -> str:
    """The replay's heading: which deal, of which session."""
    t = catalog.text
    if props.number is None:
        return t("replay.title_shared")
    if props.source == "previous":
        return t("replay.title_previous", number=props.number, seed=props.seed or "")
    if props.source == "shared":
        return t("replay.title_shared_session", number=props.number)
    return t("replay.title", number=props.number)


def _deals(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The list of the session's finished deals, to replay another one."""
    if len(props.book) < 2:
        return None
    t = catalog.text
    options = [
        d.el(
            "option",
            t(
                "replay.deal_option",
                number=number,
                contract=contract_line(catalog, contract, trump, rank) if contract else "",
            ),
            value=str(number),
            selected=number == props.number,
        )
        for number, contract, trump, rank in props.book
    ]
    select = d.el("select", None, *options, id="replay-deal", data_setting="replay-deal")
    return d.el(
        "label",
        None,
        d.el("span", t("replay.deal_list"), class_="replay-jump-label"),
        select,
        class_="replay-jump",
    )


def _contract(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The contract (once chosen) and its declarer."""
    if props.contract is None:
        return d.el(
            "p",
            said(catalog, "replay.choosing", props.declarer, props.names, props.mine),
            class_="help",
        )
    line = contract_line(catalog, props.contract, props.trump, props.start_rank)
    return d.el(
        "p",
        said(catalog, "summary.contract", props.declarer, props.names, props.mine, contract=line),
        class_="help",
    )


def _controls(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """Step buttons, the place in the deal, the jump list, the way back to the game."""
    t = catalog.text
    buttons = []
    for action, symbol, key, shortcut in CONTROLS:
        at_start = action in ("replay-home", "replay-back") and props.step == 0
        at_end = action in ("replay-forward", "replay-end") and props.step == props.total
        buttons.append(
            d.el(
                "button",
                symbol,
                type="button",
                class_="quiet step-button",
                data_action=action,
                aria_label=t(key),
                title=t(key),
                aria_keyshortcuts=shortcut,
                disabled=at_start or at_end,
            )
        )
    counter = d.el(
        "span",
        t("replay.counter", step=props.step, total=props.total),
        class_="replay-counter",
    )
    return d.el(
        "div",
        None,
        d.el(
            "div",
            None,
            *buttons,
            counter,
            class_="replay-steps",
            role="group",
            aria_label=t("replay.controls"),
        ),
        _jumps(d, catalog, props),
        _deals(d, catalog, props),
        d.el(
            "button",
            t("replay.close"),
            type="button",
            class_="action",
            data_action="replay-close",
            aria_keyshortcuts="Escape",
        ),
        _play_on(d, catalog, props),
        class_="replay-controls",
    )


def _play_on(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The button that starts a practice deal from the moment shown."""
    if not props.can_play_on:
        return None
    t = catalog.text
    return d.el(
        "button",
        t("replay.play_on"),
        type="button",
        class_="quiet",
        data_action="practice-start",
        title=t("replay.play_on_help"),
    )


def _jumps(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The list of places to jump to: the start, the doubling round, each trick, the end."""
    t = catalog.text
    places = [(0, t("replay.jump_start"))]
    if props.doubling_step is not None:
        places.append((props.doubling_step, t("replay.jump_doubling")))
    places += [(s, t("replay.jump_trick", number=n)) for n, s in enumerate(props.trick_steps, 1)]
    places.append((props.total, t("replay.jump_end")))
    shown = max(i for i, (step, _) in enumerate(places) if step <= props.step)
    options = [
        d.el("option", text, value=str(step), selected=i == shown)
        for i, (step, text) in enumerate(places)
    ]
    select = d.el("select", None, *options, id="replay-jump", data_setting="replay-jump")
    return d.el(
        "label",
        None,
        d.el("span", t("replay.jump"), class_="replay-jump-label"),
        select,
        class_="replay-jump",
    )


def _board(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The four hands around the trick (or the Domino rows)."""
    seats = [_hand(d, catalog, props, seat) for seat in (2, 1, 3, 0)]
    if props.domino is not None:
        middle = domino_rows(d, catalog, props.domino, props.start_rank)
    else:
        label = catalog.text("trick.label", number=props.trick_number)
        middle = trick_cards(d, catalog, props.trick, label, props.winner)
    centre = d.el("div", None, middle, class_="replay-centre")
    return d.el("div", None, seats[0], seats[1], centre, seats[2], seats[3], class_="replay-board")


def _hand(d: Dom, catalog: Catalog, props: ReplayProps, seat: int) -> Any:
    """One seat's name, its tricks, and the cards it still holds (face up)."""
    t = catalog.text
    name = props.names[seat]
    head = [d.el("span", name, class_="seat-name")]
    if seat == props.mine and name != t("replay.mine"):  # "You" said once
        head.append(d.el("span", t("replay.mine"), class_="badge mine"))
    if seat == props.declarer:
        head.append(d.el("span", t("seat.declarer"), class_="badge declarer"))
    if props.tricks_won is not None:
        head.append(
            d.el(
                "span",
                catalog.plural("count.tricks", props.tricks_won[seat]),
                class_="replay-tricks",
            )
        )
    cards = props.hands[seat]
    said_cards = ", ".join(card_name(catalog, c) for c in cards) or t("replay.no_cards")
    return d.el(
        "section",
        None,
        d.el("div", None, *head, class_="seat-head"),
        d.el(
            "div",
            None,
            *[mini_card(d, catalog, c, _mark(props, c)) for c in cards],
            class_="replay-cards",
            role="img",
            aria_label=said(
                catalog, "replay.hand", seat, props.names, props.mine, cards=said_cards
            ),
        ),
        class_=f"replay-hand pos-{POSITIONS[seat]}"
        + (" mine" if seat == props.mine else "")
        + (" to-move" if seat == props.to_move else ""),
        data_replay_seat=seat,
    )


def _mark(props: ReplayProps, card: Card) -> str:
    """A card's mark at a reviewed decision: the expert's better card, the best in hindsight
    (shown only when the decision was opened from the hindsight list), or none."""
    if props.hindsight_shown:
        return "hindsight" if card == props.hindsight else ""
    return "better" if card == props.better else ""


def _settlement(d: Dom, catalog: Catalog, props: ReplayProps, row: DealSummary) -> Any:
    """At the end: the doubles map, the scores and each doubled pair's payment."""
    t = catalog.text
    parts = []
    if props.doubling:
        parts.append(doubles_map(d, catalog, row.doubles, props.names, "replay", props.mine))
    parts.append(settlement_table(d, catalog, props.names, row.raw, row.final))
    pairs = pair_lines(d, catalog, props.names, row.settlement, you=props.mine)
    if pairs:
        parts += [d.el("h3", t("summary.pairs")), d.el("ul", None, *pairs, class_="pairs")]
    return d.el("section", None, *parts, class_="replay-settlement", data_replay_end="true")


def _share(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The share buttons (the deal, its whole session), and the link once made (or the file
    it went into)."""
    t = catalog.text
    parts = [
        d.el("button", t("replay.share"), type="button", class_="quiet", data_action="replay-share")
    ]
    if props.book:
        parts.append(
            d.el(
                "button",
                t("replay.share_session"),
                type="button",
                class_="quiet",
                data_action="replay-share-session",
            )
        )
    whole = "_session" if props.link_whole else ""
    if props.link is not None and not props.link_file:
        parts.append(
            d.el(
                "label",
                None,
                d.el("span", t("replay.link" + whole)),
                d.el(
                    "input",
                    None,
                    type="url",
                    readonly=True,
                    value=props.link,
                    data_share_url=props.link,
                    class_="share-link",
                ),
                class_="share-field",
            )
        )
    elif props.link_file:
        parts.append(d.el("p", t("replay.link_file" + whole), class_="help"))
    return d.el("div", None, *parts, class_="replay-share")
