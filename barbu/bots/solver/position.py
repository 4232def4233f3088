"""What the solver's searches share: the open position of a trick contract, the cards that
score alike, the sets of equivalent cards, and the limits a search stops at.

Equivalent cards (``groups``): cards of one hand, in one suit, with no live card of another seat
(in a hand or in the current trick) between them, and scoring the same, lead to the same
outcome, so a search tries one of each set. Card sets are bitmasks (``barbu.cards``); a card is
its number, 0 to 51.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ...cards import FULL_DECK, HEARTS, SUIT_MASKS, Mask
from ...deal import Deal
from ...rules import ContractRules, Lead, Rules
from ...tricks import follow_mask

Deadline = tuple[Callable[[], float], float] | None
"""A clock and the time on it at which a search gives up, or None."""

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


@lru_cache(maxsize=64)
def card_points(crules: ContractRules) -> tuple[int, ...]:
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


class Position:
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
        self.card_points = card_points(crules)
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


def root_legal(p: Position) -> Mask:
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


def trick_mask(cards_: list[int]) -> Mask:
    """The set of the cards of a list (a trick)."""
    m = 0
    for c in cards_:
        m |= 1 << c
    return m


def card_numbers(mask: Mask) -> list[int]:
    """The cards of a set, lowest first."""
    return [c for c in range(52) if mask >> c & 1]
