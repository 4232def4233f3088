"""The rules object: every number and switch of one way of playing Barbu, as data.

A ``Rules`` value describes a game completely: the pack (52 or 32 cards) and so the hand size;
the session's shape (a declarer keeps a block of deals, or the dealer moves on after every deal);
who leads the first trick; the contracts (an open registry of ``ContractRules``: scoring by
trick, by card, by trick index, lead restriction, early end, trumps, Domino opening); the
doubles (off, or on with the declarer's quota); and whether the highest or the lowest total
wins. The standard game and the presets of RULES.md §7 are four values of it, built by
``preset(name, options)``; nothing else in the engine, the computer players or the page holds a
number of the game's shape.

A new variant is one more value: for instance the standard game without its early ends is
``dataclasses.replace(STANDARD, contracts=tuple(replace(c, early_end=False) for c in
STANDARD.contracts))``.

Decisions recorded here (RULES.md):
- §2: a negative deal of the standard game ends as soon as no remaining card can change a score
  (``ContractRules.early_end``): No Queens once the 4 queens are taken, No Hearts once the 13
  hearts are, No King of Hearts once K♥ is; classic and fr32 never end early; pagat only in No
  Queens and No King of Hearts.
- §3: Domino may start on any rank the declarer names (pagat: always 7, 7♦ first); a player who
  cannot play is skipped.
- §4: the doubling obligation is enforced, see ``Rules.double_quota``.
- §7: the record form of a rules value is its preset name, or ``{"preset": name, "options":
  {...}}`` with the options that differ from the preset's defaults (``Rules.record``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any

from .cards import (
    ACE_OF_HEARTS,
    FULL_DECK,
    HEARTS,
    JACKS,
    KING_OF_HEARTS,
    PACK_32,
    QUEENS,
    SEVEN_OF_DIAMONDS,
    Mask,
    Rank,
)
from .errors import RuleError, quoted


class Contract(str):
    """A contract's id as records write it (``"no-queens"``, ``"salad"``, ``"reverse"``).

    The set of contracts is open: a contract is whatever a rules value lists; the names below
    are those of the presets of RULES.md §2, §3 and §7.
    """

    __slots__ = ()

    NO_TRICKS: Contract
    NO_QUEENS: Contract
    NO_LAST_TWO: Contract
    NO_HEARTS: Contract
    NO_KING_OF_HEARTS: Contract
    TRUMPS: Contract
    DOMINO: Contract
    SALAD: Contract
    KING_OF_HEARTS: Contract
    HEARTS: Contract
    QUEENS: Contract
    JACKS: Contract
    TRICKS: Contract
    LAST_TRICK: Contract
    REVERSE: Contract

    @property
    def value(self) -> str:
        """The id as plain text (the record's spelling)."""
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Contract({self.value!r})"


for _id in (
    "no-tricks",
    "no-queens",
    "no-last-two",
    "no-hearts",
    "no-king-of-hearts",
    "trumps",
    "domino",
    "salad",
    "king-of-hearts",
    "hearts",
    "queens",
    "jacks",
    "tricks",
    "last-trick",
    "reverse",
):
    setattr(Contract, _id.upper().replace("-", "_"), Contract(_id))


class Lead(Enum):
    """What a player may lead to a trick (RULES.md §2, §7)."""

    ANY = "any"
    NO_HEARTS = "no-hearts"
    """No heart while the leader holds another suit."""
    HEARTS_BROKEN = "hearts-broken"
    """As ``NO_HEARTS`` until a heart has been played on a trick led in another suit (pagat)."""


class TrumpDuty(Enum):
    """What a player void in a plain led suit must do in Trumps (RULES.md §3, §7)."""

    WIN = "win"
    """Play a trump that wins the trick if he has one, else anything (standard)."""
    TRUMP = "trump"
    """Play a trump if he has one, over-trumping when he can (classic)."""
    FREE = "free"
    """Anything (pagat)."""
    OVERTRUMP = "overtrump"
    """Beat every trump already in the trick when he can, else anything (pagat option)."""


class Rotation(Enum):
    """How the declarer's role moves round the table (RULES.md §1, §7)."""

    BLOCK = "block"
    """A declarer keeps the role for a block of deals, then his left neighbour takes it."""
    DEAL = "deal"
    """The dealer chooses, and the role moves left after every deal (fr32)."""


@dataclass(frozen=True)
class Domino:
    """How a Domino contract opens and pays (RULES.md §3, §7)."""

    places: tuple[int, int, int, int]
    """Raw scores of the first, second, third and last places."""
    start_rank: Rank | None = None
    """The rank every row starts from; None: the declarer names it."""
    opener: int | None = None
    """The only card that may be laid first (pagat's 7♦), else any card of the starting rank."""
    first: int = 0
    """Who moves first: the first seat able to play from the declarer plus this offset."""


@dataclass(frozen=True)
class ContractRules:
    """How one contract is played and scored.

    A trick contract's raw score for a seat is ``per_trick * tricks won`` plus, for each
    ``(mask, value)`` in ``card_values``, ``value`` per captured card of ``mask`` (the masks may
    overlap: a card scores in each), plus ``value`` for each ``(trick index, value)`` of
    ``trick_values`` whose trick the seat won. A Domino contract has ``domino`` instead.
    """

    contract: Contract
    positive: bool
    """Good for the player (only the declarer may be doubled in it, RULES.md §4)."""
    total: int
    """The sum of the four raw scores of every deal of this contract."""
    per_trick: int = 0
    card_values: tuple[tuple[Mask, int], ...] = ()
    trick_values: tuple[tuple[int, int], ...] = ()
    lead: Lead = Lead.ANY
    early_end: bool = False
    """The deal ends once every scoring card is captured (only with ``card_values``)."""
    has_trump: bool = False
    domino: Domino | None = None
    penalty_mask: Mask = field(init=False, repr=False, compare=False)
    """The cards that score in this contract (empty where tricks themselves score)."""
    end_mask: Mask = field(init=False, repr=False, compare=False)
    """The cards whose capture ends the deal early (0: the deal plays every trick)."""

    def __post_init__(self) -> None:
        penalty = 0
        for mask, _ in self.card_values:
            penalty |= mask
        object.__setattr__(self, "penalty_mask", penalty)
        object.__setattr__(self, "end_mask", penalty if self.early_end else 0)

    @property
    def is_domino(self) -> bool:
        """Whether this is a Domino contract (no tricks)."""
        return self.domino is not None

    @property
    def names_rank(self) -> bool:
        """Whether the declarer names the starting rank (a Domino without a fixed one)."""
        return self.domino is not None and self.domino.start_rank is None


@dataclass(frozen=True)
class Rules:
    """Every number and switch of one way of playing Barbu."""

    name: str
    """The preset's name in records: ``standard``, ``classic``, ``fr32`` or ``pagat``."""
    contracts: tuple[ContractRules, ...]
    options: tuple[tuple[str, Any], ...] = ()
    """The preset's options that differ from their defaults, by name (RULES.md §7)."""
    deck: Mask = FULL_DECK
    first_lead: int = 0
    """The first trick is led by the declarer plus this many seats (1: his left neighbour)."""
    rotation: Rotation = Rotation.BLOCK
    blocks: int = 4
    """Blocks in a session; a block has one deal per contract."""
    doubling: bool = True
    double_quota: int = 2
    """Each non-declarer must double the declarer at least this often in each block (§4)."""
    mutual_factor: int = 2
    """A mutual double pays this many times the difference of raw scores (§5)."""
    trump_duty: TrumpDuty = TrumpDuty.WIN
    dealer: int = -1
    """The dealer is the declarer plus this many seats (-1: his right neighbour deals, §1)."""
    double_shortcuts: bool = False
    """The page offers pagat's doubling shortcuts, *maximum* and *family* (RULES.md §7)."""
    lowest_wins: bool = False
    """The lowest total wins the session (fr32, whose points are penalties)."""
    _by_contract: dict[str, ContractRules] = field(init=False, repr=False, compare=False)
    hand_size: int = field(init=False, repr=False, compare=False)
    """Cards dealt to each seat, and so tricks in a trick contract."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_contract", {c.contract: c for c in self.contracts})
        object.__setattr__(self, "hand_size", self.deck.bit_count() // 4)

    def contract(self, contract: str) -> ContractRules:
        """The rules of one contract; ``RuleError`` if these rules have no such contract."""
        try:
            return self._by_contract[contract]
        except (KeyError, TypeError):
            raise RuleError(
                f"not a contract of the {self.name} rules: {quoted(contract)} "
                f"(expected one of {', '.join(self._by_contract)})",
                "bad-contract",
                contract=quoted(contract),
            ) from None

    @property
    def block_size(self) -> int:
        """Deals in a block: each contract once."""
        return len(self.contracts)

    @property
    def deals(self) -> int:
        """Deals in a whole session."""
        return self.block_size * self.blocks

    @property
    def goal(self) -> int:
        """+1 where a higher score is better, -1 where lower is (fr32)."""
        return -1 if self.lowest_wins else 1

    @property
    def record(self) -> str | dict[str, Any]:
        """How records write these rules: the preset's name, with its options if any."""
        if not self.options:
            return self.name
        return {"preset": self.name, "options": dict(self.options)}


# -- the presets (RULES.md §1-5 and §7) ------------------------------------------------------

HEARTS_BUT_ACE: Mask = HEARTS & ~(1 << ACE_OF_HEARTS)


def _negative_contracts(
    hand_size: int,
    king: int = -20,
    queen: int = -6,
    ace: int = -6,
    lead: Lead = Lead.NO_HEARTS,
    early: frozenset[str] = frozenset(),
) -> dict[str, ContractRules]:
    """The five negative contracts of RULES.md §2 with the given card values."""
    last = hand_size - 1
    return {
        c.contract: c
        for c in (
            ContractRules(Contract.NO_TRICKS, False, -2 * hand_size, per_trick=-2),
            ContractRules(
                Contract.NO_QUEENS,
                False,
                4 * queen,
                card_values=((QUEENS, queen),),
                early_end="no-queens" in early,
            ),
            ContractRules(
                Contract.NO_LAST_TWO, False, -30, trick_values=((last - 1, -10), (last, -20))
            ),
            ContractRules(
                Contract.NO_HEARTS,
                False,
                12 * -2 + ace,
                card_values=((HEARTS_BUT_ACE, -2), (1 << ACE_OF_HEARTS, ace)),
                lead=lead,
                early_end="no-hearts" in early,
            ),
            ContractRules(
                Contract.NO_KING_OF_HEARTS,
                False,
                king,
                card_values=((1 << KING_OF_HEARTS, king),),
                lead=lead,
                early_end="no-king-of-hearts" in early,
            ),
        )
    }


def _salad(hand_size: int, king: int, queen: int, ace: int) -> ContractRules:
    """Pagat's Salad: all five negative scorings at once, hearts broken, every trick played."""
    parts = _negative_contracts(hand_size, king, queen, ace).values()
    card_values = tuple(cv for c in parts for cv in c.card_values)
    trick_values = tuple(tv for c in parts for tv in c.trick_values)
    return ContractRules(
        Contract.SALAD,
        False,
        sum(c.total for c in parts),
        per_trick=-2,
        card_values=card_values,
        trick_values=trick_values,
        lead=Lead.HEARTS_BROKEN,
    )


TRUMPS = ContractRules(Contract.TRUMPS, True, 65, per_trick=5, has_trump=True)
"""Trumps, +5 a trick (RULES.md §3): the same in every game that has it; the trump duty of a
player void in a plain suit is the game's (``Rules.trump_duty``)."""


def _standard() -> Rules:
    negatives = _negative_contracts(
        13, early=frozenset({"no-queens", "no-hearts", "no-king-of-hearts"})
    )
    return Rules(
        name="standard",
        contracts=(
            *negatives.values(),
            TRUMPS,
            ContractRules(Contract.DOMINO, True, 65, domino=Domino(places=(45, 20, 5, -5))),
        ),
    )


def _classic() -> Rules:
    return Rules(
        name="classic",
        trump_duty=TrumpDuty.TRUMP,
        dealer=0,
        contracts=(
            *_negative_contracts(13).values(),
            TRUMPS,
            ContractRules(Contract.DOMINO, True, 65, domino=Domino(places=(45, 20, 10, -10))),
        ),
    )


def _fr32() -> Rules:
    return Rules(
        name="fr32",
        deck=PACK_32,
        first_lead=1,
        rotation=Rotation.DEAL,
        blocks=1,
        dealer=0,
        doubling=False,
        lowest_wins=True,
        contracts=(
            ContractRules(
                Contract.KING_OF_HEARTS, False, 40, card_values=((1 << KING_OF_HEARTS, 40),)
            ),
            ContractRules(Contract.HEARTS, False, 80, card_values=((HEARTS & PACK_32, 10),)),
            ContractRules(Contract.QUEENS, False, 40, card_values=((QUEENS, 10),)),
            ContractRules(Contract.JACKS, False, 80, card_values=((JACKS, 20),)),
            ContractRules(Contract.TRICKS, False, 80, per_trick=10),
            ContractRules(Contract.LAST_TRICK, False, 50, trick_values=((7, 50),)),
            ContractRules(Contract.REVERSE, True, -80, per_trick=-10),
        ),
    )


PAGAT_OPTIONS: dict[str, tuple[Any, ...]] = {
    "king_of_hearts": (-20, -30),
    "queen": (-6, -8),
    "ace_of_hearts": (-6, -4),
    "quota": (2, 3),
    "domino_any_seven": (False, True),
    "overtrump_always": (False, True),
    "salad": (False, True),
    "without": (None, "trumps", "domino"),
}
"""Each pagat option's allowed values, its default first (RULES.md §7)."""


def _pagat(options: tuple[tuple[str, Any], ...]) -> Rules:
    o = {name: values[0] for name, values in PAGAT_OPTIONS.items()} | dict(options)
    values = (o["king_of_hearts"], o["queen"], o["ace_of_hearts"])
    negatives = _negative_contracts(
        13, *values, lead=Lead.HEARTS_BROKEN, early=frozenset({"no-queens", "no-king-of-hearts"})
    )
    seven = Rank.SEVEN
    domino = Domino(
        places=(45, 20, 5, -5),
        start_rank=seven,
        opener=None if o["domino_any_seven"] else SEVEN_OF_DIAMONDS,
        first=1 if o["domino_any_seven"] else 0,
    )
    contracts = [*negatives.values()]
    if o["salad"]:
        contracts.append(_salad(13, *values))
    if o["without"] != "trumps":
        contracts.append(TRUMPS)
    if o["without"] != "domino":
        contracts.append(ContractRules(Contract.DOMINO, True, 65, domino=domino))
    duty = TrumpDuty.OVERTRUMP if o["overtrump_always"] else TrumpDuty.FREE
    return Rules(
        name="pagat",
        contracts=tuple(contracts),
        options=options,
        first_lead=1,
        double_quota=o["quota"],
        trump_duty=duty,
        double_shortcuts=True,
    )


_BUILDERS = {"standard": _standard, "classic": _classic, "fr32": _fr32}
PRESET_NAMES = ("standard", "classic", "fr32", "pagat")


def _same_json(a: object, b: object) -> bool:
    """Equal as JSON values: ``True`` is not ``1`` and ``-30.0`` is not ``-30``."""
    return type(a) is type(b) and a == b


@lru_cache(maxsize=64)
def _preset(name: str, options: tuple[tuple[str, Any], ...]) -> Rules:
    return _pagat(options) if name == "pagat" else _BUILDERS[name]()


def preset(name: str, options: dict[str, Any] | None = None) -> Rules:
    """The rules of a preset of RULES.md §7 with its options; ``RuleError`` names a bad one."""
    if not isinstance(name, str) or name not in PRESET_NAMES:
        raise RuleError(
            f"unknown rules {quoted(name)} (known: {', '.join(PRESET_NAMES)})", "bad-rules"
        )
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError(f"options must be an object, not {quoted(options)}", "bad-rules")
    if options and name != "pagat":
        raise RuleError(f"the {name} rules take no options", "bad-rules")
    chosen = []
    for key, value in options.items():
        allowed = PAGAT_OPTIONS.get(key) if isinstance(key, str) else None
        if allowed is None:
            raise RuleError(
                f"unknown option {quoted(key)} (known: {', '.join(PAGAT_OPTIONS)})", "bad-rules"
            )
        if not any(_same_json(value, v) for v in allowed):
            shown = ", ".join(
                "null" if v is None else str(v).lower() if isinstance(v, bool) else str(v)
                for v in allowed
            )
            raise RuleError(
                f"option {key} cannot be {quoted(value)} (allowed: {shown})", "bad-rules"
            )
        if not _same_json(value, allowed[0]):
            chosen.append((key, value))
    return _preset(name, tuple(sorted(chosen)))


def rules_from_record(value: Any) -> Rules:
    """The rules a record names: a preset name, or ``{"preset": name, "options": {...}}``."""
    if isinstance(value, dict):
        extra = sorted(set(value) - {"preset", "options"}, key=str)
        if extra:
            raise RuleError(
                f"unknown key {quoted(extra[0])} (expected preset and options)", "bad-rules"
            )
        if "preset" not in value:
            raise RuleError('"preset" is missing', "bad-rules")
        return preset(value["preset"], value.get("options", {}))
    return preset(value)


STANDARD = preset("standard")
"""The standard game of RULES.md §1-5."""
CLASSIC = preset("classic")
FR32 = preset("fr32")
PAGAT = preset("pagat")

PRESETS: dict[str, Rules] = {r.name: r for r in (STANDARD, CLASSIC, FR32, PAGAT)}
"""Each preset with its default options, by the name written in records."""

__all__ = [
    "CLASSIC",
    "FR32",
    "PAGAT",
    "PAGAT_OPTIONS",
    "PRESETS",
    "PRESET_NAMES",
    "STANDARD",
    "Contract",
    "ContractRules",
    "Domino",
    "Lead",
    "Rotation",
    "Rules",
    "TrumpDuty",
    "preset",
    "rules_from_record",
]
