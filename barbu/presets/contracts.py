"""The contracts several presets share (RULES.md §2, §3, §7): the five negative contracts with
their card values, the italian Salad made of them, and Trumps."""

from __future__ import annotations

from ..cards import ACE_OF_HEARTS, HEARTS, KING_OF_HEARTS, QUEENS, Mask
from ..rules import Contract, ContractRules, Lead

HEARTS_BUT_ACE: Mask = HEARTS & ~(1 << ACE_OF_HEARTS)


def negative_contracts(
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


def salad(hand_size: int, king: int, queen: int, ace: int) -> ContractRules:
    """The italian Salad: all five negative scorings at once, hearts broken, every trick played."""
    parts = negative_contracts(hand_size, king, queen, ace).values()
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
