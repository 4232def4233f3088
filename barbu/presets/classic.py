"""The French club rules of RULES.md §7 (``classic``): the declarer deals, a void player must trump
and over-trump, the Réussite pays +45, +20, +10, -10, no early end; no options."""

from __future__ import annotations

from ..rules import Contract, ContractRules, Domino, Rules, TrumpDuty
from .contracts import TRUMPS, negative_contracts
from .options import NoOptions
from .preset import Preset, declarer_baseline


def build(name: str, _options: NoOptions) -> Rules:
    """The classic rules."""
    return Rules(
        name=name,
        trump_duty=TrumpDuty.TRUMP,
        dealer=0,
        contracts=(
            *negative_contracts(13).values(),
            TRUMPS,
            ContractRules(Contract.DOMINO, True, 65, domino=Domino(places=(45, 20, 10, -10))),
        ),
    )


PRESET = Preset("classic", build, NoOptions, baseline=declarer_baseline("classic"))
