"""Cards, suits, ranks and card sets.

Vocabulary of the engine (RULES.md §6):

- ``Suit``: spades, hearts, diamonds, clubs (``S H D C``, in that order).
- ``Rank``: two (lowest) .. ace (highest), written ``2..9 T J Q K A``.
- ``Card``: an ``int`` from 0 to 51, ``13 * suit + rank``, so that a card set is an
  integer bitmask (bit ``card`` set) and, within a suit, a higher card is a higher number.
  ``Card.parse("QS")``, ``Card.parse("10h")``, ``Card.parse("Q♥")``; ``str(card) == "QS"``.

The hot paths (legal moves, playouts) work on plain ints and masks; ``Card`` is the friendly face
of the same numbers. Dealing takes an injected ``random.Random``: the engine has no global
randomness.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from enum import IntEnum

from .errors import quoted

Mask = int
"""A set of cards: bit ``c`` is set when card ``c`` is in the set."""

Seat = int
"""A player's seat, 0..3 clockwise: seat ``s + 1`` (mod 4) is the left neighbour of seat ``s``."""

SEATS = (0, 1, 2, 3)
SUIT_CHARS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANK_CHARS = "23456789TJQKA"


class Suit(IntEnum):
    """A suit; its value is the card block it occupies (cards ``13 * suit .. 13 * suit + 12``)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def char(self) -> str:
        """The notation letter: ``S``, ``H``, ``D`` or ``C``."""
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return SUIT_SYMBOLS[self]

    @property
    def mask(self) -> Mask:
        """The set of the 13 cards of this suit."""
        return SUIT_MASKS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from ``S H D C`` (any case) or ``♠ ♥ ♦ ♣``."""
        if isinstance(text, str) and len(text.strip()) == 1:
            t = text.strip().upper()
            for chars in (SUIT_CHARS, SUIT_SYMBOLS, "♤♡♢♧"):
                if t in chars:
                    return cls(chars.index(t))
        raise ValueError(f"not a suit: {quoted(text)} (expected one of S H D C)")

    def __str__(self) -> str:
        return self.char


