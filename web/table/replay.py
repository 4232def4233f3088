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

from barbu import Card, ChooseContract, Contract, Double, Phase, Play, Rank, Suit
from barbu.actions import Action
from barbu.deal import DealSummary
from web.components.cards import mini_card
from web.components.dom import Dom
from web.components.domino import domino_rows
from web.components.settlement import doubles_map, pair_lines, settlement_table
from web.components.trick import POSITIONS, trick_cards
from web.game.replay import Replay
from web.game.review import ReviewItem
from web.languages.i18n import Catalog
from web.languages.words import card_name, card_text, contract_line, object_list, said
from web.table.content import Content

__all__ = ["ReplayProps", "replay_props", "replay_region"]

CONTROLS = (
    ("replay-home", "|◀", "replay.home", "Home"),
    ("replay-back", "◀", "replay.back", "ArrowLeft"),
    ("replay-forward", "▶", "replay.forward", "ArrowRight"),
    ("replay-end", "▶|", "replay.end", "End"),
)
"""The step buttons: action, symbol, catalog key of its name, its key."""
BIG_ERRORS = ("mistake", "blunder")
"""The labels the review's filter keeps."""


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
    review: tuple[ReviewItem, ...] | None
    reviewing: int | None
    review_failed: bool
    big_only: bool
    better: Card | None
    """At a reviewed decision: the card the expert would have played (marked in the hand)."""


def replay_props(replay: Replay, can_review: bool = False) -> ReplayProps:
    """The replay's props at its step (the engine's deal after that many actions);
    ``can_review``: the expert's review may be asked for."""
    deal = replay.state()
    trick, winner = tuple(deal.trick), None
    last = replay.last
    if not trick and last is not None and last.trick is not None:  # a trick just completed
        done = last.trick
        trick = tuple(((done.leader + k) % 4, c) for k, c in enumerate(done.cards))
        winner = done.winner
    view = deal.view(0)
    crules = deal.crules
    domino = crules is not None and crules.is_domino and deal.phase is not Phase.DOUBLING
    return ReplayProps(
        step=replay.step,
        total=replay.total,
        number=replay.number,
        names=replay.names,
        mine=replay.mine,
        declarer=deal.declarer,
        contract=deal.contract,
        trump=deal.trump,
        start_rank=deal.start_rank,
        to_move=deal.to_move,
        hands=tuple(tuple(deal.hand(seat)) for seat in range(4)),
        trick=trick,
        winner=winner,
        trick_number=max(1, min(len(deal.tricks) + (winner is None), deal.rules.hand_size)),
        tricks_won=tuple(deal.tricks_won) if crules is not None and not domino else None,
        domino=view.domino_rows if domino else None,
        doubles=tuple(deal.doubles),
        doubling=deal.rules.doubling,
        summary=deal.summary(),
        doubling_step=replay.doubling_step,
        trick_steps=replay.trick_steps,
        link=replay.link,
        link_file=replay.link_file,
        can_review=can_review and replay.mine is not None,
        review=replay.review,
        reviewing=replay.reviewing,
        review_failed=replay.review_failed,
        big_only=replay.big_only,
        better=_better(replay),
    )


def _better(replay: Replay) -> Card | None:
    """The better card of the decision at the replay's step, if the review found one."""
    for item in replay.review or ():
        if item.step == replay.step and item.cost > 0 and isinstance(item.best, Play):
            return item.best.card
    return None


def replay_region(d: Dom, catalog: Catalog, props: ReplayProps) -> Content:
    """The replay: its heading, controls, the four hands around the table, the settlement."""
    t = catalog.text
    title = (
        t("replay.title", number=props.number)
        if props.number is not None
        else t("replay.title_shared")
    )
    parts = [d.el("h2", title, id="replay-heading"), _contract(d, catalog, props)]
    parts += [_controls(d, catalog, props), _board(d, catalog, props)]
    if props.summary is not None:
        parts.append(_settlement(d, catalog, props, props.summary))
    parts.append(_share(d, catalog, props))
    if props.mine is not None:
        parts.append(_review(d, catalog, props))
    return Content(
        tuple(parts),
        attributes=(("data-replay-step", str(props.step)), ("data-replay-total", str(props.total))),
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
        d.el(
            "button",
            t("replay.close"),
            type="button",
            class_="action",
            data_action="replay-close",
            aria_keyshortcuts="Escape",
        ),
        class_="replay-controls",
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
            *[mini_card(d, catalog, c, "better" if c == props.better else "") for c in cards],
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
    """The share button, and the link once made (or the file it went into)."""
    t = catalog.text
    parts = [
        d.el("button", t("replay.share"), type="button", class_="quiet", data_action="replay-share")
    ]
    if props.link is not None and not props.link_file:
        parts.append(
            d.el(
                "label",
                None,
                d.el("span", t("replay.link")),
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
        parts.append(d.el("p", t("replay.link_file"), class_="help"))
    return d.el("div", None, *parts, class_="replay-share")


def _review(d: Dom, catalog: Catalog, props: ReplayProps) -> Any:
    """The expert's review: the button that asks for it, its progress, then each decision of
    the player, the costliest first, each opening the replay at that moment."""
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
        parts += [d.el("p", t("review.legend"), class_="help"), _big_only(d, catalog, props)]
        shown = [i for i in props.review if not props.big_only or i.label in BIG_ERRORS]
        items = [d.el("li", None, _review_item(d, catalog, props, item)) for item in shown]
        if items:
            parts.append(d.el("ol", None, *items, class_="review-list"))
        else:
            parts.append(d.el("p", t("review.none_big"), class_="help"))
    return d.el("section", None, *parts, class_="replay-review", aria_labelledby="review-heading")


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
    chosen = choice_words(catalog, item.action, props.names, props.mine)
    if item.cost > 0 and item.best != item.action:
        text = t(
            "review.item",
            step=item.step,
            chosen=chosen,
            best=choice_words(catalog, item.best, props.names, props.mine),
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
        aria_current="step" if item.step == props.step else None,
    )


def choice_words(catalog: Catalog, action: Action, names: tuple[str, ...], you: int | None) -> str:
    """A decision in a few words: a card, the doubles made (or none), a contract."""
    if isinstance(action, Play):
        return card_text(catalog, action.card)
    if isinstance(action, Double):
        if not action.targets:
            return catalog.text("review.no_double")
        targets = object_list(catalog, sorted(action.targets), names, you)
        return catalog.text("review.double", targets=targets)
    if isinstance(action, ChooseContract):
        return contract_line(catalog, action.contract, action.trump, action.start_rank)
    return ""


def decimal(catalog: Catalog, value: float) -> str:
    """A number with one decimal, written the language's way (2.4, 2,4)."""
    return f"{value:.1f}".replace(".", catalog.text("boot.decimal"))
