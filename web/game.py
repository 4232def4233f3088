"""The one place where the UI calls the engine: a session, its actions, records and positions.

``Game`` wraps a ``barbu.Session`` for the page: ``view()`` is what seat 0 (the player at the
bottom) may know, ``apply(action)`` plays any seat's action and returns an ``Event`` telling the
page what just happened (for the announcements, the trick shown before it is gathered and the
Domino passes), ``record()`` is the engine's JSON record (save, export) and ``position_json()``
the plain data the computer players' worker decides from. Legality, scores and transfers always
come from the engine; this module only reads them out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from barbu import (
    STANDARD,
    Action,
    Card,
    ChooseContract,
    Contract,
    Double,
    Phase,
    Play,
    RuleError,
    Rules,
    Session,
    session_from_record,
    session_record,
)
from barbu.deal import Trick
from barbu.scoring import PairSettlement
from barbu.session import DealSummary, SessionView
from barbu.wire import action_from_data, action_to_data, position_data

HUMAN = 0
SEATS = (0, 1, 2, 3)

__all__ = [
    "HUMAN",
    "SEATS",
    "Card",
    "ChooseContract",
    "Contract",
    "Double",
    "Event",
    "Game",
    "PairSettlement",
    "Phase",
    "Play",
    "RuleError",
    "Trick",
    "action_from_data",
    "action_to_data",
]


@dataclass(frozen=True)
class Event:
    """What one applied action did, as the page tells it."""

    seat: int
    action: Action
    number: int
    """The deal the action belongs to."""
    trick: Trick | None = None
    """The trick this card completed."""
    deal_over: bool = False
    session_over: bool = False
    passed: tuple[int, ...] = ()
    """Domino: the seats skipped after this card because they could not play."""
    out: int | None = None
    """Domino: the seat that went out with this card."""


class Game:
    """A session as the page plays it."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @classmethod
    def new(cls, seed: int, rules: Rules = STANDARD) -> Game:
        """A new session of ``rules`` dealt from ``seed``."""
        return cls(Session(seed=seed, rules=rules))

    @property
    def rules(self) -> Rules:
        """The game this session plays (RULES.md §7)."""
        return self.session.rules

    @classmethod
    def from_record(cls, record: Any) -> Game:
        """A session rebuilt from its record; ``RuleError`` if the engine refuses it."""
        session = session_from_record(record)
        if not session.deals or (session.seed is None and not session.is_over):
            raise RuleError(
                "this record cannot be continued: it has no seed to deal from", "no-seed"
            )
        return cls(session)

    # -- reading -----------------------------------------------------------------------------

    @property
    def seed(self) -> int | None:
        """The seed the session deals from."""
        return self.session.seed

    @property
    def is_over(self) -> bool:
        """Whether all the session's deals are played."""
        return self.session.is_over

    def view(self, showing: int | None = None) -> SessionView:
        """What the player at the bottom may know now; with ``showing``, as of that finished
        deal (the engine has dealt the next one already, the screen still sums this one up)."""
        view = self.session.view(HUMAN)
        if showing is None or showing == view.number:
            return view
        deal = self.session.deals[showing - 1]
        block = self.session.block_of(showing)
        return replace(view, deal=deal.view(HUMAN), number=showing, block=block)

    def deal_details(self, number: int) -> tuple[Contract | None, Any, Any]:
        """Contract, trump suit and starting rank of deal ``number``."""
        deal = self.session.deals[number - 1]
        return deal.contract, deal.trump, deal.start_rank

    def summary(self, number: int) -> DealSummary | None:
        """The score-sheet row of a finished deal."""
        for row in self.session.history():
            if row.number == number:
                return row
        return None

    def final_hands(self, number: int) -> tuple[tuple[Card, ...], ...] | None:
        """All four hands as dealt, once deal ``number`` is over."""
        deal = self.session.deals[number - 1]
        return deal.view(HUMAN).hands

    def pair_transfers(self, number: int) -> tuple[PairSettlement, ...]:
        """Each doubled pair's payment on deal ``number``, from the engine's settlement."""
        row = self.summary(number)
        return row.settlement if row is not None else ()

    def reason(self, action: Action) -> RuleError | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        try:
            self.session.check(action)
        except RuleError as error:
            return error
        return None

    def record(self) -> dict:
        """The engine's session record (saved after every action, exported on demand)."""
        return session_record(self.session)

    def record_json(self, indent: int | None = None) -> str:
        """The session record as JSON text."""
        return json.dumps(self.record(), indent=indent)

    def position_json(self) -> str:
        """The current position for the computer players' worker."""
        return json.dumps(position_data(self.session), separators=(",", ":"))

    def bot_seed(self) -> str:
        """A seed for the computer player about to decide: the same position, the same choice."""
        deal = self.session.deal
        return f"{self.session.seed}-{self.session.number}-{deal.double_turns}-{len(deal.played)}"

    # -- acting ------------------------------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Play the action of the seat to move; ``RuleError`` (nothing changed) if illegal."""
        session = self.session
        seat = session.to_move
        if seat is None:
            raise RuleError("nobody is to move", "deal-over")
        number = session.number
        done = session.apply(action)
        return Event(
            seat, action, number, done.trick, done.over, session.is_over, done.skipped, done.out
        )
