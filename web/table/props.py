"""What each region of the table shows, built in one place from the engine's view and the UI state.

``table_props(view, state)`` turns the seat's ``SessionView`` (``web.game.engine.Game.view()``) and
the controller's ``TableState`` into one frozen value per region. A region is redrawn when its value
differs from the one drawn last (``web.table.view``): every field a region reads is in its
props, so nothing can be drawn stale, and nothing else is, so nothing is redrawn for nothing.
The props hold facts (seats, cards, contracts, catalog keys), never words nor nodes: the regions
put them into words with the catalog.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from barbu import Card, ChooseContract, Contract, Double, Phase, Play, Rank, Suit
from barbu.actions import Action
from barbu.deal import DealSummary, Trick, View
from barbu.rules import Rules
from barbu.session import SessionView
from web.languages.i18n import NAMES, SUPPORTED
from web.model.seats import HUMAN
from web.model.settings import Settings, page_query
from web.model.state import UiState

HintButton = Literal["ready", "waiting", "idle", "off"]
"""The Hint button: the player may ask, the expert is thinking, not the player's decision, or
the computer players are not started yet."""

Seats = tuple[int, ...]
Names = tuple[str, ...]


class Notice(NamedTuple):
    """A message that stays until dismissed: its kind (a CSS class), its text, and the storage
    key of a save kept aside that the player may download."""

    kind: str
    text: str
    kept: str | None = None


@dataclass(frozen=True)
class TableState:
    """What the table shows besides the engine's view: the page's UI state (``ui``) and what
    the controller knows (``web.game.app.PageController.table_state``)."""

    ui: UiState
    names: Names
    seed: int | None
    query: str
    """The page's address query (the language links keep it)."""
    lang: str
    settings: Settings
    card_reasons: tuple[tuple[str, str], ...] = ()
    """Why each card of the hand may not be played now: (card code, sentence)."""
    bots_ready: bool = False
    bots_can_play: bool = False
    previous_seed: int | None = None
    following: bool = False
    """The table only shows the game another tab plays."""
    acted: bool = False
    """The player has acted in the current deal (there may be a decision to take back)."""


@dataclass(frozen=True)
class Turn:
    """Who acts now, or what the table waits for: a catalog key ("" for nobody) and the name it
    takes, if any."""

    key: str
    name: str | None = None


@dataclass(frozen=True)
class ToolbarProps:
    """The toolbar: Take back (None: not offered), Hint (None: hints turned off), Last trick,
    Scores, Menu."""

    take_back: bool | None
    """Whether the player has something to take back."""
    hint: HintButton | None
    has_trick: bool
    last_trick_open: bool
    menu_open: bool


@dataclass(frozen=True)
class StatusProps:
    """The status line: where the session stands, the contract, the turn, the hint, the
    doubles."""

    number: int
    block: int
    blocks: int
    deals: int
    deals_left: int
    declarer: int
    contract: Contract | None
    trump: Suit | None
    start_rank: Rank | None
    doubles: tuple[tuple[int, int], ...]
    doubling: bool
    """Whether the rules have doubles (else no doubles map)."""
    names: Names
    turn: Turn
    hint: Action | None
    hint_note: str | None = None
    """Why the Hint button waits (a catalog key), once the player tapped it."""


@dataclass(frozen=True)
class SeatProps:
    """A seat: its name, roles, total and what it did in this deal."""

    seat: int
    names: Names
    declarer: int
    dealer: bool
    moving: bool
    thinking: bool
    total: int
    place: int | None
    """Domino: the place it went out in."""
    passes: bool
    """Domino: it passed since its last card."""
    tricks: int | None
    """Tricks won, in a trick contract."""
    cards: int | None
    """Cards left in hand, a computer player's."""
    doubled: Seats | None
    """Whom it doubled in this deal's doubling round, once its turn came (``()``: it passed)."""
    owed: int
    """Doubles of the declarer it still owes."""
    captured: tuple[Card, ...]


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


@dataclass(frozen=True)
class SessionEndProps:
    """The final ranking."""

    winners: Seats
    totals: tuple[int, ...]
    names: Names
    lowest_wins: bool
    goal: int
    """1: the highest total wins; -1: the lowest (``Rules.goal``)."""


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


