"""The replay's props: a frozen value built from a ``Replay`` (``web.model.replay``) and the
engine's deal at its step, drawn by the replay's region (``web.table.replay``) and its review
(``web.table.review``), which both read it from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from barbu import Card, Contract, DealSummary, Phase, Play, Rank, Suit
from web.model.replay import Replay
from web.model.review import ReviewItem
from web.model.session_review import SessionReview

__all__ = ["ReplayProps", "replay_props"]


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
    redouble_step: int | None
    """The step of the declarer's doubling turn (his redoubles), if the deal had one."""
    trick_steps: tuple[int, ...]
    link: str | None
    link_file: bool
    can_review: bool
    """The player's own deal, and the computer players' worker is up."""
    can_play_on: bool
    """A deal of the session on the table, before its end: a practice may start here."""
    source: str
    """Where the deal comes from (``web.model.replay.SOURCES``)."""
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
    trick, winner, last = view.trick, None, replay.last
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
        redouble_step=replay.redouble_step,
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
