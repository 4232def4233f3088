"""Records and rules the presets refuse, engine against reference (tests/reference_presets.py):
a record replayed under another preset, a deal cut short or played past its end, fr32's pack
and doubles, Domino's starting rank, contracts outside the preset, malformed rules, and sessions
that break the block (too many deals, a contract repeated, a wrong declarer, a compulsory double
missed, a deal with other rules). The configurations are tests/preset_cases.py's.
"""

import copy
import random

import pytest

from tests.generate_presets import (
    play_deal,
    random_deal_record,
    random_hands,
    random_session_record,
)
from tests.preset_cases import CONFIGS, DOUBLING_CONFIGS, agree, both_refuse
from tests.reference_preset_records import score_record as reference_score
from tests.reference_presets import Illegal, RefDeal, parse_rules


@pytest.mark.parametrize("config", list(CONFIGS))
def test_records_replayed_under_another_preset(config):
    """A record relabelled with other rules: both refuse it, or both score it alike."""
    rng = random.Random(f"relabel-{config}")
    refused = accepted = 0
    for contract in parse_rules(CONFIGS[config]).contracts:
        for _ in range(2):
            rec = random_deal_record(rng, CONFIGS[config], contract)
            for other, value in CONFIGS.items():
                if other != config:
                    if agree({**rec, "rules": copy.deepcopy(value)}):
                        refused += 1
                    else:
                        accepted += 1
    assert refused > 0
    if config != "fr32":  # an fr32 record fits no other preset's pack
        assert accepted > 0


@pytest.mark.parametrize("config", DOUBLING_CONFIGS)
def test_records_replayed_under_another_preset_that_refuses_them(config):
    """Rule differences that must turn a legal record into a refused one."""
    rng = random.Random(f"relabel-refused-{config}")
    preset = parse_rules(CONFIGS[config]).preset
    found = 0
    for _ in range(60):
        contract = rng.choice(["no-queens", "no-king-of-hearts", "no-hearts"])
        rec = random_deal_record(rng, CONFIGS[config], contract)
        for other in ("standard", "classic", "italian"):
            if other == preset:
                continue
            bad = {**rec, "rules": other}
            try:
                reference_score(bad)
            except Illegal:
                both_refuse(bad)
                found += 1
    assert found >= 20


@pytest.mark.parametrize("config", list(CONFIGS))
def test_a_card_after_the_end_or_a_missing_card_is_refused(config):
    """A deal stopped one card short, or with a card after its end, is refused."""
    rng = random.Random(f"end-{config}")
    for contract in parse_rules(CONFIGS[config]).contracts:
        rec = random_deal_record(rng, CONFIGS[config], contract)
        both_refuse({**rec, "play": rec["play"][:-1]})
        played = set(rec["play"])
        spare = [c for h in rec["hands"] for c in h if c not in played]
        if spare:
            both_refuse({**rec, "play": rec["play"] + [spare[0]]})


@pytest.mark.parametrize("contract", parse_rules("fr32").contracts)
def test_fr32_refuses_doubles_and_other_packs(contract):
    """fr32: any double, no "doubles", 13-card hands, a six, uneven hands, foreign contracts."""
    rng = random.Random(f"fr32-{contract}")
    rec = random_deal_record(rng, "fr32", contract)
    d = rec["declarer"]
    for doubles in ([[(d + 1) % 4, d]], [[d, (d + 1) % 4]], [[(d + 1) % 4, (d + 2) % 4]]):
        both_refuse({**rec, "doubles": doubles})
    both_refuse({k: v for k, v in rec.items() if k != "doubles"})
    # a 13-card deal of the 52-card pack
    big = random_deal_record(rng, "standard", "no-tricks")
    both_refuse({**big, "rules": "fr32", "contract": contract})
    # a six in a hand (in place of the seven of its suit)
    six = copy.deepcopy(rec)
    for hand in six["hands"]:
        if "7S" in hand:
            hand[hand.index("7S")] = "6S"
    six["play"] = ["6S" if c == "7S" else c for c in six["play"]]
    both_refuse(six)
    # hands of 9 and 7 cards
    uneven = copy.deepcopy(rec)
    uneven["hands"][0].append(uneven["hands"][1].pop())
    both_refuse(uneven)
    # a contract of another preset, or Salad
    for other in ("no-tricks", "trumps", "domino", "salad"):
        both_refuse({**rec, "contract": other})


