"""The solver's max^n search: every seat maximises its own score (see ``barbu.bots.solver``),
the value a vector of the points still to come, seat by seat.

It uses the merging of equivalent cards, a table of exact outcome vectors and "no point left",
but no alpha-beta (max^n admits only shallow pruning): for small endings.
"""

from __future__ import annotations

from ...cards import SUIT_MASKS, Mask
from ...deal import Deal
from ...domino import grow
from ...rules import Lead
from ...tricks import follow_mask
from .position import NOT_HEARTS, Position, card_numbers, groups, root_legal, trick_mask

Vector = tuple[int, int, int, int]
"""Raw points still to come, seat by seat."""
ZERO: Vector = (0, 0, 0, 0)


def add(v: Vector, seat: int, points: int) -> Vector:
    """``v`` with ``points`` more to ``seat``."""
    out = list(v)
    out[seat] += points
    return out[0], out[1], out[2], out[3]


class MaxnSearch:
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
            self.pos = Position(deal)
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
            for c in card_numbers(legal):
                out.append((c, self.domino_after(seat, c, self.playable, self.out)))
            return out
        p = self.pos
        h = p.hands[seat]
        others = (p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3] | trick_mask(p.trick)) & ~h
        legal = root_legal(p)
        sets = (
            groups(legal, others, p.classes)
            if self.merge
            else [1 << c for c in card_numbers(legal)]
        )
        for g in sets:
            c = (g & -g).bit_length() - 1
            p.hands[seat] = h ^ (1 << c)
            v = self.trick_after(seat, tuple(p.trick), p.best, p.win, p.high, p.index, p.broken, c)
            p.hands[seat] = h
            out.extend((d, v) for d in card_numbers(g))
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
                return ZERO  # no point left to take
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
            others = (hands[0] | hands[1] | hands[2] | hands[3] | trick_mask(list(trick))) & ~h
            moves = sorted((g & -g).bit_length() - 1 for g in groups(legal, others, p.classes))
        else:
            moves = card_numbers(legal)
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
            return add(ZERO, win, gain)  # the last trick, or an early end (RULES.md §2)
        return add(self.trick_node(win, (), -1, -1, -1, idx + 1, broken), win, gain)

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
        options = [(c, self.domino_after(seat, c, playable, out)) for c in card_numbers(legal)]
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
            got = ZERO
            if not rest:
                got = add(got, seat, places[out])
                out += 1
                if out == 3:  # the fourth takes the last place (RULES.md §3)
                    return add(got, next(s for s in range(4) if hands[s]), places[3])
            nxt = next(s for s in ((seat + k) & 3 for k in (1, 2, 3, 4)) if hands[s] & playable)
            v = self.domino_node(nxt, playable, out)
            return got[0] + v[0], got[1] + v[1], got[2] + v[2], got[3] + v[3]
        finally:
            hands[seat] = h
