"""An independent, deliberately naive reading of RULES.md for all four presets, used only to check
the engine (differential tests): "standard", "classic", "fr32" and "italian" (with its options;
"pagat", its former id, is read as it).

Cards are strings ("QS", "TH"), hands are Python sets, every rule is written out plainly as the
rule book says it (RULES.md §1-7 and "Decisions for the presets"). Nothing is imported from
``barbu`` nor from ``tests/reference.py``: this file stands alone.

Entry point: ``score_record(record)`` returns the same structure as ``barbu.score_record`` and
raises ``Illegal`` where the engine must raise ``RuleError``.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"  # low to high, ace high
SUITS = "SHDC"
PRESETS = ("standard", "classic", "fr32", "italian")
FORMER_IDS = {"pagat": "italian"}  # RULES.md §7: the old id is read and means the same game
STANDARD_CONTRACTS = [
    "no-tricks",
    "no-queens",
    "no-last-two",
    "no-hearts",
    "no-king-of-hearts",
    "trumps",
    "domino",
]
FR32_CONTRACTS = ["king-of-hearts", "hearts", "queens", "jacks", "tricks", "last-trick", "reverse"]
POSITIVE = ("trumps", "domino")

# italian options: every allowed value, the default first.
ITALIAN_OPTIONS = {
    "king_of_hearts": (-20, -30),
    "queen": (-6, -8),
    "ace_of_hearts": (-6, -4),
    "quota": (2, 3),
    "domino_any_seven": (False, True),
    "overtrump_always": (False, True),
    "salad": (False, True),
    "without": (None, "trumps", "domino"),
}

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class Illegal(Exception):
    """The reference refuses a record (or an action)."""


# -- cards ------------------------------------------------------------------------------------


def rank(card: str) -> int:
    """The strength of a card's rank: 0 for a two, 12 for an ace."""
    return RANKS.index(card[0])


def suit(card: str) -> str:
    """The suit letter of a card."""
    return card[1]


def parse_rank(text) -> str:
    """Read a rank ("A", "t", "10", ...) and return its canonical letter."""
    if not isinstance(text, str):
        raise Illegal(f"not a rank: {text!r}")
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANKS:
        raise Illegal(f"not a rank: {text!r}")
    return t


def parse_suit(text) -> str:
    """Read a suit ("S", "h", "♦", ...) and return its canonical letter."""
    if not isinstance(text, str):
        raise Illegal(f"not a suit: {text!r}")
    t = text.strip().upper()
    t = SUIT_SYMBOLS.get(t, t)
    if len(t) != 1 or t not in SUITS:
        raise Illegal(f"not a suit: {text!r}")
    return t


def parse_card(text) -> str:
    """Read a card ("QS", "10h", "T♥", ...) and return it as canonical "TH"."""
    if not isinstance(text, str) or len(text.strip()) < 2:
        raise Illegal(f"not a card: {text!r}")
    t = text.strip()
    return parse_rank(t[:-1]) + parse_suit(t[-1])


