"""One deal as a state machine: contract choice, doubling round, play, done (RULES.md §1–5).

One small API for every player, human or bot, and for records and tests:
``phase``, ``to_move``, ``legal_actions()``, ``check(action)`` (raises ``RuleError`` with the
reason), ``can(action)``, ``apply(action)``, ``is_over``, ``raw_scores()``, ``final_scores()``,
``view(seat)`` and ``copy()``. Card sets are bitmasks inside; the API speaks ``Card``.

Decisions (RULES.md): the declarer leads the first trick and plays first in Domino, where players
who cannot play are skipped (passes are implicit); a negative deal ends early once every card that
scores is captured (§2); the doubling obligation of §4 is enforced from the block context the
session passes in (``owed`` doubles per seat and ``deals_left`` in the block, this one included).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Sequence

from . import domino, tricks
from .actions import Action, ChooseContract, Double, Play
from .cards import CARDS, SUIT_MASKS, Card, Mask, Rank, Suit, cards_of, mask_of
from .errors import RuleError
from .rules import STANDARD, Contract, ContractRules, Rules
from .scoring import final_scores as settle


class Phase(Enum):
    """Where a deal stands."""

    CONTRACT = "contract"
    DOUBLING = "doubling"
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the cards in play order (from the leader), who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True)
class View:
    """What one seat may know of a deal: its own hand and everything played in the open.

    Other seats' hands appear (``hands``) only once the deal is over.
    """

    seat: int
    phase: Phase
    declarer: int
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
    owed: tuple[int, ...]
    deals_left: int
    must_double: bool
    played: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    captured: tuple[tuple[Card, ...], ...]
    domino_rows: tuple[tuple[int, int] | None, ...]
    out_order: tuple[int, ...]
    raw: tuple[int, ...] | None
    final: tuple[int, ...] | None
    hands: tuple[tuple[Card, ...], ...] | None


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
    ) -> None:
        masks = [h if isinstance(h, int) else mask_of(h) for h in hands]
        _check_hands(masks, rules)
        if isinstance(declarer, bool) or declarer not in (0, 1, 2, 3):
            raise RuleError(f"declarer must be a seat 0-3, not {declarer!r}", "bad-seat")
        self.rules = rules
        self.declarer = declarer
        self.dealt: tuple[Mask, ...] = tuple(masks)
        self.hands: list[Mask] = list(masks)
        self.used = frozenset(used)
        self.owed = tuple(owed)
        self.deals_left = rules.block_size if deals_left is None else deals_left
        self.phase = Phase.CONTRACT
        self.to_move: int | None = declarer
        self.crules: ContractRules | None = None
        self.trump: Suit | None = None
        self.start_rank: Rank | None = None
        self.doubles: list[tuple[int, int]] = []
        self.double_turns = 0
        self.played: list[tuple[int, Card]] = []
        # Trick contracts
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0, 0, 0, 0]
        self.captured: list[Mask] = [0, 0, 0, 0]
        # Domino
        self.playable: Mask = 0
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
        owed = self.owed[seat]
        return seat != self.declarer and owed > 0 and owed >= self.deals_left

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty once the deal is over)."""
        if self.phase is Phase.CONTRACT:
            return self._legal_contracts()
        if self.phase is Phase.DOUBLING:
            return [Double(frozenset(t)) for t in self._legal_double_sets()]
        if self.phase is Phase.PLAY:
            return [Play(c) for c in cards_of(self.legal_mask())]
        return []

    def legal_mask(self) -> Mask:
        """The cards the player to move may play now, as a set (0 outside the play)."""
        if self.phase is not Phase.PLAY:
            return 0
        hand = self.hands[self.to_move]
        crules = self.crules
        if crules.is_domino:
            return hand & self.playable
        if not self.trick:
            return tricks.lead_mask(hand, crules.no_heart_lead)
        led = self.trick[0][1] // 13
        trump = -1 if self.trump is None else int(self.trump)
        return tricks.follow_mask(hand, led, trump, self._high_trump(), self.rules)

    def raw_scores(self) -> list[int]:
        """Raw scores of the contract (RULES.md §2, §3); final once the deal is over."""
        if self.crules is None:
            return [0, 0, 0, 0]
        if self.crules.is_domino:
            return domino.place_scores(self._domino_ranking(), self.rules.domino_places)
        winners = [t.winner for t in self.tricks]
        return tricks.raw_trick_scores(self.crules, self.tricks_won, self.captured, winners)

    def final_scores(self) -> list[int]:
        """Deal scores after the doubles settlement (RULES.md §5)."""
        return settle(self.raw_scores(), self.doubles, self.rules)

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
        expected = {Phase.CONTRACT: ChooseContract, Phase.DOUBLING: Double, Phase.PLAY: Play}
        kind = expected[self.phase]
        if not isinstance(action, kind):
            wanted = {ChooseContract: "a contract", Double: "a doubling turn", Play: "a card"}
            raise RuleError(
                f"seat {self.to_move} must now choose {wanted[kind]}", "wrong-phase",
                phase=self.phase.value,
            )
        if isinstance(action, ChooseContract):
            self._check_contract(action)
        elif isinstance(action, Double):
            self._check_double(action)
        else:
            self._check_play(action)

    def apply(self, action: Action) -> None:
        """Carry out ``action``; an illegal one raises ``RuleError``, changing nothing."""
        self.check(action)
        if isinstance(action, ChooseContract):
            self._choose(action)
        elif isinstance(action, Double):
            self._double(action)
        else:
            self._play(int(action.card))

    def copy(self) -> Deal:
        """An independent copy of this state."""
        new = object.__new__(Deal)
        new.__dict__.update(self.__dict__)
        new.hands = self.hands[:]
        new.doubles = self.doubles[:]
        new.played = self.played[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        new.captured = self.captured[:]
        new.out_order = self.out_order[:]
        return new

    @classmethod
    def from_view(cls, view: View, hands: Sequence[Mask], rules: Rules = STANDARD) -> Deal:
        """The full state a view describes, given every seat's remaining cards (a guess of the
        hidden ones, for sampling bots, or the true ones)."""
        played_by = [0, 0, 0, 0]
        for seat, c in view.played:
            played_by[seat] |= 1 << c
        dealt = [hands[s] | played_by[s] for s in range(4)]
        deal = cls(dealt, view.declarer, rules, view.used_contracts, view.owed, view.deals_left)
        deal.hands = list(hands)
        deal.phase = view.phase
        deal.to_move = view.to_move
        deal.crules = rules.contract(view.contract) if view.contract is not None else None
        deal.trump, deal.start_rank = view.trump, view.start_rank
        deal.doubles = list(view.doubles)
        deal.double_turns = view.double_turns
        deal.played = list(view.played)
        deal.trick = list(view.trick)
        deal.tricks = list(view.tricks)
        deal.tricks_won = list(view.tricks_won)
        for t in view.tricks:
            deal.captured[t.winner] |= mask_of(t.cards)
        deal.out_order = list(view.out_order)
        if view.start_rank is not None and view.phase is not Phase.DOUBLING:
            deal.playable = domino.opening_mask(int(view.start_rank))
            for _, c in view.played:
                deal.playable = domino.grow(deal.playable, c, int(view.start_rank))
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
        domino_turn = new.phase is Phase.PLAY and new.crules.is_domino
        if domino_turn and not new.hands[new.to_move] & new.playable:
            # Who moves in Domino depends on the hands: the first seat from here able to play.
            new.to_move = new._next_domino_player(new.to_move, include=True)
        return new

    # -- what a seat may see ----------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know now: never another seat's hidden cards before the end."""
        if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
            raise RuleError(f"not a seat (0-3): {seat!r}", "bad-seat")
        over = self.is_over
        penalty = self.crules.penalty_mask if self.crules else 0
        rows: tuple = ()
        if self.crules is not None and self.crules.is_domino:
            played = mask_of(c for _, c in self.played)
            rows = tuple(domino.rows(played, int(self.start_rank)))
        return View(
            seat=seat,
            phase=self.phase,
            declarer=self.declarer,
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
            owed=self.owed,
            deals_left=self.deals_left,
            must_double=self.must_double(seat),
            played=tuple(self.played),
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            tricks_won=tuple(self.tricks_won),
            captured=tuple(tuple(cards_of(m & penalty)) for m in self.captured),
            domino_rows=rows,
            out_order=tuple(self.out_order),
            raw=tuple(self.raw_scores()) if over else None,
            final=tuple(self.final_scores()) if over else None,
            hands=tuple(tuple(cards_of(h)) for h in self.dealt) if over else None,
        )

    # -- contract ---------------------------------------------------------------------------

    def _legal_contracts(self) -> list[Action]:
        out: list[Action] = []
        for crules in self.rules.contracts:
            c = crules.contract
            if c in self.used:
                continue
            if crules.has_trump:
                out.extend(ChooseContract(c, trump=s) for s in Suit)
            elif crules.is_domino:
                out.extend(ChooseContract(c, start_rank=r) for r in reversed(Rank))
            else:
                out.append(ChooseContract(c))
        return out

    def _check_contract(self, action: ChooseContract) -> None:
        c = action.contract
        if not isinstance(c, Contract) or c not in self.rules._by_contract:
            raise RuleError(f"not a contract of these rules: {c!r}", "bad-contract")
        if c in self.used:
            raise RuleError(
                f"{c.value} was already played in this block", "contract-used", contract=c.value
            )
        crules = self.rules.contract(c)
        if crules.has_trump != (action.trump is not None):
            if crules.has_trump:
                raise RuleError(f"{c.value} needs a trump suit", "trump-missing")
            raise RuleError(f"only trumps takes a trump suit, not {c.value}", "trump-unexpected")
        if crules.is_domino != (action.start_rank is not None):
            if crules.is_domino:
                raise RuleError(f"{c.value} needs a starting rank", "rank-missing")
            raise RuleError(f"only domino takes a starting rank, not {c.value}", "rank-unexpected")
        if action.trump is not None and not isinstance(action.trump, Suit):
            raise RuleError(f"not a suit: {action.trump!r}", "bad-suit")
        if action.start_rank is not None and not isinstance(action.start_rank, Rank):
            raise RuleError(f"not a rank: {action.start_rank!r}", "bad-rank")

    def _choose(self, action: ChooseContract) -> None:
        self.crules = self.rules.contract(action.contract)
        self.trump = action.trump
        self.start_rank = action.start_rank
        if self.rules.doubling:
            self.phase = Phase.DOUBLING
            self.to_move = (self.declarer + 1) % 4
        else:
            self._start_play()

    # -- doubling (RULES.md §4) -------------------------------------------------------------

    def _double_scope(self, seat: int) -> set[int]:
        """The seats ``seat`` may double or redouble on his turn."""
        d = self.declarer
        if seat == d:
            return {a for a, b in self.doubles if b == d}
        if self.crules.positive:
            return {d}
        return {s for s in range(4) if s != seat}

    def _legal_double_sets(self) -> list[tuple[int, ...]]:
        seat = self.to_move
        scope = sorted(self._double_scope(seat))
        forced = self.must_double(seat)
        out = []
        for n in range(len(scope) + 1):
            for subset in combinations(scope, n):
                if forced and self.declarer not in subset:
                    continue
                out.append(subset)
        return out

    def _check_double(self, action: Double) -> None:
        seat, d = self.to_move, self.declarer
        scope = self._double_scope(seat)
        for target in action.targets:
            if isinstance(target, bool) or target not in (0, 1, 2, 3):
                raise RuleError(f"not a seat: {target!r}", "bad-seat")
        for target in sorted(action.targets):
            if target == seat:
                raise RuleError("a player cannot double himself", "double-self")
            if target in scope:
                continue
            if seat == d:
                raise RuleError(
                    "the declarer may only redouble players who doubled him; "
                    f"seat {target} did not",
                    "redouble-not-doubled", target=target,
                )
            raise RuleError(
                f"in a positive contract only the declarer (seat {d}) may be doubled",
                "double-positive", target=target,
            )
        if self.must_double(seat) and d not in action.targets:
            owed = self.owed[seat]
            raise RuleError(
                f"must double the declarer: {_plural(owed, 'double')} owed, "
                f"{_plural(self.deals_left, 'deal')} left",
                "must-double", owed=owed, left=self.deals_left,
            )

    def _double(self, action: Double) -> None:
        seat = self.to_move
        self.doubles.extend((seat, t) for t in sorted(action.targets))
        self.double_turns += 1
        if seat == self.declarer:
            self._start_play()
        else:
            self.to_move = (seat + 1) % 4

    # -- play -------------------------------------------------------------------------------

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        if self.crules.is_domino:
            self.playable = domino.opening_mask(int(self.start_rank))
            self.to_move = self._next_domino_player(self.declarer, include=True)
        else:
            self.to_move = self.declarer

    def _high_trump(self) -> int:
        """The highest trump in the current trick, or -1."""
        if self.trump is None:
            return -1
        lo = 13 * self.trump
        best = -1
        for _, c in self.trick:
            if lo <= c < lo + 13 and c > best:
                best = c
        return best

    def _check_play(self, action: Play) -> None:
        card = action.card
        if not isinstance(card, int) or not 0 <= card < 52:
            raise RuleError(f"not a card: {card!r}", "bad-card")
        card = CARDS[card]
        seat = self.to_move
        bit = 1 << card
        if not self.hands[seat] & bit:
            raise RuleError(f"seat {seat} does not hold {card}", "not-held", card=str(card))
        if self.legal_mask() & bit:
            return
        raise self._why_illegal(card)

    def _why_illegal(self, card: Card) -> RuleError:
        """The reason a held card may not be played now."""
        hand = self.hands[self.to_move]
        c = str(card)
        if self.crules.is_domino:
            return RuleError(
                f"{c} cannot be laid: it neither opens its suit nor extends its row",
                "domino-unplayable", card=c,
            )
        if not self.trick:
            return RuleError(
                "hearts may not be led while holding other suits", "heart-lead", card=c
            )
        led = Suit(self.trick[0][1] // 13)
        if hand & SUIT_MASKS[led]:
            if card.suit == led:
                return RuleError(
                    f"must play a trump higher than every trump in the trick ({c} is too low)",
                    "must-overtrump", card=c,
                )
            return RuleError(f"must follow {led.symbol}", "must-follow", card=c, suit=led.char)
        return RuleError(
            f"void in {led.symbol}, must play a trump that wins the trick", "must-trump", card=c,
            suit=led.char,
        )

    def _play(self, card: int) -> None:
        seat = self.to_move
        self.hands[seat] &= ~(1 << card)
        self.played.append((seat, CARDS[card]))
        if self.crules.is_domino:
            self._domino_play(seat, card)
            return
        self.trick.append((seat, CARDS[card]))
        if len(self.trick) < 4:
            self.to_move = (seat + 1) % 4
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        trump = -1 if self.trump is None else int(self.trump)
        win_seat, best = self.trick[0]
        for s, c in self.trick[1:]:
            if tricks.beats(c, best, trump):
                win_seat, best = s, c
        self.tricks.append(Trick(self.trick[0][0], tuple(c for _, c in self.trick), win_seat))
        self.tricks_won[win_seat] += 1
        self.captured[win_seat] |= mask_of(c for _, c in self.trick)
        self.trick = []
        self.to_move = win_seat
        penalty = self.crules.penalty_mask
        all_captured = self.captured[0] | self.captured[1] | self.captured[2] | self.captured[3]
        last = len(self.tricks) == self.rules.hand_size
        early = self.rules.early_end and penalty and all_captured & penalty == penalty
        if last or early:
            self.phase = Phase.DONE
            self.to_move = None

    # -- Domino -----------------------------------------------------------------------------

    def _next_domino_player(self, seat: int, include: bool) -> int | None:
        """The first seat from ``seat`` (or after it) still in the deal with a playable card."""
        return domino.next_player(self.hands, self.playable, seat, include)

    def _domino_play(self, seat: int, card: int) -> None:
        self.playable = domino.grow(self.playable, card, int(self.start_rank))
        if not self.hands[seat]:
            self.out_order.append(seat)
            if len(self.out_order) == 3:
                self.phase = Phase.DONE
                self.to_move = None
                return
        self.to_move = self._next_domino_player(seat, include=False)

    def _domino_ranking(self) -> list[int]:
        """Seats in finishing order so far; once the deal is over, the last one comes last."""
        if not self.is_over:
            return self.out_order
        return self.out_order + [s for s in range(4) if s not in self.out_order]


def _check_hands(masks: list[Mask], rules: Rules) -> None:
    if len(masks) != 4:
        raise RuleError(f"a deal needs 4 hands, not {len(masks)}", "bad-hands")
    seen = 0
    for seat, m in enumerate(masks):
        if m.bit_count() != rules.hand_size:
            raise RuleError(
                f"hand of seat {seat} has {m.bit_count()} cards, not {rules.hand_size}",
                "bad-hands", seat=seat,
            )
        if seen & m:
            dup = cards_of(seen & m)[0]
            raise RuleError(f"{dup} is dealt twice", "bad-hands", card=str(dup))
        seen |= m
