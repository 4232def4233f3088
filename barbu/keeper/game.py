"""A kept game: a session played with real cards, kept deal by deal (RULES.md §1, §4, §5).

Four people play with a real pack and the keeper holds their sheet. A ``KeptGame`` has the rules
(any preset of RULES.md §7 with its options), who declares first, and optionally the players'
names and a stake per point; each deal is entered as a ``KeptDeal`` and checked in its block
(``barbu.keeper.deals``), its scores typed or counted (``barbu.keeper.scores``).

Decisions:
- Every change (add, edit, remove, names, stake, first declarer) replays the whole game, and a
  change that makes any deal illegal is refused: the refusal is located at that deal ("deal 6,
  doubles of seat 2: ...") and names it in ``error.params["deal"]`` (a doubling turn refused:
  its seat in ``error.params["seat"]``). Removing deal n moves the later deals up a place,
  where the rotation may give them another declarer or block: removing the last deal always
  works, a removal that breaks a later deal is refused like an edit. ``undo`` takes back the
  last change that was made.
- The end: the ranking follows the rules' goal (the highest total wins, the lowest in fr32),
  ties share a place. The sources do not say how a session is paid out; a club sheet "settles
  each pair's difference": each of the six pairs settles the difference of its two totals, the
  one behind (lower total; in fr32 the higher) paying it to the other, times the stake per point
  if the table plays for one (``settlement``). A player's net is then four times his total less
  the sum of the four (goal-signed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple

from ..actions import ChooseContract
from ..deal import DealSummary
from ..errors import RuleError, quoted
from ..ledger import Ledger
from ..rules import STANDARD, Rules
from ..scoring import winners as best_seats
from .deals import Context, KeptDeal, Turn, chosen, doubled, doubling_turns, entered
from .errors import KeeperError, at_deal
from .record import kept_record, read_record
from .values import names_of, seat_of, stake_of


class Payment(NamedTuple):
    """One pair's settlement at the end: ``payer`` gives ``points`` (times the stake:
    ``amount``) to ``payee``; equal totals move nothing (then ``payer`` is the lower seat)."""

    payer: int
    payee: int
    points: int
    amount: Decimal | None


class Standing(NamedTuple):
    """A seat's place (ties share one) and total."""

    place: int
    seat: int
    total: int


@dataclass(frozen=True)
class _State:
    """One version of a kept game: what was entered, and what the replay made of it."""

    first_declarer: int
    names: tuple[str, ...] | None
    stake: Decimal | None
    deals: tuple[KeptDeal, ...]
    ledger: Ledger
    """The blocks, with the deals' contracts and doubles."""
    rows: tuple[DealSummary, ...]