@dataclass(frozen=True)
class HandProps:
    """The player's cards and, on his turn, which he may play."""

    cards: tuple[Card, ...]
    my_turn: bool
    playable: tuple[str, ...]
    reasons: tuple[tuple[str, str], ...]
    hinted: str | None
    refusal: str | None
    refusal_link: str | None
    following: bool = False
    """Another tab plays: the cards are not playable here, but a tap says why."""


@dataclass(frozen=True)
class LanguageLink:
    """A language of the language lists: a link to this session in it (None: the current
    one)."""

    lang: str
    name: str
    href: str | None


@dataclass(frozen=True)
class MenuProps:
    """The menu: settings, a new session, the record, the previous session."""

    settings: Settings
    name: str
    rules: Rules
    previous_seed: int | None
    languages: tuple[LanguageLink, ...]


@dataclass(frozen=True)
class ScoresProps:
    """The score sheet and diagram."""

    names: Names
    history: tuple[DealSummary, ...]
    totals: tuple[int, ...]
    current: int
    deals: int
    per_block: int
    doubling: bool = True
    """Whether the rules have doubles (else the sheet's key says nothing of them)."""


@dataclass(frozen=True)
class TableProps:
    """Every region's props."""

    toolbar: ToolbarProps
    status: StatusProps
    seats: tuple[SeatProps, ...]
    centre: CentreProps
    hand: HandProps
    menu: MenuProps | None
    """None while the menu is closed (it is not redrawn then)."""
    scores: ScoresProps


def table_props(view: SessionView, state: TableState) -> TableProps:
    """Every region's props, from seat 0's view and the UI state."""
    return TableProps(
        toolbar=toolbar_props(view, state),
        status=status_props(view, state),
        seats=tuple(seat_props(seat, view, state) for seat in range(4)),
        centre=centre_props(view, state),
        hand=hand_props(view, state),
        menu=menu_props(view, state) if state.ui.menu_open else None,
        scores=scores_props(view, state),
    )


def toolbar_props(view: SessionView, state: TableState) -> ToolbarProps:
    """The toolbar's buttons."""
    return ToolbarProps(
        take_back_button(view, state),
        hint_button(view, state),
        bool(view.deal.tricks),
        state.ui.last_trick_open,
        state.ui.menu_open,
    )


def take_back_button(view: SessionView, state: TableState) -> bool | None:
    """Whether Take back can be pressed (None: not offered: the session is over, or the
    table only shows another tab's game, or a replay)."""
    if view.is_over or state.following or state.ui.replaying:
        return None
    return state.acted


def hint_button(view: SessionView, state: TableState) -> HintButton | None:
    """The Hint button's state (None: hidden, hints turned off)."""
    if not state.settings.hints:
        return None
    if view.is_over or state.ui.summary is not None or view.deal.to_move != HUMAN:
        return "idle"
    if state.ui.hint_waiting is not None:
        return "waiting"
    return "ready" if state.bots_ready else "off"


def turn_of(view: SessionView, state: TableState) -> Turn:
    """Who acts now, or what the table waits for."""
    deal = view.deal
    if view.is_over:
        return Turn("turn.session_over")
    if state.ui.summary is not None:
        return Turn("turn.closing" if state.ui.closing else "turn.summary")
    seat = deal.to_move
    if seat is None:
        return Turn("")
    if seat == HUMAN and state.following:
        return Turn("turn.other_tab")
    if seat == HUMAN:
        if deal.phase is Phase.DOUBLING:
            return Turn("turn.you_redouble" if deal.declarer == HUMAN else "turn.you_double")
        return Turn("turn.you_contract" if deal.phase is Phase.CONTRACT else "turn.you_play")
    if state.ui.thinking == seat and not state.bots_can_play:
        return Turn("turn.waiting_bots", state.names[seat])
    return Turn("turn.thinking", state.names[seat])


def status_props(view: SessionView, state: TableState) -> StatusProps:
    """The status line."""
    deal = view.deal
    return StatusProps(
        number=view.number,
        block=view.block,
        blocks=view.blocks,
        deals=view.deals,
        deals_left=deal.deals_left - (deal.phase is Phase.DONE),  # this one is played
        declarer=deal.declarer,
        contract=deal.contract,
        trump=deal.trump,
        start_rank=deal.start_rank,
        doubles=deal.doubles,
        doubling=deal.rules.doubling,
        names=state.names,
        turn=turn_of(view, state),
        hint=state.ui.hint,
        hint_note=state.ui.hint_note,
    )


