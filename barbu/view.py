"""The values a deal gives out: its ``Phase``, each completed ``Trick``, the ``Event`` an action
returns, the finished deal's ``DealSummary``, and the ``View`` one seat may have of it.

All are frozen; ``barbu.deal_state`` builds them from a deal's read-only surface. The
``Masks`` snapshot, the computer players' fast surface, is a value of
this module too; the deal fills it (``Deal.masks()``). ``PLAYED`` and ``PLAIN_EVENTS`` are values
made once for the deal's hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .actions import PLAYS, Action
from .cards import CARDS, Card, Mask, Rank, Suit
from .rules import Contract, ContractRules, Rules
from .scoring import PairSettlement


class Phase(Enum):
    """Where a deal stands."""

    CONTRACT = "contract"
    DOUBLING = "doubling"
    PLAY = "play"
    DONE = "done"


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order (from the leader), who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True)
class DealSummary:
    """A finished deal as the score sheet shows it: what was played, doubled and scored."""

    number: int
    """The deal's place in its session (1-based)."""
    declarer: int
    contract: Contract
    trump: Suit | None
    start_rank: Rank | None
    doubles: tuple[tuple[int, int], ...]
    raw: tuple[int, ...]
    final: tuple[int, ...]
    settlement: tuple[PairSettlement, ...]
    """Each doubled pair's payment (RULES.md §5)."""


class Event(NamedTuple):
    """What one action did (frozen): the deal's history is the list of these."""

    seat: int
    action: Action
    trick: Trick | None = None
    """The trick this card completed, with its winner."""
    out: int | None = None
    """Domino: the seat that went out with this card."""
    skipped: tuple[int, ...] = ()
    """Domino: the seats passed over after this card because they could not play."""
    summary: DealSummary | None = None
    """The deal ended with this action: its summary."""

    @property
    def over(self) -> bool:
        """Whether the deal ended with this action."""
        return self.summary is not None


@dataclass(frozen=True)
class View:
    """What one seat may know of a deal: its own hand and everything played in the open.

    Other seats' hands appear (``hands``) only once the deal is over.
    """

    seat: int
    rules: Rules
    phase: Phase
    declarer: int
    dealer: int
    to_move: int | None
    contract: Contract | None
    trump: Suit | None
    start_rank: Rank | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    legal: tuple[Action, ...]
    used_contracts: frozenset[Contract]
    doubles: tuple[tuple[int, int], ...]
    double_turns: int
    double_order: tuple[int, ...]
    """The seats in the order of their doubling turns (empty where the rules have no doubles)."""
    owed: tuple[int, ...]
    """Doubles of the declarer each seat owed in this block before this deal."""
    still_owed: tuple[int, ...]
    """Doubles of the declarer each seat still owes, counting this deal's."""
    deals_left: int
    must_double: bool
    shortcuts: tuple[tuple[str, frozenset[int]], ...]
    """The doubling shortcuts the rules offer this seat now, by name, with their targets
    (italian: ``maximum``, every seat it may double; ``family``, both its neighbours in a
    negative contract); each is one of the legal actions."""
    played: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    tricks_won: tuple[int, ...]
    captured: tuple[tuple[Card, ...], ...]
    domino_rows: tuple[tuple[int, int] | None, ...]
    out_order: tuple[int, ...]
    raw: tuple[int, ...] | None
    final: tuple[int, ...] | None
    settlement: tuple[PairSettlement, ...] | None
    """Each doubled pair's payment, once the deal is over."""
    hands: tuple[tuple[Card, ...], ...] | None


PLAYED: tuple[tuple[tuple[int, Card], ...], ...] = tuple(
    tuple((seat, c) for c in CARDS) for seat in range(4)
)
"""``PLAYED[seat][card]``: the ``(seat, card)`` pair of the play lists, made once."""
PLAIN_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(seat, PLAYS[c]) for c in CARDS) for seat in range(4)
)
"""``PLAIN_EVENTS[seat][card]``: the event of a card that neither ends a trick nor the deal
(events are immutable, so one of each serves every deal: replays make thousands)."""


class Masks(NamedTuple):
    """A deal's play state as plain ints and card sets: the computer players' fast surface.

    ``Deal.masks()`` makes one; its lists are the caller's own copies (a playout or a search
    may change them without touching the deal). Card sets are bitmasks (bit ``c`` for card
    ``c``), suits and cards plain ints, -1 for none.
    """

    to_move: int | None
    crules: ContractRules | None
    """The contract's rules, once it is chosen."""
    trump: int
    """The trump suit as a number, -1 without trumps."""
    hands: list[Mask]
    """Each seat's remaining cards."""
    trick: list[int]
    """The cards of the trick in progress, in play order from its leader."""
    best: int
    """The card taking the trick in progress so far (-1 between tricks)."""
    winner: int
    """Its player (-1 between tricks)."""
    winners: list[int]
    """Each completed trick's winner, in order."""
    tricks_won: list[int]
    captured: list[Mask]
    """The cards each seat has taken in its tricks."""
    hearts_broken: bool
    playable: Mask
    """Domino: the cards that may be laid now."""
    opener: int
    """Domino: the one card that must open the layout, -1 when any of the starting rank may."""
    start: int
    """Domino: the starting rank as a number, -1 before it is known or outside Domino."""
    out_order: list[int]
    """Domino: the seats that went out, in order."""
