"""Plain data (JSON-able dicts) for the positions sent to the computer players' worker.

A position is the current deal's record with its block context::

    {"deal": deal record, "used": ["no-queens", ...], "owed": [4 ints], "deals_left": int}

Actions travel in the plain-data form of ``barbu.actions`` (``action_to_data``, the records'
form too).
"""

from __future__ import annotations

from typing import Any

from .deal import Deal
from .errors import RuleError
from .records import deal_record, record_hands, record_rules, record_seat, replay_deal
from .rules import Contract
from .session import Session

__all__ = ["deal_from_position", "deal_position", "position_data"]


def position_data(session: Session) -> dict[str, Any]:
    """The current deal of ``session`` with its block context, for the worker."""
    deal = session.deal
    used, owed, left = session.block_context(session.number)
    return {
        "deal": deal_record(deal),
        "used": sorted(c.value for c in used),
        "owed": list(owed),
        "deals_left": left,
    }


def deal_position(deal: Deal) -> dict[str, Any]:
    """A deal of a session (a finished one too) with the block context it was dealt in."""
    return {
        "deal": deal_record(deal),
        "used": sorted(c.value for c in deal.used),
        "owed": list(deal.owed),
        "deals_left": deal.deals_left,
    }


def deal_from_position(data: Any) -> Deal:
    """Rebuild the deal a position describes (checking every action)."""
    if not isinstance(data, dict) or not isinstance(data.get("deal"), dict):
        raise RuleError("a position needs a deal record", "bad-position")
    rec = data["deal"]
    rules = record_rules(rec)
    try:
        used = frozenset(rules.contract(Contract(c)).contract for c in data.get("used", []))
        owed = tuple(int(x) for x in data.get("owed", (0, 0, 0, 0)))
        left = int(data.get("deals_left", rules.block_size))
    except (TypeError, ValueError) as e:
        raise RuleError(f"bad block context: {e}", "bad-position") from None
    deal = Deal(
        record_hands(rec, "", rules),
        record_seat(rec.get("declarer"), "declarer"),
        rules,
        used,
        owed,
        left,
    )
    return replay_deal(deal, rec)