def parse_seat(value) -> int:
    """A seat number 0-3 (a JSON integer, not a boolean)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise Illegal(f"not a seat: {value!r}")
    return value


# -- rules ------------------------------------------------------------------------------------


def same_json(a, b) -> bool:
    """Equal as JSON values: same type and value (true is not 1, -30.0 is not -30)."""
    return type(a) is type(b) and a == b


class Rules:
    """One preset with its options, every number and switch written out."""

    def __init__(self, preset: str, options: dict):
        self.preset = preset
        self.options = {name: values[0] for name, values in ITALIAN_OPTIONS.items()}
        self.options.update(options)
        if preset == "fr32":
            self.ranks = "789TJQKA"
            self.contracts = list(FR32_CONTRACTS)
        else:
            self.ranks = RANKS
            self.contracts = list(STANDARD_CONTRACTS)
        if preset == "italian":
            if self.options["salad"]:
                self.contracts.append("salad")
            if self.options["without"] is not None:
                self.contracts.remove(self.options["without"])
        self.deck = [r + s for s in SUITS for r in self.ranks]
        self.hand_size = len(self.deck) // 4
        self.tricks = self.hand_size
        # A block has as many deals as the preset has contracts; fr32's session is one "block".
        self.block_size = len(self.contracts)
        self.session_deals = 7 if preset == "fr32" else 4 * self.block_size
        self.doubling = preset != "fr32"
        self.quota = self.options["quota"] if preset == "italian" else 2

    def key(self):
        """What makes two rules the same (the preset and every option value)."""
        return (self.preset, tuple(sorted((k, repr(v)) for k, v in self.options.items())))

    def declarer_of(self, first: int, n: int) -> int:
        """The declarer (fr32: the dealer) of deal ``n`` (1-based) of a session."""
        if self.preset == "fr32":
            return (first + (n - 1)) % 4
        return (first + (n - 1) // self.block_size) % 4

    def is_positive(self, contract: str) -> bool:
        """Trumps and Domino are positive; everything else (Salad included) is negative."""
        return contract in POSITIVE


def parse_rules(value) -> Rules:
    """Read a record's "rules": a preset name or {"preset": name, "options": {...}}."""
    if isinstance(value, str):
        name, options = value, {}
    elif isinstance(value, dict):
        if any(k not in ("preset", "options") for k in value):
            raise Illegal(f"unknown key in rules: {sorted(value)}")
        if "preset" not in value:
            raise Illegal("rules without a preset")
        name = value["preset"]
        options = value.get("options", {})
        if not isinstance(options, dict):
            raise Illegal("options must be an object")
    else:
        raise Illegal(f"unknown rules {value!r}")
    if isinstance(name, str):
        name = FORMER_IDS.get(name, name)
    if not isinstance(name, str) or name not in PRESETS:
        raise Illegal(f"unknown preset {name!r}")
    if options and name != "italian":
        raise Illegal(f"options are for italian only, not {name}")
    for option, given in options.items():
        if option not in ITALIAN_OPTIONS:
            raise Illegal(f"unknown option {option!r}")
        if not any(same_json(given, allowed) for allowed in ITALIAN_OPTIONS[option]):
            raise Illegal(f"option {option}: bad value {given!r}")
    return Rules(name, options)


# -- one deal ---------------------------------------------------------------------------------


