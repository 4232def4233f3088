"""One deal as a state machine: contract choice, doubling round, play, done (RULES.md §1–5).

One small API for every player, human or bot, and for records and tests:
``phase``, ``to_move``, ``legal_actions()``, ``check(action)`` (raises ``RuleError`` with the
reason), ``can(action)``, ``apply(action)``, ``is_over``, ``raw_scores()``, ``final_scores()``,
``view(seat)`` and ``copy()``. Card sets are bitmasks inside; the API speaks ``Card``.

Every rule comes from the deal's ``Rules`` (RULES.md §7): who leads the first trick, the lead
restriction, the trump duties, the Domino opening, the early end. Players who cannot play in
Domino are skipped (passes are implicit, and each ``Event`` names the seats skipped). The doubling
obligation of §4 is enforced from the block context the session passes in (``owed`` doubles per
seat and ``deals_left`` in the block, this one included).

``apply`` returns a frozen ``Event`` (the action, the trick it completed and who won it, the
Domino passes and exits, and the deal's whole ``DealSummary`` on the action that ends it) and
appends it to ``history``: the history is the deal's record. ``actions`` lists what was done,
``at(k)`` is the state after the first ``k`` actions (replayed from the dealt hands: a deal has at
most a few dozen actions) and ``undo()`` takes the last action back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from . import domino, tricks
from .actions import PLAYS, Action, ChooseContract, Double, Play
from .calls import DoublingRound, check_contract, legal_contracts
from .cards import CARDS, SUIT_MASKS, Card, Mask, Rank, Suit, cards_of, mask_of
from .errors import RuleError, quoted
from .ledger import must_double
from .presets import STANDARD
from .rules import Contract, ContractRules, Lead, Rules, TrumpDuty
from .scoring import PairSettlement, settlements
from .scoring import final_scores as settle
from .tricks import HEART_SUIT


class Phase(Enum):
    """Where a deal stands."""

    CONTRACT = "contract"
    DOUBLING = "doubling"
    PLAY = "play"
    DONE = "done"


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order (from the leader), who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True)
class DealSummary:
    """A finished deal as the score sheet shows it: what was played, doubled and scored."""

    number: int
    """The deal's place in its session (1-based)."""
    declarer: int
    contract: Contract
    trump: Suit | None
    start_rank: Rank | None
    doubles: tuple[tuple[int, int], ...]
    raw: tuple[int, ...]
    final: tuple[int, ...]
    settlement: tuple[PairSettlement, ...]
    """Each doubled pair's payment (RULES.md §5)."""


class Event(NamedTuple):
    """What one action did (frozen): the deal's history is the list of these."""

    seat: int
    action: Action
    trick: Trick | None = None
    """The trick this card completed, with its winner."""
    out: int | None = None
    """Domino: the seat that went out with this card."""
    skipped: tuple[int, ...] = ()
    """Domino: the seats passed over after this card because they could not play."""
    summary: DealSummary | None = None
    """The deal ended with this action: its summary."""

    @property
    def over(self) -> bool:
        """Whether the deal ended with this action."""
        return self.summary is not None


@dataclass(frozen=True)
class View:
    """What one seat may know of a deal: its own hand and everything played in the open.

    Other seats' hands appear (``hands``) only once the deal is over.
    """

    seat: int
    rules: Rules
    phase: Phase
    declarer: int
    dealer: int
    to_move: int | None
    contract: Contract | None
    trump: Suit | None
    start_rank: Rank | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    legal: tuple[Action, ...]
    used_contracts: frozenset[Contract]
    doubles: tuple[tuple[int, int], ...]
    double_turns: int
    double_order: tuple[int, ...]
    """The seats in the order of their doubling turns (empty where the rules have no doubles)."""
    owed: tuple[int, ...]
    """Doubles of the declarer each seat owed in this block before this deal."""
    still_owed: tuple[int, ...]
    """Doubles of the declarer each seat still owes, counting this deal's."""
    deals_left: int
    must_double: bool
    shortcuts: tuple[tuple[str, frozenset[int]], ...]
    """The doubling shortcuts the rules offer this seat now, by name, with their targets
    (italian: ``maximum``, every seat it may double; ``family``, both its neighbours in a
    negative contract); each is one of the legal actions."""
    played: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    tricks_won: tuple[int, ...]
    captured: tuple[tuple[Card, ...], ...]
    domino_rows: tuple[tuple[int, int] | None, ...]
    out_order: tuple[int, ...]
    raw: tuple[int, ...] | None
    final: tuple[int, ...] | None
    settlement: tuple[PairSettlement, ...] | None
    """Each doubled pair's payment, once the deal is over."""
    hands: tuple[tuple[Card, ...], ...] | None


