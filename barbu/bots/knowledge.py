"""What a seat can infer from its view, and hidden hands sampled consistently with it.

Every inference is a set of cards a seat cannot hold now (``forbidden``):
- a player who did not follow the led suit has none of it (RULES.md §2);
- where hearts may not be led (No Hearts and No King of Hearts; in italian until hearts are
  broken), a player who led a heart held nothing else (§2, §7);
- in Trumps, a player who played a trump no higher than the top trump when trumps were led has no
  higher trump; void in a plain led suit, what he played tells what he lacked, by the rules'
  trump duty: no winning trump (standard), no trump or no higher trump (classic), no trump above
  one in the trick (the italian over-trump option), nothing (italian) (§3, §7);
- in the Domino, a player skipped over had no playable card at that moment (§3).

``sample_hands`` deals the unseen cards to the other seats, each receiving exactly the number of
cards he holds and none he cannot hold. It never looks at the real hidden hands.
"""

from __future__ import annotations

import random

from .. import domino
from ..cards import SUIT_MASKS, Card, Mask, iter_mask, mask_of
from ..deal import Phase, View
from ..rules import TrumpDuty
from ..tricks import ABOVE, NOT_HEARTS, beats, breaks_hearts, restricts_lead


def forbidden_cards(view: View) -> list[Mask]:
    """For each seat, the cards it provably does not hold now (from public play only)."""
    forbid = [0, 0, 0, 0]
    if view.contract is None or view.phase not in (Phase.PLAY, Phase.DONE):
        return forbid
    if view.start_rank is not None:
        _domino_passes(view, forbid)
        return forbid
    trump = -1 if view.trump is None else int(view.trump)
    lead = view.rules.contract(view.contract).lead
    duty = view.rules.trump_duty
    broken = False
    for leader, cards_ in _tricks_so_far(view):
        if cards_[0] // 13 == 1 and restricts_lead(lead, broken):
            forbid[leader] |= NOT_HEARTS
        broken = _followers_lack(leader, cards_, trump, duty, broken, forbid)
    return forbid


def _tricks_so_far(view: View) -> list[tuple[int, list[Card]]]:
    """Each trick played, and the one under way, as its leader and its cards in order."""
    tricks = [(t.leader, list(t.cards)) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [c for _, c in view.trick]))
    return tricks


def _followers_lack(
    leader: int, cards_: list[Card], trump: int, duty: TrumpDuty, broken: bool, forbid: list[Mask]
) -> bool:
    """Mark what one trick's followers showed they lack; return whether hearts are now broken."""
    led = cards_[0] // 13
    best = cards_[0]
    high = cards_[0] if led == trump else -1
    for i, c in enumerate(cards_[1:], 1):
        seat = (leader + i) % 4
        broken = broken or breaks_hearts(led, c)
        if c // 13 != led:
            forbid[seat] |= SUIT_MASKS[led]
        if trump >= 0:
            if led == trump and c // 13 == trump and c < high:
                forbid[seat] |= ABOVE[high]  # could not beat the top trump
            elif led != trump and c // 13 != led:
                forbid[seat] |= _void_lacks(duty, c, trump, high)
        if beats(c, best, trump):
            best = c
            if c // 13 == trump:
                high = c
    return broken


def _void_lacks(duty: TrumpDuty, card: int, trump: int, high: int) -> Mask:
    """The trumps a player void in a plain led suit cannot hold, having played ``card`` to a
    trick whose top trump is ``high`` (-1: none yet)."""
    trumps = SUIT_MASKS[trump]
    over = ABOVE[high] if high >= 0 else trumps  # the trumps that would win the trick
    played_trump = card // 13 == trump
    if duty is TrumpDuty.WIN:
        return 0 if played_trump and card > high else over
    if duty is TrumpDuty.TRUMP:
        if not played_trump:
            return trumps
        return over if card < high else 0
    if duty is TrumpDuty.OVERTRUMP and high >= 0 and not (played_trump and card > high):
        return over
    return 0