@pytest.mark.parametrize(
    "config",
    [
        n
        for n in CONFIGS
        if n.startswith("italian") and "domino" in parse_rules(CONFIGS[n]).contracts
    ],
)
def test_italian_domino_takes_no_start_rank(config):
    """italian's Domino always starts at 7: a start_rank field, even "7", is refused."""
    rng = random.Random(f"start-{config}")
    rec = random_deal_record(rng, CONFIGS[config], "domino")
    assert not agree(rec)
    for rank in ("7", "A", "2"):
        both_refuse({**rec, "start_rank": rank})


@pytest.mark.parametrize("config", ["standard", "classic"])
def test_standard_and_classic_domino_need_a_start_rank(config):
    """The declarer names the starting rank in standard and classic: it cannot be missing."""
    rec = random_deal_record(random.Random(f"start-{config}"), config, "domino")
    both_refuse({k: v for k, v in rec.items() if k != "start_rank"})


def test_contracts_outside_the_preset_are_refused():
    """Salad without its option, a contract left out by "without", another preset's ids."""
    rng = random.Random("outside")
    cases = [
        ("italian", "salad"),
        ("standard", "salad"),
        ("classic", "salad"),
        ("italian-without-trumps", "trumps"),
        ("italian-without-domino", "domino"),
        ("italian-salad-without-domino", "domino"),
        ("standard", "hearts"),
        ("italian", "king-of-hearts"),
    ]
    for config, contract in cases:
        base = random_deal_record(rng, CONFIGS[config], "no-tricks")
        bad = {**base, "contract": contract}
        if contract == "trumps":
            bad["trump"] = "S"
        if contract == "domino" and parse_rules(CONFIGS[config]).preset != "italian":
            bad["start_rank"] = "7"
        both_refuse(bad)


BAD_RULES = [
    {"preset": "standard", "options": {"salad": True}},
    {"preset": "standard", "options": {"salad": False}},  # even a default: italian only
    {"preset": "classic", "options": {"quota": 3}},
    {"preset": "fr32", "options": {"king_of_hearts": -20}},
    {"preset": "italian", "options": {"jokers": True}},
    {"preset": "italian", "options": {"king_of_hearts": -25}},
    {"preset": "italian", "options": {"king_of_hearts": -30.0}},
    {"preset": "italian", "options": {"king_of_hearts": "-30"}},
    {"preset": "italian", "options": {"queen": -7}},
    {"preset": "italian", "options": {"ace_of_hearts": -2}},
    {"preset": "italian", "options": {"quota": 4}},
    {"preset": "italian", "options": {"quota": 3.0}},
    {"preset": "italian", "options": {"quota": True}},
    {"preset": "italian", "options": {"salad": 1}},
    {"preset": "italian", "options": {"salad": 0}},
    {"preset": "italian", "options": {"domino_any_seven": 1}},
    {"preset": "italian", "options": {"overtrump_always": "true"}},
    {"preset": "italian", "options": {"without": "salad"}},
    {"preset": "italian", "options": {"without": False}},
    {"preset": "italian", "options": {"without": "Trumps"}},
    {"preset": "italian", "options": []},
    {"preset": "italian", "options": {"salad": True}, "variant": 2},
    {"options": {"salad": True}},
    {"preset": "Pagat"},
    {"preset": "Italian"},
    {"preset": "pagat", "options": {"salad": 1}},  # the former id, checked as the new one
    {"preset": "pagat", "options": {"jokers": True}},
    {"preset": "martian"},
    "martian",
    "Standard",
    ["italian"],
    None,
    7,
]


@pytest.mark.parametrize("rules", BAD_RULES, ids=[repr(r) for r in BAD_RULES])
def test_bad_rules_are_refused_by_both(rules):
    """Malformed "rules" values, in a deal record and in a session record."""
    rec = random_deal_record(random.Random("bad-rules"), "italian", "no-tricks")
    both_refuse({**rec, "rules": copy.deepcopy(rules)})
    session = random_session_record(random.Random("bad-rules"), "italian", deals=1)
    both_refuse({**session, "rules": copy.deepcopy(rules)})


