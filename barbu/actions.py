"""The actions a player takes, as frozen values (one state API for humans, bots and records),
and their plain-data form (JSON), the one way records, saves and the computer players' worker
write an action:

- a contract: ``{"contract": "trumps", "trump": "S"}`` (``"start_rank": "7"`` for a Domino whose
  rank the declarer names, neither for the others);
- a doubling turn: ``{"double": [0, 2]}``, the seats doubled or redoubled; ``{"double": []}`` is
  a pass;
- a card: ``"QS"`` (RULES.md §6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import CARD_SPELLINGS, CARDS, Card, Rank, Suit
from .errors import RuleError, quoted
from .rules import Contract


@dataclass(frozen=True)
class ChooseContract:
    """The declarer names a contract, with the trump suit (Trumps) or starting rank (Domino)."""

    contract: Contract
    trump: Suit | None = None
    start_rank: Rank | None = None

    def __str__(self) -> str:
        extra = f" {self.trump.char}" if self.trump is not None else ""
        extra += f" {self.start_rank.char}" if self.start_rank is not None else ""
        return f"{self.contract.value}{extra}"


@dataclass(frozen=True)
class Double:
    """One player's whole doubling turn: the seats he doubles (or redoubles); empty is a pass."""

    targets: frozenset[int] = frozenset()

    def __str__(self) -> str:
        return "pass" if not self.targets else "double " + " ".join(map(str, sorted(self.targets)))


@dataclass(frozen=True)
class Play:
    """Play one card (to the trick, or to the Domino rows)."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


Action = ChooseContract | Double | Play

PASS = Double()
"""A doubling turn that doubles nobody."""

PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
"""``PLAYS[card]``: the action of playing that card (made once: records replay thousands)."""


def action_to_data(action: Action) -> str | dict[str, Any]:
    """An action as plain data (see the module's docstring)."""
    if isinstance(action, Play):
        return str(action.card)
    if isinstance(action, Double):
        return {"double": sorted(action.targets)}
    out: dict[str, Any] = {"contract": action.contract.value}
    if action.trump is not None:
        out["trump"] = action.trump.char
    if action.start_rank is not None:
        out["start_rank"] = action.start_rank.char
    return out


def action_from_data(data: Any) -> Action:
    """Read an action from plain data; ``RuleError`` says what is wrong with it (whether the
    action is legal is the deal's to say)."""
    if type(data) is str:
        return _play_from_data(data)
    if not isinstance(data, dict) or len(data) == 0:
        raise RuleError(
            f"an action is a card or an object with a contract or a double, not {quoted(data)}",
            "bad-action",
        )
    if "double" in data:
        return _double_from_data(data)
    return _contract_from_data(data)


def _play_from_data(data: str) -> Play:
    """The play of the card a string names (``"QS"``)."""
    card = CARD_SPELLINGS.get(data)
    if card is not None:
        return PLAYS[card]
    try:
        return PLAYS[Card.parse(data)]
    except ValueError as e:
        raise RuleError(str(e), "bad-card") from None


def _double_from_data(data: dict[Any, Any]) -> Double:
    """The doubling turn of ``{"double": [seats]}``."""
    if len(data) != 1:
        raise RuleError(f"a doubling turn has no other key: {quoted(data)}", "bad-action")
    targets = data["double"]
    if not isinstance(targets, list):
        raise RuleError(f"the seats doubled are a list, not {quoted(targets)}", "bad-action")
    for t in targets:
        if type(t) is not int or not 0 <= t <= 3:
            raise RuleError(f"not a seat (0-3): {quoted(t)}", "bad-seat")
    if len(set(targets)) != len(targets):
        raise RuleError(f"a seat is doubled twice in one turn: {quoted(targets)}", "double-twice")
    return Double(frozenset(targets))


def _contract_from_data(data: dict[Any, Any]) -> ChooseContract:
    """The contract of ``{"contract": id, "trump": suit, "start_rank": rank}``."""
    extra = sorted(set(data) - {"contract", "trump", "start_rank"}, key=str)
    if "contract" not in data or extra:
        what = f"unknown key {quoted(extra[0])}" if extra else '"contract" is missing'
        raise RuleError(f"{what} in {quoted(data)}", "bad-action")
    contract, trump, rank = data["contract"], data.get("trump"), data.get("start_rank")
    if not isinstance(contract, str):
        raise RuleError(f"a contract id is a string, not {quoted(contract)}", "bad-action")
    try:
        return ChooseContract(
            Contract(contract),
            Suit.parse(trump) if trump is not None else None,
            Rank.parse(rank) if rank is not None else None,
        )
    except ValueError as e:
        raise RuleError(str(e), "bad-action") from None
