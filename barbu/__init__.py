"""Barbu, the French card game of seven contracts: the rules engine (pure standard library).

Start with ``Session(seed)`` for a whole game or ``Deal(hands, declarer)`` for one deal; both
offer ``to_move``, ``legal_actions()``, ``check``/``can``/``apply`` and ``view(seat)``.
``score_record`` checks and scores a JSON deal or session record.
"""

from .actions import Action, ChooseContract, Double, Play
from .cards import Card, Rank, Suit, cards, deal
from .deal import Deal, Phase, Trick, View
from .errors import RuleError
from .presets import PRESETS, STANDARD
from .records import (
    deal_from_record,
    deal_record,
    score_record,
    session_from_record,
    session_record,
)
from .rules import Contract, Rules
from .session import DealSummary, Session, SessionView

__all__ = [
    "PRESETS",
    "STANDARD",
    "Action",
    "Card",
    "ChooseContract",
    "Contract",
    "Deal",
    "DealSummary",
    "Double",
    "Phase",
    "Play",
    "Rank",
    "RuleError",
    "Rules",
    "Session",
    "SessionView",
    "Suit",
    "Trick",
    "View",
    "cards",
    "deal",
    "deal_from_record",
    "deal_record",
    "score_record",
    "session_from_record",
    "session_record",
]
