"""Fast playouts: finish a deal's play on bare card sets, for benchmarks and the computer players.

``random_playout(deal, rng)`` plays the rest of a deal (in its play phase) with uniformly random
legal cards and returns the raw scores, leaving ``deal`` untouched. It runs on the same rule
functions as ``Deal`` (``tricks.lead_mask``, ``tricks.follow_mask``, ``tricks.beats``,
``domino.grow``), but its own trick loop: a loop shared with ``Deal`` through a card-choosing
callback measured 27-30% slower on the no-trump contracts. So tests/test_playouts.py checks the
two agree card by card, for every preset and option set: each card is the one the same random
number picks among the deal's legal cards (one number per card), and the scores are the deal's.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import domino, tricks
from .cards import Mask
from .deal import Deal, Phase
from .rules import Lead

POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(13) if v >> r & 1) for v in range(1 << 13)
)
"""``POSITIONS[v]``: the set bits of a 13-bit suit segment ``v``, lowest first."""


def random_card(mask: Mask, rnd: Callable[[], float]) -> int:
    """A uniformly random card of a non-empty set, drawn with ``rnd()`` in [0, 1)."""
    k = int(rnd() * mask.bit_count())
    for base in (0, 13, 26, 39):
        bits = POSITIONS[(mask >> base) & 0x1FFF]
        if k < len(bits):
            return base + bits[k]
        k -= len(bits)
    raise ValueError("random_card of an empty set")


def random_playout(deal: Deal, rng: random.Random, log: list[int] | None = None) -> list[int]:
    """Raw scores after finishing ``deal``'s play with random legal cards (``deal`` unchanged).

    When ``log`` is given, the cards played are appended to it in order.
    """
    if deal.phase is Phase.DONE:
        return deal.raw_scores()
    if deal.phase is not Phase.PLAY:
        raise ValueError("a playout starts in the play phase")
    assert deal.crules is not None  # chosen before the play
    if deal.crules.is_domino:
        return _domino_playout(deal, rng.random, log)
    return _trick_playout(deal, rng.random, log)


def _trick_playout(deal: Deal, rnd: Callable[[], float], log: list[int] | None) -> list[int]:
    state = deal.masks()
    crules, duty, seat = state.crules, deal.rules.trump_duty, state.to_move
    assert crules is not None and seat is not None  # set in the play phase
    hands = state.hands
    tricks_won = state.tricks_won
    captured = state.captured
    winners = state.winners
    trump = state.trump
    lead = crules.lead
    # Only the hearts-broken lead asks whether hearts are broken: under any other lead count them
    # broken from the start, and the loop never looks for a breaking heart.
    broken = state.hearts_broken or lead is not Lead.HEARTS_BROKEN
    restricts_lead, breaks_hearts = tricks.restricts_lead, tricks.breaks_hearts
    penalty = crules.end_mask
    taken = captured[0] | captured[1] | captured[2] | captured[3]
    lead_mask, follow_mask, beats = tricks.lead_mask, tricks.follow_mask, tricks.beats
    positions = POSITIONS
    draw = random_card

    trick = state.trick
    n_tricks, hand_size = len(winners), deal.rules.hand_size
    while n_tricks < hand_size:
        if trick:  # resuming in the middle of a trick
            win = (seat - len(trick)) % 4
            best = trick[0]
            led = best // 13
            for i, c in enumerate(trick[1:], 1):
                if beats(c, best, trump):
                    best, win = c, (seat - len(trick) + i) % 4
            cards_in = sum(1 << c for c in trick)
            followers = 4 - len(trick)
            seat = (seat - 1) % 4
            trick = []
        else:
            hand = hands[seat]
            best = draw(lead_mask(hand, restricts_lead(lead, broken)), rnd)
            hands[seat] = hand ^ (1 << best)
            if log is not None:
                log.append(best)
            win, cards_in, followers, led = seat, 1 << best, 3, best // 13
        lo = 13 * led
        high = best if best // 13 == trump else -1
        for _ in range(followers):
            seat = (seat + 1) & 3
            hand = hands[seat]
            if trump < 0:
                # No trumps: follow with any card of the led suit, else discard anything (the
                # hot path of tricks.follow_mask, inlined).
                seg = (hand >> lo) & 0x1FFF
                if seg:
                    bits = positions[seg]
                    card = lo + bits[int(rnd() * len(bits))]
                    if card > best:
                        best, win = card, seat
                else:
                    card = draw(hand, rnd)
                    if not broken and breaks_hearts(led, card):
                        broken = True
            else:
                card = draw(follow_mask(hand, led, trump, high, duty), rnd)
                if beats(card, best, trump):
                    best, win = card, seat
                    if card // 13 == trump:
                        high = card
                if not broken and breaks_hearts(led, card):
                    broken = True
            hands[seat] = hand ^ (1 << card)
            cards_in |= 1 << card
            if log is not None:
                log.append(card)
        tricks_won[win] += 1
        captured[win] |= cards_in
        winners.append(win)
        n_tricks += 1
        seat = win
        if penalty:
            taken |= cards_in
            if taken & penalty == penalty:
                break
    return tricks.raw_trick_scores(crules, tricks_won, captured, winners)


def _domino_playout(deal: Deal, rnd: Callable[[], float], log: list[int] | None) -> list[int]:
    def choose(seat: int, legal: Mask) -> int:
        card = random_card(legal, rnd)
        if log is not None:
            log.append(card)
        return card

    # A Domino in its play phase: all set.
    state = deal.masks()
    assert state.crules is not None and state.crules.domino is not None
    assert state.start >= 0 and state.to_move is not None
    return domino.finish(
        state.hands,
        state.playable,
        state.start,
        state.to_move,
        state.out_order,
        choose,
        state.crules.domino.places,
        state.opener,
    )
