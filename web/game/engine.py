"""The one place where the UI calls the engine: a session, its actions, records and positions.

``Game`` wraps a ``barbu.Session`` for the page: ``view()`` is what seat 0 (the player at the
bottom) may know, ``apply(action)`` plays any seat's action and returns the engine's ``Event``
(for the announcements, the trick shown before it is gathered, the Domino passes, and the deal's
summary when it ends it), ``next_deal()`` deals the next deal once the player has seen the
summary, ``record()`` is the engine's JSON record (save, export) and ``position_json()`` the
plain data the computer players' worker decides from. Legality, scores and transfers always come
from the engine; this module only reads them out.
"""

from __future__ import annotations

import json
from typing import Any

from barbu import (
    STANDARD,
    Action,
    Card,
    ChooseContract,
    Contract,
    DealSummary,
    Double,
    Event,
    PairSettlement,
    Phase,
    Play,
    RuleError,
    Rules,
    Session,
    SessionView,
    Trick,
    action_from_data,
    action_to_data,
    session_from_record,
    session_record,
)
from barbu.wire import position_data
from web.model.seats import HUMAN

__all__ = [
    "Action",
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


class Game:
    """A session as the page plays it.

    The controller and its collaborators read the game through these methods only, never
    through the ``Session`` inside: the table of a friends' game stands on the same methods."""

    def __init__(self, session: Session) -> None:
        self._session = session

    @classmethod
    def new(cls, seed: int, rules: Rules = STANDARD) -> Game:
        """A new session of ``rules`` dealt from ``seed``."""
        return cls(Session(seed=seed, rules=rules))

    @property
    def rules(self) -> Rules:
        """The game this session plays (RULES.md §7)."""
        return self._session.rules

    @classmethod
    def from_record(cls, record: Any, seeded: bool = True) -> Game:
        """A session rebuilt from its record; ``RuleError`` if the engine refuses it.
        ``seeded``: the session must go on from its seed (False: a friends' table's, whose
        deals come from the host's referee)."""
        session = session_from_record(record)
        if not session.deals or (seeded and session.seed is None and not session.is_over):
            raise RuleError(
                "this record cannot be continued: it has no seed to deal from", "no-seed"
            )
        return cls(session)

    # -- reading -----------------------------------------------------------------------------

    @property
    def seed(self) -> int | None:
        """The seed the session deals from."""
        return self._session.seed

    @property
    def is_over(self) -> bool:
        """Whether all the session's deals are played."""
        return self._session.is_over

    @property
    def seat(self) -> int:
        """The player's seat on this page (drawn at the bottom)."""
        return HUMAN

    @property
    def friends(self) -> bool:
        """Whether friends play this game (a friends' table: nothing is taken back)."""
        return False

    def hosted(self) -> dict[str, Any] | None:
        """What the save keeps of the friends' table this page hosts, besides the record (None:
        not a hosted table)."""
        return None

    @property
    def number(self) -> int:
        """The current deal's number (1-based)."""
        return self._session.number

    @property
    def to_move(self) -> int | None:
        """The seat to act now, or None between deals."""
        return self._session.to_move

    @property
    def phase(self) -> Phase:
        """The current deal's phase."""
        return self._session.deal.phase

    @property
    def declarer(self) -> int:
        """The current deal's declarer."""
        return self._session.deal.declarer

    @property
    def deal_over(self) -> bool:
        """Whether the current deal is over."""
        return self._session.deal.is_over

    @property
    def played(self) -> int:
        """The number of cards played in the current deal."""
        return len(self._session.deal.played)

    def acted(self, seat: int) -> bool:
        """Whether ``seat`` took a decision in the current deal (a contract, a double, a card)."""
        return any(event.seat == seat for event in self._session.deal.history)

    def played_a_card(self, seat: int) -> bool:
        """Whether ``seat`` played a card in the current deal."""
        return any(player == seat for player, _ in self._session.deal.played)

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move."""
        return self._session.legal_actions()

    def replayable(self) -> Session:
        """The session, for the replay of its finished deals (read only)."""
        return self._session

    def cut(self, number: int, step: int) -> Game:
        """This session cut after ``step`` actions of its deal ``number`` (a finished deal, the
        step before its end): a new ``Game``; this one is not changed. ``RuleError`` if there
        is no such moment."""
        deals = self._session.deals
        deal = deals[number - 1] if 0 < number <= len(deals) else None
        if deal is None or not deal.is_over or not 0 <= step < len(deal.history):
            raise RuleError(f"deal {number} has no step {step} to play on from", "bad-step")
        count = sum(len(d.history) for d in deals[: number - 1]) + step
        session = self._session.at(count)
        if session.number < number:  # cut at a deal's start: that deal is dealt as it was
            session.next_deal(deal.dealt)
        return Game(session)

    def view(self) -> SessionView:
        """What the player at the bottom may know now (a finished deal stays current, all hands
        shown, until ``next_deal``)."""
        return self._session.view(HUMAN)

    def summary(self, number: int) -> DealSummary | None:
        """The score-sheet row of a finished deal."""
        deal = self._session.deals[number - 1] if 0 < number <= len(self._session.deals) else None
        return deal.summary() if deal is not None else None

    @property
    def between_deals(self) -> bool:
        """Whether the current deal is over and the next one is due."""
        return self._session.between_deals

    def reason(self, action: Action) -> RuleError | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        try:
            self._session.check(action)
        except RuleError as error:
            return error
        return None

    def record(self) -> dict[str, Any]:
        """The engine's session record (saved after every action, exported on demand)."""
        return session_record(self._session)

    def record_json(self, indent: int | None = None) -> str:
        """The session record as JSON text."""
        return json.dumps(self.record(), indent=indent)

    def position_json(self) -> str:
        """The current position for the computer players' worker."""
        return json.dumps(position_data(self._session), separators=(",", ":"))

    def bot_seed(self) -> str:
        """A seed for the computer player about to decide: the same position, the same choice."""
        deal = self._session.deal
        return f"{self._session.seed}-{self._session.number}-{deal.double_turns}-{len(deal.played)}"

    # -- acting ------------------------------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Play the action of the seat to move; ``RuleError`` (nothing changed) if illegal."""
        return self._session.apply(action)

    def take_back(self) -> int:
        """Take back the player's last decision in this deal and what followed it
        (``Session.take_back``); ``RuleError`` if there is none."""
        return self._session.take_back(HUMAN)

    @property
    def practised(self) -> bool:
        """Whether the player took a decision back in this session."""
        return self._session.takebacks > 0

    def next_deal(self) -> None:
        """Deal the next deal, once the player has seen the summary of this one."""
        self._session.next_deal()
