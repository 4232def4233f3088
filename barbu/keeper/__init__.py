"""The score keeper: a session played with real cards, kept deal by deal.

Four people play with a real pack and the keeper holds their sheet: the contract, the doubles and
the raw scores (typed, or counted from what each player took) of each deal. What the played game
checks is checked by the played game's own code, without cards: the block ledger
(``barbu.ledger``: rotation, contracts used, doubles owed, deals left) and the calls before the
play (``barbu.calls``: the contract and the doubling round). What the keeper adds is its own:

- ``tallies``: what a contract counts for each seat, and ``Taken``, what each seat took;
- ``scores``: raw scores counted or typed, checked (``bad-count``, ``bad-total``, ``bad-score``);
- ``deals``: a kept deal checked in its block, and the table's ``Context`` and ``Turn``;
- ``game``: ``KeptGame``, its changes, totals, ranking and settlement;
- ``record``: the kept game's record (the session record without cards);
- ``errors``: the keeper's own refusal codes and ``KeeperError``, and refusals located at a deal;
- ``values``: seats, names, a stake and counts as typed.
"""

from __future__ import annotations

from .deals import Context, KeptDeal, Turn
from .errors import KEEPER_REFUSALS, KeeperError, KeeperRefusal, Refused
from .game import KeptGame, Payment, Standing
from .scores import RAW_LIMIT, check_raw, count_scores, raw_scores
from .tallies import Taken, Tally, tallies
from .values import NAME_LIMIT

__all__ = [
    "KEEPER_REFUSALS",
    "NAME_LIMIT",
    "RAW_LIMIT",
    "Context",
    "KeeperError",
    "KeeperRefusal",
    "KeptDeal",
    "KeptGame",
    "Payment",
    "Refused",
    "Standing",
    "Taken",
    "Tally",
    "Turn",
    "check_raw",
    "count_scores",
    "raw_scores",
    "tallies",
]
