"""The 32-card family game of RULES.md §7 (``fr32``): 8 cards each, the dealer chooses and moves on
after every deal, seven penalty contracts once each, no doubles, the lowest total wins; no
options."""

from __future__ import annotations

from ..cards import HEARTS, JACKS, KING_OF_HEARTS, PACK_32, QUEENS
from ..rules import Contract, ContractRules, Rotation, Rules
from .options import NoOptions
from .preset import Preset, declarer_baseline


def build(name: str, _options: NoOptions) -> Rules:
    """The fr32 rules."""
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


PRESET = Preset("fr32", build, NoOptions, baseline=declarer_baseline("fr32"))
