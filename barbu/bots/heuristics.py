"""Contract-aware card play on card sets: the computer players' rules of thumb.

One function per kind of contract chooses a card from the legal set, given what the player
knows: his hand, the trick so far, the cards gone (played earlier, or ``0`` for a player who does
not count cards) and the suits each other player is known to be void in. The same functions drive
the *standard* bot directly and the expert's playouts.

The ideas are the club player's: in the negative contracts duck under the card winning the trick
with the highest card that still loses, dump penalty cards (queens, hearts, K♥) on tricks others
win, lead low from suits where the others hold lower cards; in No Last Two shed high cards early
and keep low ones for the end; in Trumps win cheaply with masters and the lowest winning card;
in the Domino play the cards that open the way to one's own cards and hold back those that would
free the others'.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..cards import FULL_DECK, SUIT_MASKS, Mask, iter_mask
from ..rules import ContractRules, Rules
from ..tricks import ABOVE

BELOW: tuple[Mask, ...] = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(52))
"""``BELOW[c]``: the cards of ``c``'s suit lower than ``c``."""


def lowest(m: Mask) -> int:
    """The lowest-numbered card of a non-empty set."""
    return (m & -m).bit_length() - 1


def highest(m: Mask) -> int:
    """The highest-numbered card of a non-empty set."""
    return m.bit_length() - 1


def highest_rank(m: Mask, shortest_first: Mask) -> int:
    """The card of highest rank in ``m``; between equal ranks, the one from the shorter suit of
    ``shortest_first`` (dumping from short suits makes voids)."""
    best, key = -1, -1
    for s in range(4):
        seg = m & SUIT_MASKS[s]
        if seg:
            c = seg.bit_length() - 1
            k = (c - 13 * s) * 16 + 15 - (shortest_first & SUIT_MASKS[s]).bit_count()
            if k > key:
                best, key = c, k
    return best


def lowest_rank(m: Mask, longest_first: Mask) -> int:
    """The card of lowest rank in ``m``; between equal ranks, from the longer suit."""
    best, key = -1, 1 << 30
    for s in range(4):
        seg = m & SUIT_MASKS[s]
        if seg:
            c = (seg & -seg).bit_length() - 1
            k = (c - 13 * s) * 16 + 15 - (longest_first & SUIT_MASKS[s]).bit_count()
            if k < key:
                best, key = c, k
    return best


def safe_lead(hand: Mask, legal: Mask, unseen: Mask, voids: int) -> int:
    """A lead likely to lose the trick: the lowest card of a suit where the others hold many
    higher cards and few lower ones, avoiding suits another player is void in (``voids`` is a
    4-bit set of suits)."""
    best, key = -1, None
    for s in range(4):
        seg = legal & SUIT_MASKS[s]
        if not seg:
            continue
        c = (seg & -seg).bit_length() - 1
        out = unseen & SUIT_MASKS[s]
        lower = (out & BELOW[c]).bit_count()
        higher = (out & ABOVE[c]).bit_count()
        danger = lower * 4 - higher
        if not higher:
            danger += 60  # nobody can overtake: a sure winner
        if voids >> s & 1:
            danger += 30  # someone will discard on it
        if key is None or danger < key:
            best, key = c, danger
    return best


# -- how a contract is played ---------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """What the rules of thumb need to know of a trick contract, read from its rules."""

    wants_tricks: bool
    """Tricks are worth having (Trumps, fr32's Reverse): play to win them."""
    penalty: Mask
    """The cards that cost their taker."""
    big: tuple[Mask, ...]
    """The costly penalty cards, dearest first: dumped first, and the cards above them kept
    away from tricks (queens, K♥, A♥ in No Hearts, jacks in fr32)."""
    small: Mask
    """The cheap penalty cards (the hearts of No Hearts): dumped when high."""
    last_only: int
    """Only the last this many tricks score (No Last Two, Last Trick), else 0."""
    hand_size: int


