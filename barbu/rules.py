"""The rules object: every number and switch of the game, as data.

``STANDARD`` is the standard game of RULES.md §1–5. Variants (RULES.md §7) are meant to be other
``Rules`` values built from the same fields; no rule value is written anywhere else in the engine.

Decisions recorded here (RULES.md):
- §2: a negative deal ends as soon as no remaining card can change a score (``early_end`` and the
  contract's ``penalty_mask``): No Queens once the 4 queens are taken, No Hearts once the 13
  hearts are, No King of Hearts once K♥ is.
- §3: Domino may start on any rank; a player who cannot play is skipped.
- §4: the doubling obligation is enforced, see ``Rules.double_quota``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .cards import ACE_OF_HEARTS, HEARTS, KING_OF_HEARTS, QUEENS, Mask


class Contract(str, Enum):
    """The seven contracts, by their record ids (RULES.md §2, §3)."""

    NO_TRICKS = "no-tricks"
    NO_QUEENS = "no-queens"
    NO_LAST_TWO = "no-last-two"
    NO_HEARTS = "no-hearts"
    NO_KING_OF_HEARTS = "no-king-of-hearts"
    TRUMPS = "trumps"
    DOMINO = "domino"

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract from its id, e.g. ``"no-queens"``."""
        try:
            return cls(text)
        except ValueError:
            ids = ", ".join(c.value for c in cls)
            raise ValueError(f"not a contract: {text!r} (expected one of {ids})") from None

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class ContractRules:
    """How one contract is played and scored.

    A trick contract's raw score for a seat is ``per_trick * tricks won`` plus, for each
    ``(mask, value)`` in ``card_values``, ``value`` per captured card of ``mask``, plus ``value``
    for each ``(trick index, value)`` of ``trick_values`` whose trick the seat won.
    """

    contract: Contract
    positive: bool
    total: int
    per_trick: int = 0
    card_values: tuple[tuple[Mask, int], ...] = ()
    trick_values: tuple[tuple[int, int], ...] = ()
    no_heart_lead: bool = False
    """Hearts may not be led while the leader holds another suit (RULES.md §2)."""
    has_trump: bool = False
    is_domino: bool = False

    @property
    def penalty_mask(self) -> Mask:
        """The cards that score in this contract (empty where tricks themselves score)."""
        m = 0
        for mask, _ in self.card_values:
            m |= mask
        return m


@dataclass(frozen=True)
class Rules:
    """Every number and switch of one way of playing Barbu."""

    name: str
    contracts: tuple[ContractRules, ...]
    domino_places: tuple[int, int, int, int] = (45, 20, 5, -5)
    early_end: bool = True
    trump_lead_overtrump: bool = True
    """When trumps are led, a player must beat every trump in the trick if he can (§3)."""
    void_must_win_with_trump: bool = True
    """Void in a plain led suit, a player must play a winning trump if he has one (§3)."""
    doubling: bool = True
    mutual_factor: int = 2
    """A mutual double pays this many times the difference of raw scores (§5)."""
    double_quota: int = 2
    """Each non-declarer must double the declarer at least this often in each block (§4)."""
    block_size: int = 7
    blocks: int = 4
    hand_size: int = 13
    _by_contract: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_contract", {c.contract: c for c in self.contracts})

    def contract(self, contract: Contract) -> ContractRules:
        """The rules of one contract."""
        return self._by_contract[contract]

    @property
    def deals(self) -> int:
        """Deals in a whole session."""
        return self.block_size * self.blocks


def _standard_contracts() -> tuple[ContractRules, ...]:
    hearts_but_ace = HEARTS & ~(1 << ACE_OF_HEARTS)
    last = 13 - 1
    return (
        ContractRules(Contract.NO_TRICKS, positive=False, total=-26, per_trick=-2),
        ContractRules(Contract.NO_QUEENS, positive=False, total=-24, card_values=((QUEENS, -6),)),
        ContractRules(
            Contract.NO_LAST_TWO, positive=False, total=-30,
            trick_values=((last - 1, -10), (last, -20)),
        ),
        ContractRules(
            Contract.NO_HEARTS, positive=False, total=-30,
            card_values=((hearts_but_ace, -2), (1 << ACE_OF_HEARTS, -6)), no_heart_lead=True,
        ),
        ContractRules(
            Contract.NO_KING_OF_HEARTS, positive=False, total=-20,
            card_values=((1 << KING_OF_HEARTS, -20),), no_heart_lead=True,
        ),
        ContractRules(Contract.TRUMPS, positive=True, total=65, per_trick=5, has_trump=True),
        ContractRules(Contract.DOMINO, positive=True, total=65, is_domino=True),
    )


STANDARD = Rules(name="standard", contracts=_standard_contracts())
"""The standard game of RULES.md §1–5."""

PRESETS: dict[str, Rules] = {STANDARD.name: STANDARD}
"""Rules by the name written in records."""
