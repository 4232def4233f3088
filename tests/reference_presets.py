"""An independent, deliberately naive reading of RULES.md for all four presets, used only to check
the engine (differential tests): "standard", "classic", "fr32" and "italian" (with its options;
"pagat", its former id, is read as it). What sets the presets apart is one table
(``PRESETS_TABLE``: a row of plain numbers and switches per preset, read from RULES.md §7, and
``OPTION_EFFECTS``); the play and the scores read the row, never a preset's name.

Cards are strings ("QS", "TH"), hands are Python sets, every rule is written out plainly as the
rule book says it (RULES.md §1-7 and "Decisions for the presets"). Nothing is imported from
``barbu`` nor from ``tests/reference.py``: this file stands alone.

Records are read, replayed and scored by tests/reference_preset_records.py.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"  # low to high, ace high
SUITS = "SHDC"
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

STANDARD = {
    "ranks": RANKS,  # the pack: these ranks of each suit
    "contracts": STANDARD_CONTRACTS,
    "blocks": 4,  # a session is this many blocks of one deal per contract
    "rotation": "block",  # the declarer keeps a block (§1); "deal": the dealer moves on (fr32)
    "doubling": True,
    "quota": 2,  # doubles of the declarer each other player owes in a block (§4)
    "first_lead": 0,  # the first trick is led by the declarer plus this many seats
    "heart_lead": "no-hearts",  # §2; "broken": not until hearts are broken; "any"
    "void_in_trumps": "win",  # §3; "trump" (classic), "free" (italian), "overtrump"
    "early_end": ("no-queens", "no-hearts", "no-king-of-hearts"),  # §2
    "domino_rank": None,  # None: the declarer names the starting rank
    "domino_opener": None,  # the only card that may open the Domino (italian: 7D)
    "domino_first": 0,  # else the first seat from the declarer plus this that can lay moves first
    "domino_places": (45, 20, 5, -5),
    "queen": -6,
    "ace_of_hearts": -6,
    "king_of_hearts": -20,
    "lowest_wins": False,
    "options": {},  # each option's allowed values, the default first
    "former_ids": (),
}
PRESETS_TABLE = {
    "standard": STANDARD,
    "classic": {  # RULES.md §7 classic
        **STANDARD,
        "void_in_trumps": "trump",
        "early_end": (),
        "domino_places": (45, 20, 10, -10),
    },
    "fr32": {  # RULES.md §7 fr32
        **STANDARD,
        "ranks": "789TJQKA",
        "contracts": FR32_CONTRACTS,
        "blocks": 1,
        "rotation": "deal",
        "doubling": False,
        "first_lead": 1,
        "heart_lead": "any",
        "early_end": (),
        "lowest_wins": True,
    },
    "italian": {  # RULES.md §7 italian
        **STANDARD,
        "first_lead": 1,
        "heart_lead": "broken",
        "void_in_trumps": "free",
        "early_end": ("no-queens", "no-king-of-hearts"),
        "domino_rank": "7",
        "domino_opener": "7D",
        "options": {
            "king_of_hearts": (-20, -30),
            "queen": (-6, -8),
            "ace_of_hearts": (-6, -4),
            "quota": (2, 3),
            "domino_any_seven": (False, True),
            "overtrump_always": (False, True),
            "salad": (False, True),
            "without": (None, "trumps", "domino"),
        },
        "former_ids": ("pagat",),
    },
}
"""Every preset of RULES.md §7, each number and switch as the rule book states it."""
PRESETS = tuple(PRESETS_TABLE)
FORMER_IDS = {old: name for name, row in PRESETS_TABLE.items() for old in row["former_ids"]}
OPTION_EFFECTS = {
    ("domino_any_seven", True): {"domino_opener": None, "domino_first": 1},
    ("overtrump_always", True): {"void_in_trumps": "overtrump"},
    ("salad", True): {"add": "salad"},
    ("without", "trumps"): {"drop": "trumps"},
    ("without", "domino"): {"drop": "domino"},
}
"""What an option's value changes; an option named as an entry of the table (``queen``,
``quota``...) sets that entry."""


class Illegal(Exception):
    """The reference refuses a record (or an action)."""


# -- cards ------------------------------------------------------------------------------------


def rank(card: str) -> int:
    """The strength of a card's rank: 0 for a two, 12 for an ace."""
    return RANKS.index(card[0])


def suit(card: str) -> str:
    """The suit letter of a card."""
    return card[1]


# -- rules ------------------------------------------------------------------------------------


def same_json(a, b) -> bool:
    """Equal as JSON values: same type and value (true is not 1, -30.0 is not -30)."""
    return type(a) is type(b) and a == b


