"""The calls before the play, checked without hands: the contract and the doubling round.

Nothing a player calls before the first card depends on the cards: the declarer's contract is
checked against the rules and the contracts used in the block (RULES.md §1), the doubling turns
against the contract and the block's obligation (§4). So the played ``Deal`` and the score keeper,
which has no cards, check them with the same code: ``check_contract`` and a ``DoublingRound``,
a frozen value of the turns taken so far.

Decisions:
- A doubling turn names the set of seats it doubles (the declarer's: redoubles), empty to pass.
  The turns go from the declarer's left round to the declarer (RULES.md §4).
- A refusal is the played game's ``RuleError``, with the same code, words and values whichever
  caller asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from . import domino
from .actions import ChooseContract
from .cards import Rank, Suit
from .errors import RuleError, quoted
from .ledger import must_double
from .rules import Contract, Rules


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- the contract (RULES.md §1) ------------------------------------------------------------------


def legal_contracts(rules: Rules, used: frozenset[Contract]) -> list[ChooseContract]:
    """Every contract the declarer may choose, with each trump suit or starting rank it names,
    in the rules' order."""
    out: list[ChooseContract] = []
    for crules in rules.contracts:
        c = crules.contract
        if c in used:
            continue
        if crules.has_trump:
            out.extend(ChooseContract(c, trump=s) for s in Suit)
        elif crules.names_rank:
            out.extend(
                ChooseContract(c, start_rank=r)
                for r in reversed(Rank)
                if rules.deck & domino.opening_mask(r)
            )
        else:
            out.append(ChooseContract(c))
    return out


def check_contract(rules: Rules, used: frozenset[Contract], action: ChooseContract) -> None:
    """Raise ``RuleError`` saying why the declarer may not choose ``action`` (a contract used in
    the block, a trump suit or starting rank missing or out of place)."""
    c = action.contract
    crules = rules.contract(c)
    if c in used:
        where = "session" if rules.blocks == 1 else "block"
        raise RuleError(
            f"{c.value} was already played in this {where}", "contract-used", contract=c.value
        )
    if crules.has_trump != (action.trump is not None):
        if crules.has_trump:
            raise RuleError(f"{c.value} needs a trump suit", "trump-missing")
        raise RuleError(f"only trumps takes a trump suit, not {c.value}", "trump-unexpected")
    if crules.names_rank != (action.start_rank is not None):
        if crules.names_rank:
            raise RuleError(f"{c.value} needs a starting rank", "rank-missing")
        if crules.is_domino:
            raise RuleError(f"{c.value} always starts from its own rank: name none", "rank-fixed")
        raise RuleError(f"only domino takes a starting rank, not {c.value}", "rank-unexpected")
    if action.trump is not None and not isinstance(action.trump, Suit):
        raise RuleError(f"not a suit: {quoted(action.trump)}", "bad-suit")
    if action.start_rank is not None and not isinstance(action.start_rank, Rank):
        raise RuleError(f"not a rank: {quoted(action.start_rank)}", "bad-rank")


# -- the doubling round (RULES.md §4) ------------------------------------------------------------


@dataclass(frozen=True)
class DoublingRound:
    """A deal's doubling round after ``turns`` turns: who declares, whether the contract is
    positive, the block's obligation (doubles owed, deals left) and the doubles made."""

    declarer: int
    positive: bool
    owed: tuple[int, ...]
    """The doubles of the declarer each seat owed in the block before this deal."""
    deals_left: int
    """The deals left in the block, this one included."""
    doubles: tuple[tuple[int, int], ...] = ()
    """``(doubler, target)`` pairs in turn order."""
    turns: int = 0

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or None once the declarer has had his."""
        return (self.declarer + 1 + self.turns) % 4 if self.turns < 4 else None

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in the order of their turns: declarer's left first, declarer last."""
        return tuple((self.declarer + k) % 4 for k in (1, 2, 3, 4))

    def must_double(self, seat: int) -> bool:
        """Whether ``seat`` may no longer pass on the declarer in this deal (RULES.md §4)."""
        return must_double(seat, self.declarer, self.owed, self.deals_left)

    def scope(self, seat: int) -> frozenset[int]:
        """The seats ``seat`` may double on his turn: any other in a negative contract, the
        declarer only in a positive one; the declarer redoubles those who doubled him."""
        d = self.declarer
        if seat == d:
            return frozenset(a for a, b in self.doubles if b == d)
        if self.positive:
            return frozenset({d})
        return frozenset(s for s in range(4) if s != seat)

    def legal_sets(self, seat: int) -> list[tuple[int, ...]]:
        """Every set of seats ``seat`` may double on his turn, smallest first (the declarer in
        each where he must be)."""
        scope = sorted(self.scope(seat))
        forced = self.must_double(seat)
        out: list[tuple[int, ...]] = []
        for n in range(len(scope) + 1):
            for subset in combinations(scope, n):
                if forced and self.declarer not in subset:
                    continue
                out.append(subset)
        return out

    def shortcuts(self, seat: int) -> tuple[tuple[str, frozenset[int]], ...]:
        """The italian doubling shortcuts for ``seat``, those that are legal (RULES.md §7):
        ``maximum`` (every seat it may double), ``family`` (both its neighbours, negative
        contracts only)."""
        scope = self.scope(seat)
        offers = [("maximum", scope)]
        if not self.positive and seat != self.declarer:
            offers.append(("family", frozenset({(seat - 1) % 4, (seat + 1) % 4})))
        legal = {frozenset(t) for t in self.legal_sets(seat)}
        return tuple((name, targets) for name, targets in offers if targets and targets in legal)

    def check(self, targets: frozenset[int]) -> None:
        """Raise ``RuleError`` saying why the seat to move may not double ``targets`` now."""
        seat, d = self.to_move, self.declarer
        assert seat is not None  # a turn is due
        if not isinstance(targets, frozenset):
            raise RuleError(
                f"a doubling turn's targets are a set of seats, not {quoted(targets)}",
                "bad-action",
            )
        scope = self.scope(seat) if targets else frozenset()
        for target in targets:
            if type(target) is not int or target not in (0, 1, 2, 3):
                raise RuleError(f"not a seat: {quoted(target)}", "bad-seat")
        for target in sorted(targets):
            if target == seat:
                raise RuleError("a player cannot double himself", "double-self")
            if target in scope:
                continue
            if seat == d:
                raise RuleError(
                    "the declarer may only redouble players who doubled him; "
                    f"seat {target} did not",
                    "redouble-not-doubled",
                    target=target,
                )
            raise RuleError(
                f"in a positive contract only the declarer (seat {d}) may be doubled",
                "double-positive",
                target=target,
            )
        if self.must_double(seat) and d not in targets:
            owed = self.owed[seat]
            raise RuleError(
                f"must double the declarer: {_plural(owed, 'double')} owed, "
                f"{_plural(self.deals_left, 'deal')} left",
                "must-double",
                owed=owed,
                left=self.deals_left,
            )

    def after(self, targets: frozenset[int]) -> DoublingRound:
        """The round once the seat to move has doubled ``targets`` (checked: ``RuleError``)."""
        self.check(targets)
        seat = self.to_move
        made = tuple((seat, t) for t in sorted(targets)) if seat is not None else ()
        return DoublingRound(
            self.declarer,
            self.positive,
            self.owed,
            self.deals_left,
            self.doubles + made,
            self.turns + 1,
        )


__all__ = ["DoublingRound", "check_contract", "legal_contracts"]