@pytest.mark.parametrize("config", list(CONFIGS))
def test_a_session_with_too_many_deals_is_refused(config):
    """A full session plus one more (otherwise legal) deal is refused."""
    rng = random.Random(f"too-many-{config}")
    rec = random_session_record(rng, CONFIGS[config], pass_bias=0.3)
    rules = parse_rules(CONFIGS[config])
    first = rec["first_declarer"]
    n = rules.session_deals + 1
    extra = RefDeal(rules, random_hands(rules, rng), rules.declarer_of(first, n))
    drec = play_deal(extra, rng, rules.contracts[0], CONFIGS[config])
    del drec["rules"]
    both_refuse({**rec, "deals": rec["deals"] + [drec]})


@pytest.mark.parametrize("config", list(CONFIGS))
def test_a_contract_repeated_in_a_block_is_refused(config):
    """A contract chosen twice in one block (fr32: one session) is refused."""
    rng = random.Random(f"repeat-{config}")
    rules = parse_rules(CONFIGS[config])
    rec = random_session_record(rng, CONFIGS[config], deals=3, pass_bias=0.3)
    d = rec["deals"][2]["declarer"]
    again = RefDeal(rules, random_hands(rules, rng), d)
    drec = play_deal(again, rng, rec["deals"][0]["contract"], CONFIGS[config], pass_bias=1.0)
    del drec["rules"]
    both_refuse({**rec, "deals": [*rec["deals"][:2], drec]})


@pytest.mark.parametrize("config", list(CONFIGS))
def test_a_wrong_declarer_is_refused(config):
    """fr32 moves the dealer every deal; the block presets keep the declarer for a block."""
    rng = random.Random(f"declarer-{config}")
    rules = parse_rules(CONFIGS[config])
    first = rng.randrange(4)
    if config == "fr32":
        orders = [
            [first] * 7,  # a block-style order
            [(first - n) % 4 for n in range(7)],
        ]  # turning to the right
    else:
        # moving every deal (fr32-style) instead of keeping the block
        orders = [[(first + n) % 4 for n in range(rules.block_size)]]
    for order in orders:
        rec = random_session_record(
            rng, CONFIGS[config], deals=len(order), declarers=order, pass_bias=0.3
        )
        # the declarers in the record are the given ones, whatever first_declarer says
        rec["first_declarer"] = first
        both_refuse(rec)


@pytest.mark.parametrize("config", DOUBLING_CONFIGS)
def test_a_missed_compulsory_double_is_refused(config):
    """A non-declarer passing on the declarer when his remaining quota makes it compulsory."""
    rng = random.Random(f"forced-{config}")
    rules = parse_rules(CONFIGS[config])
    found = 0
    for _ in range(6):
        rec = random_session_record(rng, CONFIGS[config], deals=rules.block_size, pass_bias=1.0)
        # always passing when allowed: the last `quota` deals of the block are compulsory
        for n in range(rules.block_size - rules.quota, rules.block_size):
            drec = rec["deals"][n]
            d = drec["declarer"]
            mine = [p for p in drec["doubles"] if p[1] == d and p[0] != d]
            if not mine:
                continue
            seat = mine[0][0]
            bad = copy.deepcopy(rec)
            bad["deals"][n]["doubles"] = [
                p for p in drec["doubles"] if p != [seat, d] and p != [d, seat]
            ]
            bad["deals"] = bad["deals"][: n + 1]
            both_refuse(bad)
            found += 1
    assert found >= 6


@pytest.mark.parametrize("config", list(CONFIGS))
def test_session_deals_must_carry_the_session_rules(config):
    """A deal of a session carrying other rules, or an unfinished deal, is refused."""
    rng = random.Random(f"deal-rules-{config}")
    rec = random_session_record(rng, CONFIGS[config], deals=2)
    for other, value in CONFIGS.items():
        if other != config:
            bad = copy.deepcopy(rec)
            bad["deals"][1]["rules"] = copy.deepcopy(value)
            both_refuse(bad)
    unfinished = copy.deepcopy(rec)
    unfinished["deals"][0]["play"] = unfinished["deals"][0]["play"][:-1]
    both_refuse(unfinished)
