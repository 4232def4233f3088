"""A kept game's record: the session record of ``barbu.records`` without cards (players'
browsers store it: it reads back exactly as written, in every version of the keeper).

::

    {"format": 2, "kept": true, "rules": ..., "first_declarer": 0-3, "seed": null,
     "names": [4 strings] (optional), "stake": "0.10" (optional, a decimal number as text),
     "deals": [{"dealer": 0-3, "declarer": 0-3,
                "actions": [{"contract": ...}, {"double": [...]} x4 (none without doubles)],
                "raw": [4 ints], "taken": {...} (optional)}, ...]}

The keeper always writes ``"raw"``; a record may leave out ``"raw"`` or ``"taken"``, not both
(when both are there they must agree). Taken is ``{"tricks": [4], "cards": {key: [4]}, "won":
{"12": seat}, "places": [4]}`` with the keys ``tallies`` gives the contract (cards by what they
are: ``"Q"`` the queens, ``"KH"`` one card, ``"H"`` a suit, ``"H-AH"`` a suit but one card;
``"won"`` by trick number from 1; ``"places"`` each seat's finishing place 1-4).
``barbu.records`` refuses such a record (``kept-record``), and a kept game also reads a played
session's record as it is, keeping its finished deals with their raw scores and counts (a deal in
progress is left out). A record without the ``"kept"`` mark whose first deal has scores and no
hands is read as a kept game's.

Decisions:
- Reading checks the record's shape and the rotation here; the deals' legality is checked when
  the game replays them (``barbu.keeper.deals``).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from ..actions import ChooseContract, Double, action_from_data, action_to_data
from ..errors import RuleError, quoted
from ..ledger import Ledger
from ..records import FORMAT, is_session_record, session_from_record
from ..rules import Rules, rules_from_record
from .deals import KeptDeal, calls
from .errors import relocated, rule_error
from .tallies import Taken
from .values import names_of, seat_of, stake_of


class Recorded(NamedTuple):
    """What a record holds: a kept game's arguments, in ``KeptGame``'s order."""

    rules: Rules
    first_declarer: int
    names: tuple[str, ...] | None
    stake: Decimal | None
    deals: list[KeptDeal]


def kept_record(
    rules_record: Any,
    ledger: Ledger,
    names: tuple[str, ...] | None,
    stake: Decimal | None,
    deals: Sequence[KeptDeal],
) -> dict[str, Any]:
    """The record of a kept game: its rules (as records name them), its rotation and entered
    deals (their calls from the ledger), names and stake."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "kept": True,
        "rules": rules_record,
        "first_declarer": ledger.first_declarer,
        "seed": None,
    }
    if names is not None:
        out["names"] = list(names)
    if stake is not None:
        out["stake"] = str(stake)
    records = []
    for number, deal in enumerate(deals, 1):
        rec: dict[str, Any] = {
            "dealer": ledger.dealer_of(number),
            "declarer": ledger.declarer_of(number),
            "actions": [action_to_data(action) for action in calls(ledger, number, deal)],
            "raw": list(deal.raw or ()),
        }
        if deal.taken is not None:
            rec["taken"] = deal.taken.data()
        records.append(rec)
    out["deals"] = records
    return out


def read_record(record: Any) -> Recorded:
    """A kept game's record, or a played session's record as it is (its finished deals, with
    their raw scores and counts); ``RuleError`` names what is wrong."""
    if not isinstance(record, dict):
        raise rule_error("record", "a kept game's record is a JSON object", "bad-record")
    if "kept" in record and record["kept"] is not True:
        raise rule_error("kept", f"is true or absent, not {quoted(record['kept'])}", "bad-record")
    if "kept" in record or _without_cards(record):
        return _from_kept(record)
    return _from_played(record)


def _from_played(record: dict[str, Any]) -> Recorded:
    if not is_session_record(record):
        raise rule_error(
            "record", "a kept game reads a session's record, not a single deal's", "bad-record"
        )
    session = session_from_record(record)
    deals = []
    for deal in session.deals:
        if not deal.is_over:
            break  # the deal in progress when the record was written
        contract = deal.history[0].action
        assert isinstance(contract, ChooseContract)  # a deal's first action
        raw = tuple(deal.raw_scores())
        deals.append(KeptDeal(contract, tuple(deal.doubles), raw, Taken.from_deal(deal)))
    return Recorded(session.rules, session.first_declarer, None, None, deals)


_KEYS = frozenset({"format", "kept", "rules", "first_declarer", "seed", "names", "stake", "deals"})