class RefDeal:
    """One deal, played by the rule book of its preset."""

    def __init__(self, rules: Rules, hands, declarer: int, owed=None, deals_left=None, used=()):
        self.rules = rules
        self.hands = [set(h) for h in hands]
        self.dealt = [sorted(h, key=lambda c: (SUITS.index(suit(c)), -rank(c))) for h in hands]
        self.declarer = declarer
        if owed is None:  # a lone deal: a fresh block's first deal
            owed = [0 if s == declarer else rules.quota for s in range(4)]
        self.owed = list(owed)
        self.deals_left = rules.block_size if deals_left is None else deals_left
        self.used = list(used)
        self.contract = None
        self.trump = None
        self.start_rank = None
        self.doubles: list[tuple[int, int]] = []
        self.doubling = False
        self.playing = False
        self.over = False
        self.turn = None
        # tricks
        self.trick: list[tuple[int, str]] = []
        self.tricks_done: list[list[tuple[int, str]]] = []
        self.trick_winners: list[int] = []
        self.taken: list[list[str]] = [[], [], [], []]
        # domino
        self.rows: dict[str, list[int]] = {}
        self.out: list[int] = []

    # contract -------------------------------------------------------------------------------

    def choose(self, contract, trump=None, start_rank=None):
        """The declarer announces the contract (with its trump suit or starting rank)."""
        r = self.rules
        if not isinstance(contract, str) or contract not in r.contracts:
            raise Illegal(f"not a contract of {r.preset}: {contract!r}")
        if contract in self.used:
            raise Illegal(f"{contract} already played in this block")
        if contract == "trumps":
            if trump is None:
                raise Illegal("trumps needs a trump suit")
        elif trump is not None:
            raise Illegal("only trumps takes a trump suit")
        if contract == "domino" and r.preset in ("standard", "classic"):
            if start_rank is None:
                raise Illegal("domino needs a starting rank")
        elif start_rank is not None:
            raise Illegal("no starting rank here (the italian domino always starts at 7)")
        self.contract = contract
        self.trump = trump
        if contract == "domino":
            self.start_rank = "7" if r.preset == "italian" else start_rank
        if r.doubling:
            self.doubling = True
            self.turn = (self.declarer + 1) % 4
        else:
            self.start_play()

    # doubling -------------------------------------------------------------------------------

    def double_scope(self, seat):
        """The seats ``seat`` may double on his turn."""
        d = self.declarer
        if seat == d:
            return {a for (a, b) in self.doubles if b == d}
        if self.rules.is_positive(self.contract):
            return {d}
        return {0, 1, 2, 3} - {seat}

    def forced(self, seat):
        """Whether ``seat`` must double the declarer on this deal (the quota obligation)."""
        return seat != self.declarer and self.owed[seat] > 0 and self.owed[seat] >= self.deals_left

    def double_turn(self, targets):
        """The player to move doubles ``targets`` (a list; empty means pass)."""
        if not self.doubling:
            raise Illegal("no doubling now")
        seat = self.turn
        if len(set(targets)) != len(targets):
            raise Illegal("a seat doubled twice in one turn")
        for t in targets:
            if t not in self.double_scope(seat):
                raise Illegal(f"seat {seat} may not double seat {t}")
        if self.forced(seat) and self.declarer not in targets:
            raise Illegal(f"seat {seat} must double the declarer")
        self.doubles += [(seat, t) for t in targets]
        if seat == self.declarer:
            self.doubling = False
            self.start_play()
        else:
            self.turn = (seat + 1) % 4

    def start_play(self):
        """Play begins: find who moves first."""
        r = self.rules
        d = self.declarer
        self.playing = True
        if self.contract == "domino":
            if r.preset == "italian" and not r.options["domino_any_seven"]:
                self.turn = next(s for s in range(4) if "7D" in self.hands[s])
            elif r.preset == "italian":
                order = [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]
                self.turn = next(s for s in order if any(c[0] == "7" for c in self.hands[s]))
            else:
                order = [d, (d + 1) % 4, (d + 2) % 4, (d + 3) % 4]
                self.turn = next(s for s in order if self.can_lay(s))
        elif r.preset in ("standard", "classic"):
            self.turn = d
        else:  # italian and fr32: the declarer's left leads
            self.turn = (d + 1) % 4

    # legality -------------------------------------------------------------------------------

    def hearts_broken(self):
        """italian: a heart has been played on a trick led in another suit in this deal."""
        for trick in [*self.tricks_done, self.trick]:
            if trick and suit(trick[0][1]) != "H" and any(suit(c) == "H" for _, c in trick[1:]):
                return True
        return False

    def highest_trump_in_trick(self):
        """The rank of the best trump in the current trick, or None."""
        ranks = [rank(c) for _, c in self.trick if suit(c) == self.trump]
        return max(ranks) if ranks else None

    def why_illegal(self, card):
        """None if the player to move may play ``card``, else a short reason."""
        r = self.rules
        if self.over:
            return "the deal is over"
        if not self.playing:
            return "play has not started"
        hand = self.hands[self.turn]
        if card not in hand:
            return "not in hand"
        if self.contract == "domino":
            if (
                r.preset == "italian"
                and not r.options["domino_any_seven"]
                and not self.rows
                and card != "7D"
            ):
                return "seven-of-diamonds-first"
            if not self.domino_playable(card):
                return "not-playable"
            return None
        # leading a trick
        if not self.trick:
            only_hearts = all(suit(c) == "H" for c in hand)
            if suit(card) == "H" and not only_hearts:
                if r.preset in ("standard", "classic") and self.contract in (
                    "no-hearts",
                    "no-king-of-hearts",
                ):
                    return "heart-lead"
                if (
                    r.preset == "italian"
                    and self.contract in ("no-hearts", "no-king-of-hearts", "salad")
                    and not self.hearts_broken()
                ):
                    return "hearts-not-broken"
            return None
        # following
        led = suit(self.trick[0][1])
        holds_led = any(suit(c) == led for c in hand)
        if holds_led and suit(card) != led:
            return "must-follow-suit"
        if self.contract != "trumps":
            return None
        top = self.highest_trump_in_trick()
        trumps_in_hand = [c for c in hand if suit(c) == self.trump]
        beating = [c for c in trumps_in_hand if top is None or rank(c) > top]
        if led == self.trump:
            # trump led: beat every trump in the trick if able (all presets)
            if holds_led and beating and card not in beating:
                return "must-beat-trump-led"
            return None
        if holds_led:
            return None
        # void in a plain led suit
        if r.preset == "standard":
            if beating and card not in beating:
                return "must-trump-to-win"
        elif r.preset == "classic":
            if trumps_in_hand and card not in trumps_in_hand:
                return "must-trump"
            if beating and card not in beating:
                return "must-overtrump"
        elif r.preset == "italian" and r.options["overtrump_always"]:  # noqa: SIM102 - a branch a preset
            if top is not None and beating and card not in beating:
                return "must-overtrump"
        return None

    def is_legal(self, card):
        """Whether the player to move may play ``card``."""
        return self.why_illegal(card) is None

    def legal_cards(self):
        """The cards the player to move may play, sorted."""
        return sorted(c for c in self.hands[self.turn] if self.is_legal(c))

    # play -----------------------------------------------------------------------------------

    def play(self, card):
        """The player to move plays ``card``."""
        why = self.why_illegal(card)
        if why is not None:
            raise Illegal(f"{card}: {why}")
        seat = self.turn
        self.hands[seat].remove(card)
        if self.contract == "domino":
            self.lay(seat, card)
        else:
            self.add_to_trick(seat, card)

    def add_to_trick(self, seat, card):
        """Put a card on the trick; settle the trick when it holds four."""
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
        self.taken[winner] += [c for _, c in self.trick]
        self.trick_winners.append(winner)
        self.tricks_done.append(self.trick)
        self.trick = []
        self.turn = winner
        if len(self.tricks_done) == self.rules.tricks or self.ends_early():
            self.over = True

    def ends_early(self):
        """Whether no remaining card can change the score, in the presets that stop then."""
        preset, c = self.rules.preset, self.contract
        taken = [x for t in self.taken for x in t]
        queens = sum(1 for x in taken if x[0] == "Q")
        hearts = sum(1 for x in taken if suit(x) == "H")
        if preset == "standard":
            return (
                (c == "no-queens" and queens == 4)
                or (c == "no-hearts" and hearts == 13)
                or (c == "no-king-of-hearts" and "KH" in taken)
            )
        if preset == "italian":
            return (c == "no-queens" and queens == 4) or (
                c == "no-king-of-hearts" and "KH" in taken
            )
        return False  # classic and fr32 play every trick

    # domino ---------------------------------------------------------------------------------

    def domino_playable(self, card):
        """Whether a card may be laid on the rows now (7♦ rule of italian checked by the caller)."""
        row = self.rows.get(suit(card))
        if row is None:
            return card[0] == self.start_rank
        return rank(card) == row[0] - 1 or rank(card) == row[1] + 1

    def can_lay(self, seat):
        """Whether ``seat`` is still in and has a card he may lay."""
        if seat in self.out:
            return False
        r = self.rules
        if r.preset == "italian" and not r.options["domino_any_seven"] and not self.rows:
            return "7D" in self.hands[seat]
        return any(self.domino_playable(c) for c in self.hands[seat])

    def lay(self, seat, card):
        """Lay a card on its row; the player may go out; then the next seat that can play."""
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
                self.out += [s for s in range(4) if s not in self.out]
                self.over = True
                return
        for k in (1, 2, 3, 4):
            if self.can_lay((seat + k) % 4):
                self.turn = (seat + k) % 4
                return
        raise AssertionError("nobody can play")

    # scores ---------------------------------------------------------------------------------

    def tricks_won(self, seat):
        """How many tricks ``seat`` took."""
        return self.trick_winners.count(seat)

    def queen_points(self, seat):
        """No Queens: each queen taken."""
        value = self.rules.options["queen"] if self.rules.preset == "italian" else -6
        return value * sum(1 for c in self.taken[seat] if c[0] == "Q")

    def heart_points(self, seat):
        """No Hearts: -2 per heart, the ace of hearts more."""
        ace = self.rules.options["ace_of_hearts"] if self.rules.preset == "italian" else -6
        points = 0
        for c in self.taken[seat]:
            if c == "AH":
                points += ace
            elif suit(c) == "H":
                points += -2
        return points

    def king_points(self, seat):
        """No King of Hearts: K♥ taken."""
        value = self.rules.options["king_of_hearts"] if self.rules.preset == "italian" else -20
        return value if "KH" in self.taken[seat] else 0

    def last_two_points(self, seat):
        """No Last Two: -10 for trick 12, -20 for trick 13."""
        points = 0
        if self.trick_winners[11] == seat:
            points += -10
        if self.trick_winners[12] == seat:
            points += -20
        return points

    def raw(self):
        """Each seat's raw score for the contract."""
        c = self.contract
        if self.rules.preset == "fr32":
            return [self.fr32_points(s) for s in range(4)]
        if c == "domino":
            places = [45, 20, 10, -10] if self.rules.preset == "classic" else [45, 20, 5, -5]
            scores = [0, 0, 0, 0]
            for place, seat in enumerate(self.out):
                scores[seat] = places[place]
            return scores
        out = []
        for s in range(4):
            if c == "trumps":
                out.append(5 * self.tricks_won(s))
            elif c == "no-tricks":
                out.append(-2 * self.tricks_won(s))
            elif c == "no-queens":
                out.append(self.queen_points(s))
            elif c == "no-last-two":
                out.append(self.last_two_points(s))
            elif c == "no-hearts":
                out.append(self.heart_points(s))
            elif c == "no-king-of-hearts":
                out.append(self.king_points(s))
            elif c == "salad":
                out.append(
                    -2 * self.tricks_won(s)
                    + self.heart_points(s)
                    + self.queen_points(s)
                    + self.king_points(s)
                    + self.last_two_points(s)
                )
            else:
                raise AssertionError(c)
        return out

    def fr32_points(self, seat):
        """fr32: penalties counted positive (reverse is a bonus, negative)."""
        c = self.contract
        taken = self.taken[seat]
        if c == "king-of-hearts":
            return 40 if "KH" in taken else 0
        if c == "hearts":
            return 10 * sum(1 for x in taken if suit(x) == "H")
        if c == "queens":
            return 10 * sum(1 for x in taken if x[0] == "Q")
        if c == "jacks":
            return 20 * sum(1 for x in taken if x[0] == "J")
        if c == "tricks":
            return 10 * self.tricks_won(seat)
        if c == "last-trick":
            return 50 if self.trick_winners[7] == seat else 0
        if c == "reverse":
            return -10 * self.tricks_won(seat)
        raise AssertionError(c)

    def final(self):
        """Raw scores settled pair by pair for the doubles (fr32: no doubles, final = raw)."""
        raw = self.raw()
        out = list(raw)
        for a in range(4):
            for b in range(a + 1, 4):
                ab = (a, b) in self.doubles
                ba = (b, a) in self.doubles
                if not ab and not ba:
                    continue
                factor = 2 if ab and ba else 1
                out[a] += factor * (raw[a] - raw[b])
                out[b] += factor * (raw[b] - raw[a])
        return out


