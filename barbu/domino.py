"""The Domino layout on card sets (RULES.md §3, Domino).

A card of the starting rank opens its suit; once a suit is open, the cards next in rank to either
end of its row are playable. Aces are high, no wrap-around. The layout is summed up by the set of
cards playable now, updated card by card.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import Mask


def opening_mask(start_rank: int, opener: int = -1) -> Mask:
    """The cards playable on an empty layout: the four cards of the starting rank, or only the
    ``opener`` card where the rules name one (the italian 7♦, RULES.md §7)."""
    if opener >= 0:
        return 1 << opener
    return sum(1 << (13 * s + start_rank) for s in range(4))


def grow(playable: Mask, card: int, start_rank: int, opener: int = -1) -> Mask:
    """The playable set once ``card`` is laid on a layout started at ``start_rank``; once the
    ``opener`` is laid, the other cards of the starting rank open their rows."""
    playable &= ~(1 << card)
    if card == opener:
        playable |= opening_mask(start_rank) & ~(1 << card)
    rank = card % 13
    if rank >= start_rank and rank < 12:
        playable |= 1 << (card + 1)
    if rank <= start_rank and rank > 0:
        playable |= 1 << (card - 1)
    return playable


def rows(played: Mask, start_rank: int) -> list[tuple[int, int] | None]:
    """Each suit's row as ``(lowest rank, highest rank)``, or ``None`` while the suit is closed."""
    out: list[tuple[int, int] | None] = []
    for s in range(4):
        seg = (played >> (13 * s)) & 0x1FFF
        if not seg >> start_rank & 1:
            out.append(None)
            continue
        lo = hi = start_rank
        while lo > 0 and seg >> (lo - 1) & 1:
            lo -= 1
        while hi < 12 and seg >> (hi + 1) & 1:
            hi += 1
        out.append((lo, hi))
    return out


def place_scores(order: list[int], places: tuple[int, ...]) -> list[int]:
    """Raw scores from the finishing order (seats not yet placed score 0)."""
    scores = [0, 0, 0, 0]
    for place, seat in enumerate(order):
        scores[seat] = places[place]
    return scores


def next_player(hands: list[Mask], playable: Mask, seat: int, include: bool = False) -> int | None:
    """The first seat from ``seat`` (itself only when ``include``, or after a full round) that
    has a playable card; players who cannot play are skipped (RULES.md §3)."""
    for k in range(0 if include else 1, 5):
        s = (seat + k) & 3
        if hands[s] & playable:
            return s
    return None


def finish(
    hands: list[Mask],
    playable: Mask,
    start_rank: int,
    seat: int,
    out: list[int],
    choose: Callable[[int, Mask], int],
    places: tuple[int, ...],
    opener: int = -1,
) -> list[int]:
    """Play a Domino deal to its end from ``seat``'s turn, each card ``choose(seat, legal)``;
    ``hands`` and ``out`` (the finishing order so far) change in place. Returns raw scores."""
    while True:
        card = choose(seat, hands[seat] & playable)
        hands[seat] ^= 1 << card
        playable = grow(playable, card, start_rank, opener)
        if not hands[seat]:
            out.append(seat)
            if len(out) == 3:
                break
        # While fewer than three are out someone can play (None never comes); no runtime check
        # in this playout loop.
        seat = next_player(hands, playable, seat)  # type: ignore[assignment]
    return place_scores(out + [s for s in range(4) if s not in out], places)
