"""What a seat can infer from its view, and hidden hands sampled consistently with it.

Every inference is a set of cards a seat cannot hold now (``forbidden``):
- a player who did not follow the led suit has none of it (RULES.md §2);
- in No Hearts and No King of Hearts, a player who led a heart held nothing else (§2);
- in Trumps, a player who played a trump no higher than the top trump when trumps were led has no
  higher trump, and one who, void in a plain led suit, did not play a winning trump has no trump
  that would have won (§3);
- in the Domino, a player skipped over had no playable card at that moment (§3).

``sample_hands`` deals the unseen cards to the other seats, each receiving exactly the number of
cards he holds and none he cannot hold. It never looks at the real hidden hands.
"""

from __future__ import annotations

import random

from .. import domino
from ..cards import SUIT_MASKS, Mask, mask_of
from ..deal import Deal, Phase, Trick, View
from ..tricks import ABOVE, NOT_HEARTS, beats

FULL: Mask = (1 << 52) - 1


def forbidden_cards(view: View) -> list[Mask]:
    """For each seat, the cards it provably does not hold now (from public play only)."""
    forbid = [0, 0, 0, 0]
    if view.contract is None or view.phase not in (Phase.PLAY, Phase.DONE):
        return forbid
    if view.start_rank is not None:
        _domino_passes(view, forbid)
        return forbid
    trump = -1 if view.trump is None else int(view.trump)
    no_heart_lead = view.contract.value in ("no-hearts", "no-king-of-hearts")
    tricks = [(t.leader, list(t.cards)) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [c for _, c in view.trick]))
    for leader, cards_ in tricks:
        led = cards_[0] // 13
        if no_heart_lead and led == 1:
            forbid[leader] |= NOT_HEARTS
        best = cards_[0]
        high = cards_[0] if led == trump else -1
        for i, c in enumerate(cards_[1:], 1):
            seat = (leader + i) % 4
            if c // 13 != led:
                forbid[seat] |= SUIT_MASKS[led]
            if trump >= 0:
                if led == trump and c // 13 == trump and c < high:
                    forbid[seat] |= ABOVE[high]  # could not beat the top trump
                elif led != trump and c // 13 != led:
                    winning = ABOVE[high] if high >= 0 else SUIT_MASKS[trump]
                    if not (c // 13 == trump and c > high):
                        forbid[seat] |= winning  # held no trump that would have won
            if beats(c, best, trump):
                best = c
                if c // 13 == trump:
                    high = c
    return forbid


def _domino_passes(view: View, forbid: list[Mask]) -> None:
    """Seats skipped in the Domino held no playable card at that moment."""
    start = int(view.start_rank)
    playable = domino.opening_mask(start)
    left = list(view.hand_sizes)
    for seat, _ in view.played:
        left[seat] += 1  # cards held before the play began
    prev, first = view.declarer, True
    for seat, card in view.played:
        _skipped(prev, seat, first, left, playable, forbid)
        first = False
        playable = domino.grow(playable, card, start)
        left[seat] -= 1
        prev = seat
    if view.to_move is not None:
        _skipped(prev, view.to_move, first, left, playable, forbid)


def _skipped(prev: int, mover: int, first: bool, left: list[int], playable: Mask,
             forbid: list[Mask]) -> None:
    """Mark the seats passed over between ``prev``'s turn and ``mover``'s (RULES.md §3)."""
    steps = range(0, 4) if first else range(1, 5)
    for k in steps:
        s = (prev + k) % 4
        if s == mover:
            return
        if left[s]:  # still in the deal, yet skipped: nothing playable
            forbid[s] |= playable


def sample_hands(view: View, forbid: list[Mask], rng: random.Random,
                 tries: int = 50) -> list[Mask] | None:
    """Hidden hands for the other seats, consistent with ``forbid`` and the hand sizes."""
    me = view.seat
    own = mask_of(view.hand)
    played = mask_of(c for _, c in view.played)
    unseen = FULL & ~own & ~played
    seats = [s for s in range(4) if s != me]
    need = {s: view.hand_sizes[s] for s in seats}
    cards_ = []
    m = unseen
    while m:
        low = m & -m
        c = low.bit_length() - 1
        allowed = [s for s in seats if not forbid[s] >> c & 1]
        cards_.append((len(allowed), c, allowed))
        m ^= low
    for _ in range(tries):
        rng.shuffle(cards_)
        cards_.sort(key=lambda t: t[0])  # most constrained first; random order among equals
        room = dict(need)
        hands = [0, 0, 0, 0]
        hands[me] = own
        ok = True
        for _, c, allowed in cards_:
            open_ = [s for s in allowed if room[s]]
            if not open_:
                ok = False
                break
            total = sum(room[s] for s in open_)
            x = rng.random() * total
            for s in open_:
                x -= room[s]
                if x < 0:
                    break
            hands[s] |= 1 << c
            room[s] -= 1
        if ok:
            return hands
    return None


def determinize(view: View, hands: list[Mask]) -> Deal:
    """A full deal state: the public story of ``view`` with ``hands`` as everyone's remaining cards."""
    return Deal.from_view(view, hands)


__all__ = ["forbidden_cards", "sample_hands", "determinize", "Trick"]