# -- records ----------------------------------------------------------------------------------


def parse_hands(rec, rules: Rules):
    """Four hands of ``rules.hand_size`` distinct cards, together exactly the preset's pack."""
    hands = rec["hands"]
    if not isinstance(hands, list) or len(hands) != 4:
        raise Illegal("4 hands expected")
    out = []
    for hand in hands:
        if not isinstance(hand, list):
            raise Illegal("a hand is a list")
        cards = [parse_card(c) for c in hand]
        if len(cards) != rules.hand_size:
            raise Illegal(f"a hand holds {rules.hand_size} cards, not {len(cards)}")
        for c in cards:
            if c not in rules.deck:
                raise Illegal(f"{c} is not in the {rules.preset} pack")
        out.append(cards)
    if sorted(c for h in out for c in h) != sorted(rules.deck):
        raise Illegal("the hands are not the pack")
    return out


def replay_deal(
    rec, rules: Rules | None = None, owed=None, deals_left=None, used=(), upto: int | None = None
):
    """Replay a deal record by the rule book; raise Illegal on anything wrong or unfinished.

    With ``upto``, stop after that many cards of the play and return the deal as it stands then.
    """
    try:
        if not isinstance(rec, dict):
            raise Illegal("a deal record is an object")
        if rules is None:
            rules = parse_rules(rec.get("rules", "standard"))
        hands = parse_hands(rec, rules)
        declarer = parse_seat(rec.get("declarer"))
        deal = RefDeal(rules, hands, declarer, owed, deals_left, used)
        trump = parse_suit(rec["trump"]) if rec.get("trump") is not None else None
        start = parse_rank(rec["start_rank"]) if rec.get("start_rank") is not None else None
        deal.choose(rec.get("contract"), trump, start)
        pairs = rec["doubles"]
        if not isinstance(pairs, list):
            raise Illegal("doubles is a list")
        if not rules.doubling:
            if pairs:
                raise Illegal(f"no doubles in {rules.preset}")
        else:
            parsed = []
            for p in pairs:
                if not isinstance(p, list) or len(p) != 2:
                    raise Illegal("a double is a [doubler, target] pair")
                parsed.append((parse_seat(p[0]), parse_seat(p[1])))
            i = 0
            d = declarer
            for seat in [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]:
                targets = []
                while i < len(parsed) and parsed[i][0] == seat:
                    targets.append(parsed[i][1])
                    i += 1
                deal.double_turn(targets)
            if i != len(parsed):
                raise Illegal("a double out of turn")
        play = rec["play"]
        if not isinstance(play, list):
            raise Illegal("play is a list")
        for text in play[:upto]:
            deal.play(parse_card(text))
        if upto is not None:
            return deal
        if not deal.over:
            raise Illegal("unfinished deal")
        return deal
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise Illegal(f"malformed: {e!r}") from None


