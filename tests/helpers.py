"""Small builders for explicit test positions, and a runner for the page's coroutines."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from barbu import Card, ChooseContract, Contract, Deal, Double, Play, Rank, Suit, cards
from barbu.cards import CARDS
from barbu.presets import STANDARD
from barbu.rules import Rules

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end in a thread of its own: ``asyncio.run`` refuses to start in
    a thread whose event loop is running, as Playwright's (the browser tests') is in a pytest
    worker that ran one of them before."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def layout(
    *hands: str, void: dict[int, str] | None = None, rules: Rules = STANDARD
) -> list[list[Card]]:
    """Four hands from the given cards; each is then filled up to a full hand of ``rules`` with
    the lowest cards of its pack left, skipping the suits listed in ``void`` for that seat (e.g.
    ``{1: "S"}``)."""
    size = rules.hand_size
    given = [cards(h) for h in hands] + [[] for _ in range(4 - len(hands))]
    left = [c for c in CARDS if rules.deck >> c & 1 and not any(c in h for h in given)]
    void = void or {}
    for seat, hand in enumerate(given):
        banned = {Suit.parse(s) for s in void.get(seat, "")}
        for c in [c for c in left if c.suit not in banned]:
            if len(hand) == size:
                break
            hand.append(c)
            left.remove(c)
        assert len(hand) == size, f"cannot fill seat {seat}"
    return given


def start(
    hands,
    contract: str,
    declarer: int = 0,
    trump: str | None = None,
    rank: str | None = None,
    doubles: dict[int, tuple[int, ...]] | None = None,
    **kw,
) -> Deal:
    """A deal with its contract chosen and its doubling round played (passes by default)."""
    deal = Deal(hands, declarer, **kw)
    deal.apply(
        ChooseContract(
            Contract(contract),
            Suit.parse(trump) if trump else None,
            Rank.parse(rank) if rank else None,
        )
    )
    doubles = doubles or {}
    for _ in deal.double_order:
        deal.apply(Double(frozenset(doubles.get(deal.to_move, ()))))
    return deal


def play(deal: Deal, text: str) -> None:
    """Play the given cards in order."""
    for c in cards(text):
        deal.apply(Play(c))


def legal(deal: Deal) -> str:
    """The legal cards now, as a sorted string."""
    return " ".join(sorted(str(a.card) for a in deal.legal_actions()))