class Rules:
    """One preset with its options, every number and switch written out."""

    def __init__(self, preset: str, options: dict):
        self.preset = preset
        row = PRESETS_TABLE[preset]
        self.options = {name: values[0] for name, values in row["options"].items()}
        self.options.update(options)
        settings = {k: v for k, v in row.items() if k not in ("options", "former_ids")}
        contracts = list(row["contracts"])
        for name, value in self.options.items():
            if name in settings:
                settings[name] = value
            effect = OPTION_EFFECTS.get((name, value), {})
            settings.update({k: v for k, v in effect.items() if k not in ("add", "drop")})
            if "add" in effect:
                contracts.append(effect["add"])
            if "drop" in effect:
                contracts.remove(effect["drop"])
        self.__dict__.update(settings)
        self.contracts = contracts
        self.deck = [r + s for s in SUITS for r in self.ranks]
        self.hand_size = len(self.deck) // 4
        self.tricks = self.hand_size
        # A block has as many deals as the preset has contracts; fr32's session is one "block".
        self.block_size = len(self.contracts)
        self.session_deals = self.blocks * self.block_size

    def key(self):
        """What makes two rules the same (the preset and every option value)."""
        return (self.preset, tuple(sorted((k, repr(v)) for k, v in self.options.items())))

    def declarer_of(self, first: int, n: int) -> int:
        """The declarer (fr32: the dealer) of deal ``n`` (1-based) of a session."""
        if self.rotation == "deal":
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
    allowed = PRESETS_TABLE[name]["options"]
    if options and not allowed:
        raise Illegal(f"the {name} rules take no options")
    for option, given in options.items():
        if option not in allowed:
            raise Illegal(f"unknown option {option!r}")
        if not any(same_json(given, value) for value in allowed[option]):
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
        if contract == "domino" and r.domino_rank is None:
            if start_rank is None:
                raise Illegal("domino needs a starting rank")
        elif start_rank is not None:
            raise Illegal("no starting rank here (the italian domino always starts at 7)")
        self.contract = contract
        self.trump = trump
        if contract == "domino":
            self.start_rank = r.domino_rank or start_rank
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
        if self.contract == "domino" and r.domino_opener:  # its holder moves first
            self.turn = next(s for s in range(4) if r.domino_opener in self.hands[s])
        elif self.contract == "domino":  # the first seat from there that can lay
            order = [(d + r.domino_first + k) % 4 for k in range(4)]
            self.turn = next(s for s in order if self.can_lay(s))
        else:  # the declarer leads, or his left (italian, fr32)
            self.turn = (d + r.first_lead) % 4

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
            if r.domino_opener and not self.rows and card != r.domino_opener:
                return "seven-of-diamonds-first"
            if not self.domino_playable(card):
                return "not-playable"
            return None
        # leading a trick
        if not self.trick:
            only_hearts = all(suit(c) == "H" for c in hand)
            if suit(card) == "H" and not only_hearts:
                if r.heart_lead == "no-hearts" and self.contract in (
                    "no-hearts",
                    "no-king-of-hearts",
                ):
                    return "heart-lead"
                if (
                    r.heart_lead == "broken"
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
        return self.why_illegal_in_trumps(card, hand, led, holds_led)

    def why_illegal_in_trumps(self, card, hand, led, holds_led):
        """Trumps (§3, §7): the duties to beat a trump and, void in a plain suit, to trump."""
        r = self.rules
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
        if r.void_in_trumps == "win":
            if beating and card not in beating:
                return "must-trump-to-win"
        elif r.void_in_trumps == "trump":
            if trumps_in_hand and card not in trumps_in_hand:
                return "must-trump"
            if beating and card not in beating:
                return "must-overtrump"
        elif r.void_in_trumps == "overtrump":  # noqa: SIM102 - a branch a duty
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
        """Whether no remaining card can change the score, in the contracts that stop then."""
        c = self.contract
        if c not in self.rules.early_end:
            return False  # classic and fr32 play every trick
        taken = [x for t in self.taken for x in t]
        if c == "no-queens":
            return sum(1 for x in taken if x[0] == "Q") == 4
        if c == "no-hearts":
            return sum(1 for x in taken if suit(x) == "H") == 13
        return c == "no-king-of-hearts" and "KH" in taken

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
        if r.domino_opener and not self.rows:
            return r.domino_opener in self.hands[seat]
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
        value = self.rules.queen
        return value * sum(1 for c in self.taken[seat] if c[0] == "Q")

    def heart_points(self, seat):
        """No Hearts: -2 per heart, the ace of hearts more."""
        ace = self.rules.ace_of_hearts
        points = 0
        for c in self.taken[seat]:
            if c == "AH":
                points += ace
            elif suit(c) == "H":
                points += -2
        return points

    def king_points(self, seat):
        """No King of Hearts: K♥ taken."""
        value = self.rules.king_of_hearts
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
        if c in FR32_CONTRACTS:
            return [self.fr32_points(s) for s in range(4)]
        if c == "domino":
            places = self.rules.domino_places
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
