"""The props of the middle of the table: the last trick if asked, a prompt (a contract to choose,
doubles to make, a deal's summary), the trick or the Domino rows, the final ranking
(``web.table.centre`` draws them, with the regions it holds: ``prompts``, ``summary``,
``domino``, ``ending``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from barbu import (
    Card,
    ChooseContract,
    Contract,
    DealSummary,
    Double,
    Phase,
    Rank,
    Rules,
    SessionView,
    Suit,
    Trick,
    View,
)
from web.table.table_state import Names, Seats, TableState, Turn, turn_of

__all__ = [
    "CentreProps",
    "ContractPromptProps",
    "DominoProps",
    "DoublingPromptProps",
    "LastTrickProps",
    "Prompt",
    "SessionEndProps",
    "SummaryProps",
    "TrickProps",
    "centre_props",
    "is_domino",
]


@dataclass(frozen=True)
class TrickProps:
    """The trick on the table (or an empty one, of the same height, while others choose)."""

    cards: tuple[tuple[int, Card], ...]
    winner: int | None
    number: int
    to_lead: int | None
    """The seat to lead, before the first card of a trick."""
    choosing: Turn | None
    """The turn line, while a contract is chosen or doubles are made."""
    names: Names
    fresh: frozenset[tuple[int, Card]] = field(default=frozenset(), compare=False)
    """The cards just played, which slide in: set by the view, which knows what it drew last."""
    me: int = 0
    """The player's seat, drawn at the bottom."""


@dataclass(frozen=True)
class DominoProps:
    """The Domino rows, who went out, who passed."""

    start_rank: Rank
    rows: tuple[tuple[int, int] | None, ...]
    out_order: Seats
    passed: Seats
    names: Names


@dataclass(frozen=True)
class LastTrickProps:
    """The last finished trick, for review."""

    trick: Trick
    number: int
    names: Names
    me: int = 0
    """The player's seat, drawn at the bottom."""


@dataclass(frozen=True)
class ContractPromptProps:
    """The declarer's choice of a contract, then of its trump suit or starting rank."""

    rules: Rules
    legal: frozenset[Contract]
    picking: Contract | None
    hint: ChooseContract | None


@dataclass(frozen=True)
class DoublingPromptProps:
    """The player's doubling turn."""

    declarer: int
    names: Names
    contract: Contract
    trump: Suit | None
    start_rank: Rank | None
    must_double: bool
    owed: int
    deals_left: int
    scope: Seats
    """The seats the player may double (or redouble)."""
    selected: frozenset[int]
    shortcuts: tuple[tuple[str, frozenset[int]], ...]
    hint: Double | None
    refusal: str | None
    refusal_link: str | None
    me: int = 0
    """The player's seat, drawn at the bottom."""


@dataclass(frozen=True)
class SummaryProps:
    """A finished deal's summary."""

    row: DealSummary
    names: Names
    totals: tuple[int, ...]
    latest: bool
    """The latest finished deal: the session's totals are shown."""
    doubling: bool
    last: bool
    """The session's last deal."""
    early_end: int | None
    """The tricks played, when the deal stopped with cards still in hand."""
    me: int = 0
    """The player's seat, drawn at the bottom."""


@dataclass(frozen=True)
class SessionEndProps:
    """The final ranking."""

    winners: Seats
    totals: tuple[int, ...]
    names: Names
    lowest_wins: bool
    goal: int
    """1: the highest total wins; -1: the lowest (``Rules.goal``)."""
    me: int = 0
    """The player's seat, drawn at the bottom."""


Prompt = ContractPromptProps | DoublingPromptProps | SummaryProps


@dataclass(frozen=True)
class CentreProps:
    """The middle of the table: the last trick if asked, then a prompt or the trick or the
    Domino rows, then the final ranking."""

    last_trick: LastTrickProps | None
    prompt: Prompt | None
    play: TrickProps | DominoProps | None
    ending: SessionEndProps | None
    session_over: bool


def is_domino(deal: View) -> bool:
    """Whether the deal's contract is chosen and is the Domino."""
    return deal.contract is not None and deal.rules.contract(deal.contract).is_domino


