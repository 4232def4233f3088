"""The solver's transposition table: what a search learnt of a position, kept under a key that
positions differing only by the cards gone share.

An entry is ``(lower bound, upper bound, best card)`` of the position's value (the searches are
fail-soft and null-window, so most entries are bounds, not values); a table is emptied when it
reaches ``Solver.table_size`` entries. The trick contracts' key is **rank-relative** and taken at
the start of each trick (``relative_keys``): in each suit, whose are the live cards in rank
order, and where the scoring cards stand among them; its best card is kept the same way, as its
suit and its rank among the live cards of that suit (``suit << 4 | rank``). A Domino's key is the
four hands and the seat to move, its best card the card itself.

The probe and the store are written out in each search's node (``tricks``, ``domino``): a call
there would cost in every node (tools/bench/solver.py).
"""

from __future__ import annotations

from collections.abc import Callable

from ...cards import SUIT_MASKS, Mask

Entry = tuple[int, int, int]
"""A position's lower bound, upper bound and best card."""
Table = dict[tuple[int, ...], Entry]
"""Entries by key."""


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


PEXT = _Pext()
"""The packed bits, filled as the searches meet them (shared by every search)."""


def relative_keys(
    hands: list[Mask], deck: Mask, card_values: tuple[tuple[Mask, int], ...]
) -> Callable[[int, bool], tuple[int, ...]]:
    """The key of the position of ``hands`` (read at each call: the search plays in that list)
    with ``seat`` to lead and hearts ``broken`` or not, for the deck ``deck`` of a contract
    scoring ``card_values``."""
    pext = PEXT
    bases = [13 * s for s in range(4) if deck & SUIT_MASKS[s]]
    # Where the scoring classes split a suit: their pattern among the live cards is part of
    # the relative key.
    class_segs = []
    for mask, _ in card_values:
        for base in bases:
            seg, whole = (mask >> base) & 0x1FFF, (deck >> base) & 0x1FFF
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

    return relative_key
