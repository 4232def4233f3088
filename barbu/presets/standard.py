"""The standard game of RULES.md §1-5: 52 cards, blocks of seven contracts, doubles, early ends in
No Queens, No Hearts and No King of Hearts (§2); no options."""

from __future__ import annotations

from ..rules import Contract, ContractRules, Domino, Rules
from .contracts import TRUMPS, negative_contracts
from .options import NoOptions
from .preset import Preset, declarer_baseline


def build(name: str, _options: NoOptions) -> Rules:
    """The standard rules."""
    negatives = negative_contracts(
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


PRESET = Preset("standard", build, NoOptions, baseline=declarer_baseline("standard"))