def _from_kept(record: dict[str, Any]) -> Recorded:
    extra = sorted(set(record) - _KEYS, key=str)
    if extra:
        raise rule_error("record", f"unknown key {quoted(extra[0])}", "bad-record")
    form = record.get("format")
    if type(form) is not int or form != FORMAT:
        raise rule_error(
            "format", f"a kept game is format {FORMAT}, not {quoted(form)}", "bad-record"
        )
    try:
        rules = rules_from_record(record.get("rules", "standard"))
    except RuleError as e:
        raise relocated(e, "rules") from None
    first = seat_of(record.get("first_declarer"), "first_declarer")
    if record.get("seed") is not None:
        raise rule_error(
            "seed", f"a kept game has no seed, not {quoted(record['seed'])}", "bad-record"
        )
    names = names_of(record.get("names"))
    stake = stake_of(record.get("stake"))
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise rule_error("deals", f"a list of deals, not {quoted(deals)}", "bad-record")
    if len(deals) > rules.deals:
        raise rule_error(
            "deals",
            f"a {rules.name} session has {rules.deals} deals, this record has {len(deals)}",
            "bad-record",
        )
    rotation = Ledger(rules, first)
    kept = [_kept_deal(rec, n, rules, rotation) for n, rec in enumerate(deals, 1)]
    return Recorded(rules, first, names, stake, kept)


def _without_cards(record: dict[str, Any]) -> bool:
    """Whether a record without the ``"kept"`` mark is a kept game's all the same: its first
    deal has scores and no hands."""
    deals = record.get("deals")
    first = deals[0] if isinstance(deals, list) and deals else None
    return isinstance(first, dict) and "hands" not in first and ("raw" in first or "taken" in first)


_DEAL_KEYS = frozenset({"dealer", "declarer", "actions", "raw", "taken"})


def _kept_deal(rec: Any, number: int, rules: Rules, rotation: Ledger) -> KeptDeal:
    """One deal of a kept game's record (its legality is checked when the game replays it)."""
    where = f"deal {number}"
    if not isinstance(rec, dict):
        raise rule_error(where, "a deal record must be a JSON object", "bad-record")
    if "hands" in rec:
        raise rule_error(f"{where}, hands", "a kept game's deal has no cards", "bad-record")
    extra = sorted(set(rec) - _DEAL_KEYS, key=str)
    if extra:
        raise rule_error(where, f"unknown key {quoted(extra[0])}", "bad-record")
    declarer = _kept_declarer(rec, where, number, rules, rotation)
    contract, pairs = _kept_actions(rec.get("actions"), where, declarer, rules)
    raw = rec.get("raw")
    if raw is not None and not (isinstance(raw, list) and len(raw) == 4):
        raise rule_error(f"{where}, raw", f"4 whole numbers, not {quoted(raw)}", "bad-record")
    taken = Taken.from_data(rec["taken"], f"{where}, taken") if "taken" in rec else None
    if raw is None and taken is None:
        raise rule_error(where, '"raw" or "taken" is missing', "bad-record")
    return KeptDeal(contract, pairs, None if raw is None else tuple(raw), taken)


def _kept_declarer(
    rec: dict[str, Any], where: str, number: int, rules: Rules, rotation: Ledger
) -> int:
    """The deal's declarer, checked against the rotation (and the dealer, if given)."""
    declarer = seat_of(rec.get("declarer"), f"{where}, declarer")
    expected = rotation.declarer_of(number)
    if declarer != expected:
        raise rule_error(
            f"{where}, declarer",
            f"the declarer of deal {number} is seat {expected}, not seat {declarer}",
            "wrong-declarer",
        )
    if "dealer" in rec and seat_of(rec["dealer"], f"{where}, dealer") != (
        dealer := (declarer + rules.dealer) % 4
    ):
        raise rule_error(
            f"{where}, dealer",
            f"the dealer is seat {dealer} when seat {declarer} declares, not seat {rec['dealer']}",
            "bad-record",
        )
    return declarer


def _kept_actions(
    actions: Any, where: str, declarer: int, rules: Rules
) -> tuple[ChooseContract, tuple[tuple[int, int], ...]]:
    """The deal's contract and its doubles as ``(doubler, target)`` pairs in turn order."""
    turns = 4 if rules.doubling else 0
    if not isinstance(actions, list) or len(actions) != 1 + turns:
        raise rule_error(
            f"{where}, actions",
            f"a kept deal lists its contract and {turns} doubling turns, no cards: "
            f"not {quoted(actions)}",
            "bad-record",
        )
    parsed = []
    for i, data in enumerate(actions):
        try:
            parsed.append(action_from_data(data))
        except RuleError as e:
            raise relocated(e, f"{where}, actions[{i}]") from None
    contract = parsed[0]
    if not isinstance(contract, ChooseContract):
        raise rule_error(
            f"{where}, actions[0]", "a kept deal starts with its contract", "bad-action"
        )
    pairs: list[tuple[int, int]] = []
    for k, turn in enumerate(parsed[1:], 1):
        if not isinstance(turn, Double):
            raise rule_error(f"{where}, actions[{k}]", "a doubling turn, not a card", "bad-action")
        pairs += [((declarer + k) % 4, t) for t in sorted(turn.targets)]
    return contract, tuple(pairs)


__all__ = ["Recorded", "kept_record", "read_record"]
