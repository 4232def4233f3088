"""The rules object: every number and switch of one way of playing Barbu, as data.

A ``Rules`` value describes a game completely: the pack (52 or 32 cards) and so the hand size;
the session's shape (a declarer keeps a block of deals, or the dealer moves on after every deal);
who leads the first trick; the contracts (an open registry of ``ContractRules``: scoring by
trick, by card, by trick index, lead restriction, early end, trumps, Domino opening); the
doubles (off, or on with the declarer's quota); and whether the highest or the lowest total
wins. The standard game and the presets of RULES.md §7 are four values of it, built by
``preset(name, options)``; nothing else in the engine, the computer players or the page holds a
number of the game's shape.

The presets are a registry (``REGISTRY``): each ``Preset`` has its id, its builder, the schema of
its options (``Option``: name, type, allowed values, default, catalog key of its label), its
former ids (``aliases``) and the keys the page words it with. ``preset``, ``rules_from_record``,
the command lines and the page's menu and rules pages read it; no other code names a preset.

A new variant is one more value: for instance the standard game without its early ends is
``dataclasses.replace(STANDARD, contracts=tuple(replace(c, early_end=False) for c in
STANDARD.contracts))``. Such a value plays, but a record can only name a registered preset with
valid options: ``Rules.record`` refuses it; to write it, register it.

Decisions recorded here (RULES.md):
- §2: a negative deal of the standard game ends as soon as no remaining card can change a score
  (``ContractRules.early_end``): No Queens once the 4 queens are taken, No Hearts once the 13
  hearts are, No King of Hearts once K♥ is; classic and fr32 never end early; italian only in
  No Queens and No King of Hearts.
- §3: Domino may start on any rank the declarer names (italian: always 7, 7♦ first); a player
  who cannot play is skipped.
- §4: the doubling obligation is enforced, see ``Rules.double_quota``.
- §7: the record form of a rules value is its preset's id, or ``{"preset": id, "options":
  {...}}`` with the options that differ from the preset's defaults (``Rules.record``). The
  italian preset was ``pagat``: that id is still read (records, saves, ``?rules=``,
  ``--rules``) and means the same game; what is written says ``italian``. Options are checked
  strictly as JSON (``true`` is not ``1``, ``-30.0`` is not ``-30``); a default written
  explicitly is allowed, and left out when written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
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
    """As ``NO_HEARTS`` until a heart has been played on a trick led in another suit (italian)."""


class TrumpDuty(Enum):
    """What a player void in a plain led suit must do in Trumps (RULES.md §3, §7)."""

    WIN = "win"
    """Play a trump that wins the trick if he has one, else anything (standard)."""
    TRUMP = "trump"
    """Play a trump if he has one, over-trumping when he can (classic)."""
    FREE = "free"
    """Anything (italian)."""
    OVERTRUMP = "overtrump"
    """Beat every trump already in the trick when he can, else anything (italian option)."""


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
    """The only card that may be laid first (italian's 7♦), else any card of the starting rank."""
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
    """The preset's id in records: ``standard``, ``classic``, ``fr32`` or ``italian``."""
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
    """The page offers the italian doubling shortcuts, *maximum* and *family* (RULES.md §7)."""
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
        """How records write these rules: the preset's id, with its options if any.

        ``RuleError`` (``bad-rules``) if these rules are not what that preset builds with those
        options (a ``dataclasses.replace``d value, say): the record would name another game."""
        _check_registered(self)
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
    """The italian Salad: all five negative scorings at once, hearts broken, every trick played."""
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


def _standard(name: str, _options: Mapping[str, Any]) -> Rules:
    negatives = _negative_contracts(
        13, early=frozenset({"no-queens", "no-hearts", "no-king-of-hearts"})
    )
    return Rules(
        name=name,
        contracts=(
            *negatives.values(),
            TRUMPS,
            ContractRules(Contract.DOMINO, True, 65, domino=Domino(places=(45, 20, 5, -5))),
        ),
    )


def _classic(name: str, _options: Mapping[str, Any]) -> Rules:
    return Rules(
        name=name,
        trump_duty=TrumpDuty.TRUMP,
        dealer=0,
        contracts=(
            *_negative_contracts(13).values(),
            TRUMPS,
            ContractRules(Contract.DOMINO, True, 65, domino=Domino(places=(45, 20, 10, -10))),
        ),
    )


def _fr32(name: str, _options: Mapping[str, Any]) -> Rules:
    return Rules(
        name=name,
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


def _italian(name: str, o: Mapping[str, Any]) -> Rules:
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
        name=name,
        contracts=tuple(contracts),
        first_lead=1,
        double_quota=o["quota"],
        trump_duty=duty,
        double_shortcuts=True,
    )


# -- the registry: each preset's id, builder, options and words ------------------------------

OPTION_TYPES: dict[str, tuple[type, ...]] = {
    "bool": (bool,),
    "int": (int,),
    "choice": (str, type(None)),
}
"""What each type of option allows, as JSON values: ``true``/``false``, a whole number (never a
``true``, never ``-30.0``), or one of a list of words (``null`` for none)."""


def _same_json(a: object, b: object) -> bool:
    """Equal as JSON values: ``True`` is not ``1`` and ``-30.0`` is not ``-30``."""
    return type(a) is type(b) and a == b


def _json_text(value: object) -> str:
    """A value as JSON writes it (``null``, ``true``, ``-30``, ``trumps``), for messages."""
    if value is None:
        return "null"
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Option:
    """One option of a preset (RULES.md §7): what records write, what the menu offers."""

    name: str
    """The option's key in a record's ``"options"``."""
    type: str
    """``bool``, ``int`` or ``choice`` (see ``OPTION_TYPES``)."""
    values: tuple[Any, ...]
    """The values allowed, in the order the menu lists them."""
    default: Any
    """The value the preset has without the option (one of ``values``); records leave it out."""
    label: str
    """The message catalog key of the option's label."""
    value_labels: tuple[str, ...] = ()
    """Catalog keys naming each of ``values`` (in order); empty: the values are shown as they
    are (numbers)."""

    def __post_init__(self) -> None:
        kinds = OPTION_TYPES[self.type]
        assert all(type(v) in kinds for v in self.values), self
        assert self.allows(self.default), self
        assert not self.value_labels or len(self.value_labels) == len(self.values), self

    def allows(self, value: object) -> bool:
        """Whether ``value`` is one of this option's values, as JSON (``1`` is not ``true``)."""
        return any(_same_json(value, v) for v in self.values)

    def is_default(self, value: object) -> bool:
        """Whether ``value`` is the default, as JSON."""
        return _same_json(value, self.default)


@dataclass(frozen=True)
class Preset:
    """A preset of RULES.md §7 as the registry knows it: its id, how its rules are built from
    its options, its options, and the keys the page words it with."""

    name: str
    """The id records, saves and addresses write."""
    build: Callable[[str, Mapping[str, Any]], Rules]
    """The rules with this name and every option's value (the defaults filled in)."""
    label: str
    """The message catalog key of the preset's name."""
    about: str
    """The catalog key of its one-line description (the menu)."""
    section: str
    """The rules pages' section that describes it (``#section``)."""
    options: tuple[Option, ...] = ()
    options_label: str | None = None
    """The catalog key of the heading of its options in the menu."""
    aliases: tuple[str, ...] = ()
    """Former ids, still read wherever a preset is named; never written."""

    def __post_init__(self) -> None:
        assert not self.options or self.options_label, self.name

    def option(self, name: object) -> Option | None:
        """The option of that name, or None."""
        return next((o for o in self.options if o.name == name), None)

    def chosen(self, options: object) -> tuple[tuple[str, Any], ...]:
        """Options given as a record's ``"options"``, checked against the schema: those that
        differ from their defaults, sorted by name; ``RuleError`` names a bad key or value."""
        if not isinstance(options, dict):
            raise RuleError(f"options must be an object, not {quoted(options)}", "bad-rules")
        if options and not self.options:
            raise RuleError(f"the {self.name} rules take no options", "bad-rules")
        chosen = []
        for key, value in options.items():
            option = self.option(key) if isinstance(key, str) else None
            if option is None:
                known = ", ".join(o.name for o in self.options)
                raise RuleError(f"unknown option {quoted(key)} (known: {known})", "bad-rules")
            if not option.allows(value):
                shown = ", ".join(_json_text(v) for v in option.values)
                raise RuleError(
                    f"option {key} cannot be {quoted(value)} (allowed: {shown})", "bad-rules"
                )
            if not option.is_default(value):
                chosen.append((key, value))
        return tuple(sorted(chosen))

    def defaults(self) -> dict[str, Any]:
        """Every option's default value, by name."""
        return {o.name: o.default for o in self.options}


REGISTRY: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("standard", _standard, "rules.standard", "rules.standard.about", "session"),
        Preset("classic", _classic, "rules.classic", "rules.classic.about", "classic"),
        Preset("fr32", _fr32, "rules.fr32", "rules.fr32.about", "fr32"),
        Preset(
            "italian",
            _italian,
            "rules.italian",
            "rules.italian.about",
            "italian",
            options=(
                Option("king_of_hearts", "int", (-20, -30), -20, "option.king_of_hearts"),
                Option("queen", "int", (-6, -8), -6, "option.queen"),
                Option("ace_of_hearts", "int", (-6, -4), -6, "option.ace_of_hearts"),
                Option("quota", "int", (2, 3), 2, "option.quota"),
                Option("domino_any_seven", "bool", (False, True), False, "option.domino_any_seven"),
                Option("overtrump_always", "bool", (False, True), False, "option.overtrump_always"),
                Option("salad", "bool", (False, True), False, "option.salad"),
                Option(
                    "without",
                    "choice",
                    (None, "trumps", "domino"),
                    None,
                    "option.without",
                    ("option.without.none", "option.without.trumps", "option.without.domino"),
                ),
            ),
            options_label="menu.options",
            aliases=("pagat",),
        ),
    )
}
"""Every preset of RULES.md §7 by id, in the order the menu lists them: the one place that
names them (the engine, the command lines and the page read it)."""
ALIASES: dict[str, str] = {old: p.name for p in REGISTRY.values() for old in p.aliases}
"""Former ids and the preset each means (``pagat``: ``italian``, RULES.md §7)."""
PRESET_NAMES = tuple(REGISTRY)
"""The presets' ids, as records write them."""


