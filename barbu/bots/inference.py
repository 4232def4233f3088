"""How likely a sampled world is, given the moves seen: the master's inference (the expert's
too, in the Domino only).

The samplers of ``knowledge`` deal the hidden cards uniformly among the worlds the rules allow
(voids and the trump duties: what a seat *cannot* hold). Real players also reveal what they
*probably* hold: a player who ducks under the winning card has no lower card there, one who
leads a suit likes it. ``MoveModel`` weights a world by how likely the others' moves seen so far
are under a model of their play, the rules of thumb of ``heuristics`` (what the standard player
does and what the expert's playouts assume):

- for each move of another seat with more than one distinct legal card, the world's hands before
  that move are rebuilt (its remaining cards plus those it played later) and the rules of thumb
  choose a card as the playouts would (seeing the sample's voids);
- the move counts as expected when the card played is that choice or equivalent to it (same
  suit, no live card of another seat between them, scoring alike); otherwise the world's weight
  is multiplied by ``miss`` (0 < miss <= 1; 1 turns the inference off).

So the weight is ``miss ** k`` for the k surprising moves: a cheap, softened likelihood (a real
player is not the heuristics: a surprise makes a world less likely, never impossible). The
contract choice and the doubles are not used (a declarer's choice says much about its hand, but
judging it costs a simulation per world). ``weight`` never looks at the real hidden hands, only
at a sample; the worlds are weighted, not filtered, so every weighted world stays consistent with
the view (the sampler's job).
"""

from __future__ import annotations

from .. import domino
from ..cards import FULL_DECK, SUIT_MASKS, Mask
from ..deal import View
from ..tricks import beats, follow_mask, lead_mask, restricts_lead
from .heuristics import domino_card, play_style, trick_card
from .simulate import suits_held
from .solver import card_classes


class MoveModel:
    """Weights sampled worlds by the others' moves seen in ``view`` (see the module)."""

    def __init__(self, view: View, miss: float) -> None:
        assert view.contract is not None  # only asked in the play phase
        self.me = view.seat
        self.miss = miss
        self.rules = view.rules
        self.crules = view.rules.contract(view.contract)
        self.played = list(view.played)
        self.played_by = [0, 0, 0, 0]
        for seat, c in self.played:
            self.played_by[seat] |= 1 << c
        self.outside = FULL_DECK & ~view.rules.deck
        self.start = None if view.start_rank is None else int(view.start_rank)
        self.trump = -1 if view.trump is None else int(view.trump)
        self.tricks = [(t.leader, list(t.cards)) for t in view.tricks]
        if view.trick:
            self.tricks.append((view.trick[0][0], [c for _, c in view.trick]))
        self.classes = card_classes(self.crules)
        # Nothing to weigh when no other seat has moved.
        self.active = miss < 1.0 and any(s != self.me for s, _ in self.played)

    def weight(self, hands: list[Mask]) -> float:
        """How likely the moves seen are in the world ``hands`` (remaining cards), relative to
        a world where every move was the expected one (1.0)."""
        if not self.active:
            return 1.0
        dealt = [hands[s] | self.played_by[s] for s in range(4)]
        misses = self._domino_misses(dealt) if self.start is not None else self._misses(dealt)
        return float(self.miss**misses)

    def _same(self, a: int, b: int, hand: Mask, gone: Mask) -> bool:
        """Whether cards ``a`` and ``b`` of ``hand`` play alike now (see ``solver.groups``)."""
        if a == b:
            return True
        if a // 13 != b // 13 or (self.classes is not None and not self.classes[a] >> b & 1):
            return False
        lo, hi = min(a, b), max(a, b)
        between = ((1 << hi) - 1) & ~((2 << lo) - 1)
        return not between & ~gone & ~hand

    def _misses(self, hands: list[Mask]) -> int:
        """The moves of the other seats that the rules of thumb would not have made."""
        me, trump, duty = self.me, self.trump, self.rules.trump_duty
        style = play_style(self.crules, self.rules)
        lead = self.crules.lead
        held = [suits_held(h) for h in hands]
        gone = self.outside
        broken = False
        misses = 0
        for n, (leader, cards_) in enumerate(self.tricks):
            trick: list[int] = []
            best = high = led = -1
            for i, card in enumerate(cards_):
                seat = (leader + i) & 3
                hand = hands[seat]
                if seat != me:
                    if led < 0:
                        legal = lead_mask(hand, restricts_lead(lead, broken))
                    else:
                        legal = follow_mask(hand, led, trump, high, duty)
                    if legal & (legal - 1):
                        voids = 0 if trick else _voids_seen(held, seat)
                        choice = trick_card(style, hand, legal, trick, best, gone, trump, voids, n)
                        misses += not self._same(choice, card, hand, gone)
                bit = 1 << card
                suit = card // 13
                hands[seat] = hand ^ bit
                if not hands[seat] & SUIT_MASKS[suit]:
                    held[seat] &= ~(1 << suit)
                gone |= bit
                if led < 0:
                    led, best = suit, card
                    high = card if suit == trump else -1
                else:
                    broken = broken or (suit == 1 and led != 1)
                    if beats(card, best, trump):
                        best = card
                        if suit == trump:
                            high = card
                trick.append(card)
        return misses

    def _domino_misses(self, hands: list[Mask]) -> int:
        """The Domino moves of the other seats the rules of thumb would not have made."""
        assert self.start is not None and self.crules.domino is not None  # a Domino
        rules = self.crules.domino
        opener = -1 if rules.opener is None else rules.opener
        playable = domino.opening_mask(self.start, opener)
        played = self.outside
        misses = 0
        for seat, card in self.played:
            hand = hands[seat]
            legal = hand & playable
            chosen = seat != self.me and legal & (legal - 1)
            if chosen and domino_card(hand, legal, played, self.start) != card:
                misses += 1
            hands[seat] = hand ^ 1 << card
            played |= 1 << card
            playable = domino.grow(playable, card, self.start, opener)
        return misses


__all__ = ["MoveModel"]


def _voids_seen(held: list[int], seat: int) -> int:
    """The suits that some other seat than ``seat`` no longer holds (a leader's view of who can
    follow)."""
    others = held[(seat + 1) & 3] & held[(seat + 2) & 3]
    return 15 & ~(others & held[(seat + 3) & 3])