def is_domino(deal: View) -> bool:
    """Whether the deal's contract is chosen and is the Domino."""
    return deal.contract is not None and deal.rules.contract(deal.contract).is_domino


def seat_props(seat: int, view: SessionView, state: TableState) -> SeatProps:
    """One seat."""
    deal = view.deal
    domino = is_domino(deal)
    playing = deal.phase in (Phase.PLAY, Phase.DONE) and deal.contract is not None
    out = seat in deal.out_order
    doubling = deal.phase is Phase.DOUBLING or (deal.phase is Phase.PLAY and not deal.played)
    doubled = None
    if doubling and seat in deal.double_order[: deal.double_turns]:
        doubled = tuple(b for a, b in deal.doubles if a == seat)
    return SeatProps(
        seat=seat,
        names=state.names,
        declarer=deal.declarer,
        dealer=seat == deal.dealer,
        moving=deal.to_move == seat and state.ui.summary is None and not view.is_over,
        thinking=state.ui.thinking == seat,
        total=view.totals[seat],
        place=deal.out_order.index(seat) + 1 if playing and domino and out else None,
        passes=playing and domino and not out and seat in state.ui.passed,
        tricks=deal.tricks_won[seat] if playing and not domino else None,
        cards=deal.hand_sizes[seat] if playing and seat != HUMAN else None,
        doubled=doubled,
        owed=deal.still_owed[seat],
        captured=deal.captured[seat] if deal.contract is not None and not domino else (),
    )


def centre_props(view: SessionView, state: TableState) -> CentreProps:
    """The middle of the table."""
    deal = view.deal
    last = None
    if state.ui.last_trick_open and deal.tricks:
        last = LastTrickProps(deal.tricks[-1], len(deal.tricks), state.names)
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
            view.winners, view.totals, state.names, rules.lowest_wins, rules.goal
        )
    return CentreProps(last, prompt, play, ending, view.is_over)


def prompt_props(view: SessionView, state: TableState) -> Prompt | None:
    """The player's current choice, or the deal summary; None when there is nothing to do."""
    deal = view.deal
    if state.ui.summary is not None:
        return None if state.ui.closing else summary_props(state.ui.summary, view, state)
    if view.is_over or deal.to_move != HUMAN:
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
        owed=deal.owed[HUMAN],
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
    return TrickProps(cards, winner, number, to_lead, choosing, state.names)


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


def hand_props(view: SessionView, state: TableState) -> HandProps:
    """The player's hand."""
    deal = view.deal
    my_turn = (
        deal.to_move == HUMAN
        and deal.phase is Phase.PLAY
        and state.ui.summary is None
        and not view.is_over
        and not state.following  # the other tab plays: nothing to tap here
    )
    playable = tuple(str(a.card) for a in deal.legal if isinstance(a, Play)) if my_turn else ()
    hint = state.ui.hint
    return HandProps(
        cards=deal.hand,
        my_turn=my_turn,
        playable=playable,
        reasons=tuple(sorted(state.card_reasons)),
        hinted=str(hint.card) if my_turn and isinstance(hint, Play) else None,
        refusal=state.ui.refusal if my_turn else None,
        refusal_link=state.ui.refusal_link if my_turn else None,
        following=state.following,
    )


def menu_props(view: SessionView, state: TableState) -> MenuProps:
    """The menu."""
    rules = view.deal.rules
    return MenuProps(
        state.settings,
        state.names[HUMAN],
        rules,
        state.previous_seed,
        language_links(state.seed, state.lang, state.query, rules.name),
    )


def language_links(
    seed: int | None, current: str, query: str, rules: str
) -> tuple[LanguageLink, ...]:
    """The four languages, each a link to this session in it (the current one not a link)."""
    return tuple(
        LanguageLink(
            lang, NAMES[lang], None if lang == current else page_query(seed, lang, query, rules)
        )
        for lang in SUPPORTED
    )


def scores_props(view: SessionView, state: TableState) -> ScoresProps:
    """The score sheet and diagram."""
    return ScoresProps(
        state.names,
        view.sheet,
        view.totals,
        view.number,
        view.deals,
        view.deals // view.blocks,
        view.deal.rules.doubling,
    )
