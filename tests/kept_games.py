"""Shared by the score keeper's tests: the games kept, sessions played with random legal actions
and what a table reports of them, a block of the standard game, and a refusal caught."""

from __future__ import annotations

import random

import pytest

from barbu import ChooseContract, Contract, Rank, RuleError, Session, Suit
from barbu.keeper import KeeperError, KeptDeal, Taken
from barbu.rules import Rules

ITALIAN_OPTIONS = {
    "preset": "italian",
    "options": {"king_of_hearts": -30, "queen": -8, "ace_of_hearts": -4, "salad": True, "quota": 3},
}
GAMES = {
    "standard": "standard",
    "classic": "classic",
    "fr32": "fr32",
    "italian": "italian",
    "italian+options": ITALIAN_OPTIONS,
    "italian without trumps": {"preset": "italian", "options": {"without": "trumps"}},
}
"""The games kept in the whole-session tests, as records name their rules."""


def played(rules: Rules, seed: int, steps: int | None = None) -> Session:
    """A seeded session played with random legal actions (to its end, or for ``steps``)."""
    session = Session(seed=seed, rules=rules)
    rng = random.Random(seed)
    done = 0
    while not session.is_over and (steps is None or done < steps):
        if session.between_deals:
            session.next_deal()
        session.apply(rng.choice(session.legal_actions()))
        done += 1
    return session


def reported(session: Session, how: str = "raw") -> list[KeptDeal]:
    """What the table reports of each finished deal: its contract, doubles and raw scores
    (``raw``), or what each player took (``taken``), or both."""
    out = []
    for deal in session.finished_deals():
        contract = deal.history[0].action
        assert isinstance(contract, ChooseContract)
        raw = tuple(deal.raw_scores()) if how in ("raw", "both") else None
        taken = Taken.from_deal(deal) if how in ("taken", "both") else None
        out.append(KeptDeal(contract, tuple(deal.doubles), raw, taken))
    return out


def running(session: Session) -> list[tuple[int, ...]]:
    """The played session's totals after each deal."""
    out, totals = [], [0, 0, 0, 0]
    for deal in session.finished_deals():
        totals = [t + f for t, f in zip(totals, deal.final_scores(), strict=True)]
        out.append(tuple(totals))
    return out


def pair_settlement(totals: list[int], goal: int) -> list[tuple[int, int, int]]:
    """Each pair's settlement, computed naively: the one behind pays the difference."""
    out = []
    for a in range(4):
        for b in range(a + 1, 4):
            if goal * (totals[a] - totals[b]) > 0:
                out.append((b, a, abs(totals[a] - totals[b])))
            else:
                out.append((a, b, abs(totals[a] - totals[b])))
    return out


def refusal(call, *args, **kwargs) -> RuleError | KeeperError:
    """The refusal a call raises: the played game's ``RuleError`` or the keeper's own."""
    with pytest.raises((RuleError, KeeperError)) as caught:
        call(*args, **kwargs)
    return caught.value


def C(contract: str, trump: str | None = None, rank: str | None = None) -> ChooseContract:
    """A contract as the declarer announces it."""
    return ChooseContract(
        Contract(contract), Suit.parse(trump) if trump else None, Rank.parse(rank) if rank else None
    )


ON = ((1, 0), (2, 0), (3, 0))
"""Each non-declarer doubles the declarer, seat 0."""
BLOCK = [
    KeptDeal(C("no-tricks"), ON, (-8, -6, -6, -6)),
    KeptDeal(C("no-queens"), ON, (-12, -6, -6, 0)),
    KeptDeal(C("no-last-two"), (), (-10, -20, 0, 0)),
    KeptDeal(C("no-hearts"), (), (-10, -8, -6, -6)),
    KeptDeal(C("no-king-of-hearts"), (), (0, -20, 0, 0)),
    KeptDeal(C("trumps", "S"), (), (20, 15, 15, 15)),
    KeptDeal(C("domino", rank="7"), (), (45, 20, 5, -5)),
]
"""A block of the standard game declared by seat 0, whose quota is met on the first two deals."""
