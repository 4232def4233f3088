"""Random legal deal and session records for every preset, made with the independent reference
(tests/reference_presets.py), never with the engine.
"""

from __future__ import annotations

import random
from itertools import combinations

from tests.reference_presets import RANKS, SUITS, RefDeal, Rules, block_context, parse_rules


def random_hands(rules: Rules, rng: random.Random) -> list[list[str]]:
    """The preset's pack shuffled and dealt out to four hands."""
    deck = list(rules.deck)
    rng.shuffle(deck)
    return [deck[i::4] for i in range(4)]


def choose_doubles(deal: RefDeal, rng: random.Random, pass_bias: float) -> list[int]:
    """Random legal targets for the player to move (passing when allowed, with ``pass_bias``)."""
    seat = deal.turn
    scope = sorted(deal.double_scope(seat))
    options = [list(c) for n in range(len(scope) + 1) for c in combinations(scope, n)]
    if deal.forced(seat):
        options = [o for o in options if deal.declarer in o]
    if [] in options and rng.random() < pass_bias:
        return []
    return rng.choice(options)


def play_deal(
    deal: RefDeal, rng: random.Random, contract: str, rules_value, pass_bias: float = 0.5
) -> dict:
    """Choose the contract, double and play at random on ``deal``; return its record."""
    preset = deal.rules.preset
    trump = rng.choice(SUITS) if contract == "trumps" else None
    start = None
    if contract == "domino" and preset in ("standard", "classic"):
        start = rng.choice(RANKS)
    deal.choose(contract, trump, start)
    while deal.doubling:
        deal.double_turn(choose_doubles(deal, rng, pass_bias))
    play = []
    while not deal.over:
        card = rng.choice(deal.legal_cards())
        deal.play(card)
        play.append(card)
    rec = {
        "rules": rules_value,
        "declarer": deal.declarer,
        "hands": deal.dealt,
        "contract": contract,
    }
    if trump is not None:
        rec["trump"] = trump
    if start is not None:
        rec["start_rank"] = start
    rec["doubles"] = [[a, b] for a, b in deal.doubles]
    rec["play"] = play
    return rec


def random_deal_record(
    rng: random.Random, rules_value, contract: str | None = None, pass_bias: float = 0.5
) -> dict:
    """A legal lone deal record of the given rules (declarer, hands, doubles, play random)."""
    rules = parse_rules(rules_value)
    contract = contract or rng.choice(rules.contracts)
    deal = RefDeal(rules, random_hands(rules, rng), rng.randrange(4))
    return play_deal(deal, rng, contract, rules_value, pass_bias)


def random_session_record(
    rng: random.Random,
    rules_value,
    deals: int | None = None,
    pass_bias: float = 0.8,
    declarers: list[int] | None = None,
) -> dict:
    """A legal session record (all the preset's deals unless ``deals`` says fewer).

    A high ``pass_bias`` makes the doubling obligation bite. ``declarers`` overrides the
    declarer of each deal (to build records with a wrong declarer order).
    """
    rules = parse_rules(rules_value)
    first = rng.randrange(4)
    count = rules.session_deals if deals is None else deals
    played: list[RefDeal] = []
    records = []
    for n in range(1, count + 1):
        declarer, owed, left, used = block_context(rules, first, played, n)
        if declarers is not None:
            declarer = declarers[n - 1]
        deal = RefDeal(rules, random_hands(rules, rng), declarer, owed, left, used)
        contract = rng.choice([c for c in rules.contracts if c not in used])
        rec = play_deal(deal, rng, contract, rules_value, pass_bias)
        del rec["rules"]
        records.append(rec)
        played.append(deal)
    return {"rules": rules_value, "first_declarer": first, "seed": None, "deals": records}
