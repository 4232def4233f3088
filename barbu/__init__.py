"""Barbu, the French card game of seven contracts: the rules engine (pure standard library).

Start with ``Session(seed)`` for a whole game or ``Deal(hands, declarer)`` for one deal; both
offer ``to_move``, ``legal_actions()``, ``check``/``can``/``apply`` and ``view(seat)``.
``score_record`` checks and scores a JSON deal or session record.

This package's names (``__all__``) are its face: the vocabulary (``Card``, ``Suit``, ``Rank``,
card sets as ``Mask``), the actions and their plain-data form, the rules and presets, the deal
and session states with their values (``Event``, ``Trick``, ``View``, ``DealSummary``, the bots'
fast snapshot ``Masks``), scoring, the refusals and the records. A test
(tests/test_engine_face.py) imports each one and checks its kind.

Besides the face, these submodules are documented for callers; every other module is the
engine's inside and may change without notice:

- ``barbu.bots`` (and its modules): the computer players, their search and the deal review;
- ``barbu.rules``: the rules object's inside (``ContractRules``, ``Lead``, ``TrumpDuty``,
  ``Rotation``);
- ``barbu.presets`` (and its modules): the presets of RULES.md §7, their options and measured
  data, the registry, the named presets;
- ``barbu.records``: the record readers' parts (``replay_deal``, ``record_hands``, ...);
- ``barbu.wire``: the positions sent to the computer players' worker;
- ``barbu.jsontext``: bounded JSON reading (``load``, ``JsonRefused``);
- ``barbu.keeper``: the score keeper of a game played with real cards;
- ``barbu.playout``: the fast random playouts (for the engine's benchmark).
"""

from .actions import Action, ChooseContract, Double, Play, action_from_data, action_to_data
from .cards import (
    FULL_DECK,
    Card,
    Mask,
    Rank,
    Suit,
    cards,
    cards_of,
    deal_hands,
    deal_masks,
    mask_of,
)
from .deal import Deal, DealSummary, Event, Masks, Phase, Trick, View
from .errors import Refusal, RuleError
from .presets import PRESET_NAMES, PRESETS, REGISTRY, STANDARD, Preset, preset, registered
from .records import (
    deal_from_record,
    deal_record,
    score_record,
    session_from_record,
    session_record,
)
from .rules import Contract, ContractRules, Rules
from .scoring import PairSettlement, final_scores, settlements
from .session import Session, SessionView

__all__ = [
    "FULL_DECK",
    "PRESETS",
    "PRESET_NAMES",
    "REGISTRY",
    "STANDARD",
    "Action",
    "Card",
    "ChooseContract",
    "Contract",
    "ContractRules",
    "Deal",
    "DealSummary",
    "Double",
    "Event",
    "Mask",
    "Masks",
    "PairSettlement",
    "Phase",
    "Play",
    "Preset",
    "Rank",
    "Refusal",
    "RuleError",
    "Rules",
    "Session",
    "SessionView",
    "Suit",
    "Trick",
    "View",
    "action_from_data",
    "action_to_data",
    "cards",
    "cards_of",
    "deal_from_record",
    "deal_hands",
    "deal_masks",
    "deal_record",
    "final_scores",
    "mask_of",
    "preset",
    "registered",
    "score_record",
    "session_from_record",
    "session_record",
    "settlements",
]