@lru_cache(maxsize=64)
def play_style(crules: ContractRules, rules: Rules) -> Style:
    """How to play a trick contract, from its scoring (and whether high or low scores win)."""
    goal = rules.goal
    costs: dict[int, int] = {}
    for mask, value in crules.card_values:
        for card in iter_mask(mask):
            costs[card] = costs.get(card, 0) - value * goal
    penalty = sum(1 << c for c, cost in costs.items() if cost > 0)
    cheapest = min((cost for cost in costs.values() if cost > 0), default=0)
    uniform = all(cost == cheapest for cost in costs.values())
    if uniform and len(costs) > 4:
        big: dict[int, Mask] = {}  # many cards of one value: none stands out (the hearts)
    else:
        big = {}
        for c, cost in costs.items():
            if cost > 0 and (uniform or cost >= 3 * cheapest):
                big[cost] = big.get(cost, 0) | 1 << c
    big_cards = 0
    for m in big.values():
        big_cards |= m
    only_last = not crules.card_values and not crules.per_trick
    return Style(
        wants_tricks=crules.per_trick * goal > 0,
        penalty=penalty,
        big=tuple(big[cost] for cost in sorted(big, reverse=True)),
        small=penalty & ~big_cards,
        last_only=len(crules.trick_values) if only_last else 0,
        hand_size=rules.hand_size,
    )


# -- negative contracts ---------------------------------------------------------------------


def _dump(style: Style, legal: Mask, hand: Mask, unseen: Mask) -> int:
    """The card to throw away when not following suit in a negative contract."""
    for cards_ in style.big:
        if legal & cards_:
            return highest_rank(legal & cards_, hand)
    # A card above a costly card still out (A and K over a queen, A♥ over K♥) may later be
    # forced to capture it.
    danger = 0
    for cards_ in style.big:
        for c in iter_mask(unseen & cards_):
            danger |= legal & ABOVE[c]
    if danger:
        return highest_rank(danger, hand)
    h = legal & style.small
    if h and (h.bit_length() - 1) % 13 >= 6:  # a penalty card of eight or more
        return highest(h)
    return highest_rank(legal, hand)


