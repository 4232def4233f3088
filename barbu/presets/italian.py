"""The Italian description of RULES.md §7 (``italian``, id ``pagat`` until then): the declarer's
left leads, hearts broken, the Domino always from 7 (7♦ first), doubling shortcuts, and its
options (``ItalianOptions``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..cards import SEVEN_OF_DIAMONDS, Rank
from ..rules import Contract, ContractRules, Domino, Lead, Rules, TrumpDuty
from .contracts import TRUMPS, negative_contracts, salad
from .preset import Preset, declarer_baseline


@dataclass(frozen=True)
class ItalianOptions:
    """The italian preset's options (RULES.md §7), each default the game without it."""

    king_of_hearts: Literal[-20, -30] = -20
    """K♥'s value in No King of Hearts (and the Salad)."""
    queen: Literal[-6, -8] = -6
    """Each queen's value in No Queens (and the Salad)."""
    ace_of_hearts: Literal[-6, -4] = -6
    """A♥'s value in No Hearts (and the Salad)."""
    quota: Literal[2, 3] = 2
    """Doubles of the declarer each non-declarer owes in a block (§4)."""
    domino_any_seven: bool = False
    """Any 7 opens the Domino, the declarer's left moving first (else 7♦ first)."""
    overtrump_always: bool = False
    """The over-trump duty whenever a trump is in the trick, also when void in a plain suit."""
    salad: bool = False
    """The Salad as an eighth contract."""
    without: Literal[None, "trumps", "domino"] = None
    """A contract left out of the game."""


def build(name: str, o: ItalianOptions) -> Rules:
    """The italian rules with these options."""
    values = (o.king_of_hearts, o.queen, o.ace_of_hearts)
    negatives = negative_contracts(
        13, *values, lead=Lead.HEARTS_BROKEN, early=frozenset({"no-queens", "no-king-of-hearts"})
    )
    domino = Domino(
        places=(45, 20, 5, -5),
        start_rank=Rank.SEVEN,
        opener=None if o.domino_any_seven else SEVEN_OF_DIAMONDS,
        first=1 if o.domino_any_seven else 0,
    )
    contracts = [*negatives.values()]
    if o.salad:
        contracts.append(salad(13, *values))
    if o.without != "trumps":
        contracts.append(TRUMPS)
    if o.without != "domino":
        contracts.append(ContractRules(Contract.DOMINO, True, 65, domino=domino))
    return Rules(
        name=name,
        contracts=tuple(contracts),
        first_lead=1,
        double_quota=o.quota,
        trump_duty=TrumpDuty.OVERTRUMP if o.overtrump_always else TrumpDuty.FREE,
        double_shortcuts=True,
    )


PRESET = Preset(
    "italian", build, ItalianOptions, aliases=("pagat",), baseline=declarer_baseline("italian")
)
