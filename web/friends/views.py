"""A seat's view of a session as plain data, the only game state that travels to a friend's page.

The host's engine is the referee: a friend's page is sent ``Session.view(seat)`` for its own seat,
never the session, so what it can learn is what the engine lets that seat see (its own hand, the
cards played in the open, every hand once the deal is over). ``view_data`` writes a
``SessionView`` as JSON-able data (cards as ``"QS"``, actions in ``barbu.actions``' plain-data
form, the rules as a record names them); ``view_from_data`` reads it back into the same frozen
value, so the friend's table draws it with the solo table's code. Reading checks every field's
type and range and raises ``ViewDataError`` on anything else: a message from another browser is
input like any other.
"""

from __future__ import annotations

from typing import Any

from barbu import (
    Card,
    Contract,
    DealSummary,
    PairSettlement,
    Phase,
    Rank,
    RuleError,
    SessionView,
    Suit,
    Trick,
    View,
    action_from_data,
    action_to_data,
)
from barbu.presets import rules_from_record

__all__ = ["ViewDataError", "view_data", "view_from_data"]


class ViewDataError(ValueError):
    """A seat's view that cannot be read: the field and what was wrong with it."""


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _summary_data(s: DealSummary) -> dict[str, Any]:
    return {
        "number": s.number,
        "declarer": s.declarer,
        "contract": s.contract.value,
        "trump": s.trump.char if s.trump is not None else None,
        "start_rank": s.start_rank.char if s.start_rank is not None else None,
        "doubles": [list(p) for p in s.doubles],
        "raw": list(s.raw),
        "final": list(s.final),
        "settlement": _settlement_data(s.settlement),
    }


def _settlement_data(pairs: tuple[PairSettlement, ...] | None) -> list[list[Any]] | None:
    if pairs is None:
        return None
    return [[p.payer, p.payee, p.amount, p.mutual] for p in pairs]


def _deal_view_data(v: View) -> dict[str, Any]:
    return {
        "seat": v.seat,
        "rules": v.rules.record,
        "phase": v.phase.value,
        "declarer": v.declarer,
        "dealer": v.dealer,
        "to_move": v.to_move,
        "contract": v.contract.value if v.contract is not None else None,
        "trump": v.trump.char if v.trump is not None else None,
        "start_rank": v.start_rank.char if v.start_rank is not None else None,
        "hand": _cards(v.hand),
        "hand_sizes": list(v.hand_sizes),
        "legal": [action_to_data(a) for a in v.legal],
        "used_contracts": sorted(c.value for c in v.used_contracts),
        "doubles": [list(p) for p in v.doubles],
        "double_turns": v.double_turns,
        "double_order": list(v.double_order),
        "owed": list(v.owed),
        "still_owed": list(v.still_owed),
        "deals_left": v.deals_left,
        "must_double": v.must_double,
        "shortcuts": [[name, sorted(targets)] for name, targets in v.shortcuts],
        "played": [[seat, str(c)] for seat, c in v.played],
        "trick": [[seat, str(c)] for seat, c in v.trick],
        "tricks": [[t.leader, _cards(t.cards), t.winner] for t in v.tricks],
        "hearts_broken": v.hearts_broken,
        "tricks_won": list(v.tricks_won),
        "captured": [_cards(c) for c in v.captured],
        "domino_rows": [list(r) if r is not None else None for r in v.domino_rows],
        "out_order": list(v.out_order),
        "raw": list(v.raw) if v.raw is not None else None,
        "final": list(v.final) if v.final is not None else None,
        "settlement": _settlement_data(v.settlement),
        "hands": [_cards(h) for h in v.hands] if v.hands is not None else None,
    }


def view_data(view: SessionView) -> dict[str, Any]:
    """``view`` (one seat's) as plain data."""
    return {
        "deal": _deal_view_data(view.deal),
        "number": view.number,
        "block": view.block,
        "deals": view.deals,
        "blocks": view.blocks,
        "sheet": [_summary_data(s) for s in view.sheet],
        "totals": list(view.totals),
        "is_over": view.is_over,
        "winners": list(view.winners),
    }


# -- reading: every field checked -----------------------------------------------------------


