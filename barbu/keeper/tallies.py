"""What a contract counts for each seat, and what each seat took (RULES.md §2, §3, §7).

A contract's tallies are read from its ``ContractRules`` (per trick, card values, trick values,
Domino places), never from its name: options and presets follow by themselves. ``Taken`` holds
what the players count of one deal, keyed as ``tallies`` names the things counted.

Decisions:
- Card sets are keyed by what they are: ``"Q"`` the queens, ``"KH"`` one card, ``"H"`` a suit,
  ``"H-AH"`` a suit but one card; a trick that scores by itself by its number from 1 (``"12"``);
  Domino places as ``"places"``.
- Tricks are counted only where they score, or optionally (to check the captures) where not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from ..cards import SUIT_MASKS, Mask, Rank, Suit, cards_of
from ..deal import Deal
from ..errors import quoted
from ..rules import Contract, ContractRules, Rules
from .errors import rule_error
from .values import four

TallyKind = Literal["tricks", "cards", "won", "places"]


# -- what a contract counts ------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """One thing a contract counts for each seat (RULES.md §2, §3, §7)."""

    kind: TallyKind
    """``tricks`` won, ``cards`` of a set captured, a trick ``won`` (by one seat), Domino
    ``places``."""
    key: str
    """Its key in ``Taken`` and records: ``tricks``, ``Q``, ``KH``, ``H-AH``, ``12``,
    ``places``."""
    label: str
    """What it is in English, for the engine's messages (``queens``, ``hearts but AH``)."""
    value: int = 0
    """Points for each one taken (each trick, card, or the trick won); 0 for places."""
    most: int = 0
    """How many there are in a deal (tricks: the hand size; a trick won: 1; places: 4)."""
    mask: Mask = 0
    """The cards counted (``cards``)."""
    required: bool = True
    """Whether the raw scores need it (tricks are optional where they score nothing)."""
    places: tuple[int, ...] = ()
    """Raw scores of the first to last place (``places``)."""


def _mask_key(cards: Mask, deck: Mask) -> tuple[str, str]:
    """A card set's key and English label: one card (``KH``), a suit of the pack (``H``), a
    suit but one card (``H-AH``), a rank (``Q``), else its cards."""
    listed = cards_of(cards)
    if len(listed) == 1:
        return str(listed[0]), str(listed[0])
    for suit in Suit:
        whole = SUIT_MASKS[suit] & deck
        name = suit.name.lower()
        if cards == whole:
            return suit.char, name
        rest = cards_of(whole & ~cards)
        if cards & ~whole == 0 and len(rest) == 1:
            return f"{suit.char}-{rest[0]}", f"{name} but {rest[0]}"
    for rank in Rank:
        if all(c.rank == rank for c in listed):
            return rank.char, f"{rank.name.lower()}s"
    text = " ".join(map(str, listed))
    return text, text


@lru_cache(maxsize=64)
def contract_tallies(crules: ContractRules, deck: Mask, hand_size: int) -> tuple[Tally, ...]:
    """What a contract counts (see ``tallies``), cached by its rules and the pack."""
    if crules.domino is not None:
        return (Tally("places", "places", "places", most=4, places=crules.domino.places),)
    out = [
        Tally(
            "tricks",
            "tricks",
            "tricks",
            crules.per_trick,
            hand_size,
            required=bool(crules.per_trick),
        )
    ]
    for mask, value in crules.card_values:
        cards = mask & deck
        key, label = _mask_key(cards, deck)
        out.append(Tally("cards", key, label, value, cards.bit_count(), cards))
    for index, value in crules.trick_values:
        number = str(index + 1)
        out.append(Tally("won", number, f"trick {number}", value, 1))
    assert len({t.key for t in out}) == len(out), out  # each key names one tally
    return tuple(out)


def tallies(rules: Rules, contract: Contract | str) -> tuple[Tally, ...]:
    """What a contract counts for each seat, in the order of its rules: tricks (where they
    score, else optional), each card set, each trick won, or the Domino's places."""
    return contract_tallies(rules.contract(contract), rules.deck, rules.hand_size)


# -- what each seat took ---------------------------------------------------------------------


