"""The one place where the UI calls the engine.

Today the first screen only shows a seeded deal; when the engine grows a ``Session``, this module
is where the UI will create it and read ``view(seat)`` from it.
"""

from __future__ import annotations

import random

from barbu.cards import Card, cards_of, deal_masks


def dealt_hand(seed: int, seat: int = 0) -> list[Card]:
    """The cards dealt to ``seat`` by the deal made from ``seed``, in display order."""
    return cards_of(deal_masks(random.Random(seed))[seat])
