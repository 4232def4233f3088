"""The solver's paranoid search of a Domino: alpha-beta for one maximising seat in the race to go
out (RULES.md §3), against the three others (see ``barbu.bots.solver``).

Written for speed as the trick contracts' search (``tricks``): one closure, ``node``, over the
constructor's locals, with the table's probe and the bounds from the places still to give
written out in it; exempt from the 60-line bound for that reason (tests/test_code_size.py).
"""

from __future__ import annotations

from itertools import permutations

from ...cards import Mask
from ...deal import Deal
from .position import INF, Deadline, SearchLimit
from .table import Table


class DominoSearch:
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
        tt: Table = {}
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

    def close(self) -> None:
        """Empty the table now the search is done. The search's node function calls itself
        through its closure, a cycle that holds the table until the garbage collector finds it;
        Pyodide's looks at old objects rarely, and the computer players' worker held several MB
        of finished searches' tables (its WebAssembly memory, which never shrinks, grew)."""
        self.tt.clear()

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