@dataclass(frozen=True)
class Taken:
    """What each seat took in one deal, as the players count it (``tallies`` says what)."""

    tricks: tuple[int, ...] | None = None
    """Tricks won by each seat."""
    cards: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """For each card set by its key, how many each seat captured."""
    won: tuple[tuple[int, int], ...] = ()
    """``(trick number from 1, seat)`` for each trick that scores by itself."""
    places: tuple[int, ...] | None = None
    """Each seat's finishing place in Domino, 1 to 4."""

    @classmethod
    def of(
        cls,
        tricks: Sequence[int] | None = None,
        cards: Mapping[str, Sequence[int]] | None = None,
        won: Mapping[int, int] | None = None,
        places: Sequence[int] | None = None,
    ) -> Taken:
        """Counts given as plain sequences and mappings."""
        return cls(
            None if tricks is None else tuple(tricks),
            tuple((k, tuple(v)) for k, v in (cards or {}).items()),
            tuple((won or {}).items()),
            None if places is None else tuple(places),
        )

    @classmethod
    def from_deal(cls, deal: Deal) -> Taken:
        """What each seat took in a played deal, once it is over."""
        crules = deal.crules
        assert crules is not None and deal.is_over, "a finished deal"
        counted = tallies(deal.rules, crules.contract)
        if crules.domino is not None:
            order = deal.out_order + [s for s in range(4) if s not in deal.out_order]
            places = [0, 0, 0, 0]
            for place, seat in enumerate(order, 1):
                places[seat] = place
            return cls(places=tuple(places))
        return cls(
            tricks=tuple(deal.tricks_won),
            cards=tuple(
                (t.key, tuple((deal.captured[s] & t.mask).bit_count() for s in range(4)))
                for t in counted
                if t.kind == "cards"
            ),
            won=tuple(
                (int(t.key), deal.tricks[int(t.key) - 1].winner)
                for t in counted
                if t.kind == "won" and int(t.key) <= len(deal.tricks)
            ),
        )

    def data(self) -> dict[str, Any]:
        """The counts as a record writes them (only those given)."""
        out: dict[str, Any] = {}
        if self.tricks is not None:
            out["tricks"] = list(self.tricks)
        if self.cards:
            out["cards"] = {key: list(counts) for key, counts in self.cards}
        if self.won:
            out["won"] = {str(number): seat for number, seat in self.won}
        if self.places is not None:
            out["places"] = list(self.places)
        return out

    @classmethod
    def from_data(cls, data: Any, where: str = "taken") -> Taken:
        """Counts as a record writes them; their shape is checked here, their values when they
        are scored (``count_scores``)."""
        if not isinstance(data, dict):
            raise rule_error(where, f"counts are an object, not {quoted(data)}", "bad-record")
        extra = sorted(set(data) - {"tricks", "cards", "won", "places"}, key=str)
        if extra:
            raise rule_error(
                where,
                f"unknown key {quoted(extra[0])} (expected tricks, cards, won, places)",
                "bad-record",
            )
        tricks = places = None
        if "tricks" in data:
            tricks = four(data["tricks"], f"{where}, tricks")
        if "places" in data:
            places = four(data["places"], f"{where}, places")
        cards: list[tuple[str, tuple[int, ...]]] = []
        won: list[tuple[int, int]] = []
        for key, form in (("cards", "card sets"), ("won", "tricks")):
            part = data.get(key, {})
            if not isinstance(part, dict) or len(part) > 16:
                raise rule_error(
                    f"{where}, {key}",
                    f"must be an object of {form}, not {quoted(part)}",
                    "bad-record",
                )
            for name, value in part.items():
                spot = f"{where}, {key}, {quoted(name)}"
                if key == "cards":
                    cards.append((name, four(value, spot)))
                elif not (type(name) is str and name.isdigit() and len(name) <= 3):
                    raise rule_error(spot, "a trick's number, from 1", "bad-record")
                else:
                    won.append((int(name), value))
        return cls(tricks, tuple(cards), tuple(won), places)


__all__ = ["Taken", "Tally", "TallyKind", "contract_tallies", "tallies"]
