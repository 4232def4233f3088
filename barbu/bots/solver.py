"""An exact solver for open positions: every hand known, the best outcome for one seat.

``solve(deal, seat=None)`` takes a ``Deal`` in its play phase (all four hands known: a real deal,
or one sampled by a computer player with ``Deal.with_hands``/``Deal.from_view``) and returns a
``Solution``: the seat's score at the end of the deal under best play, and the best cards of the
player to move. ``move_values(deal)`` gives the exact value of every legal card (what a
perfect-information Monte Carlo player averages over its samples); ``best_card(deal)`` one best
card. Every contract of every preset is solved with its own rules (``Deal.rules``: the lead
restriction and hearts broken, the trump duties, the early ends, each contract's scoring), and
Domino as the race it is (the order of going out, RULES.md §3).

The search model (decisions):

- **Paranoid** (the default): the seat solved for maximises its score and the three others play
  together to minimise it. The four players play for themselves (RULES.md §1), so this is not
  how they play: it is the seat's *security value*, what it gets whatever the others do. It is
  chosen because it makes the game two-sided and zero-sum, so alpha-beta cut-offs and a table
  of bounds apply, and because its value is well defined (no tie-breaking) and cautious. Against
  real opponents it is pessimistic: the others are assumed to sacrifice their own scores to hurt
  this one.
- **max^n** (``model="maxn"``): every player maximises its own score, each anticipating the
  others doing the same; the value is a vector of four scores. Closer to how the players play,
  but it admits only shallow pruning, and a player indifferent between cards that treat the
  others differently needs a rule: here such ties are broken against the seat solved for (the
  paranoid rule, as a tie-break), then by the lowest card number. Use it for small endings.
- **The score is the settled one** (``settled=True``, the default): a seat's deal score is its
  raw score plus its transfers with the pairs it doubled or was doubled in (RULES.md §5), a
  linear function of the four raw scores, ``sum(w[t] * raw[t])``. The solver maximises that,
  because that is what the seat banks: after Ben doubled Ada in No Queens, Ada gains from every
  queen Ben takes, and Ben from every queen Ada takes. ``settled=False`` solves the raw score.
- **Lower is better in fr32** (``Rules.goal``, whose points are penalties): the value is always
  written as the score sheet writes it, and the seat then looks for the lowest.

Values are the seat's score for the whole deal (points already taken included). The search
itself counts only the points still to come, so positions reached by different histories share
their table entries.

How it is fast, on card sets as bitmasks (``barbu.cards``), in the paranoid model:

- **alpha-beta** driven by null-window searches (MTD(f): each pass asks only "is the value at
  least v?", and the table keeps what each pass learnt), fail-soft; the value of each card at
  the root (``move_values``, ``best_moves``) reuses the same table. **Move ordering**: a lead
  tries the table's card first, then the cards that caused cut-offs before (history); a follower
  tries its highest card first, except that the seat solved for, when it wants no tricks, first
  tries its highest card that does not take the trick (both measured against the alternatives:
  fewest positions searched);
- **equivalent cards merged**: cards of one hand, in one suit, with no live card of another
  seat (in a hand or in the current trick) between them, and scoring the same, lead to the same
  outcome: one of them is searched;
- a **transposition table** at the start of each trick (bounds and the best card). Its key is
  **rank-relative**: in each suit, whose are the live cards in rank order, and where the scoring
  cards stand among them; so positions that differ only by cards gone meet in the table;
- **cut-offs from the points left**: at each trick's start the points still to be taken (scoring
  cards still in the hands, scoring tricks still to play) bound the value; when none remain (No
  Queens once the queens are gone, No King of Hearts once K♥ is, the rules that play on after
  that included) the value is known at once, and a bound outside the search window ends the
  node: No Last Two is bounded by its two scoring tricks from the start, a Salad by all five
  scorings; the last trick is played without search;
- Domino: the same table (keyed by the four hands and the seat to move) and bounds from the
  places still to give, found over the orders the seats still in can go out in.

max^n uses the merging, the table (exact outcome vectors) and "no point left", not alpha-beta.

What it costs (``tools/bench/solver.py``, CPython 3.11, CPU time, medians): the last 6 tricks
take 1 to 25 ms; the last 8, 7 ms (Domino) to 20 ms (Trumps), 50 ms (No King of Hearts), 0.3 s
(No Hearts) and about 1 s (No Tricks, No Queens, No Last Two); a whole deal is out of reach in
pure Python except in Domino (a few ms) and sometimes No King of Hearts. Each trick left
multiplies the work by about nine: at each of their turns every card of the three others must
be answered. A search gives up with ``SearchLimit`` at ``Solver.node_limit`` or
``Solver.time_limit``.

For a computer player (perfect-information Monte Carlo): deal the hidden cards as a view allows
(``bots.knowledge.Sampler``), rebuild each sample (``Deal.from_view``), and average
``Solver(time_limit=...).move_values(sample)`` over the samples, while the position is small
enough; before that, play out with the heuristics (``bots.simulate``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import permutations
from typing import Literal

from ..cards import CARDS, FULL_DECK, HEARTS, SUIT_MASKS, Card, Mask
from ..deal import Deal, Phase
from ..domino import grow
from ..rules import ContractRules, Lead, Rules
from ..scoring import pair_factors
from ..tricks import follow_mask

Model = Literal["paranoid", "maxn"]
Deadline = tuple[Callable[[], float], float] | None
"""A clock and the time on it at which a search gives up, or None."""
MODELS: tuple[Model, ...] = ("paranoid", "maxn")

INF = 1 << 30
"""Beyond any score (an open search window)."""

NOT_HEARTS: Mask = FULL_DECK & ~HEARTS
BELOW: tuple[Mask, ...] = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(52))
"""``BELOW[c]``: the cards of ``c``'s suit lower than ``c``."""
UP_TO: tuple[Mask, ...] = tuple(SUIT_MASKS[c // 13] & ((2 << c) - 1) for c in range(52))
"""``UP_TO[c]``: ``c`` and the cards of its suit lower than it."""


class SearchLimit(Exception):
    """The search met its ``node_limit`` or ``time_limit`` before finishing (the position is
    too big)."""


@dataclass(frozen=True)
class Solution:
    """A solved position: ``seat``'s score at the end of the deal under best play."""

    seat: int
    """The seat whose score ``value`` is."""
    value: int
    """Its deal score at the end (settled or raw, see ``settled``), as the score sheet writes
    it (in fr32 lower is better)."""
    best_moves: tuple[Card, ...]
    """The cards of the player to move that reach ``value`` under the model (for ``maxn``: that
    give the player to move its best score), lowest card number first; empty once it is over."""
    model: Model
    settled: bool
    scores: tuple[int, ...] | None = None
    """``maxn``: the four seats' scores at the end of the line found."""
    nodes: int = 0
    """The work done (paranoid): tricks whose start was searched (Domino: positions)."""


def score_weights(deal: Deal, seat: int, settled: bool = True) -> tuple[int, int, int, int]:
    """``w`` such that ``seat``'s deal score is ``sum(w[t] * raw[t])`` (RULES.md §5): its raw
    score plus, for each pair it is in, the difference of raw scores, times the pair's factor."""
    w = [0, 0, 0, 0]
    w[seat] = 1
    if settled:
        for (a, b), kind in pair_factors(deal.doubles).items():
            if seat in (a, b):
                factor = deal.rules.mutual_factor if kind == 2 else 1
                w[seat] += factor
                w[b if seat == a else a] -= factor
    return w[0], w[1], w[2], w[3]


@lru_cache(maxsize=64)
def _card_points(crules: ContractRules) -> tuple[int, ...]:
    """Each card's raw points to the seat that captures it."""
    points = [0] * 52
    for mask, value in crules.card_values:
        for c in range(52):
            if mask >> c & 1:
                points[c] += value
    return tuple(points)


@lru_cache(maxsize=64)
def card_classes(crules: ContractRules) -> tuple[Mask, ...] | None:
    """For each card, the cards that score exactly like it (None: all cards score alike)."""
    if not crules.card_values:
        return None
    key = [tuple(bool(mask >> c & 1) for mask, _ in crules.card_values) for c in range(52)]
    return tuple(sum(1 << d for d in range(52) if key[d] == key[c]) for c in range(52))


def groups(legal: Mask, others: Mask, classes: tuple[Mask, ...] | None) -> list[Mask]:
    """``legal`` split into sets of equivalent cards, highest first: cards of one suit with no
    card of ``others`` between them (the live cards of the other seats and of the trick), and
    in the same scoring class. Playing any card of a set leads to the same outcome."""
    out = []
    while legal:
        c = legal.bit_length() - 1
        group = legal & UP_TO[c]
        sep = others & BELOW[c]
        if sep:
            group &= -(1 << sep.bit_length())
        if classes is not None:
            group &= classes[c]
        out.append(group)
        legal ^= group
    return out


class _Pext(dict[int, int]):
    """``pext[L << 13 | H]``: the bits of ``H`` at the places of the bits of ``L``, packed
    (the cards of a hand in one suit, numbered among the live cards of that suit)."""

    def __missing__(self, x: int) -> int:
        live, held = x >> 13, x & 0x1FFF
        out = i = 0
        while live:
            low = live & -live
            if held & low:
                out |= 1 << i
            i += 1
            live ^= low
        self[x] = out
        return out


_PEXT = _Pext()


class _Position:
    """The open position of a trick contract, read from a deal, as the search needs it."""

    def __init__(self, deal: Deal) -> None:
        state = deal.masks()
        crules, seat = state.crules, state.to_move
        assert crules is not None and seat is not None  # a deal in its play phase
        rules: Rules = deal.rules
        self.crules = crules
        self.hands = state.hands
        self.seat = seat
        self.trump = state.trump
        self.duty = rules.trump_duty
        self.hand_size = rules.hand_size
        self.card_points = _card_points(crules)
        self.classes = card_classes(crules)
        tp = [crules.per_trick] * rules.hand_size
        for index, value in crules.trick_values:
            if index < len(tp):
                tp[index] += value
        self.trick_points = tp
        self.end_mask = crules.end_mask
        self.lead_rule = crules.lead
        self.deck = rules.deck
        self.trick = state.trick
        self.index = len(state.winners)
        self.broken = state.hearts_broken or crules.lead is not Lead.HEARTS_BROKEN
        self.best = state.best
        self.win = state.winner
        trump = self.trump
        self.high = self.best if self.trick and trump >= 0 and self.best // 13 == trump else -1


class _TrickSearch:
    """Paranoid alpha-beta on a trick contract for one maximising seat (see the module's
    docstring). ``value(alpha, beta)`` searches the root; the table is kept between calls."""

    def __init__(
        self,
        pos: _Position,
        root: int,
        weights: tuple[int, ...],
        merge: bool,
        table: bool,
        cutoffs: bool,
        node_limit: int | None,
        table_size: int,
        deadline: Deadline,
    ) -> None:
        self.pos = pos
        hands = pos.hands
        W = weights
        wmax, wmin = max(W), min(W)
        trump, duty = pos.trump, pos.duty
        cp, tp = pos.card_points, pos.trick_points
        last = pos.hand_size - 1
        end_mask = pos.end_mask
        classes = pos.classes if merge else None
        suit_masks = SUIT_MASKS
        card_values = [(m, v) for m, v in pos.crules.card_values if v]
        # The points of the tricks from index i on: positive and negative parts.
        pos_from = [0] * (pos.hand_size + 1)
        neg_from = [0] * (pos.hand_size + 1)
        for i in range(pos.hand_size - 1, -1, -1):
            pos_from[i] = pos_from[i + 1] + max(tp[i], 0)
            neg_from[i] = neg_from[i + 1] + min(tp[i], 0)
        always_restricted = pos.lead_rule is Lead.NO_HEARTS
        hearts_broken_rule = pos.lead_rule is Lead.HEARTS_BROKEN
        # Whether the seat solved for would rather not take tricks (ordering only).
        root_ducks = W[root] * (sum(cp) + sum(tp)) < 0
        tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.tt = tt
        history = [0] * 52
        limit = INF if node_limit is None else node_limit
        counter = [0]
        pext = _PEXT
        bases = [13 * s for s in range(4) if pos.deck & SUIT_MASKS[s]]
        # Where the scoring classes split a suit: their pattern among the live cards is part of
        # the relative key.
        class_segs = []
        for mask, _ in pos.crules.card_values:
            for base in bases:
                seg, whole = (mask >> base) & 0x1FFF, (pos.deck >> base) & 0x1FFF
                if seg & whole not in (0, whole) and (base, seg) not in class_segs:
                    class_segs.append((base, seg))

        def relative_key(seat: int, broken: bool) -> tuple[int, ...]:
            """The position up to the cards gone: in each suit, whose are the live cards in
            rank order (and which of them score what); two positions with the same key play
            out alike."""
            h0, h1, h2, h3 = hands
            live = h0 | h1 | h2 | h3
            parts = [seat | broken << 2]
            for base in bases:
                seg = (live >> base) & 0x1FFF
                at = seg << 13
                parts.append(
                    seg.bit_count()
                    | pext[at | (h0 >> base) & 0x1FFF] << 4
                    | pext[at | (h1 >> base) & 0x1FFF] << 17
                    | pext[at | (h2 >> base) & 0x1FFF] << 30
                )
            for base, cseg in class_segs:
                parts.append(pext[((live >> base) & 0x1FFF) << 13 | cseg])
            return tuple(parts)

        def bounds(live: Mask, idx: int) -> tuple[int, int]:
            """Bounds of the points still to come for the maximiser: each point goes to one
            seat, so it adds between ``wmin`` and ``wmax`` times itself."""
            plus, minus = pos_from[idx], neg_from[idx]
            for mask, value in card_values:
                n = (live & mask).bit_count()
                if n:
                    if value > 0:
                        plus += value * n
                    else:
                        minus += value * n
            return wmin * plus + wmax * minus, wmax * plus + wmin * minus

        def last_trick(seat: int) -> int:
            """The last trick, every card forced."""
            c = hands[seat].bit_length() - 1
            best, win, pts = c, seat, cp[c]
            for k in (1, 2, 3):
                s = (seat + k) & 3
                d = hands[s].bit_length() - 1
                pts += cp[d]
                if d > best if d // 13 == best // 13 else d // 13 == trump:
                    best, win = d, s
            return W[win] * (pts + tp[last])

        def node(
            seat: int,
            k: int,
            led: int,
            best: int,
            win: int,
            high: int,
            inmask: Mask,
            pts: int,
            idx: int,
            broken: bool,
            alpha: int,
            beta: int,
        ) -> int:
            h = hands[seat]
            maximising = seat == root
            key: tuple[int, ...] | None = None
            a0, b0 = alpha, beta
            lo, hi = -INF, INF
            tmove = -1
            if k == 0:
                if idx == last:
                    return last_trick(seat)
                live = hands[0] | hands[1] | hands[2] | hands[3]
                if cutoffs:
                    lo, hi = bounds(live, idx)
                    if lo >= beta or lo == hi:
                        return lo
                    if hi <= alpha:
                        return hi
                n = counter[0] = counter[0] + 1
                if n > limit or (
                    deadline is not None and n & 63 == 1 and deadline[0]() > deadline[1]
                ):
                    raise SearchLimit(f"stopped after {n} tricks searched")
                if table:
                    key = relative_key(seat, broken)
                    entry = tt.get(key)
                    if entry is not None:
                        elo, ehi, tmove = entry
                        if elo > lo:
                            lo = elo
                        if ehi < hi:
                            hi = ehi
                        if lo >= beta or lo == hi:
                            return lo
                        if hi <= alpha:
                            return hi
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
                    a0, b0 = alpha, beta
                if always_restricted or (hearts_broken_rule and not broken):
                    legal = h & NOT_HEARTS or h
                else:
                    legal = h
                others = live & ~h
            else:
                if trump < 0:
                    legal = h & suit_masks[led] or h
                else:
                    legal = follow_mask(h, led, trump, high, duty)
                others = (hands[0] | hands[1] | hands[2] | hands[3] | inmask) & ~h
            if legal & (legal - 1) == 0:
                moves = [legal.bit_length() - 1]
            elif merge:
                moves = [g.bit_length() - 1 for g in groups(legal, others, classes)]
            else:
                moves = [c for c in range(52) if legal >> c & 1]
            if len(moves) > 1:
                if k == 0:
                    moves.sort(key=history.__getitem__, reverse=True)
                    if tmove >= 0:
                        # The table's card, stored by its rank among the live cards of its suit.
                        base = 13 * (tmove >> 4)
                        for c in moves:
                            if c - base < 13 and c >= base:
                                below = (live >> base) & ((1 << (c - base)) - 1)
                                if below.bit_count() == tmove & 15:
                                    moves.remove(c)
                                    moves.insert(0, c)
                                    break
                elif maximising and root_ducks:
                    # The others' cards highest first (measured best); the seat solved for
                    # first tries its highest card that does not take the trick.
                    for i, c in enumerate(moves):
                        if not (c > best if c // 13 == best // 13 else c // 13 == trump):
                            if i:
                                moves.insert(0, moves.pop(i))
                            break

            value = -INF if maximising else INF
            move = moves[0]
            nxt = (seat + 1) & 3
            for c in moves:
                bit = 1 << c
                hands[seat] = h ^ bit
                if k == 0:
                    v = node(
                        nxt,
                        1,
                        c // 13,
                        c,
                        seat,
                        c if c // 13 == trump else -1,
                        bit,
                        cp[c],
                        idx,
                        broken,
                        alpha,
                        beta,
                    )
                else:
                    suit = c // 13
                    nb = broken or (suit == 1 and led != 1)
                    if c > best if suit == best // 13 else suit == trump:
                        nbest, nwin, nhigh = c, seat, (c if suit == trump else high)
                    else:
                        nbest, nwin, nhigh = best, win, high
                    if k < 3:
                        v = node(
                            nxt, k + 1, led, nbest, nwin, nhigh, inmask | bit, pts + cp[c],
                            idx, nb, alpha, beta,
                        )  # fmt: skip
                    else:
                        gain = W[nwin] * (pts + cp[c] + tp[idx])
                        if end_mask and not (
                            (hands[0] | hands[1] | hands[2] | hands[3]) & end_mask
                        ):
                            v = gain  # the deal ends early (RULES.md §2)
                        else:
                            v = gain + node(
                                nwin, 0, -1, -1, -1, -1, 0, 0, idx + 1, nb,
                                alpha - gain, beta - gain,
                            )  # fmt: skip
                hands[seat] = h
                if maximising:
                    if v > value:
                        value, move = v, c
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                history[c] += 1 << (last - idx)
                                break
                elif v < value:
                    value, move = v, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            history[c] += 1 << (last - idx)
                            break
            if key is not None:
                if value <= a0:
                    hi = value
                elif value >= b0:
                    lo = value
                else:
                    lo = hi = value
                if len(tt) >= table_size:
                    tt.clear()
                base = move - move % 13
                rel = ((live >> base) & ((1 << (move - base)) - 1)).bit_count()
                tt[key] = (lo, hi, (move // 13) << 4 | rel)
            return value

        self.node = node
        self.counter = counter
        self.weights = W

    def value(self, alpha: int = -INF, beta: int = INF) -> int:
        """The root's value (fail-soft: outside ``(alpha, beta)`` a bound on that side)."""
        p = self.pos
        k = len(p.trick)
        led = p.trick[0] // 13 if p.trick else -1
        return self.node(
            p.seat, k, led, p.best, p.win, p.high, _mask(p.trick),
            sum(p.card_points[c] for c in p.trick), p.index, p.broken, alpha, beta,
        )  # fmt: skip

    def after(self, card: int, alpha: int, beta: int) -> int:
        """The value once the player to move at the root plays ``card`` (fail-soft)."""
        p = self.pos
        hands, seat, cp, tp = p.hands, p.seat, p.card_points, p.trick_points
        h = hands[seat]
        hands[seat] = h ^ (1 << card)
        try:
            trick = [*p.trick, card]
            led = trick[0] // 13
            best, win, high = p.best, p.win, p.high
            if len(trick) == 1:
                best, win, high = card, seat, (card if card // 13 == p.trump else -1)
            elif card > best if card // 13 == best // 13 else card // 13 == p.trump:
                best, win = card, seat
                if card // 13 == p.trump:
                    high = card
            broken = p.broken or (card // 13 == 1 and led != 1)
            pts = sum(cp[c] for c in trick)
            if len(trick) < 4:
                return self.node(
                    (seat + 1) & 3, len(trick), led, best, win, high, _mask(trick), pts,
                    p.index, broken, alpha, beta,
                )  # fmt: skip
            gain = self.weights[win] * (pts + tp[p.index])
            live = hands[0] | hands[1] | hands[2] | hands[3]
            if p.index == p.hand_size - 1 or (p.end_mask and not live & p.end_mask):
                return gain
            return gain + self.node(
                win, 0, -1, -1, -1, -1, 0, 0, p.index + 1, broken, alpha - gain, beta - gain
            )
        finally:
            hands[seat] = h

    def root_groups(self) -> list[Mask]:
        """The root's legal cards in sets of equivalent cards."""
        p = self.pos
        h = p.hands[p.seat]
        others = (p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3] | _mask(p.trick)) & ~h
        return groups(_root_legal(p), others, p.classes)


def _root_legal(p: _Position) -> Mask:
    """The cards the player to move at the root may play."""
    h = p.hands[p.seat]
    if not p.trick:
        restricted = p.lead_rule is Lead.NO_HEARTS or (
            p.lead_rule is Lead.HEARTS_BROKEN and not p.broken
        )
        return h & NOT_HEARTS or h if restricted else h
    led = p.trick[0] // 13
    if p.trump < 0:
        return h & SUIT_MASKS[led] or h
    return follow_mask(h, led, p.trump, p.high, p.duty)


def _mask(cards_: list[int]) -> Mask:
    m = 0
    for c in cards_:
        m |= 1 << c
    return m


class _DominoSearch:
    """Paranoid alpha-beta on a Domino for one maximising seat: the race to go out
    (RULES.md §3). The position is the four hands, the layout's playable cards and the seat to
    move; the value the weighted places still to give."""

    def __init__(
        self,
        deal: Deal,
        root: int,
        weights: tuple[int, ...],
        table: bool,
        cutoffs: bool,
        node_limit: int | None,
        table_size: int,
        deadline: Deadline,
    ) -> None:
        state = deal.masks()
        crules, seat = state.crules, state.to_move
        assert crules is not None and crules.domino is not None and state.start >= 0
        assert seat is not None
        self.hands = hands = state.hands
        self.seat = seat
        self.playable = state.playable
        self.out = len(state.out_order)
        places = crules.domino.places
        start = state.start
        opener = state.opener
        opening = sum(1 << (13 * s + start) for s in range(4))
        W = weights
        self.weights = W
        ranges: dict[tuple[int, int], tuple[int, int]] = {}
        tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.tt = tt
        history = [0] * 52
        limit = INF if node_limit is None else node_limit
        counter = [0]
        self.counter = counter

        def place_range(seats: int, out: int) -> tuple[int, int]:
            """Bounds of the weighted places still to give to the ``seats`` (a 4-bit set)."""
            got = ranges.get((seats, out))
            if got is None:
                left = [s for s in range(4) if seats >> s & 1]
                sums = [
                    sum(W[s] * places[out + i] for i, s in enumerate(order))
                    for order in permutations(left)
                ]
                got = ranges[(seats, out)] = (min(sums), max(sums))
            return got

        def grow(playable: Mask, card: int) -> Mask:
            playable &= ~(1 << card)
            if card == opener:
                playable |= opening & ~(1 << card)
            rank = card % 13
            if start <= rank < 12:
                playable |= 1 << (card + 1)
            if 0 < rank <= start:
                playable |= 1 << (card - 1)
            return playable

        def node(seat: int, playable: Mask, out: int, alpha: int, beta: int) -> int:
            n = counter[0] = counter[0] + 1
            if n > limit or (deadline is not None and n & 255 == 1 and deadline[0]() > deadline[1]):
                raise SearchLimit(f"stopped after {n} positions searched")
            h = hands[seat]
            a0, b0 = alpha, beta
            lo, hi = -INF, INF
            tmove = -1
            key: tuple[int, ...] | None = None
            if cutoffs:
                playing = (hands[0] > 0) | (hands[1] > 0) << 1 | (hands[2] > 0) << 2
                lo, hi = place_range(playing | (hands[3] > 0) << 3, out)
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
            if table:
                key = (hands[0], hands[1], hands[2], hands[3], seat)
                entry = tt.get(key)
                if entry is not None:
                    elo, ehi, tmove = entry
                    if elo > lo:
                        lo = elo
                    if ehi < hi:
                        hi = ehi
                    if lo >= beta or lo == hi:
                        return lo
                    if hi <= alpha:
                        return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                a0, b0 = alpha, beta
            legal = h & playable
            moves = [c for c in range(52) if legal >> c & 1]
            if len(moves) > 1:
                moves.sort(key=history.__getitem__, reverse=True)
                if tmove in moves:
                    moves.remove(tmove)
                    moves.insert(0, tmove)
            maximising = seat == root
            value = -INF if maximising else INF
            move = moves[0]
            for c in moves:
                v = after(seat, c, playable, out, alpha, beta)
                if maximising:
                    if v > value:
                        value, move = v, c
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                history[c] += 1
                                break
                elif v < value:
                    value, move = v, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            history[c] += 1
                            break
            if key is not None:
                if value <= a0:
                    hi = value
                elif value >= b0:
                    lo = value
                else:
                    lo = hi = value
                if len(tt) >= table_size:
                    tt.clear()
                tt[key] = (lo, hi, move)
            return value

        def after(seat: int, card: int, playable: Mask, out: int, alpha: int, beta: int) -> int:
            """The value once ``seat`` lays ``card``."""
            h = hands[seat]
            rest = h ^ (1 << card)
            hands[seat] = rest
            try:
                playable = grow(playable, card)
                gain = 0
                if not rest:
                    gain = W[seat] * places[out]
                    out += 1
                    if out == 3:  # the fourth takes the last place (RULES.md §3)
                        last = next(s for s in range(4) if hands[s])
                        return gain + W[last] * places[3]
                for k in (1, 2, 3, 4):
                    nxt = (seat + k) & 3
                    if hands[nxt] & playable:
                        break
                return gain + node(nxt, playable, out, alpha - gain, beta - gain)
            finally:
                hands[seat] = h

        self.node = node
        self.step = after

    def value(self, alpha: int = -INF, beta: int = INF) -> int:
        """The root's value (fail-soft)."""
        return self.node(self.seat, self.playable, self.out, alpha, beta)

    def after(self, card: int, alpha: int, beta: int) -> int:
        """The value once the player to move at the root lays ``card`` (fail-soft)."""
        return self.step(self.seat, card, self.playable, self.out, alpha, beta)

    def root_groups(self) -> list[Mask]:
        """The root's legal cards, one by one (no two Domino cards are alike)."""
        legal = self.hands[self.seat] & self.playable
        return [1 << c for c in range(52) if legal >> c & 1]


# -- max^n ------------------------------------------------------------------------------------

Vector = tuple[int, int, int, int]
"""Raw points still to come, seat by seat."""
_ZERO: Vector = (0, 0, 0, 0)


def _add(v: Vector, seat: int, points: int) -> Vector:
    out = list(v)
    out[seat] += points
    return out[0], out[1], out[2], out[3]


class _MaxnSearch:
    """max^n: every seat maximises its own score (``rows[seat]``: its weights, the goal
    applied); ties are broken against ``root``, then by the lowest card. Values are vectors of
    the raw points still to come (no cut-off but "no point left": max^n allows no alpha-beta)."""

    def __init__(
        self, deal: Deal, root: int, rows: list[tuple[int, ...]], merge: bool, table: bool,
        cutoffs: bool,
    ) -> None:  # fmt: skip
        crules = deal.crules
        assert crules is not None and deal.to_move is not None  # in the play phase
        self.root = root
        self.rows = rows
        self.merge = merge
        self.table = table
        self.cutoffs = cutoffs
        self.nodes = 0
        self.tt: dict[tuple[int, ...], Vector] = {}
        self.seat = deal.to_move
        self.domino = crules.domino
        if crules.domino is not None:
            state = deal.masks()
            assert state.start >= 0
            self.hands = state.hands
            self.playable = state.playable
            self.out = len(state.out_order)
            self.start = state.start
            self.opener = state.opener
        else:
            self.pos = _Position(deal)
            self.hands = self.pos.hands

    def utility(self, seat: int, v: Vector) -> int:
        """What ``seat`` gets from the points ``v`` (up to a constant)."""
        row = self.rows[seat]
        return row[0] * v[0] + row[1] * v[1] + row[2] * v[2] + row[3] * v[3]

    def choose(self, seat: int, options: list[tuple[int, Vector]]) -> Vector:
        """The outcome ``seat`` chooses among ``(card, vector)`` options, lowest card first."""
        best = options[0][1]
        bu, br = self.utility(seat, best), self.utility(self.root, best)
        for _, v in options[1:]:
            u = self.utility(seat, v)
            if u > bu or (u == bu and seat != self.root and self.utility(self.root, v) < br):
                best, bu, br = v, u, self.utility(self.root, v)
        return best

    def root_options(self) -> list[tuple[int, Vector]]:
        """Every legal card of the player to move with its outcome, lowest card first."""
        seat = self.seat
        out: list[tuple[int, Vector]] = []
        if self.domino is not None:
            legal = self.hands[seat] & self.playable
            for c in _cards(legal):
                out.append((c, self.domino_after(seat, c, self.playable, self.out)))
            return out
        p = self.pos
        h = p.hands[seat]
        others = (p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3] | _mask(p.trick)) & ~h
        legal = _root_legal(p)
        sets = groups(legal, others, p.classes) if self.merge else [1 << c for c in _cards(legal)]
        for g in sets:
            c = (g & -g).bit_length() - 1
            p.hands[seat] = h ^ (1 << c)
            v = self.trick_after(seat, tuple(p.trick), p.best, p.win, p.high, p.index, p.broken, c)
            p.hands[seat] = h
            out.extend((d, v) for d in _cards(g))
        out.sort()
        return out

    # trick contracts

    def trick_node(
        self, seat: int, trick: tuple[int, ...], best: int, win: int, high: int, idx: int,
        broken: bool,
    ) -> Vector:  # fmt: skip
        """The points to come with ``seat`` to play and ``trick`` on the table."""
        p = self.pos
        hands = p.hands
        key = None
        if not trick:
            live = hands[0] | hands[1] | hands[2] | hands[3]
            if self.cutoffs and not (
                any(p.trick_points[idx:]) or any(live & m for m, v in p.crules.card_values if v)
            ):
                return _ZERO  # no point left to take
            if self.table:
                key = (hands[0], hands[1], hands[2], hands[3], seat, broken)
                got = self.tt.get(key)
                if got is not None:
                    return got
        self.nodes += 1
        h = hands[seat]
        if not trick:
            restricted = p.lead_rule is Lead.NO_HEARTS or (
                p.lead_rule is Lead.HEARTS_BROKEN and not broken
            )
            legal = h & NOT_HEARTS or h if restricted else h
        else:
            led = trick[0] // 13
            if p.trump < 0:
                legal = h & SUIT_MASKS[led] or h
            else:
                legal = follow_mask(h, led, p.trump, high, p.duty)
        if self.merge:
            others = (hands[0] | hands[1] | hands[2] | hands[3] | _mask(list(trick))) & ~h
            moves = sorted((g & -g).bit_length() - 1 for g in groups(legal, others, p.classes))
        else:
            moves = _cards(legal)
        options = []
        for c in moves:
            hands[seat] = h ^ (1 << c)
            options.append((c, self.trick_after(seat, trick, best, win, high, idx, broken, c)))
            hands[seat] = h
        chosen = self.choose(seat, options)
        if key is not None:
            self.tt[key] = chosen
        return chosen

    def trick_after(
        self, seat: int, trick: tuple[int, ...], best: int, win: int, high: int, idx: int,
        broken: bool, c: int,
    ) -> Vector:  # fmt: skip
        """The points to come once ``seat`` played ``c`` (its hand already without it)."""
        p = self.pos
        suit = c // 13
        if not trick:
            best, win, high = c, seat, (c if suit == p.trump else -1)
        else:
            broken = broken or (suit == 1 and trick[0] // 13 != 1)
            if c > best if suit == best // 13 else suit == p.trump:
                best, win = c, seat
                if suit == p.trump:
                    high = c
        trick = (*trick, c)
        if len(trick) < 4:
            return self.trick_node((seat + 1) & 3, trick, best, win, high, idx, broken)
        gain = sum(p.card_points[d] for d in trick) + p.trick_points[idx]
        live = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
        if idx == p.hand_size - 1 or (p.end_mask and not live & p.end_mask):
            return _add(_ZERO, win, gain)  # the last trick, or an early end (RULES.md §2)
        return _add(self.trick_node(win, (), -1, -1, -1, idx + 1, broken), win, gain)

    # Domino

    def domino_node(self, seat: int, playable: Mask, out: int) -> Vector:
        """The places to come with ``seat`` to lay a card."""
        hands = self.hands
        key = (hands[0], hands[1], hands[2], hands[3], seat)
        if self.table:
            got = self.tt.get(key)
            if got is not None:
                return got
        self.nodes += 1
        legal = hands[seat] & playable
        options = [(c, self.domino_after(seat, c, playable, out)) for c in _cards(legal)]
        chosen = self.choose(seat, options)
        if self.table:
            self.tt[key] = chosen
        return chosen

    def domino_after(self, seat: int, card: int, playable: Mask, out: int) -> Vector:
        """The places to come once ``seat`` lays ``card``."""
        assert self.domino is not None
        places = self.domino.places
        hands = self.hands
        h = hands[seat]
        rest = h ^ (1 << card)
        hands[seat] = rest
        try:
            playable = grow(playable, card, self.start, self.opener)
            got = _ZERO
            if not rest:
                got = _add(got, seat, places[out])
                out += 1
                if out == 3:  # the fourth takes the last place (RULES.md §3)
                    return _add(got, next(s for s in range(4) if hands[s]), places[3])
            nxt = next(s for s in ((seat + k) & 3 for k in (1, 2, 3, 4)) if hands[s] & playable)
            v = self.domino_node(nxt, playable, out)
            return got[0] + v[0], got[1] + v[1], got[2] + v[2], got[3] + v[3]
        finally:
            hands[seat] = h


def _cards(mask: Mask) -> list[int]:
    """The cards of a set, lowest first."""
    return [c for c in range(52) if mask >> c & 1]


# -- the interface ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Solver:
    """The solver's switches: each speed-up can be turned off (the tests check that none changes
    a value), and a node limit stops a search too big to finish in time."""

    merge: bool = True
    """Search one card of each set of equivalent cards."""
    table: bool = True
    """Keep a transposition table."""
    cutoffs: bool = True
    """Stop where the points left decide (bounds, no point left)."""
    node_limit: int | None = None
    """Raise ``SearchLimit`` after this many tricks started (Domino: positions) searched
    (paranoid model, as ``time_limit``)."""
    time_limit: float | None = None
    """Raise ``SearchLimit`` once a search has run this many seconds of ``clock``."""
    clock: Callable[[], float] = time.perf_counter
    """The clock of ``time_limit`` (wall-clock time by default, as the players' budgets)."""
    table_size: int = 1 << 18
    """Entries kept in the table before it is emptied (about 60 MB when full)."""

    def solve(
        self, deal: Deal, seat: int | None = None, model: Model = "paranoid", settled: bool = True
    ) -> Solution:
        """``seat``'s (default: the player to move's) best score at the end of ``deal``, every
        hand known, and the best cards of the player to move, under ``model``."""
        root, rows, base = self._setup(deal, seat, settled)
        if deal.phase is Phase.DONE:
            return Solution(root, base[root], (), model, settled, tuple(base))
        mover = deal.to_move
        assert mover is not None  # in the play phase
        if model == "maxn":
            maxn = self._maxn(deal, root, rows)
            options = maxn.root_options()
            vector = maxn.choose(mover, options)
            top = max(maxn.utility(mover, v) for _, v in options)
            best = tuple(CARDS[c] for c, v in options if maxn.utility(mover, v) == top)
            raw = deal.raw_scores()
            scores = tuple(_dot(r, [raw[t] + vector[t] for t in range(4)]) for r in rows)
            return Solution(root, scores[root], best, model, settled, scores, maxn.nodes)
        goal = deal.rules.goal
        search = self._paranoid(deal, root, tuple(goal * w for w in rows[root]))
        value = _mtdf(search.value, 0)
        best_moves: list[Card] = []
        for g in search.root_groups():
            c = g.bit_length() - 1
            # A null window around the value: does this card reach it?
            if mover == root:
                reaches = search.after(c, value - 1, value) >= value
            else:
                reaches = search.after(c, value, value + 1) <= value
            if reaches:
                best_moves.extend(CARDS[d] for d in _cards(g))
        return Solution(
            root, base[root] + goal * value, tuple(sorted(best_moves)), model, settled,
            nodes=search.counter[0],
        )  # fmt: skip

    def move_values(
        self, deal: Deal, seat: int | None = None, model: Model = "paranoid", settled: bool = True
    ) -> dict[Card, int]:
        """``seat``'s score at the end of ``deal`` after each legal card of the player to move,
        under ``model`` (equivalent cards have the same value)."""
        root, rows, base = self._setup(deal, seat, settled)
        if deal.phase is Phase.DONE:
            return {}
        if model == "maxn":
            raw = deal.raw_scores()
            return {
                CARDS[c]: _dot(rows[root], [raw[t] + v[t] for t in range(4)])
                for c, v in self._maxn(deal, root, rows).root_options()
            }
        goal = deal.rules.goal
        search = self._paranoid(deal, root, tuple(goal * w for w in rows[root]))
        out: dict[Card, int] = {}
        guess = 0
        for g in search.root_groups():
            c = g.bit_length() - 1
            guess = _mtdf(partial(search.after, c), guess)
            v = base[root] + goal * guess
            out.update((CARDS[d], v) for d in _cards(g))
        return dict(sorted(out.items()))

    def _setup(
        self, deal: Deal, seat: int | None, settled: bool
    ) -> tuple[int, list[tuple[int, int, int, int]], list[int]]:
        """The seat solved for, every seat's weights, every seat's score so far."""
        if deal.phase not in (Phase.PLAY, Phase.DONE):
            raise ValueError("the solver starts in the play phase")
        root = deal.to_move if seat is None else seat
        if root is None:
            raise ValueError("the deal is over: name the seat whose score is wanted")
        if isinstance(root, bool) or root not in (0, 1, 2, 3):
            raise ValueError(f"not a seat: {root!r}")
        rows = [score_weights(deal, s, settled) for s in range(4)]
        raw = deal.raw_scores()
        return root, rows, [_dot(r, raw) for r in rows]

    def _maxn(self, deal: Deal, root: int, rows: list[tuple[int, int, int, int]]) -> _MaxnSearch:
        goal = deal.rules.goal
        utility = [tuple(goal * w for w in r) for r in rows]
        return _MaxnSearch(deal, root, utility, self.merge, self.table, self.cutoffs)

    def _paranoid(
        self, deal: Deal, root: int, weights: tuple[int, ...]
    ) -> _TrickSearch | _DominoSearch:
        assert deal.crules is not None  # in the play phase
        deadline = None
        if self.time_limit is not None:
            deadline = (self.clock, self.clock() + self.time_limit)
        if deal.crules.domino is not None:
            return _DominoSearch(
                deal, root, weights, self.table, self.cutoffs, self.node_limit, self.table_size,
                deadline,
            )  # fmt: skip
        return _TrickSearch(
            _Position(deal), root, weights, self.merge, self.table, self.cutoffs,
            self.node_limit, self.table_size, deadline,
        )  # fmt: skip


def _mtdf(search: Callable[[int, int], int], guess: int) -> int:
    """The exact value by null-window searches (MTD(f)): each search only asks whether the value
    is above a bound, which cuts far more than an open window; the table keeps what each found.
    ``search(alpha, beta)`` is fail-soft."""
    lower, upper = -INF, INF
    g = guess
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = search(beta - 1, beta)
        if g < beta:
            upper = g
        else:
            lower = g
    return g


def _dot(row: tuple[int, ...], values: list[int]) -> int:
    return sum(w * x for w, x in zip(row, values, strict=True))


DEFAULT = Solver()
"""The solver with every speed-up on and no limit."""


def solve(
    deal: Deal, seat: int | None = None, model: Model = "paranoid", settled: bool = True
) -> Solution:
    """``seat``'s (default: the player to move's) best score at the end of ``deal``, every
    hand known, and the best cards of the player to move (see the module's docstring)."""
    return DEFAULT.solve(deal, seat, model, settled)


def move_values(
    deal: Deal, seat: int | None = None, model: Model = "paranoid", settled: bool = True
) -> dict[Card, int]:
    """``seat``'s score at the end of ``deal`` after each legal card of the player to move."""
    return DEFAULT.move_values(deal, seat, model, settled)


def best_card(deal: Deal, model: Model = "paranoid") -> Card:
    """A best card of the player to move for its own settled score (the lowest of the best)."""
    solution = solve(deal, None, model)
    if not solution.best_moves:
        raise ValueError("the deal is over")
    return solution.best_moves[0]


__all__ = [
    "DEFAULT",
    "MODELS",
    "Model",
    "SearchLimit",
    "Solution",
    "Solver",
    "best_card",
    "card_classes",
    "groups",
    "move_values",
    "score_weights",
    "solve",
]
