"""Heuristic playouts: finish a deal with every seat following the rules of thumb of
``heuristics``, for the expert's evaluation of candidate moves.

Like ``barbu.playout.random_playout`` it works on bare card sets, leaves the deal untouched and
returns raw scores; inside a sampled deal every seat may see the sample (voids included): it is a
simulation of plausible play, not a player. It has its own trick loop, for speed, so
tests/test_playouts.py checks it against ``Deal`` card by card, for every preset and option set:
each card is the one the heuristics choose among the deal's legal cards, and the scores are the
deal's.
"""

from __future__ import annotations

import random

from .. import domino, tricks
from ..cards import FULL_DECK, SUIT_MASKS, Mask, mask_of
from ..deal import Deal, Phase
from .heuristics import domino_card, negative_card, play_style, trumps_card

_S1, _S2, _S3 = SUIT_MASKS[1:]


def suits_held(hand: Mask) -> int:
    """The suits (a 4-bit set) a hand holds cards of."""
    return (
        bool(hand & 0x1FFF) | bool(hand & _S1) << 1 | bool(hand & _S2) << 2 | bool(hand & _S3) << 3
    )


def skip_doubling(deal: Deal) -> Deal:
    """Finish the doubling round with the smallest legal turns (raw scores do not depend on it)."""
    while deal.phase is Phase.DOUBLING:
        deal.apply(deal.legal_actions()[0])
    return deal


def heuristic_playout(
    deal: Deal, rng: random.Random | None = None, log: list[int] | None = None
) -> list[int]:
    """Raw scores after finishing ``deal``'s play with the heuristics (``deal`` unchanged).

    When ``log`` is given, the cards played are appended to it in order.
    """
    if deal.phase is Phase.DONE:
        return deal.raw_scores()
    if deal.phase is not Phase.PLAY:
        raise ValueError("a playout starts in the play phase")
    assert deal.crules is not None  # chosen before the play
    if deal.crules.is_domino:
        return _domino(deal, log)
    return _tricks(deal, log)


def _tricks(deal: Deal, log: list[int] | None) -> list[int]:
    state = deal.masks()
    crules, duty, seat = state.crules, deal.rules.trump_duty, state.to_move
    assert crules is not None and seat is not None  # set in the play phase
    style = play_style(crules, deal.rules)
    hands = state.hands
    tricks_won = state.tricks_won
    captured = state.captured
    winners = state.winners
    trump = state.trump
    positive = style.wants_tricks
    lead, broken = crules.lead, state.hearts_broken
    restricts_lead = tricks.restricts_lead
    penalty = crules.end_mask
    hand_size = deal.rules.hand_size
    taken = captured[0] | captured[1] | captured[2] | captured[3]
    gone = mask_of(c for _, c in deal.played) | FULL_DECK & ~deal.rules.deck
    held = [suits_held(h) for h in hands]
    lead_mask, follow_mask = tricks.lead_mask, tricks.follow_mask
    suit_masks = SUIT_MASKS

    trick = state.trick
    n = len(winners)
    best = win = -1
    high = -1
    led = -1
    cards_in = 0
    if trick:
        leader = (seat - len(trick)) % 4
        led = trick[0] // 13
        best, win = trick[0], leader
        for i, c in enumerate(trick[1:], 1):
            if tricks.beats(c, best, trump):
                best, win = c, (leader + i) % 4
        high = best if best // 13 == trump else -1
        cards_in = mask_of(trick)
    while n < hand_size:
        hand = hands[seat]
        if led < 0:
            legal = lead_mask(hand, restricts_lead(lead, broken))
        elif trump < 0:
            legal = hand & suit_masks[led] or hand  # follow_mask without trumps
        else:
            legal = follow_mask(hand, led, trump, high, duty)
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            # Suits another seat is out of (only a leader cares).
            voids = (
                0
                if trick
                else 15 & ~(held[(seat + 1) & 3] & held[(seat + 2) & 3] & held[(seat + 3) & 3])
            )
            if positive:
                card = trumps_card(hand, legal, trick, best, gone, trump, voids)
            else:
                card = negative_card(style, hand, legal, trick, best, gone, voids, n)
        if log is not None:
            log.append(card)
        bit = 1 << card
        suit = card // 13
        hand ^= bit
        hands[seat] = hand
        if not hand & suit_masks[suit]:
            held[seat] &= ~(1 << suit)
        gone |= bit
        cards_in |= bit
        if led < 0:
            led, best, win = suit, card, seat
            if suit == trump:
                high = card
        else:
            if suit == 1 and led != 1:
                broken = True  # tricks.breaks_hearts, inlined
            if card > best if suit == best // 13 else suit == trump:  # beats()
                best, win = card, seat
                if suit == trump:
                    high = card
        trick.append(card)
        if len(trick) < 4:
            seat = (seat + 1) & 3
            continue
        tricks_won[win] += 1
        captured[win] |= cards_in
        winners.append(win)
        n += 1
        if penalty:
            taken |= cards_in
            if taken & penalty == penalty:
                break
        trick = []
        led = high = -1
        cards_in = 0
        seat = win
    return tricks.raw_trick_scores(crules, tricks_won, captured, winners)


def _domino(deal: Deal, log: list[int] | None) -> list[int]:
    # A Domino in its play phase: all set.
    state = deal.masks()
    assert state.crules is not None and state.crules.domino is not None
    assert state.start >= 0 and state.to_move is not None
    hands = state.hands
    played = mask_of(c for _, c in deal.played) | FULL_DECK & ~deal.rules.deck
    start = state.start

    def choose(seat: int, legal: Mask) -> int:
        nonlocal played
        card = (
            legal.bit_length() - 1
            if legal & (legal - 1) == 0
            else domino_card(hands[seat], legal, played, start)
        )
        played |= 1 << card
        if log is not None:
            log.append(card)
        return card

    return domino.finish(
        hands,
        state.playable,
        start,
        state.to_move,
        state.out_order,
        choose,
        state.crules.domino.places,
        state.opener,
    )


__all__ = ["heuristic_playout", "skip_doubling", "suits_held"]
