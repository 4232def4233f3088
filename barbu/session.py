"""A session: blocks of deals, one per contract of the rules (RULES.md §1, §4, §5, §7).

The first declarer is drawn from the seed. In the standard game he declares a block of 7 deals
(one per contract of the rules), each with a contract not yet used in the block, then his left
neighbour takes over: 4 blocks, 28 deals. Where the rules rotate the role every deal (fr32), the
dealer chooses and the next deal's dealer is his left neighbour. Each non-declarer owes the
declarer ``rules.double_quota`` doubles per block; the deal enforces the obligation from the
``owed`` and ``deals_left`` figures the session gives it, read from its block ledger
(``barbu.ledger``: the contracts and doubles of the finished deals). Totals add up deal scores;
the best total (the highest, or the lowest in fr32) wins and a tie shares the victory.

The session deals from ``random.Random(seed)``: first the first declarer, then one shuffle per
deal, so a seed always gives the same session. Without a seed the caller supplies the hands
(``next_deal(hands)``).

The flow is explicit: ``apply`` plays an action in the current deal and never deals the next one.
The action that ends a deal returns an ``Event`` carrying the deal's ``DealSummary``; the
finished deal stays current (its view shows every hand and the scores) until ``next_deal()``.
``undo()`` takes back the last action, back across the start of a deal (which is then undealt,
the seeded shuffle rewound), and ``at(k)`` is the session after its first ``k`` actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .cards import Mask, deal_masks
from .deal import Deal, DealSummary, Event, Phase, View
from .errors import RuleError, quoted
from .ledger import Ledger
from .presets import STANDARD
from .rules import Contract, Rules
from .scoring import winners as best_seats


@dataclass(frozen=True)
class SessionView:
    """What one seat may know of a session: the current deal's view and the score sheet."""

    deal: View
    number: int
    block: int
    deals: int
    blocks: int
    sheet: tuple[DealSummary, ...]
    totals: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...]


