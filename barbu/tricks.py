"""Trick play on card sets: which cards are legal, who wins a trick, raw scores (RULES.md §2, §3).

Pure functions on integers, shared by the deal state machine and the fast playouts. A trick in
progress is given by its led suit and, in Trumps, the highest trump already in it (``-1`` for none).
``trump`` is a suit number, or ``-1`` in the no-trump contracts.
"""

from __future__ import annotations

from .cards import HEARTS, SUIT_MASKS, Mask
from .rules import ContractRules, Rules

NOT_HEARTS: Mask = ~HEARTS & ((1 << 52) - 1)

ABOVE: tuple[Mask, ...] = tuple(SUIT_MASKS[c // 13] & -(1 << (c + 1)) for c in range(52))
"""``ABOVE[c]``: the cards of ``c``'s suit that beat ``c``."""


def lead_mask(hand: Mask, no_heart_lead: bool) -> Mask:
    """The cards a leader may lead: anything, but no heart while holding another suit (§2)."""
    if no_heart_lead:
        return hand & NOT_HEARTS or hand
    return hand


def follow_mask(hand: Mask, led: int, trump: int, high_trump: int, rules: Rules) -> Mask:
    """The cards a player may play to a trick whose led suit is ``led`` (§2, §3)."""
    follow = hand & SUIT_MASKS[led]
    if trump < 0:
        return follow or hand
    if led == trump:
        # §3: when trumps are led, beat every trump in the trick if possible, else any trump.
        if follow and rules.trump_lead_overtrump:
            return follow & ABOVE[high_trump] or follow
        return follow or hand
    if follow:
        return follow
    if rules.void_must_win_with_trump:
        # §3: void in a plain suit, play a trump that wins the trick if there is one.
        trumps = hand & SUIT_MASKS[trump]
        winners = trumps & ABOVE[high_trump] if high_trump >= 0 else trumps
        if winners:
            return winners
    return hand


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from the card now winning it, ``best``."""
    suit = card // 13
    best_suit = best // 13
    if suit == best_suit:
        return card > best
    return suit == trump


def raw_trick_scores(
    crules: ContractRules, tricks_won: list[int], captured: list[Mask], winners: list[int]
) -> list[int]:
    """Raw scores of a trick contract from tricks won, cards captured and each trick's winner."""
    scores = [crules.per_trick * n for n in tricks_won]
    for mask, value in crules.card_values:
        for seat in range(4):
            scores[seat] += value * (captured[seat] & mask).bit_count()
    for index, value in crules.trick_values:
        if index < len(winners):
            scores[winners[index]] += value
    return scores