class Rank(IntEnum):
    """A rank, from two (0) to ace (12): a higher value beats a lower one."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """The notation character: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_CHARS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from ``2..9 T J Q K A`` (any case), ``10`` also meaning ten."""
        if isinstance(text, str):
            t = text.strip().upper()
            if t == "10":
                return cls.TEN
            if len(t) == 1 and t in RANK_CHARS:
                return cls(RANK_CHARS.index(t))
        raise ValueError(f"not a rank: {quoted(text)} (expected one of A K Q J T 9 8 7 6 5 4 3 2)")

    def __str__(self) -> str:
        return self.char


class Card(int):
    """One of the 52 cards, an ``int`` equal to ``13 * suit + rank``."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= value < 52:
            raise ValueError(f"card number out of range: {value}")
        return super().__new__(cls, value)

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        """The card of that suit and rank."""
        return CARDS[13 * suit + rank]

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read ``QS``, ``10h``, ``Q♥``, ``td``: rank then suit, any case (``ValueError`` for
        anything else, a string or not)."""
        if isinstance(text, str):
            known = CARD_SPELLINGS.get(text)
            if known is not None:
                return known
            t = text.strip().replace("\ufe0f", "")  # the emoji form of ♥ carries U+FE0F
            if 2 <= len(t) <= 3 and not any(ch.isspace() for ch in t):
                try:
                    return cls.of(Suit.parse(t[-1]), Rank.parse(t[:-1]))
                except ValueError:
                    pass
        raise ValueError(
            f"not a card: {quoted(text)} (expected rank then suit, like QS, 10H or Q♥)"
        )

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self // 13)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self % 13)

    @property
    def bit(self) -> Mask:
        """The one-card set holding this card."""
        return 1 << self

    def pretty(self) -> str:
        """The card as people read it: ``10♠``, ``Q♥``."""
        rank = "10" if self.rank == Rank.TEN else self.rank.char
        return rank + self.suit.symbol

    def __str__(self) -> str:
        return RANK_CHARS[self % 13] + SUIT_CHARS[self // 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
"""Every card, indexed by its number."""

CARD_SPELLINGS: dict[str, Card] = {
    rank + suit: CARDS[13 * s + r]
    for r, ranks in enumerate(RANK_CHARS)
    for rank in {ranks, ranks.lower(), "10" if ranks == "T" else ranks}
    for s, suits in enumerate(zip(SUIT_CHARS, SUIT_CHARS.lower(), SUIT_SYMBOLS, strict=True))
    for suit in suits
}
"""The usual spellings of every card (``QS``, ``qs``, ``10H``, ``Q♥``), read at once."""

SUIT_MASKS: tuple[Mask, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
FULL_DECK: Mask = (1 << 52) - 1
HEARTS: Mask = SUIT_MASKS[Suit.HEARTS]
QUEENS: Mask = sum(1 << (13 * s + Rank.QUEEN) for s in range(4))
JACKS: Mask = sum(1 << (13 * s + Rank.JACK) for s in range(4))
PACK_32: Mask = sum(SUIT_MASKS[s] & -(1 << (13 * s + Rank.SEVEN)) for s in range(4))
"""The 32-card pack: A K Q J 10 9 8 7 of each suit (RULES.md §7, fr32)."""
KING_OF_HEARTS: Card = CARDS[13 * Suit.HEARTS + Rank.KING]
ACE_OF_HEARTS: Card = CARDS[13 * Suit.HEARTS + Rank.ACE]
SEVEN_OF_DIAMONDS: Card = CARDS[13 * Suit.DIAMONDS + Rank.SEVEN]


def cards(text: str) -> list[Card]:
    """Parse a space- or comma-separated list of cards: ``cards("AS KH 2C")``."""
    return [Card.parse(t) for t in text.replace(",", " ").split()]


def mask_of(cards_: Iterable[int]) -> Mask:
    """The set (bitmask) of the given cards."""
    m = 0
    for c in cards_:
        m |= 1 << c
    return m


def iter_mask(mask: Mask) -> Iterator[Card]:
    """The cards of a set, lowest number first."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def cards_of(mask: Mask) -> list[Card]:
    """The cards of a set in display order: by suit (♠ ♥ ♦ ♣), highest rank first."""
    out: list[Card] = []
    for s in range(4):
        seg = (mask >> (13 * s)) & 0x1FFF
        for r in range(12, -1, -1):
            if seg >> r & 1:
                out.append(CARDS[13 * s + r])
    return out


def format_cards(mask_or_cards: Mask | Iterable[int]) -> str:
    """Cards as a space-separated string in display order, e.g. ``"AS KS 2H"``."""
    mask = mask_or_cards if isinstance(mask_or_cards, int) else mask_of(mask_or_cards)
    return " ".join(str(c) for c in cards_of(mask))


def deal_masks(rng: random.Random, deck: Mask = FULL_DECK) -> tuple[Mask, Mask, Mask, Mask]:
    """Shuffle the cards of ``deck`` with ``rng`` and deal a quarter of them to each seat."""
    # Sorting by uniform keys is a uniform shuffle, and several times faster on CPython than
    # random.shuffle, which matters for the playout benchmark and the bots' sampling.
    pack = _DECK_ORDER if deck == FULL_DECK else [c for c in _DECK_ORDER if deck >> c & 1]
    keys = [rng.random() for _ in pack]
    order = [pack[i] for i in sorted(range(len(pack)), key=keys.__getitem__)]
    bit = _BITS.__getitem__
    n = len(order) // 4
    return (
        sum(map(bit, order[0:n])),
        sum(map(bit, order[n : 2 * n])),
        sum(map(bit, order[2 * n : 3 * n])),
        sum(map(bit, order[3 * n :])),
    )


_DECK_ORDER = range(52)
_BITS = tuple(1 << c for c in range(52))


def deal_hands(rng: random.Random, deck: Mask = FULL_DECK) -> tuple[list[Card], ...]:
    """Deal four hands from ``deck`` (all 52 cards by default) with ``rng``, in display order."""
    a, b, c, d = deal_masks(rng, deck)
    return cards_of(a), cards_of(b), cards_of(c), cards_of(d)