class KeptGame:
    """A session kept from a real table: deals entered, edited and removed, checked as the
    played game checks them; totals, ranking and each pair's settlement."""

    def __init__(
        self,
        rules: Rules = STANDARD,
        first_declarer: int = 0,
        names: Sequence[str] | None = None,
        stake: Decimal | int | str | None = None,
        deals: Sequence[KeptDeal] = (),
    ) -> None:
        self._rules_record = rules.record  # refuses rules that no record can name
        self.rules = rules
        first = seat_of(first_declarer, "first_declarer")
        self._state = _replay(rules, first, names_of(names), stake_of(stake), deals)
        self._undo: list[_State] = []

    # -- reading ----------------------------------------------------------------------------

    @property
    def first_declarer(self) -> int:
        """The declarer of the first deal."""
        return self._state.first_declarer

    @property
    def names(self) -> tuple[str, ...] | None:
        """The players' names by seat, if given."""
        return self._state.names

    @property
    def stake(self) -> Decimal | None:
        """What a point is worth in the settlement, if the table plays for a stake."""
        return self._state.stake

    @property
    def deals(self) -> tuple[KeptDeal, ...]:
        """The deals entered, in order (doubles in turn order, raw scores filled in)."""
        return self._state.deals

    @property
    def number(self) -> int:
        """How many deals are entered."""
        return len(self._state.deals)

    @property
    def is_over(self) -> bool:
        """Whether every deal of the session is entered."""
        return self.number == self.rules.deals

    @property
    def ledger(self) -> Ledger:
        """The blocks of the deals entered (RULES.md §1, §4): rotation, contracts, doubles."""
        return self._state.ledger

    def declarer_of(self, number: int) -> int:
        """The declarer of deal ``number`` (1-based), by the rules' rotation."""
        return self._state.ledger.declarer_of(number)

    def dealer_of(self, number: int) -> int:
        """The dealer of deal ``number``."""
        return self._state.ledger.dealer_of(number)

    def block_of(self, number: int) -> int:
        """The block deal ``number`` belongs to."""
        return self._state.ledger.block_of(number)

    def _number(self, number: Any, most: int) -> int:
        if type(number) is not int or not 1 <= number <= most:
            raise RuleError(f"not a deal from 1 to {most}: {quoted(number)}", "bad-step")
        return number

    def context(self, number: int | None = None) -> Context:
        """What the table must know before deal ``number`` (default: the next one): its
        declarer, the contracts left, the doubles owed and who must double now (RULES.md §4)."""
        if number is None and self.is_over:
            raise RuleError("every deal of the session is entered", "session-over")
        most = min(self.number + 1, self.rules.deals)
        number = most if number is None else self._number(number, most)
        ledger = self._state.ledger
        block = ledger.context(number)
        elsewhere = ledger.in_block(number)
        return Context(
            number=number,
            block=block.block,
            declarer=block.declarer,
            dealer=ledger.dealer_of(number),
            used=block.used,
            left=tuple(c.contract for c in self.rules.contracts if c.contract not in elsewhere),
            owed=block.owed,
            deals_left=block.deals_left,
            compulsory=block.compulsory,
        )

    def turn(
        self,
        contract: ChooseContract,
        doubles: Sequence[tuple[int, int]],
        seat: int,
        number: int | None = None,
    ) -> Turn:
        """What ``seat`` may double in deal ``number`` (default: the next) once ``contract`` is
        chosen and the seats before it have doubled as ``doubles`` says (its own pairs, and
        those of the seats after it, are not read)."""
        seat = seat_of(seat, "seat")
        block = self._state.ledger.context(self.context(number).number)
        if not isinstance(contract, ChooseContract):
            message = f"seat {block.declarer} must now choose a contract"
            error = RuleError(message, "wrong-phase", phase="contract")
            raise at_deal(error, block.number, "contract")
        doubling = chosen(self.rules, block, contract)
        if not self.rules.doubling:
            return Turn(seat, frozenset(), False, ())
        turns = doubling_turns(doubles, self.rules, block.number)
        doubling = doubled(self.rules, block.number, doubling, turns, seat)
        targets = frozenset(t for legal in doubling.legal_sets(seat) for t in legal)
        shortcuts = doubling.shortcuts(seat) if self.rules.double_shortcuts else ()
        return Turn(seat, targets, doubling.must_double(seat), shortcuts)

    def sheet(self) -> list[DealSummary]:
        """The deals as rows of the score sheet (the played game's ``DealSummary``)."""
        return list(self._state.rows)

    def totals(self, after: int | None = None) -> list[int]:
        """Each seat's total after deal ``after`` (default: the last entered)."""
        rows = self._state.rows if after is None else self._state.rows[: max(0, after)]
        return [sum(row.final[seat] for row in rows) for seat in range(4)]

    def running(self) -> list[tuple[int, ...]]:
        """Each seat's total after each deal."""
        out, totals = [], [0, 0, 0, 0]
        for row in self._state.rows:
            totals = [t + f for t, f in zip(totals, row.final, strict=True)]
            out.append(tuple(totals))
        return out

    def winners(self) -> list[int]:
        """The winning seats once every deal is entered (ties share), else none."""
        return best_seats(self.totals(), self.rules) if self.is_over else []

    def ranking(self) -> list[Standing]:
        """The seats from first to last by the rules' goal; equal totals share a place."""
        totals = self.totals()
        goal = self.rules.goal
        order = sorted(range(4), key=lambda s: (-goal * totals[s], s))
        return [
            Standing(1 + sum(goal * t > goal * totals[s] for t in totals), s, totals[s])
            for s in order
        ]

    def settlement(self) -> list[Payment]:
        """Each pair's settlement of the difference of their totals (see the module's
        docstring), lower seat pairs first; the amount is the points times the stake."""
        totals, goal, stake = self.totals(), self.rules.goal, self.stake
        out = []
        for a in range(4):
            for b in range(a + 1, 4):
                ahead = goal * (totals[a] - totals[b])
                payer, payee = (b, a) if ahead > 0 else (a, b)
                points = abs(totals[a] - totals[b])
                out.append(Payment(payer, payee, points, None if stake is None else points * stake))
        return out

    def balances(self) -> list[int]:
        """Each seat's net of the settlement in points (received less paid)."""
        net = [0, 0, 0, 0]
        for p in self.settlement():
            net[p.payee] += p.points
            net[p.payer] -= p.points
        return net

    # -- changes ----------------------------------------------------------------------------

    def _replayed(
        self,
        deals: Sequence[Any] | None = None,
        first_declarer: int | None = None,
        names: Any = ...,
        stake: Any = ...,
    ) -> _State:
        state = self._state
        return _replay(
            self.rules,
            state.first_declarer
            if first_declarer is None
            else seat_of(first_declarer, "first_declarer"),
            state.names if names is ... else names_of(names),
            state.stake if stake is ... else stake_of(stake),
            state.deals if deals is None else deals,
        )

    def _commit(self, state: _State) -> None:
        self._undo.append(self._state)
        self._state = state

    def _placed(self, deal: KeptDeal, number: int | None) -> list[Any]:
        deals: list[Any] = list(self._state.deals)
        if number is None:
            if self.is_over:
                raise RuleError("every deal of the session is entered", "session-over")
            return [*deals, deal]
        deals[self._number(number, self.number) - 1] = deal
        return deals

    def check(self, deal: KeptDeal, number: int | None = None) -> DealSummary:
        """The row ``deal`` would have as deal ``number`` (default: the next one), changing
        nothing; a refusal (``RuleError``, ``KeeperError``) if it, or a later deal with it, is
        refused."""
        at = self.number + 1 if number is None else number
        return self._replayed(self._placed(deal, number)).rows[at - 1]

    def can(self, deal: KeptDeal, number: int | None = None) -> bool:
        """Whether ``deal`` is accepted as deal ``number`` (default: the next one)."""
        try:
            self.check(deal, number)
        except (RuleError, KeeperError):
            return False
        return True

    def add(self, deal: KeptDeal) -> DealSummary:
        """Enter the next deal and return its row; refused (``RuleError``, ``KeeperError``),
        changing nothing, if it cannot be."""
        state = self._replayed(self._placed(deal, None))
        self._commit(state)
        return state.rows[-1]

    def edit(self, number: int, deal: KeptDeal) -> DealSummary:
        """Replace deal ``number``; every later deal is checked again and its scores follow.
        Refused, changing nothing, if the deal or a later one becomes illegal (the refusal
        names that deal)."""
        state = self._replayed(self._placed(deal, number))
        self._commit(state)
        return state.rows[number - 1]

    def remove(self, number: int) -> KeptDeal:
        """Remove deal ``number``: the later ones move up a place and are checked again
        (refused, changing nothing, if one becomes illegal)."""
        deals = list(self._state.deals)
        removed = deals.pop(self._number(number, self.number) - 1)
        self._commit(self._replayed(deals))
        return removed

    def rename(self, names: Sequence[str] | None) -> None:
        """Set the players' names (None: no names)."""
        self._commit(self._replayed(names=names))

    def set_stake(self, stake: Decimal | int | str | None) -> None:
        """Set what a point is worth in the settlement (None: points only)."""
        self._commit(self._replayed(stake=stake))

    def set_first_declarer(self, seat: int) -> None:
        """Correct who declared first; every deal is checked again under the new rotation."""
        self._commit(self._replayed(first_declarer=seat))

    @property
    def can_undo(self) -> bool:
        """Whether a change can be taken back."""
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last change: the game is exactly as before it."""
        if not self._undo:
            raise RuleError("there is no change to take back", "nothing-to-undo")
        self._state = self._undo.pop()

    # -- records ----------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The kept game's record (``barbu.keeper.record``)."""
        state = self._state
        return kept_record(self._rules_record, state.ledger, state.names, state.stake, state.deals)

    @classmethod
    def from_record(cls, record: Any) -> KeptGame:
        """A kept game from its record, or from a played session's record as it is (its
        finished deals, with their raw scores and counts); the refusal names what is wrong."""
        return cls(*read_record(record))


def _replay(
    rules: Rules,
    first_declarer: int,
    names: tuple[str, ...] | None,
    stake: Decimal | None,
    deals: Sequence[Any],
) -> _State:
    """Check every deal in order and build the game's state; the first refusal is raised."""
    ledger, kept, rows = entered(Ledger(rules, first_declarer), deals)
    return _State(first_declarer, names, stake, tuple(kept), ledger, tuple(rows))


__all__ = ["KeptGame", "Payment", "Standing"]
