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

    def view(self) -> SessionView:
        """What the player at the bottom may know now (a finished deal stays current, all hands
        shown, until ``next_deal``)."""
        return self.session.view(HUMAN)

    def summary(self, number: int) -> DealSummary | None:
        """The score-sheet row of a finished deal."""
        deal = self.session.deals[number - 1] if 0 < number <= len(self.session.deals) else None
        return deal.summary() if deal is not None else None

    @property
    def between_deals(self) -> bool:
        """Whether the current deal is over and the next one is due."""
        return self.session.between_deals

    def reason(self, action: Action) -> RuleError | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        try:
            self.session.check(action)
        except RuleError as error:
            return error
        return None

    def record(self) -> dict[str, Any]:
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
        return self.session.apply(action)

    def take_back(self) -> int:
        """Take back the player's last decision in this deal and what followed it
        (``Session.take_back``); ``RuleError`` if there is none."""
        return self.session.take_back(HUMAN)

    @property
    def practised(self) -> bool:
        """Whether the player took a decision back in this session."""
        return self.session.takebacks > 0

    def next_deal(self) -> None:
        """Deal the next deal, once the player has seen the summary of this one."""
        self.session.next_deal()