_PLAY = Phase.PLAY
"""The play phase, for the hot paths (a module name is found faster than a class attribute)."""

_PLAYED: tuple[tuple[tuple[int, Card], ...], ...] = tuple(
    tuple((seat, c) for c in CARDS) for seat in range(4)
)
"""``_PLAYED[seat][card]``: the ``(seat, card)`` pair of the play lists, made once."""
_PLAIN_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(seat, PLAYS[c]) for c in CARDS) for seat in range(4)
)
"""``_PLAIN_EVENTS[seat][card]``: the event of a card that neither ends a trick nor the deal
(events are immutable, so one of each serves every deal: replays make thousands)."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
        _check_hands(masks, rules)
        if isinstance(declarer, bool) or declarer not in (0, 1, 2, 3):
            raise RuleError(f"declarer must be a seat 0-3, not {quoted(declarer)}", "bad-seat")
        self.rules = rules
        self.declarer = declarer
        self.dealt: tuple[Mask, ...] = tuple(masks)
        self.hands: list[Mask] = list(masks)
        self.used = frozenset(used)
        self.owed = tuple(owed)
        self.deals_left = rules.block_size if deals_left is None else deals_left
        self.number = number
        """The deal's place in its session (1-based), for its summary."""
        self.from_start = True
        """Whether ``history`` starts at the deal (false for a state rebuilt from a view or with
        other hands, whose history starts there: ``at`` and ``undo`` need the whole story)."""
        self.phase = Phase.CONTRACT
        self.to_move: int | None = declarer
        self.crules: ContractRules | None = None
        self.trump: Suit | None = None
        self.trump_suit = -1
        """The trump suit as a number, -1 without trumps (for the hot paths)."""
        self.start_rank: Rank | None = None
        self.doubles: list[tuple[int, int]] = []
        self.double_turns = 0
        self.played: list[tuple[int, Card]] = []
        self.history: list[Event] = []
        # Trick contracts
        self.trick: list[tuple[int, Card]] = []
        self.best = -1
        self.winner = -1
        """The card taking the current trick so far, and its player."""
        self.tricks: list[Trick] = []
        self.tricks_won = [0, 0, 0, 0]
        self.captured: list[Mask] = [0, 0, 0, 0]
        self.hearts_broken = False
        # Domino
        self.playable: Mask = 0
        self.opener = -1
        self.out_order: list[int] = []

    # -- reading the state ------------------------------------------------------------------

    @property
    def contract(self) -> Contract | None:
        """The contract chosen, once it is."""
        return self.crules.contract if self.crules else None

    @property
    def is_over(self) -> bool:
        """Whether the deal is finished."""
        return self.phase is Phase.DONE

    def hand(self, seat: int) -> list[Card]:
        """A seat's remaining cards, in display order."""
        return cards_of(self.hands[seat])

    def must_double(self, seat: int) -> bool:
        """Whether ``seat`` may no longer pass on the declarer in this deal (RULES.md §4)."""
        return must_double(seat, self.declarer, self.owed, self.deals_left)

    def still_owed(self, seat: int) -> int:
        """The doubles of the declarer ``seat`` still owes in this block, this deal's counted."""
        return max(0, self.owed[seat] - ((seat, self.declarer) in self.doubles))

    @property
    def double_order(self) -> tuple[int, ...]:
        """The seats in the order of their doubling turns: declarer's left first, declarer last."""
        if not self.rules.doubling:
            return ()
        return tuple((self.declarer + k) % 4 for k in (1, 2, 3, 4))

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty once the deal is over)."""
        if self.phase is Phase.CONTRACT:
            return self._legal_contracts()
        if self.phase is Phase.DOUBLING:
            return [Double(frozenset(t)) for t in self._legal_double_sets()]
        if self.phase is Phase.PLAY:
            return [PLAYS[c] for c in cards_of(self.legal_mask())]
        return []

    def legal_mask(self) -> Mask:
        """The cards the player to move may play now, as a set (0 outside the play)."""
        return self._legal_cards() if self.phase is _PLAY else 0

    def _legal_cards(self) -> Mask:
        """``legal_mask`` in the play phase."""
        # Both are set in the play phase; no runtime check on this hot path.
        hand = self.hands[self.to_move]  # type: ignore[index]
        crules: ContractRules = self.crules  # type: ignore[assignment]
        if crules.domino is not None:
            return hand & self.playable
        trick = self.trick
        if not trick:
            return tricks.lead_mask(hand, tricks.restricts_lead(crules.lead, self.hearts_broken))
        led = trick[0][1] // 13
        trump = self.trump_suit
        if trump < 0:
            return hand & SUIT_MASKS[led] or hand  # follow suit, else anything (§2)
        return tricks.follow_mask(hand, led, trump, self._high_trump(), self.rules.trump_duty)

    def raw_scores(self) -> list[int]:
        """Raw scores of the contract (RULES.md §2, §3); final once the deal is over."""
        if self.crules is None:
            return [0, 0, 0, 0]
        if self.crules.domino is not None:
            return domino.place_scores(self._domino_ranking(), self.crules.domino.places)
        winners = [t.winner for t in self.tricks]
        return tricks.raw_trick_scores(self.crules, self.tricks_won, self.captured, winners)

    def final_scores(self) -> list[int]:
        """Deal scores after the doubles settlement (RULES.md §5)."""
        return settle(self.raw_scores(), self.doubles, self.rules)

    def summary(self) -> DealSummary | None:
        """The finished deal as the score sheet shows it; None until it is over."""
        if self.phase is not Phase.DONE or self.crules is None:
            return None
        raw = self.raw_scores()
        return DealSummary(
            self.number,
            self.declarer,
            self.crules.contract,
            self.trump,
            self.start_rank,
            tuple(self.doubles),
            tuple(raw),
            tuple(settle(raw, self.doubles, self.rules)),
            tuple(settlements(raw, self.doubles, self.rules)),
        )

    # -- the history --------------------------------------------------------------------------

    @property
    def actions(self) -> list[Action]:
        """Every action taken in this deal, in order (its record)."""
        return [event.action for event in self.history]

    def fresh(self) -> Deal:
        """The same deal as it was dealt: same hands and block context, no action taken."""
        return Deal(
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
        if not self.from_start:
            raise RuleError(
                "this state was rebuilt from a view: its history does not start at the deal",
                "bad-step",
            )
        if isinstance(count, bool) or not isinstance(count, int):
            raise RuleError(f"not a number of actions: {quoted(count)}", "bad-step")
        if not 0 <= count <= len(self.history):
            raise RuleError(
                f"this deal has {_plural(len(self.history), 'action')}, not {count}", "bad-step"
            )
        state = self.fresh()
        apply = state.apply
        for event in self.history[:count]:
            apply(event.action)
        return state

    def undo(self) -> Action:
        """Take back the last action (the state is as before it) and return it."""
        if not self.history:
            raise RuleError("there is no action to take back in this deal", "nothing-to-undo")
        last = self.history[-1].action
        self.rewind(len(self.history) - 1)
        return last

    def rewind(self, count: int) -> None:
        """Go back to the state after the first ``count`` actions (``at``, in place)."""
        self.__dict__.update(self.at(count).__dict__)

    def last_choice(self, seat: int) -> int | None:
        """Where in the history ``seat`` last had a choice (more than one legal action) and
        made it, or None: the decision a take-back returns to. An action that was the only
        legal one (a forced card, a forced double) is not a decision."""
        if not self.from_start:
            return None
        state, found = self.fresh(), None
        for index, event in enumerate(self.history):
            if event.seat == seat and len(state.legal_actions()) > 1:
                found = index
            state.apply(event.action)
        return found

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
        if self.phase is Phase.DONE:
            raise RuleError("the deal is over", "deal-over")
        phase = self.phase  # (an Enum hashes slowly: compared by identity, not looked up)
        kind = (
            ChooseContract
            if phase is Phase.CONTRACT
            else Double
            if phase is Phase.DOUBLING
            else Play
        )
        if isinstance(action, Double) and not self.rules.doubling:
            raise RuleError(f"the {self.rules.name} rules have no doubles", "no-doubles")
        if not isinstance(action, kind):
            wanted = {ChooseContract: "a contract", Double: "a doubling turn", Play: "a card"}
            raise RuleError(
                f"seat {self.to_move} must now choose {wanted[kind]}",
                "wrong-phase",
                phase=self.phase.value,
            )
        if isinstance(action, ChooseContract):
            self._check_contract(action)
        elif isinstance(action, Double):
            self._check_double(action)
        else:
            self._check_play(action)

    def apply(self, action: Action) -> Event:
        """Carry out ``action`` and return what it did (also appended to ``history``); an
        illegal one raises ``RuleError``, changing nothing."""
        seat = self.to_move
        if (
            type(action) is Play
            and self.phase is _PLAY
            and type(action.card) is Card
            and self._legal_cards() >> action.card & 1
        ):
            # The common case, checked by legal_mask alone (the play phase has a seat to move).
            event = self._play(seat, action)  # type: ignore[arg-type]
            self.history.append(event)
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
        self.history.append(event)
        return event

    def copy(self) -> Deal:
        """An independent copy of this state."""
        new = object.__new__(Deal)
        new.__dict__.update(self.__dict__)
        new.hands = self.hands[:]
        new.doubles = self.doubles[:]
        new.played = self.played[:]
        new.history = self.history[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        new.captured = self.captured[:]
        new.out_order = self.out_order[:]
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
        deal.hands = list(hands)
        deal.from_start = False
        deal.phase = view.phase
        deal.to_move = view.to_move
        deal.crules = rules.contract(view.contract) if view.contract is not None else None
        deal.trump, deal.start_rank = view.trump, view.start_rank
        deal.trump_suit = -1 if view.trump is None else int(view.trump)
        deal.doubles = list(view.doubles)
        deal.double_turns = view.double_turns
        deal.played = list(view.played)
        deal.trick = []
        for seat, c in view.trick:
            deal._add_to_trick(seat, c)
        deal.tricks = list(view.tricks)
        deal.tricks_won = list(view.tricks_won)
        for t in view.tricks:
            deal.captured[t.winner] |= mask_of(t.cards)
        deal.hearts_broken = view.hearts_broken
        deal.out_order = list(view.out_order)
        if deal.crules is not None and deal.crules.domino is not None:
            deal.opener = _opener(deal.crules)
            if view.phase is not Phase.DOUBLING:
                assert view.start_rank is not None  # a Domino's rank is known once it is chosen
                start = int(view.start_rank)
                deal.playable = domino.opening_mask(start, deal.opener)
                for _, c in view.played:
                    deal.playable = domino.grow(deal.playable, c, start, deal.opener)
        return deal

    def with_hands(self, hands: Sequence[Mask]) -> Deal:
        """A copy whose remaining hands are replaced (a determinization, for sampling bots).

        The new hands must hold the same number of cards as now, seat by seat, and none of the
        cards already played; only the state is copied, the history (``dealt``) is not rewritten.
        """
        if [h.bit_count() for h in hands] != [h.bit_count() for h in self.hands]:
            raise ValueError("replacement hands must keep each seat's number of cards")
        new = self.copy()
        new.hands = list(hands)
        new.from_start = False
        if new.phase is Phase.PLAY:
            assert new.crules is not None and new.to_move is not None  # set in the play phase
            if new.crules.is_domino and not new.hands[new.to_move] & new.playable:
                # Who moves in Domino depends on the hands: the first seat from here able to play.
                new.to_move = new._next_domino_player(new.to_move, include=True)
        return new

    # -- what a seat may see ----------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know now: never another seat's hidden cards before the end."""
        if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
            raise RuleError(f"not a seat (0-3): {quoted(seat)}", "bad-seat")
        over = self.is_over
        penalty = self.crules.penalty_mask if self.crules else 0
        rows: tuple[tuple[int, int] | None, ...] = ()
        if self.crules is not None and self.crules.is_domino:
            assert self.start_rank is not None  # a Domino's rank is known once it is chosen
            played = mask_of(c for _, c in self.played)
            rows = tuple(domino.rows(played, int(self.start_rank)))
        summary = self.summary()
        return View(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            declarer=self.declarer,
            dealer=(self.declarer + self.rules.dealer) % 4,
            to_move=self.to_move,
            contract=self.contract,
            trump=self.trump,
            start_rank=self.start_rank,
            hand=tuple(cards_of(self.hands[seat])),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            legal=tuple(self.legal_actions()) if self.to_move == seat else (),
            used_contracts=self.used,
            doubles=tuple(self.doubles),
            double_turns=self.double_turns,
            double_order=self.double_order,
            owed=self.owed,
            still_owed=tuple(self.still_owed(s) for s in range(4)),
            deals_left=self.deals_left,
            must_double=self.must_double(seat),
            shortcuts=self._shortcuts() if self.to_move == seat else (),
            played=tuple(self.played),
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            hearts_broken=self.hearts_broken,
            tricks_won=tuple(self.tricks_won),
            captured=tuple(tuple(cards_of(m & penalty)) for m in self.captured),
            domino_rows=rows,
            out_order=tuple(self.out_order),
            raw=summary.raw if summary else None,
            final=summary.final if summary else None,
            settlement=summary.settlement if summary else None,
            hands=tuple(tuple(cards_of(h)) for h in self.dealt) if over else None,
        )

    # -- contract ---------------------------------------------------------------------------

    def _legal_contracts(self) -> list[Action]:
        return list(legal_contracts(self.rules, self.used))

    def _check_contract(self, action: ChooseContract) -> None:
        check_contract(self.rules, self.used, action)

    def _choose(self, action: ChooseContract) -> None:
        self.crules = crules = self.rules.contract(action.contract)
        self.trump = action.trump
        self.trump_suit = -1 if action.trump is None else int(action.trump)
        self.start_rank = action.start_rank
        if crules.domino is not None:
            self.opener = _opener(crules)
            if crules.domino.start_rank is not None:
                self.start_rank = crules.domino.start_rank
        if self.rules.doubling:
            self.phase = Phase.DOUBLING
            self.to_move = (self.declarer + 1) % 4
        else:
            self._start_play()

    # -- doubling (RULES.md §4) -------------------------------------------------------------

    def _round(self) -> DoublingRound:
        """The doubling round so far, as ``barbu.calls`` checks it without the hands."""
        assert self.crules is not None  # chosen before the doubles
        doubles = tuple(self.doubles)
        positive = self.crules.positive
        return DoublingRound(
            self.declarer, positive, self.owed, self.deals_left, doubles, self.double_turns
        )

    def _legal_double_sets(self) -> list[tuple[int, ...]]:
        seat = self.to_move
        assert seat is not None  # in the doubling round
        return self._round().legal_sets(seat)

    def _shortcuts(self) -> tuple[tuple[str, frozenset[int]], ...]:
        """Pagat's doubling shortcuts for the seat to move, those that are legal (RULES.md §7)."""
        if not self.rules.double_shortcuts or self.phase is not Phase.DOUBLING:
            return ()
        seat = self.to_move
        assert seat is not None  # in the doubling round
        return self._round().shortcuts(seat)

    def _check_double(self, action: Double) -> None:
        self._round().check(action.targets)

    def _double(self, action: Double) -> None:
        seat = self.to_move
        assert seat is not None  # in the doubling round
        if action.targets:
            self.doubles.extend((seat, t) for t in sorted(action.targets))
        self.double_turns += 1
        if seat == self.declarer:
            self._start_play()
        else:
            self.to_move = (seat + 1) % 4

    # -- play -------------------------------------------------------------------------------

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        assert self.crules is not None  # chosen before the play
        rules = self.crules.domino
        if rules is not None:
            assert self.start_rank is not None  # a Domino's rank is known once it is chosen
            self.playable = domino.opening_mask(int(self.start_rank), self.opener)
            first = (self.declarer + rules.first) % 4
            self.to_move = self._next_domino_player(first, include=True)
        else:
            self.to_move = (self.declarer + self.rules.first_lead) % 4

    def _high_trump(self) -> int:
        """The highest trump in the current trick, or -1."""
        trump = self.trump_suit
        return self.best if self.trick and trump >= 0 and self.best // 13 == trump else -1

    def _check_play(self, action: Play) -> None:
        card = action.card
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            raise RuleError(f"not a card: {quoted(card)}", "bad-card")
        card = CARDS[card]
        seat = self.to_move
        assert seat is not None  # in the play phase
        bit = 1 << card
        if not self.hands[seat] & bit:
            raise RuleError(f"seat {seat} does not hold {card}", "not-held", card=str(card))
        if self.legal_mask() & bit:
            return
        raise self._why_illegal(card)

    def _why_illegal(self, card: Card) -> RuleError:
        """The reason a held card may not be played now."""
        assert self.crules is not None and self.to_move is not None  # in the play phase
        hand = self.hands[self.to_move]
        c = str(card)
        if self.crules.is_domino:
            if self.opener >= 0 and self.playable == 1 << self.opener:
                first = CARDS[self.opener]
                return RuleError(
                    f"the Domino opens with {first}, and only with it",
                    "domino-opener",
                    card=c,
                    opener=str(first),
                )
            return RuleError(
                f"{c} cannot be laid: it neither opens its suit nor extends its row",
                "domino-unplayable",
                card=c,
            )
        if not self.trick:
            if self.crules.lead is Lead.HEARTS_BROKEN:
                return RuleError(
                    "hearts may not be led before they are broken, while holding other suits",
                    "hearts-not-broken",
                    card=c,
                )
            return RuleError(
                "hearts may not be led while holding other suits", "heart-lead", card=c
            )
        led = Suit(self.trick[0][1] // 13)
        if hand & SUIT_MASKS[led]:
            if card.suit == led:
                return RuleError(
                    f"must play a trump higher than every trump in the trick ({c} is too low)",
                    "must-overtrump",
                    card=c,
                )
            return RuleError(f"must follow {led.symbol}", "must-follow", card=c, suit=led.char)
        if self.rules.trump_duty is TrumpDuty.WIN:
            return RuleError(
                f"void in {led.symbol}, must play a trump that wins the trick",
                "must-trump",
                card=c,
                suit=led.char,
            )
        # Only a trump contract refuses a card of a player void in the led suit.
        assert self.trump is not None
        high = self._high_trump()
        if high >= 0 and hand & SUIT_MASKS[int(self.trump)] & tricks.ABOVE[high]:
            return RuleError(
                f"void in {led.symbol}, must beat every trump in the trick",
                "must-overtrump-void",
                card=c,
                suit=led.char,
            )
        return RuleError(
            f"void in {led.symbol}, must play a trump", "must-ruff", card=c, suit=led.char
        )

    def _play(self, seat: int, action: Play) -> Event:
        card = action.card
        self.hands[seat] &= ~(1 << card)
        played = _PLAYED[seat][card]
        self.played.append(played)
        # crules is set in the play phase; no runtime check on this hot path.
        if self.crules.domino is not None:  # type: ignore[union-attr]
            return self._domino_play(seat, action)
        trick = self.trick
        if trick:
            suit = card // 13
            if suit == HEART_SUIT and trick[0][1] // 13 != HEART_SUIT:
                self.hearts_broken = True  # tricks.breaks_hearts, inlined on this hot path
            best = self.best
            if card > best if suit == best // 13 else suit == self.trump_suit:  # tricks.beats
                self.best, self.winner = card, seat
        else:
            self.best, self.winner = card, seat
        trick.append(played)
        if len(trick) < 4:
            self.to_move = (seat + 1) & 3
            return _PLAIN_EVENTS[seat][card]
        done = self._finish_trick()
        return Event(seat, action, done, None, (), self.summary())

    def _add_to_trick(self, seat: int, card: Card) -> None:
        """Put a card in the current trick, keeping the card that takes it (rebuilding a state)."""
        if not self.trick or tricks.beats(card, self.best, self.trump_suit):
            self.best, self.winner = card, seat
        self.trick.append((seat, card))

    def _finish_trick(self) -> Trick:
        trick = self.trick
        win_seat = self.winner
        cards_ = (trick[0][1], trick[1][1], trick[2][1], trick[3][1])
        done = Trick(trick[0][0], cards_, win_seat)
        self.tricks.append(done)
        self.tricks_won[win_seat] += 1
        captured = self.captured
        captured[win_seat] |= 1 << cards_[0] | 1 << cards_[1] | 1 << cards_[2] | 1 << cards_[3]
        self.trick = []
        self.to_move = win_seat
        end = self.crules.end_mask  # type: ignore[union-attr]  # set in the play phase (hot path)
        if len(self.tricks) == self.rules.hand_size or (
            end and (captured[0] | captured[1] | captured[2] | captured[3]) & end == end
        ):
            self.phase = Phase.DONE
            self.to_move = None
        return done

    # -- Domino -----------------------------------------------------------------------------

    def _next_domino_player(self, seat: int, include: bool) -> int | None:
        """The first seat from ``seat`` (or after it) still in the deal with a playable card."""
        return domino.next_player(self.hands, self.playable, seat, include)

    def _domino_play(self, seat: int, action: Play) -> Event:
        card = action.card
        # A Domino's rank is known once it is chosen (no runtime check on this hot path).
        start = self.start_rank.value  # type: ignore[union-attr]
        self.playable = playable = domino.grow(self.playable, card, start, self.opener)
        hands = self.hands
        after = (seat + 1) & 3
        if hands[seat] and hands[after] & playable:  # the usual case: the next seat plays
            self.to_move = after
            return _PLAIN_EVENTS[seat][card]
        out = None
        if not hands[seat]:
            self.out_order.append(seat)
            out = seat
            if len(self.out_order) == 3:
                self.phase = Phase.DONE
                self.to_move = None
                return Event(seat, action, out=out, summary=self.summary())
        nxt = self._next_domino_player(seat, include=False)
        assert nxt is not None  # while fewer than three are out, someone can play
        self.to_move = nxt
        # The seats between this one and the next to move (all three others when the same seat
        # plays again), unless they are out, could not play.
        between = ((seat + k) % 4 for k in range(1, (nxt - seat - 1) % 4 + 1))
        skipped = tuple(s for s in between if s not in self.out_order)
        return Event(seat, action, out=out, skipped=skipped)

    def _domino_ranking(self) -> list[int]:
        """Seats in finishing order so far; once the deal is over, the last one comes last."""
        if not self.is_over:
            return self.out_order
        return self.out_order + [s for s in range(4) if s not in self.out_order]


def _opener(crules: ContractRules) -> int:
    """The card that must open this Domino, or -1 when any card of the starting rank may."""
    opener = crules.domino.opener if crules.domino is not None else None
    return -1 if opener is None else opener


def _check_hands(masks: list[Mask], rules: Rules) -> None:
    if len(masks) != 4:
        raise RuleError(f"a deal needs 4 hands, not {len(masks)}", "bad-hands")
    seen = 0
    for seat, m in enumerate(masks):
        if m & ~rules.deck:
            odd = cards_of(m & ~rules.deck)[0]
            raise RuleError(
                f"{odd} is not in the {rules.deck.bit_count()}-card pack",
                "bad-hands",
                card=str(odd),
            )
        if m.bit_count() != rules.hand_size:
            raise RuleError(
                f"hand of seat {seat} has {m.bit_count()} cards, not {rules.hand_size}",
                "bad-hands",
                seat=seat,
            )
        if seen & m:
            dup = cards_of(seen & m)[0]
            raise RuleError(f"{dup} is dealt twice", "bad-hands", card=str(dup))
        seen |= m