def negative_card(
    style: Style,
    hand: Mask,
    legal: Mask,
    trick: list[int],
    best: int,
    gone: Mask,
    voids: int,
    trick_no: int,
) -> int:
    """Choose a card in a negative contract (``best`` is the card winning the trick so far)."""
    if style.last_only and trick_no < style.hand_size - style.last_only - 1:
        # Early tricks cost nothing: shed the high cards, keep low ones for the end.
        if not trick:
            return highest_rank(legal, hand)
        led_cards = legal & SUIT_MASKS[trick[0] // 13]
        return highest(led_cards) if led_cards else highest_rank(legal, hand)
    if not trick:
        return safe_lead(hand, legal, FULL_DECK & ~gone & ~hand, voids)
    follow = legal & SUIT_MASKS[trick[0] // 13]
    if not follow:
        return _dump(style, legal, hand, FULL_DECK & ~gone & ~hand)
    under = follow & BELOW[best]
    if under:
        return under.bit_length() - 1  # duck, with the highest card that still loses
    if len(trick) == 3:
        # Taking the trick anyway: shed the highest card that is not itself a penalty.
        plain = follow & ~style.penalty
        return highest(plain or follow)
    # Must go over: the lowest, hoping a later player goes higher still.
    return lowest(follow)


# -- Trumps ---------------------------------------------------------------------------------


def is_master(card: int, unseen: Mask) -> bool:
    """Whether no unseen card of its suit beats ``card``."""
    return not unseen & ABOVE[card]


def trumps_card(
    hand: Mask,
    legal: Mask,
    trick: list[int],
    best: int,
    gone: Mask,
    trump: int,
    voids: int,
) -> int:
    """Choose a card where tricks are worth winning: Trumps, or fr32's Reverse (``trump`` -1)."""
    unseen = FULL_DECK & ~gone & ~hand
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    if not trick:
        trumps_out = unseen & tmask
        my_trumps = legal & tmask
        if my_trumps and trumps_out:
            top = highest(my_trumps)
            if is_master(top, unseen):
                return top  # draw the others' trumps with a master trump
        for s in range(4):
            if s == trump:
                continue
            seg = legal & SUIT_MASKS[s]
            if seg:
                top = highest(seg)
                if is_master(top, unseen) and not voids >> s & 1:
                    return top
        side = legal & ~tmask
        return lowest_rank(side or legal, hand)
    # The cards that would take the trick now: higher in the winning card's suit, or any
    # trump when the winning card is not one.
    winners = legal & ABOVE[best]
    if best // 13 != trump:
        winners |= legal & tmask
    if winners:
        cheapest = lowest(winners)
        if len(trick) == 3 or cheapest // 13 == trump:
            return cheapest  # last to play, or ruffing: the cheapest card that wins
        out = unseen & SUIT_MASKS[cheapest // 13]
        masters = winners & ABOVE[highest(out)] if out else winners
        if masters:
            return lowest(masters)  # the cheapest card no one can beat in the suit
        return lowest(legal & SUIT_MASKS[trick[0] // 13] or legal)
    return lowest_rank(legal & ~tmask or legal, hand)


# -- Domino ---------------------------------------------------------------------------------


def _domino_reach(start_rank: int) -> tuple[tuple[Mask, ...], tuple[Mask, ...]]:
    """For each card, on a layout started at ``start_rank``: the cards of its suit beyond it
    along its row (those it brings nearer), and the cards right next to it on that side."""
    beyond, nexts = [], []
    near: tuple[int, ...]
    for c in range(52):
        s, r = divmod(c, 13)
        if r > start_rank:
            row, near = 0x1FFF & ~((1 << (r + 1)) - 1), (r + 1,)
        elif r < start_rank:
            row, near = (1 << r) - 1, (r - 1,)
        else:  # the starting card opens both ways
            row, near = 0x1FFF & ~(1 << r), (r - 1, r + 1)
        beyond.append(row << (13 * s))
        nexts.append(sum(1 << (13 * s + n) for n in near if 0 <= n < 13))
    return tuple(beyond), tuple(nexts)


DOMINO_REACH = tuple(_domino_reach(r) for r in range(13))
"""``DOMINO_REACH[start_rank]``: ``(beyond, nexts)`` card tables of ``_domino_reach``."""


def domino_card(hand: Mask, legal: Mask, played: Mask, start_rank: int) -> int:
    """Choose a Domino card: open the way to one's own cards, keep the others blocked.

    Each playable card is judged by the cards beyond it along its row (those it brings nearer):
    own ones count for, the others' against, and an own card right next to it (a follow-up for
    the next turn) counts extra. Weights 4, 1, 4 measured best in standard-vs-standard duels.
    """
    beyond, nexts = DOMINO_REACH[start_rank]
    unseen = FULL_DECK & ~played & ~hand
    best, key = -1, None
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        row = beyond[c]
        score = (
            4 * ((hand & row).bit_count() + (hand & nexts[c]).bit_count())
            - (unseen & row).bit_count()
        )
        if key is None or score > key:
            best, key = c, score
    return best


def trick_card(
    style: Style,
    hand: Mask,
    legal: Mask,
    trick: list[int],
    best: int,
    gone: Mask,
    trump: int,
    voids: int,
    n: int,
) -> int:
    """The card the rules of thumb play from ``legal`` in a trick contract: Trumps (or fr32's
    Reverse) by ``trumps_card``, a negative contract by ``negative_card``."""
    if style.wants_tricks:
        return trumps_card(hand, legal, trick, best, gone, trump, voids)
    return negative_card(style, hand, legal, trick, best, gone, voids, n)