def _domino_passes(view: View, forbid: list[Mask]) -> None:
    """Seats skipped in the Domino held no playable card at that moment."""
    assert view.start_rank is not None and view.contract is not None  # a Domino being played
    start = int(view.start_rank)
    rules = view.rules.contract(view.contract).domino
    opener = -1 if rules is None or rules.opener is None else rules.opener
    playable = domino.opening_mask(start, opener)
    left = list(view.hand_sizes)
    for seat, _ in view.played:
        left[seat] += 1  # cards held before the play began
    prev, first = (view.declarer + (rules.first if rules else 0)) % 4, True
    for seat, card in view.played:
        _skipped(prev, seat, first, left, playable, forbid)
        first = False
        playable = domino.grow(playable, card, start, opener)
        left[seat] -= 1
        prev = seat
    if view.to_move is not None:
        _skipped(prev, view.to_move, first, left, playable, forbid)


def _skipped(
    prev: int, mover: int, first: bool, left: list[int], playable: Mask, forbid: list[Mask]
) -> None:
    """Mark the seats passed over between ``prev``'s turn and ``mover``'s (RULES.md §3)."""
    steps = range(0, 4) if first else range(1, 5)
    for k in steps:
        s = (prev + k) % 4
        if s == mover:
            return
        if left[s]:  # still in the deal, yet skipped: nothing playable
            forbid[s] |= playable


class Sampler:
    """Deals the cards a seat cannot see to the other seats, consistently with what it knows.

    Built once per decision; each ``sample`` returns four hands (the seat's own included), each
    other seat getting exactly as many cards as he holds and none he cannot hold. Cards that some
    seat cannot hold are placed first, at random among the seats that may hold them; the rest are
    shuffled into the room left.
    """

    def __init__(self, view: View, forbid: list[Mask]) -> None:
        self.me = view.seat
        self.own = mask_of(view.hand)
        played = mask_of(c for _, c in view.played)
        unseen = view.rules.deck & ~self.own & ~played
        self.seats = [s for s in range(4) if s != self.me]
        self.need = [view.hand_sizes[s] if s != self.me else 0 for s in range(4)]
        self.free: list[int] = []
        self.bound: list[tuple[int, list[int]]] = []
        for c in iter_mask(unseen):
            allowed = [s for s in self.seats if not forbid[s] >> c & 1]
            if len(allowed) == len(self.seats):
                self.free.append(c)
            else:
                self.bound.append((c, allowed))
        self.bound.sort(key=lambda t: len(t[1]))

    def sample(self, rng: random.Random, tries: int = 50) -> list[Mask] | None:
        """One consistent deal of the hidden cards, or None if none was found."""
        for _ in range(tries):
            hands = [0, 0, 0, 0]
            hands[self.me] = self.own
            room = self.need[:]
            if self._place_bound(hands, room, rng):
                free = self.free[:]
                rng.shuffle(free)
                i = 0
                for s in self.seats:
                    for c in free[i : i + room[s]]:
                        hands[s] |= 1 << c
                    i += room[s]
                return hands
        return None

    def _place_bound(self, hands: list[Mask], room: list[int], rng: random.Random) -> bool:
        bound = self.bound
        if not bound:
            return True
        # Equally constrained cards in random order, so no seat is favoured by card order.
        order = bound[:]
        rng.shuffle(order)
        order.sort(key=lambda t: len(t[1]))
        for c, allowed in order:
            open_ = [s for s in allowed if room[s]]
            if not open_:
                return False
            x = rng.random() * sum(room[s] for s in open_)
            for s in open_:
                x -= room[s]
                if x < 0:
                    break
            hands[s] |= 1 << c
            room[s] -= 1
        return True


def sample_hands(
    view: View, forbid: list[Mask], rng: random.Random, tries: int = 50
) -> list[Mask] | None:
    """Hidden hands for the other seats, consistent with ``forbid`` and the hand sizes."""
    return Sampler(view, forbid).sample(rng, tries)


__all__ = ["Sampler", "forbidden_cards", "sample_hands"]