class _Reader:
    """Reads the fields of one object of the data, naming the field in every refusal."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise ViewDataError(f"{where}: not an object")
        self.data = data
        self.where = where

    def fail(self, key: str, why: str) -> ViewDataError:
        return ViewDataError(f"{self.where}.{key}: {why}")

    def raw(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(key, "missing")
        return self.data[key]

    def number(self, key: str, low: int = -10_000, high: int = 10_000) -> int:
        return _int(self.raw(key), low, high, lambda why: self.fail(key, why))

    def opt_int(self, key: str, low: int, high: int) -> int | None:
        return None if self.raw(key) is None else self.number(key, low, high)

    def flag(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise self.fail(key, "not true or false")
        return value

    def items(self, key: str, most: int = 64) -> list[Any]:
        value = self.raw(key)
        if not isinstance(value, list) or len(value) > most:
            raise self.fail(key, f"not a list of at most {most}")
        return value

    def ints(self, key: str, size: int | None = None, low: int = -10_000) -> tuple[int, ...]:
        items = self.items(key)
        if size is not None and len(items) != size:
            raise self.fail(key, f"not {size} numbers")
        return tuple(_int(x, low, 10_000, lambda why: self.fail(key, why)) for x in items)

    def opt_ints(self, key: str, size: int) -> tuple[int, ...] | None:
        return None if self.raw(key) is None else self.ints(key, size)

    def seats(self, key: str) -> tuple[int, ...]:
        return tuple(_int(x, 0, 3, lambda why: self.fail(key, why)) for x in self.items(key, 4))

    def seat_pairs(self, key: str) -> tuple[tuple[int, int], ...]:
        return tuple(self.pair(key, p) for p in self.items(key, 12))

    def pair(self, key: str, value: Any, low: int = 0, high: int = 3) -> tuple[int, int]:
        """Two whole numbers from ``low`` to ``high`` (two seats, by default)."""
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail(key, "not a pair")
        a, b = (_int(x, low, high, lambda why: self.fail(key, why)) for x in value)
        return a, b

    def cards(self, key: str, value: Any = None) -> tuple[Card, ...]:
        items = self.items(key, 52) if value is None else value
        if not isinstance(items, list) or len(items) > 52:
            raise self.fail(key, "not a list of cards")
        return tuple(self.card(key, x) for x in items)

    def card(self, key: str, value: Any) -> Card:
        if not isinstance(value, str) or len(value) > 3:
            raise self.fail(key, "not a card")
        try:
            return Card.parse(value)
        except (RuleError, ValueError):
            raise self.fail(key, f"not a card: {value[:3]!r}") from None

    def plays(self, key: str) -> tuple[tuple[int, Card], ...]:
        out = []
        for item in self.items(key, 52):
            if not isinstance(item, list) or len(item) != 2:
                raise self.fail(key, "not a seat and a card")
            out.append(
                (_int(item[0], 0, 3, lambda why: self.fail(key, why)), self.card(key, item[1]))
            )
        return tuple(out)

    def enum(self, key: str, kind: Any, optional: bool = False) -> Any:
        value = self.raw(key)
        if value is None and optional:
            return None
        try:
            if kind in (Suit, Rank):
                return kind.parse(value) if isinstance(value, str) else _bad()
            return kind(value)
        except (RuleError, ValueError, TypeError):
            raise self.fail(key, f"not a {kind.__name__}") from None


def _bad() -> Any:
    raise ValueError("not text")


def _int(value: Any, low: int, high: int, fail: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise fail(f"not a whole number from {low} to {high}")
    return value


def _settlement(r: _Reader, key: str) -> tuple[PairSettlement, ...] | None:
    value = r.raw(key)
    if value is None:
        return None
    out = []
    for item in r.items(key, 6):
        if not isinstance(item, list) or len(item) != 4 or not isinstance(item[3], bool):
            raise r.fail(key, "not a settlement")
        payer, payee = r.pair(key, item[:2])
        amount = _int(item[2], 0, 100_000, lambda why: r.fail(key, why))
        out.append(PairSettlement(payer, payee, amount, item[3]))
    return tuple(out)


def _summary(data: Any, where: str) -> DealSummary:
    r = _Reader(data, where)
    settlement = _settlement(r, "settlement")
    return DealSummary(
        number=r.number("number", 1, 100),
        declarer=r.number("declarer", 0, 3),
        contract=r.enum("contract", Contract),
        trump=r.enum("trump", Suit, optional=True),
        start_rank=r.enum("start_rank", Rank, optional=True),
        doubles=r.seat_pairs("doubles"),
        raw=r.ints("raw", 4),
        final=r.ints("final", 4, -100_000),
        settlement=settlement if settlement is not None else (),
    )


def _tricks(r: _Reader) -> tuple[Trick, ...]:
    out = []
    for item in r.items("tricks", 13):
        if not isinstance(item, list) or len(item) != 3:
            raise r.fail("tricks", "not a trick")
        fail = lambda why: r.fail("tricks", why)  # noqa: E731
        leader, winner = _int(item[0], 0, 3, fail), _int(item[2], 0, 3, fail)
        out.append(Trick(leader, r.cards("tricks", item[1]), winner))
    return tuple(out)


def _legal(r: _Reader) -> tuple[Any, ...]:
    out = []
    for item in r.items("legal", 64):
        try:
            out.append(action_from_data(item))
        except (RuleError, ValueError, TypeError):
            raise r.fail("legal", "not an action") from None
    return tuple(out)


def _rules(r: _Reader) -> Any:
    try:
        return rules_from_record(r.raw("rules"))
    except (RuleError, ValueError, TypeError):
        raise r.fail("rules", "not rules a record names") from None


def _deal_view(data: Any) -> View:
    r = _Reader(data, "deal")
    shortcuts = []
    for item in r.items("shortcuts", 4):
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str):
            raise r.fail("shortcuts", "not a named shortcut")
        targets = frozenset(_int(x, 0, 3, lambda why: r.fail("shortcuts", why)) for x in item[1])
        shortcuts.append((item[0][:20], targets))
    rows = []
    for row in r.items("domino_rows", 4):
        rows.append(None if row is None else r.pair("domino_rows", row, 0, 14))  # ranks
    hands = r.raw("hands")
    return View(
        seat=r.number("seat", 0, 3),
        rules=_rules(r),
        phase=r.enum("phase", Phase),
        declarer=r.number("declarer", 0, 3),
        dealer=r.number("dealer", 0, 3),
        to_move=r.opt_int("to_move", 0, 3),
        contract=r.enum("contract", Contract, optional=True),
        trump=r.enum("trump", Suit, optional=True),
        start_rank=r.enum("start_rank", Rank, optional=True),
        hand=r.cards("hand"),
        hand_sizes=r.ints("hand_sizes", 4, 0),
        legal=_legal(r),
        used_contracts=frozenset(_contract(r, c) for c in r.items("used_contracts", 8)),
        doubles=r.seat_pairs("doubles"),
        double_turns=r.number("double_turns", 0, 4),
        double_order=r.seats("double_order"),
        owed=r.ints("owed", 4, 0),
        still_owed=r.ints("still_owed", 4, 0),
        deals_left=r.number("deals_left", 0, 100),
        must_double=r.flag("must_double"),
        shortcuts=tuple(shortcuts),
        played=r.plays("played"),
        trick=r.plays("trick"),
        tricks=_tricks(r),
        hearts_broken=r.flag("hearts_broken"),
        tricks_won=r.ints("tricks_won", 4, 0),
        captured=tuple(r.cards("captured", c) for c in r.items("captured", 4)),
        domino_rows=tuple(rows),
        out_order=r.seats("out_order"),
        raw=r.opt_ints("raw", 4),
        final=r.opt_ints("final", 4),
        settlement=_settlement(r, "settlement"),
        hands=None if hands is None else tuple(r.cards("hands", h) for h in r.items("hands", 4)),
    )


def _contract(r: _Reader, value: Any) -> Contract:
    try:
        return Contract(value)
    except ValueError:
        raise r.fail("used_contracts", "not a contract") from None


def view_from_data(data: Any) -> SessionView:
    """The ``SessionView`` that ``view_data`` wrote; ``ViewDataError`` names a bad field."""
    r = _Reader(data, "view")
    return SessionView(
        deal=_deal_view(r.raw("deal")),
        number=r.number("number", 0, 100),
        block=r.number("block", 0, 100),
        deals=r.number("deals", 1, 100),
        blocks=r.number("blocks", 1, 100),
        sheet=tuple(_summary(s, "sheet") for s in r.items("sheet", 100)),
        totals=r.ints("totals", 4, -1_000_000),
        is_over=r.flag("is_over"),
        winners=r.seats("winners"),
    )
