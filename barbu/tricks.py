"""Trick play on card sets: which cards are legal, who wins a trick, raw scores (RULES.md §2, §3).

Pure functions on integers, shared by the deal state machine and the fast playouts. A trick in
progress is given by its led suit and, in Trumps, the highest trump already in it (``-1`` for none).
``trump`` is a suit number, or ``-1`` in the no-trump contracts.
"""

from __future__ import annotations

from .cards import FULL_DECK, HEARTS, SUIT_MASKS, Mask, Suit
from .rules import ContractRules, Lead, TrumpDuty

NOT_HEARTS: Mask = ~HEARTS & FULL_DECK
HEART_SUIT = int(Suit.HEARTS)

ABOVE: tuple[Mask, ...] = tuple(SUIT_MASKS[c // 13] & -(1 << (c + 1)) for c in range(52))
"""``ABOVE[c]``: the cards of ``c``'s suit that beat ``c``."""


def lead_mask(hand: Mask, no_hearts: bool) -> Mask:
    """The cards a leader may lead: anything, but, when ``no_hearts``, no heart while holding
    another suit (RULES.md §2; italian: until hearts are broken, §7)."""
    if no_hearts:
        return hand & NOT_HEARTS or hand
    return hand


def restricts_lead(lead: Lead, hearts_broken: bool) -> bool:
    """Whether a leader may not lead hearts now (while holding another suit)."""
    return lead is Lead.NO_HEARTS or (lead is Lead.HEARTS_BROKEN and not hearts_broken)


def breaks_hearts(led: int, card: int) -> bool:
    """Whether ``card`` played to a trick led in suit ``led`` breaks hearts (RULES.md §7)."""
    return card // 13 == HEART_SUIT and led != HEART_SUIT


def follow_mask(hand: Mask, led: int, trump: int, high_trump: int, duty: TrumpDuty) -> Mask:
    """The cards a player may play to a trick whose led suit is ``led`` (§2, §3, §7).

    ``high_trump`` is the highest trump already in the trick (-1 for none); ``duty`` says what a
    player void in a plain led suit owes in Trumps.
    """
    follow = hand & SUIT_MASKS[led]
    if trump < 0:
        return follow or hand
    if led == trump:
        # §3: when trumps are led, beat every trump in the trick if possible, else any trump.
        return follow & ABOVE[high_trump] or follow or hand
    if follow:
        return follow
    if duty is TrumpDuty.FREE:
        return hand
    trumps = hand & SUIT_MASKS[trump]
    if duty is TrumpDuty.OVERTRUMP:
        # §7 italian option: with a trump in the trick, beat it if possible, else anything.
        return (trumps & ABOVE[high_trump] if high_trump >= 0 else 0) or hand
    winners = trumps & ABOVE[high_trump] if high_trump >= 0 else trumps
    if duty is TrumpDuty.TRUMP:
        # §7 classic: trump, over-trumping when possible; discard only without trumps.
        return winners or trumps or hand
    # §3: void in a plain suit, play a trump that wins the trick if there is one.
    return winners or hand


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