def centre_props(view: SessionView, state: TableState) -> CentreProps:
    """The middle of the table."""
    deal = view.deal
    last = None
    if state.ui.last_trick_open and deal.tricks:
        last = LastTrickProps(deal.tricks[-1], len(deal.tricks), state.names, state.seat)
    prompt = prompt_props(view, state)
    play: TrickProps | DominoProps | None = None
    if prompt is None:
        if deal.contract is not None and deal.phase is not Phase.DOUBLING and is_domino(deal):
            play = domino_props(deal, state)
        else:  # also while others choose or double: an empty trick, of the same height
            play = trick_props(view, state)
    ending = None
    if view.is_over and state.ui.summary is None:
        rules = deal.rules
        ending = SessionEndProps(
            view.winners, view.totals, state.names, rules.lowest_wins, rules.goal, state.seat
        )
    return CentreProps(last, prompt, play, ending, view.is_over)


def prompt_props(view: SessionView, state: TableState) -> Prompt | None:
    """The player's current choice, or the deal summary; None when there is nothing to do."""
    deal = view.deal
    if state.ui.summary is not None:
        return None if state.ui.closing else summary_props(state.ui.summary, view, state)
    if view.is_over or deal.to_move != state.seat:
        return None
    if deal.phase is Phase.CONTRACT:
        legal = frozenset(a.contract for a in deal.legal if isinstance(a, ChooseContract))
        hint = state.ui.hint if isinstance(state.ui.hint, ChooseContract) else None
        return ContractPromptProps(deal.rules, legal, state.ui.picking, hint)
    if deal.phase is Phase.DOUBLING:
        return doubling_props(deal, state)
    return None


def doubling_props(deal: View, state: TableState) -> DoublingPromptProps:
    """The player's doubling turn."""
    assert deal.contract is not None
    return DoublingPromptProps(
        declarer=deal.declarer,
        names=state.names,
        contract=deal.contract,
        trump=deal.trump,
        start_rank=deal.start_rank,
        must_double=deal.must_double,
        owed=deal.owed[state.seat],
        me=state.seat,
        deals_left=deal.deals_left,
        scope=tuple(sorted({s for a in deal.legal if isinstance(a, Double) for s in a.targets})),
        selected=state.ui.selected_doubles,
        # a shortcut to one seat is that seat's own button: offered only for two or more
        shortcuts=tuple((name, seats) for name, seats in deal.shortcuts if len(seats) > 1),
        hint=state.ui.hint if isinstance(state.ui.hint, Double) else None,
        refusal=state.ui.refusal,
        refusal_link=state.ui.refusal_link,
    )


def summary_props(number: int, view: SessionView, state: TableState) -> SummaryProps:
    """Deal ``number``'s summary (the deal on the table: it stays until the next is dealt)."""
    deal = view.deal
    row = next(row for row in view.sheet if row.number == number)
    tricks = len(deal.tricks)
    early = None
    if deal.contract is not None and not is_domino(deal) and tricks < deal.rules.hand_size:
        early = tricks
    return SummaryProps(
        row=row,
        names=state.names,
        totals=view.totals,
        latest=number == len(view.sheet),
        doubling=deal.rules.doubling,
        last=number == view.deals,
        early_end=early,
        me=state.seat,
    )


def trick_props(view: SessionView, state: TableState) -> TrickProps:
    """The trick on the table: the one being played, or the finished one still shown."""
    deal = view.deal
    cards = deal.trick
    winner = None
    if not cards and state.ui.shown_trick is not None:
        trick = state.ui.shown_trick
        cards = tuple(((trick.leader + k) % 4, c) for k, c in enumerate(trick.cards))
        winner = trick.winner
    to_lead = deal.to_move if deal.phase is Phase.PLAY and not cards else None
    choosing = None
    if deal.phase in (Phase.CONTRACT, Phase.DOUBLING):
        choosing = turn_of(view, state)  # who is choosing or doubling
    number = min(len(deal.tricks) + (0 if winner is not None else 1), deal.rules.hand_size)
    return TrickProps(cards, winner, number, to_lead, choosing, state.names, me=state.seat)


def domino_props(deal: View, state: TableState) -> DominoProps:
    """The Domino rows."""
    assert deal.start_rank is not None
    return DominoProps(
        deal.start_rank,
        deal.domino_rows,
        deal.out_order,
        tuple(sorted(state.ui.passed)),
        state.names,
    )
