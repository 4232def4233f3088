"""Random legal deal and session records, made with the independent reference (not the engine)."""

from __future__ import annotations

import random
from itertools import combinations

from tests.reference import CONTRACTS, DECK, RANKS, SUITS, RefDeal


def random_hands(rng: random.Random) -> list[list[str]]:
    deck = DECK[:]
    rng.shuffle(deck)
    return [sorted(deck[i::4]) for i in range(4)]


def choose_doubles(deal: RefDeal, rng: random.Random, pass_bias: float) -> list[int]:
    seat = deal.turn
    scope = sorted(deal.double_scope(seat))
    options = [list(c) for n in range(len(scope) + 1) for c in combinations(scope, n)]
    if deal.forced(seat):
        options = [o for o in options if deal.declarer in o]
    if rng.random() < pass_bias and [] in options:
        return []
    return rng.choice(options)


def play_deal(deal: RefDeal, rng: random.Random, contract: str, pass_bias: float = 0.5) -> dict:
    """Choose the contract, double and play at random; return the deal record."""
    trump = rng.choice(SUITS) if contract == "trumps" else None
    start = rng.randrange(13) if contract == "domino" else None
    deal.choose(contract, trump, start)
    for _ in range(4):
        deal.double_turn(choose_doubles(deal, rng, pass_bias))
    play = []
    while not deal.over:
        card = rng.choice(deal.legal_cards())
        deal.play(card)
        play.append(card)
    rec = {
        "rules": "standard",
        "declarer": deal.declarer,
        "hands": deal.dealt,
        "contract": contract,
    }
    if trump:
        rec["trump"] = trump
    if start is not None:
        rec["start_rank"] = RANKS[start]
    rec["doubles"] = [list(p) for p in deal.doubles]
    rec["play"] = play
    return rec


def random_deal_record(rng: random.Random, contract: str | None = None) -> dict:
    """A legal deal record (declarer, hands, contract, doubles and play all random)."""
    contract = contract or rng.choice(CONTRACTS)
    deal = RefDeal(random_hands(rng), rng.randrange(4))
    return play_deal(deal, rng, contract)


def random_session_record(rng: random.Random, deals: int = 28, pass_bias: float = 0.8) -> dict:
    """A legal session record; with a high ``pass_bias`` the doubling obligation often bites."""
    first = rng.randrange(4)
    records = []
    for n in range(deals):
        block, index = divmod(n, 7)
        declarer = (first + block) % 4
        earlier = records[block * 7 : n]
        used = [e["contract"] for e in earlier]
        owed = [
            0
            if s == declarer
            else max(0, 2 - sum(1 for e in earlier if [s, declarer] in e["doubles"]))
            for s in range(4)
        ]
        deal = RefDeal(random_hands(rng), declarer, tuple(owed), 7 - index, used)
        contract = rng.choice([c for c in CONTRACTS if c not in used])
        rec = play_deal(deal, rng, contract, pass_bias)
        del rec["rules"]
        records.append(rec)
    return {"rules": "standard", "first_declarer": first, "seed": None, "deals": records}
