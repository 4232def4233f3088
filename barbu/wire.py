"""Plain data (JSON-able dicts) for what crosses a boundary: actions, and positions sent to the
computer players' worker.

An action is ``{"type": "contract", "contract": "trumps", "trump": "S"}`` (``"start_rank"`` for
Domino), ``{"type": "double", "targets": [0, 2]}`` (empty: a pass) or ``{"type": "play",
"card": "QS"}``. A position is the current deal's record with its block context::

    {"deal": deal record, "used": ["no-queens", ...], "owed": [4 ints], "deals_left": int}
"""

from __future__ import annotations

from typing import Any

from .actions import Action, ChooseContract, Double, Play
from .cards import Card, Rank, Suit
from .deal import Deal
from .errors import RuleError, quoted
from .records import _hands, _rules_of, _seat, deal_record, hands_data, replay_deal
from .rules import Contract
from .session import Session


def action_to_data(action: Action) -> dict[str, Any]:
    """An action as plain data."""
    if isinstance(action, ChooseContract):
        out: dict[str, Any] = {"type": "contract", "contract": action.contract.value}
        if action.trump is not None:
            out["trump"] = action.trump.char
        if action.start_rank is not None:
            out["start_rank"] = action.start_rank.char
        return out
    if isinstance(action, Double):
        return {"type": "double", "targets": sorted(action.targets)}
    return {"type": "play", "card": str(action.card)}


def action_from_data(data: Any) -> Action:
    """Read an action from plain data; ``RuleError`` says what is wrong with it."""
    if not isinstance(data, dict):
        raise RuleError(f"an action must be an object, not {quoted(data)}", "bad-action")
    kind = data.get("type")
    try:
        if kind == "contract":
            trump = data.get("trump")
            rank = data.get("start_rank")
            return ChooseContract(
                _contract(data.get("contract")),
                Suit.parse(trump) if trump is not None else None,
                Rank.parse(rank) if rank is not None else None,
            )
        if kind == "double":
            targets = data.get("targets", [])
            if not isinstance(targets, list):
                raise ValueError("targets must be a list of seats")
            return Double(frozenset(_seat(t, "targets") for t in targets))
        if kind == "play":
            return Play(Card.parse(data.get("card")))
    except (TypeError, ValueError) as e:
        raise RuleError(f"bad {kind} action: {e}", "bad-action") from None
    raise RuleError(f"unknown action type {quoted(kind)}", "bad-action")


def _contract(value: Any) -> Contract:
    """A contract id from plain data (whether the rules have it is the deal's to check)."""
    if not isinstance(value, str):
        raise ValueError(f"a contract id is a string, not {type(value).__name__}")
    return Contract(value)


def position_data(session: Session) -> dict[str, Any]:
    """The current deal of ``session`` with its block context, for the worker."""
    deal = session.deal
    used, owed, left = session.block_context(session.number)
    return {
        "deal": deal_record(deal)
        if deal.crules is not None
        else {
            "rules": deal.rules.record,
            "declarer": deal.declarer,
            "hands": hands_data(deal),
            "contract": None,
        },
        "used": sorted(c.value for c in used),
        "owed": list(owed),
        "deals_left": left,
    }


def deal_from_position(data: Any) -> Deal:
    """Rebuild the deal a position describes (checking every action)."""
    if not isinstance(data, dict) or not isinstance(data.get("deal"), dict):
        raise RuleError("a position needs a deal record", "bad-position")
    rec = data["deal"]
    rules = _rules_of(rec)
    try:
        used = frozenset(rules.contract(_contract(c)).contract for c in data.get("used", []))
        owed = tuple(int(x) for x in data.get("owed", (0, 0, 0, 0)))
        left = int(data.get("deals_left", rules.block_size))
    except (TypeError, ValueError) as e:
        raise RuleError(f"bad block context: {e}", "bad-position") from None
    deal = Deal(
        _hands(rec, "", rules), _seat(rec.get("declarer"), "declarer"), rules, used, owed, left
    )
    if rec.get("contract") is None:
        return deal
    return replay_deal(deal, rec)
