"""One deal as a state machine: contract choice, doubling round, play, done (RULES.md §1–5).

One small API for every player, human or bot, and for records and tests: ``phase``,
``to_move``, ``legal_actions()``, ``check(action)`` (raises ``RuleError`` with the reason),
``can(action)``, ``apply(action)``, ``is_over``, ``raw_scores()``, ``final_scores()``,
``view(seat)`` and ``copy()``. Every rule comes from the deal's ``Rules`` (RULES.md §7); the
doubling obligation of §4 from the block context the session passes in (``owed``, ``deals_left``).
``apply`` returns a frozen ``Event`` (the action, the trick it completed and its winner, the
Domino passes and exits, the ``DealSummary`` on the action that ends the deal) and appends it to
``history``, the deal's record; ``at(k)`` is the state after ``k`` actions, ``undo()`` takes the
last one back (``barbu.deal_history`` replays them).

The state is private: only this module writes it. Readers get read-only properties (lists as
copies, card sets as masks, ``hand(seat)`` as Cards); the computer players' hot paths read one
documented fast surface, ``masks()``: a ``Masks`` snapshot of the play state as ints and card
sets. The values a deal gives out live in ``barbu.view``; the refusals and the contract and
doubling choices in ``barbu.deal_checks``.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import deal_history, deal_state, domino, tricks
from .actions import PLAYS, Action, ChooseContract, Double, Play
from .cards import SUIT_MASKS, Card, Mask, Rank, Suit, cards_of, mask_of
from .deal_checks import check_action, check_hands, contract_choices, double_choices, shortcuts
from .errors import RuleError, quoted
from .ledger import must_double
from .presets import STANDARD
from .rules import Contract, ContractRules, Rules
from .scoring import final_scores as settle
from .tricks import HEART_SUIT
from .view import PLAIN_EVENTS, PLAYED, DealSummary, Event, Masks, Phase, Trick, View

__all__ = ["Deal", "DealSummary", "Event", "Masks", "Phase", "Trick", "View"]


_PLAY = Phase.PLAY
"""The play phase, for the hot paths (a module name is found faster than a class attribute)."""


class Deal:
    """The state of one deal; ``apply`` changes it, ``copy`` gives an independent one."""

    def __init__(
        self,
        hands: Sequence[Sequence[int]] | Sequence[Mask],
        declarer: int,
        rules: Rules = STANDARD,
        used: frozenset[Contract] = frozenset(),
        owed: Sequence[int] = (0, 0, 0, 0),
        deals_left: int | None = None,
        number: int = 1,
    ) -> None:
        masks = [h if isinstance(h, int) else mask_of(h) for h in hands]
        check_hands(masks, rules)
        if isinstance(declarer, bool) or declarer not in (0, 1, 2, 3):
            raise RuleError(f"declarer must be a seat 0-3, not {quoted(declarer)}", "bad-seat")
        self._rules = rules
        self._declarer = declarer
        self._dealt: tuple[Mask, ...] = tuple(masks)
        self._hands: list[Mask] = list(masks)
        self._used = frozenset(used)
        self._owed = tuple(owed)
        self._deals_left = rules.block_size if deals_left is None else deals_left
        self._number = number
        self._from_start = True
        self._phase = Phase.CONTRACT
        self._to_move: int | None = declarer
        self._crules: ContractRules | None = None
        self._trump: Suit | None = None
        self._trump_suit = -1
        self._start_rank: Rank | None = None
        self._doubles: list[tuple[int, int]] = []
        self._double_turns = 0
        self._played: list[tuple[int, Card]] = []
        self._history: list[Event] = []
        # Trick contracts
        self._trick: list[tuple[int, Card]] = []
        self._best = -1
        self._winner = -1
        self._tricks: list[Trick] = []
        self._tricks_won = [0, 0, 0, 0]
        self._captured: list[Mask] = [0, 0, 0, 0]
        self._hearts_broken = False
        # Domino
        self._playable: Mask = 0
        self._opener = -1
        self._out_order: list[int] = []

    # -- reading the state ------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules this deal is played under."""
        return self._rules

    @property
    def declarer(self) -> int:
        """The seat that chooses the contract."""
        return self._declarer

    @property
    def number(self) -> int:
        """The deal's place in its session (1-based), for its summary."""
        return self._number

    @property
    def from_start(self) -> bool:
        """Whether ``history`` starts at the deal (false for a state rebuilt from a view or with
        other hands, whose history starts there: ``at`` and ``undo`` need the whole story)."""
        return self._from_start

    @property
    def dealt(self) -> tuple[Mask, ...]:
        """The four hands as dealt, as card sets."""
        return self._dealt

    @property
    def hands(self) -> list[Mask]:
        """Each seat's remaining cards, as card sets (``hand(seat)`` gives Cards)."""
        return self._hands[:]

    @property
    def used(self) -> frozenset[Contract]:
        """The contracts already played in this block (the declarer may not choose them)."""
        return self._used

    @property
    def owed(self) -> tuple[int, ...]:
        """Doubles of the declarer each seat owed in this block before this deal."""
        return self._owed

    @property
    def deals_left(self) -> int:
        """The deals left in the block, this one included."""
        return self._deals_left

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is (None once the deal is over)."""
        return self._to_move

    @property
    def crules(self) -> ContractRules | None:
        """The rules of the contract chosen, once it is."""
        return self._crules

    @property
    def trump(self) -> Suit | None:
        """The trump suit, in a contract with trumps."""
        return self._trump

    @property
    def start_rank(self) -> Rank | None:
        """The Domino's starting rank, once it is known."""
        return self._start_rank

    @property
    def doubles(self) -> list[tuple[int, int]]:
        """The ``(doubler, target)`` pairs, in the order made."""
        return self._doubles[:]

    @property
    def double_turns(self) -> int:
        """How many doubling turns were taken."""
        return self._double_turns

    @property
    def history(self) -> list[Event]:
        """What each action did, in order: the deal's record."""
        return self._history[:]

    @property
    def played(self) -> list[tuple[int, Card]]:
        """Every card played, with its player, in order."""
        return self._played[:]

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The trick in progress: its cards with their players, from the leader."""
        return self._trick[:]

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return self._tricks[:]

    @property
    def tricks_won(self) -> list[int]:
        """How many tricks each seat took."""
        return self._tricks_won[:]

    @property
    def captured(self) -> list[Mask]:
        """The cards each seat took in its tricks, as card sets."""
        return self._captured[:]

    @property
    def hearts_broken(self) -> bool:
        """Whether a heart was discarded on a trick led in another suit."""
        return self._hearts_broken

    @property
    def out_order(self) -> list[int]:
        """Domino: the seats that went out, in order."""
        return self._out_order[:]

    def masks(self) -> Masks:
        """The play state as ints and card sets: the computer players' fast surface."""
        start = self._start_rank
        return Masks(
            self._to_move,
            self._crules,
            self._trump_suit,
            self._hands[:],
            [int(c) for _, c in self._trick],
            self._best if self._trick else -1,
            self._winner if self._trick else -1,
            [t.winner for t in self._tricks],
            self._tricks_won[:],
            self._captured[:],
            self._hearts_broken,
            self._playable,
            self._opener,
            -1 if start is None else int(start),
            self._out_order[:],
        )

    def view(self, seat: int) -> View:
        """What ``seat`` may know now: never another seat's hidden cards before the end."""
        return deal_state.seat_view(self, seat)

    def shortcuts(self) -> tuple[tuple[str, frozenset[int]], ...]:
        """The doubling shortcuts the rules offer the seat to move now (RULES.md §7)."""
        return shortcuts(self)

    @property
    def contract(self) -> Contract | None:
        """The contract chosen, once it is."""
        return self._crules.contract if self._crules else None

    @property
    def is_over(self) -> bool:
        """Whether the deal is finished."""
        return self._phase is Phase.DONE

    def hand(self, seat: int) -> list[Card]:
        """A seat's remaining cards, in display order."""
        return cards_of(self._hands[seat])

    def must_double(self, seat: int) -> bool:
        """Whether ``seat`` may no longer pass on the declarer in this deal (RULES.md §4)."""
        return must_double(seat, self._declarer, self._owed, self._deals_left)

    def still_owed(self, seat: int) -> int:
        """The doubles of the declarer ``seat`` still owes in this block, this deal's counted."""
        return max(0, self._owed[seat] - ((seat, self._declarer) in self._doubles))

    @property
    def double_order(self) -> tuple[int, ...]:
        """The seats in the order of their doubling turns: declarer's left first, declarer last."""
        if not self._rules.doubling:
            return ()
        return tuple((self._declarer + k) % 4 for k in (1, 2, 3, 4))

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty once the deal is over)."""
        if self._phase is Phase.CONTRACT:
            return contract_choices(self)
        if self._phase is Phase.DOUBLING:
            return [Double(frozenset(t)) for t in double_choices(self)]
        if self._phase is Phase.PLAY:
            return [PLAYS[c] for c in cards_of(self.legal_mask())]
        return []

    def legal_mask(self) -> Mask:
        """The cards the player to move may play now, as a set (0 outside the play)."""
        return self._legal_cards() if self._phase is _PLAY else 0

    def _legal_cards(self) -> Mask:
        """``legal_mask`` in the play phase."""
        # Both are set in the play phase; no runtime check on this hot path.
        hand = self._hands[self._to_move]  # type: ignore[index]
        crules: ContractRules = self._crules  # type: ignore[assignment]
        if crules.domino is not None:
            return hand & self._playable
        trick = self._trick
        if not trick:
            return tricks.lead_mask(hand, tricks.restricts_lead(crules.lead, self._hearts_broken))
        led = trick[0][1] // 13
        trump = self._trump_suit
        if trump < 0:
            return hand & SUIT_MASKS[led] or hand  # follow suit, else anything (§2)
        return tricks.follow_mask(hand, led, trump, self._high_trump(), self._rules.trump_duty)

    def raw_scores(self) -> list[int]:
        """Raw scores of the contract (RULES.md §2, §3); final once the deal is over."""
        return deal_state.raw_scores_of(self)

    def final_scores(self) -> list[int]:
        """Deal scores after the doubles settlement (RULES.md §5)."""
        return settle(self.raw_scores(), self._doubles, self._rules)

    def summary(self) -> DealSummary | None:
        """The finished deal as the score sheet shows it; None until it is over."""
        return deal_state.deal_summary(self)

    # -- the history --------------------------------------------------------------------------

    @property
    def actions(self) -> list[Action]:
        """Every action taken in this deal, in order (its record)."""
        return [event.action for event in self._history]

    def fresh(self) -> Deal:
        """The same deal as it was dealt: same hands and block context, no action taken."""
        return type(self)(
            self.dealt,
            self.declarer,
            self.rules,
            self.used,
            self.owed,
            self.deals_left,
            self.number,
        )

    def at(self, count: int) -> Deal:
        """A new state: this deal after its first ``count`` actions (0 to ``len(history)``)."""
        return deal_history.state_at(self, count)

    def undo(self) -> Action:
        """Take back the last action (the state is as before it) and return it."""
        if not self._history:
            raise RuleError("there is no action to take back in this deal", "nothing-to-undo")
        last = self._history[-1].action
        self.rewind(len(self._history) - 1)
        return last

    def rewind(self, count: int) -> None:
        """Go back to the state after the first ``count`` actions (``at``, in place)."""
        self.__dict__.update(self.at(count).__dict__)

    def last_choice(self, seat: int) -> int | None:
        """Where in the history ``seat`` last made a choice (None if nowhere): see
        ``deal_history.last_choice``."""
        return deal_history.last_choice(self, seat)

    # -- checking and applying actions ------------------------------------------------------

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.check(action)
        except RuleError:
            return False
        return True

    def check(self, action: Action) -> None:
        """Raise ``RuleError`` saying why ``action`` is illegal now; return if it is legal."""
        check_action(self, action)

    def apply(self, action: Action) -> Event:
        """Carry out ``action`` and return what it did (also appended to ``history``); an
        illegal one raises ``RuleError``, changing nothing."""
        seat = self._to_move
        if (
            type(action) is Play
            and self._phase is _PLAY
            and type(action.card) is Card
            and self._legal_cards() >> action.card & 1
        ):
            # The common case, checked by legal_mask alone (the play phase has a seat to move).
            event = self._play(seat, action)  # type: ignore[arg-type]
            self._history.append(event)
            return event
        self.check(action)
        assert seat is not None
        if isinstance(action, ChooseContract):
            self._choose(action)
            event = Event(seat, action)
        elif isinstance(action, Double):
            self._double(action)
            event = Event(seat, action)
        else:
            event = self._play(seat, action)
        self._history.append(event)
        return event

    def copy(self) -> Deal:
        """An independent copy of this state."""
        new = object.__new__(Deal)
        new.__dict__.update(self.__dict__)
        new._hands = self._hands[:]
        new._doubles = self._doubles[:]
        new._played = self._played[:]
        new._history = self._history[:]
        new._trick = self._trick[:]
        new._tricks = self._tricks[:]
        new._tricks_won = self._tricks_won[:]
        new._captured = self._captured[:]
        new._out_order = self._out_order[:]
        return new

    @classmethod
    def from_view(cls, view: View, hands: Sequence[Mask]) -> Deal:
        """The full state a view describes, given every seat's remaining cards (a guess of the
        hidden ones, for sampling bots, or the true ones); its ``history`` starts empty, here,
        so ``at`` and ``undo`` refuse to rebuild it from the deal's start."""
        rules = view.rules
        played_by = [0, 0, 0, 0]
        for seat, c in view.played:
            played_by[seat] |= 1 << c
        dealt = [hands[s] | played_by[s] for s in range(4)]
        deal = cls(dealt, view.declarer, rules, view.used_contracts, view.owed, view.deals_left)
        deal._hands = list(hands)
        deal._from_start = False
        deal._phase = view.phase
        deal._to_move = view.to_move
        deal._crules = rules.contract(view.contract) if view.contract is not None else None
        deal._trump, deal._start_rank = view.trump, view.start_rank
        deal._trump_suit = -1 if view.trump is None else int(view.trump)
        deal._doubles = list(view.doubles)
        deal._double_turns = view.double_turns
        deal._played = list(view.played)
        deal._trick = []
        for seat, c in view.trick:
            deal._add_to_trick(seat, c)
        deal._tricks = list(view.tricks)
        deal._tricks_won = list(view.tricks_won)
        for t in view.tricks:
            deal._captured[t.winner] |= mask_of(t.cards)
        deal._hearts_broken = view.hearts_broken
        deal._out_order = list(view.out_order)
        if deal._crules is not None and deal._crules.domino is not None:
            deal._opener = _opener(deal._crules)
            if view.phase is not Phase.DOUBLING:
                assert view.start_rank is not None  # a Domino's rank is known once it is chosen
                start = int(view.start_rank)
                deal._playable = domino.opening_mask(start, deal._opener)
                for _, c in view.played:
                    deal._playable = domino.grow(deal._playable, c, start, deal._opener)
        return deal

    def with_hands(self, hands: Sequence[Mask]) -> Deal:
        """A copy whose remaining hands are replaced (a determinization, for sampling bots).

        The new hands must hold the same number of cards as now, seat by seat, and none of the
        cards already played; only the state is copied, the history (``dealt``) is not rewritten.
        """
        if [h.bit_count() for h in hands] != [h.bit_count() for h in self._hands]:
            raise ValueError("replacement hands must keep each seat's number of cards")
        new = self.copy()
        new._hands = list(hands)
        new._from_start = False
        if new._phase is Phase.PLAY:
            assert new._crules is not None and new._to_move is not None  # set in the play phase
            if new._crules.is_domino and not new._hands[new._to_move] & new._playable:
                # Who moves in Domino depends on the hands: the first seat from here able to play.
                new._to_move = domino.next_player(new._hands, new._playable, new._to_move, True)
        return new

    # -- contract and doubling (RULES.md §4) ------------------------------------------------

    def _choose(self, action: ChooseContract) -> None:
        self._crules = crules = self._rules.contract(action.contract)
        self._trump = action.trump
        self._trump_suit = -1 if action.trump is None else int(action.trump)
        self._start_rank = action.start_rank
        if crules.domino is not None:
            self._opener = _opener(crules)
            if crules.domino.start_rank is not None:
                self._start_rank = crules.domino.start_rank
        if self._rules.doubling:
            self._phase = Phase.DOUBLING
            self._to_move = (self._declarer + 1) % 4
        else:
            self._start_play()

    def _double(self, action: Double) -> None:
        seat = self._to_move
        assert seat is not None  # in the doubling round
        if action.targets:
            self._doubles.extend((seat, t) for t in sorted(action.targets))
        self._double_turns += 1
        if seat == self._declarer:
            self._start_play()
        else:
            self._to_move = (seat + 1) % 4

    # -- play -------------------------------------------------------------------------------

    def _start_play(self) -> None:
        self._phase = Phase.PLAY
        assert self._crules is not None  # chosen before the play
        rules = self._crules.domino
        if rules is not None:
            assert self._start_rank is not None  # a Domino's rank is known once it is chosen
            self._playable = domino.opening_mask(int(self._start_rank), self._opener)
            first = (self._declarer + rules.first) % 4
            self._to_move = domino.next_player(self._hands, self._playable, first, True)
        else:
            self._to_move = (self._declarer + self._rules.first_lead) % 4

    def _high_trump(self) -> int:
        """The highest trump in the current trick, or -1."""
        trump = self._trump_suit
        return self._best if self._trick and trump >= 0 and self._best // 13 == trump else -1

    def _play(self, seat: int, action: Play) -> Event:
        card = action.card
        self._hands[seat] &= ~(1 << card)
        played = PLAYED[seat][card]
        self._played.append(played)
        # crules is set in the play phase; no runtime check on this hot path.
        if self._crules.domino is not None:  # type: ignore[union-attr]
            return self._domino_play(seat, action)
        trick = self._trick
        if trick:
            suit = card // 13
            if suit == HEART_SUIT and trick[0][1] // 13 != HEART_SUIT:
                self._hearts_broken = True  # tricks.breaks_hearts, inlined on this hot path
            best = self._best
            if card > best if suit == best // 13 else suit == self._trump_suit:  # tricks.beats
                self._best, self._winner = card, seat
        else:
            self._best, self._winner = card, seat
        trick.append(played)
        if len(trick) < 4:
            self._to_move = (seat + 1) & 3
            return PLAIN_EVENTS[seat][card]
        done = self._finish_trick()
        return Event(seat, action, done, None, (), self.summary())

    def _add_to_trick(self, seat: int, card: Card) -> None:
        """Put a card in the current trick, keeping the card that takes it (rebuilding a state)."""
        if not self._trick or tricks.beats(card, self._best, self._trump_suit):
            self._best, self._winner = card, seat
        self._trick.append((seat, card))

    def _finish_trick(self) -> Trick:
        trick = self._trick
        win_seat = self._winner
        cards_ = (trick[0][1], trick[1][1], trick[2][1], trick[3][1])
        done = Trick(trick[0][0], cards_, win_seat)
        self._tricks.append(done)
        self._tricks_won[win_seat] += 1
        captured = self._captured
        captured[win_seat] |= 1 << cards_[0] | 1 << cards_[1] | 1 << cards_[2] | 1 << cards_[3]
        self._trick = []
        self._to_move = win_seat
        end = self._crules.end_mask  # type: ignore[union-attr]  # set in the play phase (hot path)
        if len(self._tricks) == self._rules.hand_size or (
            end and (captured[0] | captured[1] | captured[2] | captured[3]) & end == end
        ):
            self._phase = Phase.DONE
            self._to_move = None
        return done

    # -- Domino -----------------------------------------------------------------------------

    def _domino_play(self, seat: int, action: Play) -> Event:
        card = action.card
        # A Domino's rank is known once it is chosen (no runtime check on this hot path).
        start = self._start_rank.value  # type: ignore[union-attr]
        self._playable = playable = domino.grow(self._playable, card, start, self._opener)
        hands = self._hands
        after = (seat + 1) & 3
        if hands[seat] and hands[after] & playable:  # the usual case: the next seat plays
            self._to_move = after
            return PLAIN_EVENTS[seat][card]
        out = None
        if not hands[seat]:
            self._out_order.append(seat)
            out = seat
            if len(self._out_order) == 3:
                self._phase = Phase.DONE
                self._to_move = None
                return Event(seat, action, out=out, summary=self.summary())
        nxt = domino.next_player(self._hands, self._playable, seat)
        assert nxt is not None  # while fewer than three are out, someone can play
        self._to_move = nxt
        # The seats between this one and the next to move (all three others when the same seat
        # plays again), unless they are out, could not play.
        between = ((seat + k) % 4 for k in range(1, (nxt - seat - 1) % 4 + 1))
        skipped = tuple(s for s in between if s not in self._out_order)
        return Event(seat, action, out=out, skipped=skipped)


def _opener(crules: ContractRules) -> int:
    """The card that must open this Domino, or -1 when any card of the starting rank may."""
    opener = crules.domino.opener if crules.domino is not None else None
    return -1 if opener is None else opener