class Session:
    """A whole session; ``apply`` plays an action in the current deal, ``next_deal`` deals the
    next one once it is over."""

    def __init__(
        self,
        seed: int | None = None,
        rules: Rules = STANDARD,
        first_declarer: int | None = None,
        start: bool = True,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed) if seed is not None else None
        drawn = self._rng.randrange(4) if self._rng else None
        if first_declarer is None:
            if drawn is None:
                raise RuleError("a session without a seed needs its first declarer", "no-seed")
            first_declarer = drawn
        if isinstance(first_declarer, bool) or first_declarer not in (0, 1, 2, 3):
            raise RuleError(
                f"first declarer must be a seat 0-3, not {quoted(first_declarer)}", "bad-seat"
            )
        self.first_declarer = first_declarer
        self.deals: list[Deal] = []
        self.takebacks = 0
        """How many times a player took a decision back (``take_back``). A session where that
        happened is practised: its record says so, and statistics count it apart."""
        self._shuffles: list[tuple[Any, ...] | None] = []
        """The seeded shuffle's state before each deal was dealt (to undeal it)."""
        if start and self._rng is not None:
            self.next_deal()

    # -- the block structure ----------------------------------------------------------------

    @property
    def ledger(self) -> Ledger:
        """The session's blocks: the contracts and doubles of its deals (a deal in progress
        counts only for the deals after it, which are dealt once it is over)."""
        rows = [(d.contract, d.doubles) for d in self.deals if d.contract is not None]
        return Ledger.of(self.rules, self.first_declarer, rows)

    def declarer_of(self, number: int) -> int:
        """The declarer of deal ``number`` (1-based): one block of deals per declarer, leftwards,
        or, where the role rotates every deal, the next seat leftwards each deal."""
        return Ledger(self.rules, self.first_declarer).declarer_of(number)

    def block_of(self, number: int) -> int:
        """The block (1-based) deal ``number`` belongs to."""
        return Ledger(self.rules, self.first_declarer).block_of(number)

    def block_context(self, number: int) -> tuple[frozenset[Contract], tuple[int, ...], int]:
        """For deal ``number``: contracts used earlier in its block, doubles owed, deals left."""
        context = self.ledger.context(number)
        return context.used, context.owed, context.deals_left

    # -- dealing ----------------------------------------------------------------------------

    def next_deal(self, hands: Sequence[Sequence[int]] | Sequence[Mask] | None = None) -> Deal:
        """Deal the next deal (the first one too) once the current one is over: the given hands,
        else the next ones from the seeded shuffle. A seeded session shuffles even when given
        the hands (a record's hands), so that its later deals stay those of its seed."""
        if self.deals and not self.deals[-1].is_over:
            raise RuleError("the current deal is not finished", "deal-not-over")
        if len(self.deals) >= self.rules.deals:
            raise RuleError("the session is over", "session-over")
        if self._rng is None and hands is None:
            raise RuleError("this session has no seed: give the hands of the next deal", "no-seed")
        number = len(self.deals) + 1
        used, owed, left = self.block_context(number)
        shuffle = None
        if self._rng is not None:
            shuffle = self._rng.getstate()
            drawn = deal_masks(self._rng, self.rules.deck)
            hands = drawn if hands is None else hands
        assert hands is not None  # given, or drawn from the seed
        deal = Deal(hands, self.declarer_of(number), self.rules, used, owed, left, number)
        self.deals.append(deal)
        self._shuffles.append(shuffle)
        return deal

    def _undeal(self) -> None:
        """Take the current deal (no action taken in it) back into the pack."""
        self.deals.pop()
        shuffle = self._shuffles.pop()
        if self._rng is not None and shuffle is not None:
            self._rng.setstate(shuffle)

    # -- the state API ----------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The current deal (the last one once the session is over)."""
        if not self.deals:
            raise RuleError(
                "no deal has started: give the hands of the first one (next_deal)", "no-deal"
            )
        return self.deals[-1]

    @property
    def number(self) -> int:
        """The current deal's number, from 1 to ``rules.deals``."""
        return len(self.deals)

    @property
    def block(self) -> int:
        """The current block's number, from 1 to ``rules.blocks``."""
        return self.block_of(self.number)

    @property
    def is_over(self) -> bool:
        """Whether all the deals of the session are played."""
        return len(self.deals) == self.rules.deals and self.deals[-1].is_over

    @property
    def between_deals(self) -> bool:
        """Whether the current deal is over and the session is not: ``next_deal`` is due."""
        return bool(self.deals) and self.deals[-1].is_over and not self.is_over

    @property
    def to_move(self) -> int | None:
        """The seat to act now, or None (also between deals)."""
        return None if not self.deals else self.deal.to_move

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move."""
        return self.deal.legal_actions() if self.deals else []

    def check(self, action: Action) -> None:
        """Raise ``RuleError`` with the reason if ``action`` is illegal now."""
        self.deal.check(action)

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        return self.deal.can(action)

    def apply(self, action: Action) -> Event:
        """Play ``action`` in the current deal and return what it did (the event that ends the
        deal carries its summary); ``RuleError``, changing nothing, if it is illegal."""
        return self.deal.apply(action)

    # -- the history ------------------------------------------------------------------------

    @property
    def action_count(self) -> int:
        """The number of actions taken in the whole session."""
        return sum(len(d.history) for d in self.deals)

    def undo(self) -> Action:
        """Take back the session's last action and return it: the state is exactly as before
        it. From a deal where nothing was done yet, the deal is undealt first."""
        if self.deals and not self.deal.history and len(self.deals) > 1:
            self._undeal()
        if not self.deals or not self.deal.history:
            raise RuleError("there is no action to take back", "nothing-to-undo")
        return self.deal.undo()

    def take_back(self, seat: int) -> int:
        """Take back ``seat``'s last decision in the current deal and every action after it
        (the other players' too): the state is as it was when ``seat`` had to decide. Forced
        actions (the only legal one) are not decisions: the take-back goes past them. Returns
        how many actions were taken back and counts the take-back (``takebacks``);
        ``RuleError`` if ``seat`` has no decision to take back in this deal."""
        index = self.deal.last_choice(seat) if self.deals else None
        if index is None:
            raise RuleError(
                f"seat {seat} has no decision to take back in this deal", "nothing-to-undo"
            )
        count = len(self.deal.history) - index
        self.deal.rewind(index)
        self.takebacks += 1
        return count

    def at(self, count: int) -> Session:
        """A new session: this one after its first ``count`` actions, replayed on the same
        hands (the next deal dealt where the count goes past a finished deal)."""
        total = self.action_count
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= total:
            raise RuleError(
                f"this session has {total} actions: {quoted(count)} is not a count of them",
                "bad-step",
            )
        copy = Session(self.seed, self.rules, self.first_declarer, start=False)
        for deal in self.deals:
            copy.next_deal(deal.dealt)
            for event in deal.history[:count]:
                copy.apply(event.action)
            count -= min(count, len(deal.history))
            if not count:
                break
        return copy

    def finished_deals(self) -> list[Deal]:
        """The deals played to the end."""
        return [d for d in self.deals if d.is_over]

    def totals(self) -> list[int]:
        """Running totals of the finished deals' scores."""
        totals = [0, 0, 0, 0]
        for d in self.finished_deals():
            for seat, score in enumerate(d.final_scores()):
                totals[seat] += score
        return totals

    def winners(self) -> list[int]:
        """The winning seats once the session is over (ties share), else empty."""
        return best_seats(self.totals(), self.rules) if self.is_over else []

    def sheet(self) -> list[DealSummary]:
        """The finished deals as score-sheet rows."""
        return [summary for d in self.deals if (summary := d.summary()) is not None]

    def view(self, seat: int) -> SessionView:
        """What ``seat`` may know: the current deal's view and the whole score sheet."""
        return SessionView(
            deal=self.deal.view(seat),
            number=self.number,
            block=self.block,
            deals=self.rules.deals,
            blocks=self.rules.blocks,
            sheet=tuple(self.sheet()),
            totals=tuple(self.totals()),
            is_over=self.is_over,
            winners=tuple(self.winners()),
        )


__all__ = ["DealSummary", "Phase", "Session", "SessionView"]