def block_context(rules: Rules, first: int, earlier: list[RefDeal], n: int):
    """Deal ``n`` (1-based) of a session: (declarer, owed doubles, deals left, used contracts).

    ``earlier`` holds the session's deals 1..n-1, already replayed.
    """
    declarer = rules.declarer_of(first, n)
    index = (n - 1) % rules.block_size
    block = earlier[n - 1 - index : n - 1]
    used = [d.contract for d in block]
    owed = []
    for seat in range(4):
        if seat == declarer or not rules.doubling:
            owed.append(0)
        else:
            made = sum(1 for d in block if (seat, declarer) in d.doubles)
            owed.append(max(0, rules.quota - made))
    return declarer, owed, rules.block_size - index, used


def score_session(rec):
    """Score a session record: per-deal raw/final, totals, winners once all deals are played."""
    try:
        rules = parse_rules(rec.get("rules", "standard"))
        seed = rec.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise Illegal("seed is an integer or null")
        first = parse_seat(rec.get("first_declarer"))
        records = rec["deals"]
        if not isinstance(records, list):
            raise Illegal("deals is a list")
        if len(records) > rules.session_deals:
            raise Illegal(f"{rules.preset} has {rules.session_deals} deals, not {len(records)}")
        played: list[RefDeal] = []
        for n, drec in enumerate(records, 1):
            if not isinstance(drec, dict):
                raise Illegal("a deal record is an object")
            if "rules" in drec and parse_rules(drec["rules"]).key() != rules.key():
                raise Illegal(f"deal {n}: rules differ from the session's")
            declarer, owed, left, used = block_context(rules, first, played, n)
            if parse_seat(drec.get("declarer")) != declarer:
                raise Illegal(f"deal {n}: the declarer is seat {declarer}")
            played.append(replay_deal(drec, rules, owed, left, used))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise Illegal(f"malformed: {e!r}") from None
    deals = [{"raw": d.raw(), "final": d.final()} for d in played]
    totals = [sum(d["final"][s] for d in deals) for s in range(4)]
    result = {"deals": deals, "totals": totals}
    if len(played) == rules.session_deals:
        best = min(totals) if rules.preset == "fr32" else max(totals)
        result["winners"] = [s for s in range(4) if totals[s] == best]
    return result


def is_session_record(rec) -> bool:
    """A session record has "deals" or "first_declarer"."""
    return isinstance(rec, dict) and ("deals" in rec or "first_declarer" in rec)


def score_record(rec):
    """Score a deal or session record like ``barbu.score_record``; raise Illegal if refused."""
    if is_session_record(rec):
        return score_session(rec)
    deal = replay_deal(rec)
    return {"raw": deal.raw(), "final": deal.final()}
