"""The rules object: every number and switch of one way of playing Barbu, as data.

A ``Rules`` value describes a game completely: the pack (52 or 32 cards) and so the hand size;
the session's shape (a declarer keeps a block of deals, or the dealer moves on after every deal);
who leads the first trick; the contracts (an open registry of ``ContractRules``: scoring by
trick, by card, by trick index, lead restriction, early end, trumps, Domino opening); the
doubles (off, or on with the declarer's quota); and whether the highest or the lowest total
wins. The standard game and the presets of RULES.md §7 are four values of it, built by
``barbu.presets`` (one module each, and their registry); nothing else in the engine, the computer
players or the page holds a number of the game's shape.

A new variant is one more value: for instance the standard game without its early ends is
``dataclasses.replace(STANDARD, contracts=tuple(replace(c, early_end=False) for c in
STANDARD.contracts))``. Such a value plays, but a record can only name a registered preset with
valid options: ``Rules.record`` asks the registry that built the value (``Rules.recorder``), which
refuses it; to write it, register it.

Decisions recorded here (RULES.md):
- §2: a negative deal of the standard game ends as soon as no remaining card can change a score
  (``ContractRules.early_end``): No Queens once the 4 queens are taken, No Hearts once the 13
  hearts are, No King of Hearts once K♥ is; classic and fr32 never end early; italian only in
  No Queens and No King of Hearts.
- §3: Domino may start on any rank the declarer names (italian: always 7, 7♦ first); a player
  who cannot play is skipped.
- §4: the doubling obligation is enforced, see ``Rules.double_quota``.
- §7: the record form of a rules value is its preset's id, or ``{"preset": id, "options":
  {...}}`` (``Rules.record``; see ``barbu.presets``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .cards import FULL_DECK, Mask, Rank
from .errors import RuleError, quoted

RecordForm = str | dict[str, Any]
"""How a record writes a rules value: a preset's id, or ``{"preset": id, "options": {...}}``."""


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
    """The italian doubling shortcuts, *maximum* and *family* (RULES.md §7): a seat's view lists
    those legal now (``View.shortcuts``)."""
    lowest_wins: bool = False
    """The lowest total wins the session (fr32, whose points are penalties)."""
    recorder: Callable[[Rules], RecordForm] | None = field(default=None, repr=False, compare=False)
    """What writes these rules in a record: the registry whose preset built them (None: built
    by hand, not recordable)."""
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
    def record(self) -> RecordForm:
        """How records write these rules: the preset's id, with its options if any.

        ``RuleError`` (``bad-rules``) if these rules are not what that preset builds with those
        options (a ``dataclasses.replace``d value, say): the record would name another game."""
        if self.recorder is None:
            raise RuleError(
                f"cannot write rules named {quoted(self.name)}: not a preset (built by hand)",
                "bad-rules",
            )
        return self.recorder(self)


__all__ = [
    "Contract",
    "ContractRules",
    "Domino",
    "Lead",
    "RecordForm",
    "Rotation",
    "Rules",
    "TrumpDuty",
]
