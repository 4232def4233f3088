"""The actions a player takes, as frozen values (one state API for humans, bots and records)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS, Card, Rank, Suit
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
