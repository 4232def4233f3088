"""An independent, deliberately naive reading of RULES.md §1–5, used only to check the engine.

Cards are strings ("QS"), hands are Python sets, every rule is written out as the rule book says
it, with no bitmasks and nothing imported from ``barbu``. The tests drive this reference and the
engine side by side and demand the same legal moves, the same refusals and the same scores.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]
NEGATIVE = ["no-tricks", "no-queens", "no-last-two", "no-hearts", "no-king-of-hearts"]
CONTRACTS = [*NEGATIVE, "trumps", "domino"]
DOMINO_PLACES = [45, 20, 5, -5]


class Illegal(Exception):
    """The reference refuses a record."""


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> str:
    return card[1]


class RefDeal:
    """One deal, played by the rule book."""

    def __init__(self, hands, declarer, owed=(0, 0, 0, 0), deals_left=7, used=()):
        self.hands = [set(h) for h in hands]
        self.dealt = [sorted(h) for h in hands]
        self.declarer = declarer
        self.owed = owed
        self.deals_left = deals_left
        self.used = set(used)
        self.contract = None
        self.trump = None
        self.start_rank = None
        self.doubles: list[tuple[int, int]] = []
        self.turns_done = 0
        self.trick: list[tuple[int, str]] = []
        self.tricks_won = [0, 0, 0, 0]
        self.taken: list[list[str]] = [[], [], [], []]
        self.trick_winners: list[int] = []
        self.rows: dict[str, list[int]] = {}
        self.out: list[int] = []
        self.over = False
        self.turn = declarer
        self.play_started = False

    # contract
    def choose(self, contract, trump=None, start_rank=None):
        if contract not in CONTRACTS or contract in self.used:
            raise Illegal("contract")
        if (contract == "trumps") != (trump is not None):
            raise Illegal("trump")
        if (contract == "domino") != (start_rank is not None):
            raise Illegal("rank")
        self.contract, self.trump, self.start_rank = contract, trump, start_rank
        self.turn = (self.declarer + 1) % 4

    # doubling
    def double_scope(self, seat):
        d = self.declarer
        if seat == d:
            return {a for (a, b) in self.doubles if b == d}
        if self.contract in ("trumps", "domino"):
            return {d}
        return {0, 1, 2, 3} - {seat}

    def forced(self, seat):
        return seat != self.declarer and self.owed[seat] > 0 and self.owed[seat] >= self.deals_left

    def double_turn(self, targets):
        seat = self.turn
        if len(set(targets)) != len(targets):
            raise Illegal("twice")
        for t in targets:
            if t not in self.double_scope(seat):
                raise Illegal("scope")
        if self.forced(seat) and self.declarer not in targets:
            raise Illegal("forced")
        self.doubles += [(seat, t) for t in targets]
        self.turns_done += 1
        if seat == self.declarer:
            self.start_play()
        else:
            self.turn = (seat + 1) % 4

    def start_play(self):
        self.play_started = True
        self.turn = self.declarer
        if self.contract == "domino":
            self.turn = self.next_domino(self.declarer, include_self=True)

    # tricks
    def highest_trump_in_trick(self):
        ranks = [rank(c) for _, c in self.trick if suit(c) == self.trump]
        return max(ranks) if ranks else None

    def is_legal(self, card):
        seat = self.turn
        hand = self.hands[seat]
        if self.over or card not in hand:
            return False
        if self.contract == "domino":
            return self.domino_playable(card)
        if not self.trick:
            if self.contract in ("no-hearts", "no-king-of-hearts") and suit(card) == "H":
                return all(suit(c) == "H" for c in hand)
            return True
        led = suit(self.trick[0][1])
        has_led = any(suit(c) == led for c in hand)
        if self.contract != "trumps":
            return suit(card) == led or not has_led
        top = self.highest_trump_in_trick()
        if led == self.trump:
            if not has_led:
                return True
            if suit(card) != led:
                return False
            higher = [c for c in hand if suit(c) == led and rank(c) > top]
            return not higher or card in higher
        if has_led:
            return suit(card) == led
        winning = [c for c in hand if suit(c) == self.trump and (top is None or rank(c) > top)]
        return not winning or card in winning

    def legal_cards(self):
        return sorted(c for c in self.hands[self.turn] if self.is_legal(c))

    def play(self, card):
        if not self.play_started or self.over:
            raise Illegal("not playing")
        if not self.is_legal(card):
            raise Illegal(f"illegal card {card}")
        seat = self.turn
        self.hands[seat].remove(card)
        if self.contract == "domino":
            self.lay(seat, card)
            return
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return
        led = suit(self.trick[0][1])
        trumps = [(rank(c), s) for s, c in self.trick if suit(c) == self.trump]
        if self.contract == "trumps" and trumps:
            winner = max(trumps)[1]
        else:
            winner = max((rank(c), s) for s, c in self.trick if suit(c) == led)[1]
        self.tricks_won[winner] += 1
        self.taken[winner] += [c for _, c in self.trick]
        self.trick_winners.append(winner)
        self.trick = []
        self.turn = winner
        all_taken = [c for t in self.taken for c in t]
        if (
            len(self.trick_winners) == 13
            or (self.contract == "no-queens" and sum(c[0] == "Q" for c in all_taken) == 4)
            or (self.contract == "no-hearts" and sum(suit(c) == "H" for c in all_taken) == 13)
            or (self.contract == "no-king-of-hearts" and "KH" in all_taken)
        ):
            self.over = True

    # domino
    def domino_playable(self, card):
        row = self.rows.get(suit(card))
        if row is None:
            return rank(card) == self.start_rank
        return rank(card) == row[0] - 1 or rank(card) == row[1] + 1

    def next_domino(self, seat, include_self):
        for k in range(0 if include_self else 1, 5):
            s = (seat + k) % 4
            if s not in self.out and any(self.domino_playable(c) for c in self.hands[s]):
                return s
        raise AssertionError("nobody can play")

    def lay(self, seat, card):
        r = rank(card)
        row = self.rows.get(suit(card))
        if row is None:
            self.rows[suit(card)] = [r, r]
        elif r == row[0] - 1:
            row[0] = r
        else:
            row[1] = r
        if not self.hands[seat]:
            self.out.append(seat)
            if len(self.out) == 3:
                self.over = True
                self.out += [s for s in range(4) if s not in self.out]
                return
        self.turn = self.next_domino(seat, include_self=False)

    # scores
    def raw(self):
        c = self.contract
        if c == "domino":
            scores = [0] * 4
            for place, seat in enumerate(self.out):
                scores[seat] = DOMINO_PLACES[place]
            return scores
        if c == "no-tricks":
            return [-2 * n for n in self.tricks_won]
        if c == "trumps":
            return [5 * n for n in self.tricks_won]
        if c == "no-queens":
            return [-6 * sum(x[0] == "Q" for x in t) for t in self.taken]
        if c == "no-hearts":
            return [sum(-6 if x == "AH" else -2 for x in t if suit(x) == "H") for t in self.taken]
        if c == "no-king-of-hearts":
            return [-20 if "KH" in t else 0 for t in self.taken]
        scores = [0] * 4
        scores[self.trick_winners[11]] -= 10
        scores[self.trick_winners[12]] -= 20
        return scores

    def final(self):
        raw = self.raw()
        out = list(raw)
        for a in range(4):
            for b in range(a + 1, 4):
                ab, ba = (a, b) in self.doubles, (b, a) in self.doubles
                if not (ab or ba):
                    continue
                factor = 2 if ab and ba else 1
                out[a] += factor * (raw[a] - raw[b])
                out[b] += factor * (raw[b] - raw[a])
        return out


def replay_deal(rec, owed=(0, 0, 0, 0), deals_left=7, used=()):
    """Replay a deal record by the rule book; raise Illegal on anything wrong."""
    try:
        hands = rec["hands"]
        if sorted(c for h in hands for c in h) != sorted(DECK) or any(len(h) != 13 for h in hands):
            raise Illegal("hands")
        deal = RefDeal(hands, rec["declarer"], owed, deals_left, used)
        deal.choose(
            rec["contract"],
            rec.get("trump"),
            RANKS.index(rec["start_rank"]) if "start_rank" in rec else None,
        )
        pairs = [tuple(p) for p in rec["doubles"]]
        i = 0
        d = deal.declarer
        for seat in [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]:
            targets = []
            while i < len(pairs) and pairs[i][0] == seat:
                targets.append(pairs[i][1])
                i += 1
            deal.double_turn(targets)
        if i != len(pairs):
            raise Illegal("out of turn")
        for card in rec["play"]:
            deal.play(card)
        if not deal.over:
            raise Illegal("unfinished")
        return deal
    except (KeyError, ValueError, TypeError, IndexError) as e:
        raise Illegal(f"malformed: {e}") from None


def score_session(rec):
    """Score a session record by the rule book: per-deal raw/final, totals, winners."""
    first = rec["first_declarer"]
    out = []
    totals = [0, 0, 0, 0]
    deals = rec["deals"]
    if len(deals) > 28:
        raise Illegal("too many deals")
    for n, drec in enumerate(deals):
        block, index = divmod(n, 7)
        declarer = (first + block) % 4
        if drec["declarer"] != declarer:
            raise Illegal("declarer")
        earlier = deals[block * 7 : n]
        used = [e["contract"] for e in earlier]
        owed = [0, 0, 0, 0]
        for seat in range(4):
            if seat != declarer:
                made = sum(1 for e in earlier if [seat, declarer] in e["doubles"])
                owed[seat] = max(0, 2 - made)
        deal = replay_deal(drec, tuple(owed), 7 - index, used)
        raw, final = deal.raw(), deal.final()
        out.append({"raw": raw, "final": final})
        totals = [t + f for t, f in zip(totals, final, strict=True)]
    result = {"deals": out, "totals": totals}
    if len(deals) == 28:
        best = max(totals)
        result["winners"] = [s for s in range(4) if totals[s] == best]
    return result
