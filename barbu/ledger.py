"""The block ledger: where a session stands in its blocks, read from its rows (RULES.md §1, §4, §7).

A session is blocks of deals, one deal per contract of the rules. A ``Ledger`` is a frozen value
built from the rules, the first declarer and one ``Row`` per deal played (its contract and its
doubles as ``(doubler, target)`` pairs); it answers, for any deal: who declares it, which block it
belongs to, the contracts used earlier in that block, the doubles of the declarer each seat still
owes and the deals left in the block. The played ``Session`` builds it from its finished deals and
the score keeper from the deals the table reported: neither needs a card to know the block.

Decisions:
- The rotation (RULES.md §1): a declarer keeps the role for a block of deals, then his left
  neighbour takes it; where the rules rotate the role every deal (fr32, §7), the next seat
  leftwards declares each deal.
- The obligation (RULES.md §4): each non-declarer owes the declarer ``rules.double_quota`` doubles
  per block (none where the rules have no doubles); a double made earlier in the block pays one
  off. A seat must double the declarer on a deal when it owes as many doubles as deals are left in
  the block, this one included (``must_double``).
- The rows are not checked here: each is what a deal checked by the rules made of it. What a
  deal's context reads is only the rows before it, so the ledger of a whole session answers for
  each of its deals.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .errors import RuleError, quoted
from .rules import Contract, Rotation, Rules


class Row(NamedTuple):
    """One deal as the block remembers it: its contract and its doubles."""

    contract: Contract
    doubles: tuple[tuple[int, int], ...] = ()
    """``(doubler, target)`` pairs; the declarer's pairs are redoubles."""


def must_double(seat: int, declarer: int, owed: tuple[int, ...], deals_left: int) -> bool:
    """Whether ``seat`` may no longer pass on the declarer: it owes as many doubles of him as
    deals are left in the block, this one included (RULES.md §4)."""
    return seat != declarer and owed[seat] > 0 and owed[seat] >= deals_left


@dataclass(frozen=True)
class BlockContext:
    """What the block says of one deal before its contract (RULES.md §1, §4)."""

    number: int
    """The deal's place in the session, from 1."""
    block: int
    """The block it belongs to, from 1."""
    declarer: int
    used: frozenset[Contract]
    """The contracts played earlier in its block (in the session, where there is one block)."""
    owed: tuple[int, ...]
    """The doubles of the declarer each seat still owes in the block before this deal."""
    deals_left: int
    """The deals left in the block, this one included."""

    def must_double(self, seat: int) -> bool:
        """Whether ``seat`` must double the declarer on this deal (RULES.md §4)."""
        return must_double(seat, self.declarer, self.owed, self.deals_left)

    @property
    def compulsory(self) -> tuple[int, ...]:
        """The seats that must double the declarer on this deal."""
        return tuple(s for s in range(4) if self.must_double(s))


@dataclass(frozen=True)
class Ledger:
    """The blocks of a session, from its rules, first declarer and the rows of the deals played."""

    rules: Rules
    first_declarer: int
    rows: tuple[Row, ...] = ()

    @classmethod
    def of(
        cls,
        rules: Rules,
        first_declarer: int,
        rows: Iterable[tuple[Contract, Iterable[tuple[int, int]]]] = (),
    ) -> Ledger:
        """A ledger from ``(contract, doubles)`` pairs, in the order of the deals."""
        return cls(rules, first_declarer, tuple(Row(c, tuple(d)) for c, d in rows))

    def with_row(self, contract: Contract, doubles: Iterable[tuple[int, int]] = ()) -> Ledger:
        """This ledger with one more deal played."""
        return Ledger(self.rules, self.first_declarer, (*self.rows, Row(contract, tuple(doubles))))

    @property
    def next(self) -> int:
        """The number of the next deal to play (one more than the rows)."""
        return len(self.rows) + 1

    @property
    def is_over(self) -> bool:
        """Whether every deal of the session is in the ledger."""
        return len(self.rows) >= self.rules.deals

    def declarer_of(self, number: int) -> int:
        """The declarer of deal ``number`` (1-based): one block of deals per declarer, leftwards,
        or, where the role rotates every deal, the next seat leftwards each deal."""
        if self.rules.rotation is Rotation.DEAL:
            return (self.first_declarer + number - 1) % 4
        return (self.first_declarer + (number - 1) // self.rules.block_size) % 4

    def dealer_of(self, number: int) -> int:
        """The dealer of deal ``number``: the declarer's right neighbour, or himself (§1, §7)."""
        return (self.declarer_of(number) + self.rules.dealer) % 4

    def block_of(self, number: int) -> int:
        """The block (1-based) deal ``number`` belongs to."""
        return (number - 1) // self.rules.block_size + 1

    def _first_of_block(self, number: int) -> int:
        """The index (0-based) of the first deal of deal ``number``'s block."""
        return (number - 1) // self.rules.block_size * self.rules.block_size

    def _earlier(self, number: int) -> tuple[Row, ...]:
        """The rows of the deals before deal ``number`` in its block."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= self.next:
            raise RuleError(f"not a deal from 1 to {self.next}: {quoted(number)}", "bad-step")
        return self.rows[self._first_of_block(number) : number - 1]

    def used(self, number: int) -> frozenset[Contract]:
        """The contracts played before deal ``number`` in its block."""
        return frozenset(row.contract for row in self._earlier(number))

    def owed(self, number: int) -> tuple[int, ...]:
        """The doubles of deal ``number``'s declarer each seat still owes before it (RULES.md
        §4): the quota less the doubles of him made earlier in the block; none for himself."""
        earlier = self._earlier(number)
        declarer = self.declarer_of(number)
        quota = self.rules.double_quota if self.rules.doubling else 0
        return tuple(
            0
            if seat == declarer
            else max(0, quota - sum(1 for row in earlier if (seat, declarer) in row.doubles))
            for seat in range(4)
        )

    def deals_left(self, number: int) -> int:
        """The deals left in deal ``number``'s block, this one included."""
        return self.rules.block_size - (number - 1 - self._first_of_block(number))

    def context(self, number: int | None = None) -> BlockContext:
        """What the block says of deal ``number`` (default: the next one)."""
        number = self.next if number is None else number
        return BlockContext(
            number=number,
            block=self.block_of(number),
            declarer=self.declarer_of(number),
            used=self.used(number),
            owed=self.owed(number),
            deals_left=self.deals_left(number),
        )

    def in_block(self, number: int) -> frozenset[Contract]:
        """The contracts of every other deal in the ledger of deal ``number``'s block, before it
        and after it: those its declarer may not choose without breaking a row."""
        first = self._first_of_block(number)
        block = self.rows[first : first + self.rules.block_size]
        return frozenset(row.contract for i, row in enumerate(block, first + 1) if i != number)


__all__ = ["BlockContext", "Ledger", "Row", "must_double"]
