"""The replay of a finished deal: its props, built from a ``Replay`` and the engine's state at its
step, and the region drawn from them (all four hands open, the trick or the Domino rows, the
controls; at the end the doubles map and the settlement).

The region keeps the table's design: ``replay_props`` is a frozen value, and the view redraws
the region only when it differs from the one drawn last (``web.table.view.TableView.paint``).
Its test hooks: ``data-replay-step`` (the actions shown) and ``data-share-url`` (the link).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from barbu import Card, Contract, DealSummary, Phase, Play, Rank, Suit
from web.components.cards import mini_card
from web.components.dom import Dom
from web.components.domino import domino_rows
from web.components.settlement import doubles_map, pair_lines, settlement_table
from web.components.trick import POSITIONS, trick_cards
from web.game.replay import Replay
from web.game.review import ReviewItem
from web.game.session_review import SessionReview
from web.languages.i18n import Catalog
from web.languages.words import card_name, contract_line, said
from web.table.content import Content
from web.table.review import decision_note, review_section, session_section

__all__ = ["ReplayProps", "replay_props", "replay_region"]

CONTROLS = (
    ("replay-home", "|◀", "replay.home", "Home"),
    ("replay-back", "◀", "replay.back", "ArrowLeft"),
    ("replay-forward", "▶", "replay.forward", "ArrowRight"),
    ("replay-end", "▶|", "replay.end", "End"),
)
"""The step buttons: action, symbol, catalog key of its name, its key."""


@dataclass(frozen=True)
class ReplayProps:
    """What the replay shows at its step."""

    step: int
    total: int
    number: int | None
    names: tuple[str, ...]
    mine: int | None
    declarer: int
    contract: Contract | None
    trump: Suit | None
    start_rank: Rank | None
    to_move: int | None
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]
    winner: int | None
    trick_number: int
    tricks_won: tuple[int, ...] | None
    domino: tuple[tuple[int, int] | None, ...] | None
    doubles: tuple[tuple[int, int], ...]
    doubling: bool
    summary: DealSummary | None
    doubling_step: int | None
    trick_steps: tuple[int, ...]
    link: str | None
    link_file: bool
    can_review: bool
    """The player's own deal, and the computer players' worker is up."""
    can_play_on: bool
    """A deal of the session on the table, before its end: a practice may start here."""
    source: str
    """Where the deal comes from (``web.game.replay.SOURCES``)."""
    seed: int | None
    """The seed of the deal's session, when known."""
    book: tuple[tuple[int, Contract | None, Suit | None, Rank | None], ...]
    """The session's finished deals the replay can switch to: number and contract."""
    link_whole: bool
    whole: SessionReview | None
    """The review of the whole session, under way or made."""
    review: tuple[ReviewItem, ...] | None
    reviewing: int | None
    review_failed: bool
    big_only: bool
    decision: ReviewItem | None
    """The reviewed decision at this step, if any (its better choice said and marked)."""
    hindsight_shown: bool
    """The decision was opened from the review's hindsight list."""
    better: Card | None
    """At a reviewed decision: the card the expert would have played (marked in the hand)."""
    hindsight: Card | None
    """At a reviewed decision: the best card with every card visible, if another."""
    goal: int
    """+1 where a higher score is better, -1 where lower is (the graph's values are counted
    as better)."""
    result: int | None
    """The player's final score in the deal (the graph's last point)."""


def replay_props(
    replay: Replay, can_review: bool = False, whole: SessionReview | None = None
) -> ReplayProps:
    """The replay's props at its step (the engine's deal after that many actions);
    ``can_review``: the expert's review may be asked for; ``whole``: the review of the replay's
    session."""
    deal = replay.state()
    view = deal.view(0)  # the table; the hands, every seat's in the open, come from the deal
    trick, winner = view.trick, None
    last = replay.last
    if not trick and last is not None and last.trick is not None:  # a trick just completed
        done = last.trick
        trick = tuple(((done.leader + k) % 4, c) for k, c in enumerate(done.cards))
        winner = done.winner
    crules = view.rules.contract(view.contract) if view.contract is not None else None
    domino = crules is not None and crules.is_domino and view.phase is not Phase.DOUBLING
    return ReplayProps(
        step=replay.step,
        total=replay.total,
        number=replay.number,
        names=replay.names,
        mine=replay.mine,
        declarer=view.declarer,
        contract=view.contract,
        trump=view.trump,
        start_rank=view.start_rank,
        to_move=view.to_move,
        hands=tuple(tuple(deal.hand(seat)) for seat in range(4)),
        trick=trick,
        winner=winner,
        trick_number=max(1, min(len(view.tricks) + (winner is None), view.rules.hand_size)),
        tricks_won=view.tricks_won if crules is not None and not domino else None,
        domino=view.domino_rows if domino else None,
        doubles=view.doubles,
        doubling=view.rules.doubling,
        summary=deal.summary(),
        doubling_step=replay.doubling_step,
        trick_steps=replay.trick_steps,
        link=replay.link,
        link_file=replay.link_file,
        can_review=can_review and replay.mine is not None,
        can_play_on=replay.source == "session" and replay.step < replay.total,
        source=replay.source,
        seed=replay.session.seed if replay.session is not None else None,
        book=tuple((d.number, d.contract, d.trump, d.start_rank) for d in replay.book)
        if replay.session is not None
        else (),
        link_whole=replay.link_whole,
        whole=whole,
        review=replay.review,
        reviewing=replay.reviewing,
        review_failed=replay.review_failed,
        big_only=replay.big_only,
        decision=(item := _decision(replay)),
        hindsight_shown=replay.hindsight_shown,
        better=_card(item.best) if item is not None and item.cost > 0 else None,
        hindsight=_card(item.hindsight) if item is not None else None,
        goal=view.rules.goal,
        result=_result(replay),
    )


def _decision(replay: Replay) -> ReviewItem | None:
    """The reviewed decision at the replay's step, if any."""
    return next((item for item in replay.review or () if item.step == replay.step), None)


def _card(action: object) -> Card | None:
    """The card an action plays, if it plays one."""
    return action.card if isinstance(action, Play) else None


def _result(replay: Replay) -> int | None:
    """The player's final score in the deal, if the player had a seat in it."""
    summary = replay.deal.summary()
    if summary is None or replay.mine is None:
        return None
    return summary.final[replay.mine]


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
