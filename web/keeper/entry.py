"""The deal being entered in the score keeper, as the table types it, and read into a
``barbu.keeper.KeptDeal``.

The page keeps what was typed here (strings, as the fields hold them) until the deal is
entered; nothing is checked here but that a number is a number: the rules (a contract used, a
double refused, scores that do not add up, an impossible count) are the engine's
(``KeptGame.add``/``edit``), which says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from barbu import ChooseContract, Contract, Rank, RuleError, Suit
from barbu.keeper import KeptDeal, Taken, tallies
from barbu.rules import Rules
from web.languages.i18n import number

EMPTY = ("", "", "", "")


class EntryError(ValueError):
    """What was typed is not a number where one is needed: ``key`` is the catalog's sentence."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Entry:
    """A deal as typed so far."""

    contract: str | None = None
    trump: str | None = None
    """The trump suit's letter (``S``, ``H``, ``D``, ``C``)."""
    rank: str | None = None
    """The Domino's starting rank's letter (``7``, ``T``, ``A``...)."""
    doubles: frozenset[tuple[int, int]] = frozenset()
    """``(doubler, target)`` pairs; the declarer's are redoubles."""
    counted: bool = False
    """Scores computed from what each player took, not typed."""
    raw: tuple[str, ...] = EMPTY
    counts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """For each thing counted by its key (``barbu.keeper.Tally.key``), each seat's count;
    a trick won (``Tally.kind == "won"``) holds the winner's seat in its first place."""

    @classmethod
    def of_deal(cls, deal: KeptDeal) -> Entry:
        """A deal already entered, to edit, in the mode it was entered in: its counts when it
        was counted (its raw scores too, for a switch to typing them), else its raw scores
        (a negative one with the minus sign, U+2212, as the sheet prints it)."""
        choice = deal.contract
        return cls(
            contract=choice.contract.value,
            trump=choice.trump.char if choice.trump is not None else None,
            rank=choice.start_rank.char if choice.start_rank is not None else None,
            doubles=frozenset(deal.doubles),
            counted=deal.taken is not None,
            raw=tuple(number(r) for r in deal.raw or ()) or EMPTY,
            counts=_typed_counts(deal.taken) if deal.taken is not None else (),
        )

    def choose(self, contract: str) -> Entry:
        """Another contract: its trump or rank and counts start again, the doubles stay."""
        return replace(self, contract=contract, trump=None, rank=None, counts=())

    def toggle(self, doubler: int, target: int, on: bool) -> Entry:
        """A double set or cleared."""
        pair = (doubler, target)
        doubles = self.doubles | {pair} if on else self.doubles - {pair}
        return replace(self, doubles=doubles)

    def with_targets(self, doubler: int, targets: frozenset[int]) -> Entry:
        """One seat's doubles replaced by ``targets`` (a shortcut)."""
        kept = {p for p in self.doubles if p[0] != doubler}
        return replace(self, doubles=frozenset(kept | {(doubler, t) for t in targets}))

    def count(self, key: str) -> tuple[str, ...]:
        """What was typed for one thing counted."""
        return dict(self.counts).get(key, EMPTY)

    def with_count(self, key: str, seat: int, text: str) -> Entry:
        """One field of the counts typed."""
        values = list(self.count(key))
        values[seat] = text
        counts = dict(self.counts)
        counts[key] = tuple(values)
        return replace(self, counts=tuple(counts.items()))

    def with_raw(self, seat: int, text: str) -> Entry:
        """One raw score typed."""
        values = list(self.raw)
        values[seat] = text
        return replace(self, raw=tuple(values))

    def choice(self) -> ChooseContract:
        """The contract chosen, with its trump or rank; ``RuleError`` if none is."""
        if self.contract is None:
            raise RuleError("choose a contract first", "no-contract")
        return ChooseContract(
            Contract(self.contract),
            Suit.parse(self.trump) if self.trump else None,
            Rank.parse(self.rank) if self.rank else None,
        )

    def deal(self, rules: Rules) -> KeptDeal:
        """The deal as the engine takes it; ``EntryError`` if a number is not one, ``RuleError``
        if no contract is chosen."""
        choice = self.choice()
        pairs = tuple(sorted(self.doubles))
        if not self.counted:
            return KeptDeal(choice, pairs, raw=_numbers(self.raw, "keeper.type_scores"))
        return KeptDeal(choice, pairs, taken=self._taken(rules))

    def _taken(self, rules: Rules) -> Taken:
        """What each seat took, from the counts typed."""
        assert self.contract is not None
        tricks = None
        cards: dict[str, tuple[int, ...]] = {}
        won: dict[int, int] = {}
        places = None
        for tally in tallies(rules, self.contract):
            typed = self.count(tally.key)
            if tally.kind == "won":
                won[int(tally.key)] = _numbers(typed[:1], "keeper.type_winner")[0]
            elif tally.kind == "places":
                places = _numbers(typed, "keeper.type_counts")
            elif tally.kind == "cards":
                cards[tally.key] = _numbers(typed, "keeper.type_counts")
            elif tally.required or any(t.strip() for t in typed):
                tricks = _numbers(typed, "keeper.type_counts")
        return Taken.of(tricks, cards, won, places)


def _typed_counts(taken: Taken) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What each seat took, as the count fields hold it (keyed as ``tallies`` names them)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    if taken.tricks is not None:
        out.append(("tricks", tuple(str(n) for n in taken.tricks)))
    out.extend((key, tuple(str(n) for n in counts)) for key, counts in taken.cards)
    out.extend((str(number), (str(seat), "", "", "")) for number, seat in taken.won)
    if taken.places is not None:
        out.append(("places", tuple(str(n) for n in taken.places)))
    return tuple(out)


def _numbers(texts: Sequence[str], key: str) -> tuple[int, ...]:
    """Whole numbers typed (a minus typed or printed, U+2212); else ``EntryError(key)``."""
    out = []
    for text in texts:
        clean = text.strip().replace("\u2212", "-").replace("+", "", 1)
        body = clean[1:] if clean.startswith("-") else clean
        if not (body.isascii() and body.isdigit()) or len(body) > 6:
            raise EntryError(key)
        out.append(int(clean))
    return tuple(out)
