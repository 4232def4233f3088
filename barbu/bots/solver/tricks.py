"""The solver's paranoid search of a trick contract: alpha-beta for one maximising seat against
the three others (see ``barbu.bots.solver``).

Written for speed (tools/bench/solver.py measures it): the search is one closure, ``node``, over
the constructor's locals (the hands it plays in place, the weights, the table, the history of
cut-offs), with the table's probe, the bounds from the points left and the move ordering
written out in it. It is exempt from the 60-line bound for that reason (tests/test_code_size.py).
"""

from __future__ import annotations

from ...cards import SUIT_MASKS, Mask
from ...rules import Lead
from ...tricks import follow_mask
from .position import (
    INF,
    NOT_HEARTS,
    Deadline,
    Position,
    SearchLimit,
    groups,
    root_legal,
    trick_mask,
)
from .table import Table, relative_keys


class TrickSearch:
    """Paranoid alpha-beta on a trick contract for one maximising seat (see the module's
    docstring). ``value(alpha, beta)`` searches the root; the table is kept between calls."""

    def __init__(
        self,
        pos: Position,
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
        tt: Table = {}
        self.tt = tt
        history = [0] * 52
        limit = INF if node_limit is None else node_limit
        counter = [0]
        relative_key = relative_keys(hands, pos.deck, pos.crules.card_values)

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

    def close(self) -> None:
        """Empty the table now the search is done. The search's node function calls itself
        through its closure, a cycle that holds the table until the garbage collector finds it;
        Pyodide's looks at old objects rarely, and the computer players' worker held several MB
        of finished searches' tables (its WebAssembly memory, which never shrinks, grew)."""
        self.tt.clear()

    def value(self, alpha: int = -INF, beta: int = INF) -> int:
        """The root's value (fail-soft: outside ``(alpha, beta)`` a bound on that side)."""
        p = self.pos
        k = len(p.trick)
        led = p.trick[0] // 13 if p.trick else -1
        return self.node(
            p.seat, k, led, p.best, p.win, p.high, trick_mask(p.trick),
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
                    (seat + 1) & 3, len(trick), led, best, win, high, trick_mask(trick), pts,
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
        others = (p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3] | trick_mask(p.trick)) & ~h
        return groups(root_legal(p), others, p.classes)