def registered(name: object) -> Preset:
    """The registry's entry for a preset's id or former id; ``RuleError`` names a bad one."""
    entry = REGISTRY.get(ALIASES.get(name, name)) if isinstance(name, str) else None
    if entry is None:
        raise RuleError(
            f"unknown rules {quoted(name)} (known: {', '.join(PRESET_NAMES)})", "bad-rules"
        )
    return entry


@lru_cache(maxsize=64)
def _preset(name: str, chosen: tuple[tuple[str, Any], ...]) -> Rules:
    entry = REGISTRY[name]
    rules = entry.build(name, entry.defaults() | dict(chosen))
    return replace(rules, options=chosen) if chosen else rules


def preset(name: str, options: dict[str, Any] | None = None) -> Rules:
    """The rules of a preset of RULES.md §7 (by id, or a former id) with its options, checked
    against its schema; ``RuleError`` names a bad one."""
    entry = registered(name)
    return _preset(entry.name, entry.chosen({} if options is None else options))


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


def _check_registered(rules: Rules) -> None:
    """``RuleError`` unless ``rules`` is the value its preset builds with its options (what a
    record names must read back as the same game)."""
    if rules.name not in REGISTRY:
        raise RuleError(
            f"cannot write rules named {quoted(rules.name)}: not a preset "
            f"(known: {', '.join(PRESET_NAMES)})",
            "bad-rules",
        )
    try:
        built = preset(rules.name, dict(rules.options))
    except (TypeError, ValueError) as e:  # RuleError, or options that are not pairs
        raise RuleError(
            f"cannot write the {rules.name} rules: bad options {quoted(rules.options)} ({e})",
            "bad-rules",
        ) from None
    if built is rules or built == rules:
        return
    differ = [
        f.name
        for f in fields(Rules)
        if f.compare and getattr(built, f.name) != getattr(rules, f.name)
    ]
    raise RuleError(
        f"cannot write these rules: not a registered preset ({built.record!r} differs from them "
        f"in {', '.join(differ)})",
        "bad-rules",
    )


STANDARD = preset("standard")
"""The standard game of RULES.md §1-5."""
CLASSIC = preset("classic")
FR32 = preset("fr32")
ITALIAN = preset("italian")
"""The Italian description, with its options' defaults (id ``pagat`` until RULES.md §7 renamed
it)."""
PAGAT = ITALIAN
"""The former name of ``ITALIAN``."""

PRESETS: dict[str, Rules] = {name: preset(name) for name in PRESET_NAMES}
"""Each preset with its default options, by the id written in records."""

__all__ = [
    "ALIASES",
    "CLASSIC",
    "FR32",
    "ITALIAN",
    "OPTION_TYPES",
    "PAGAT",
    "PRESETS",
    "PRESET_NAMES",
    "REGISTRY",
    "STANDARD",
    "Contract",
    "ContractRules",
    "Domino",
    "Lead",
    "Option",
    "Preset",
    "Rotation",
    "Rules",
    "TrumpDuty",
    "preset",
    "registered",
    "rules_from_record",
]
