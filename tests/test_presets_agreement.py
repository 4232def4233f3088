"""The engine's ``score_record`` against an independent reading of every preset
(tests/reference_presets.py): "standard", "classic", "fr32" and "italian" with its options.

Records are made by the reference alone (tests/generate_presets.py). Legal ones must score the
same in both; mutated ones must be refused by both, or accepted by both with the same scores.
"""

import copy
import random

import pytest

from barbu import RuleError
from tests.formats import score_both
from tests.generate_presets import (
    play_deal,
    random_deal_record,
    random_hands,
    random_session_record,
)
from tests.reference_presets import RANKS, Illegal, RefDeal, parse_rules, replay_deal
from tests.reference_presets import score_record as reference_score

CONFIGS = {
    "standard": "standard",
    "classic": "classic",
    "fr32": "fr32",
    "italian": "italian",
    "italian-values-quota3": {
        "preset": "italian",
        "options": {"king_of_hearts": -30, "queen": -8, "ace_of_hearts": -4, "quota": 3},
    },
    "italian-domino-any-seven": {"preset": "italian", "options": {"domino_any_seven": True}},
    "italian-overtrump-always": {"preset": "italian", "options": {"overtrump_always": True}},
    "italian-salad": {"preset": "italian", "options": {"salad": True}},
    "italian-salad-values": {
        "preset": "italian",
        "options": {"salad": True, "king_of_hearts": -30, "queen": -8, "ace_of_hearts": -4},
    },
    "italian-without-trumps": {"preset": "italian", "options": {"without": "trumps"}},
    "italian-without-domino": {"preset": "italian", "options": {"without": "domino"}},
    "italian-salad-without-domino": {
        "preset": "italian",
        "options": {"salad": True, "without": "domino"},
    },
}
DOUBLING_CONFIGS = [name for name in CONFIGS if name != "fr32"]
DEAL_CASES = [
    pytest.param(name, contract, id=f"{name}-{contract}")
    for name, value in CONFIGS.items()
    for contract in parse_rules(value).contracts
]
DEALS_PER_CONTRACT = 30


def agree(rec) -> bool:
    """Assert engine and reference agree on ``rec``; return True when both refuse it."""
    try:
        expected = reference_score(rec)
    except Illegal:
        with pytest.raises(RuleError):
            score_both(rec)
        return True
    assert score_both(rec) == expected
    return False


def both_refuse(rec):
    """Assert the reference refuses ``rec`` and the engine raises RuleError."""
    with pytest.raises(Illegal):
        reference_score(rec)
    with pytest.raises(RuleError):
        score_both(rec)


def with_play_card(rec, i, card):
    """A copy of ``rec`` whose ``i``-th played card is ``card``."""
    bad = copy.deepcopy(rec)
    bad["play"][i] = card
    return bad


# -- 1. legal deal records --------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("config,contract", DEAL_CASES)
def test_random_deal_records_score_alike(config, contract):
    """Random legal deal records (doubles included) score the same, raw and final."""
    rng = random.Random(f"deal-{config}-{contract}")
    for _ in range(DEALS_PER_CONTRACT):
        rec = random_deal_record(rng, CONFIGS[config], contract)
        expected = reference_score(rec)
        assert sum(expected["final"]) == sum(expected["raw"])
        assert score_both(rec) == expected, rec


def test_a_deal_record_without_rules_is_standard():
    """A deal record without "rules" is read as "standard"."""
    rng = random.Random("no-rules")
    for contract in parse_rules("standard").contracts:
        rec = random_deal_record(rng, "standard", contract)
        del rec["rules"]
        assert score_both(rec) == reference_score(rec)


def test_contract_totals_of_the_reference():
    """The reference's own totals match RULES.md's tables (a check of the reference itself)."""
    totals = {
        "standard": {
            "no-tricks": -26,
            "no-queens": -24,
            "no-last-two": -30,
            "no-hearts": -30,
            "no-king-of-hearts": -20,
            "trumps": 65,
            "domino": 65,
        },
        "fr32": {
            "king-of-hearts": 40,
            "hearts": 80,
            "queens": 40,
            "jacks": 80,
            "tricks": 80,
            "last-trick": 50,
            "reverse": -80,
        },
        "italian-salad": {"salad": -130},
        "italian-salad-values": {
            "salad": -146,
            "no-queens": -32,
            "no-hearts": -28,
            "no-king-of-hearts": -30,
        },
    }
    rng = random.Random("totals")
    for config, by_contract in totals.items():
        for contract, total in by_contract.items():
            for _ in range(5):
                rec = random_deal_record(rng, CONFIGS[config], contract)
                assert sum(reference_score(rec)["raw"]) == total


@pytest.mark.parametrize("config", ["standard", "classic", "fr32", "italian"])
def test_rules_written_as_an_object_with_default_options(config):
    """{"preset": name}, empty options and explicit italian defaults mean the bare preset."""
    rng = random.Random(f"object-{config}")
    defaults = {
        "king_of_hearts": -20,
        "queen": -6,
        "ace_of_hearts": -6,
        "quota": 2,
        "domino_any_seven": False,
        "overtrump_always": False,
        "salad": False,
        "without": None,
    }
    forms = [{"preset": config}, {"preset": config, "options": {}}]
    if config == "italian":
        forms.append({"preset": "italian", "options": defaults})
    for contract in parse_rules(config).contracts:
        rec = random_deal_record(rng, config, contract)
        expected = reference_score(rec)
        for form in forms:
            assert reference_score({**rec, "rules": form}) == expected
            assert score_both({**rec, "rules": form}) == expected


@pytest.mark.parametrize("config", [name for name in CONFIGS if name.startswith("italian")])
def test_the_former_id_pagat_reads_as_italian(config):
    """RULES.md §7: "pagat", alone or with options, in a session or in one of its deals, is the
    italian game."""
    rng = random.Random(f"former-{config}")
    value = CONFIGS[config]
    former = "pagat" if isinstance(value, str) else {**value, "preset": "pagat"}
    rec = random_session_record(rng, value, deals=3)
    expected = reference_score(rec)
    assert score_both(rec) == expected
    for old in (
        {**rec, "rules": former},
        {**rec, "deals": [{**rec["deals"][0], "rules": former}, *rec["deals"][1:]]},
    ):
        assert reference_score(copy.deepcopy(old)) == expected
        assert score_both(copy.deepcopy(old)) == expected


# -- 2. legal session records -----------------------------------------------------------------


@pytest.mark.parametrize("config", list(CONFIGS))
def test_random_sessions_score_alike(config):
    """Whole sessions score the same (deals, totals, winners); a partial one has no winners."""
    rng = random.Random(f"session-{config}")
    rules = parse_rules(CONFIGS[config])
    for bias in (0.5, 1.0):  # 1.0: pass whenever allowed, so the obligation bites
        rec = random_session_record(rng, CONFIGS[config], pass_bias=bias)
        assert len(rec["deals"]) == rules.session_deals
        rec["deals"][0]["rules"] = copy.deepcopy(CONFIGS[config])  # allowed: the same rules
        expected = reference_score(rec)
        assert "winners" in expected
        best = (min if config == "fr32" else max)(expected["totals"])
        assert expected["winners"] == [s for s in range(4) if expected["totals"][s] == best]
        assert score_both(rec) == expected
    partial = random_session_record(rng, CONFIGS[config], deals=rules.block_size + 1)
    if config == "fr32":
        partial = random_session_record(rng, CONFIGS[config], deals=4)
    expected = reference_score(partial)
    assert "winners" not in expected
    assert score_both(partial) == expected


# -- 3. illegal mutations ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("config,contract", DEAL_CASES)
def test_an_illegal_card_is_refused_by_both(config, contract):
    """A played card swapped for a held card the reference refuses there, or another's card."""
    rng = random.Random(f"illegal-{config}-{contract}")
    refused = 0
    for _ in range(10):
        rec = random_deal_record(rng, CONFIGS[config], contract)
        for i in rng.sample(range(len(rec["play"])), 3):
            deal = replay_deal(rec, upto=i)
            seat = deal.turn
            bad = sorted(c for c in deal.hands[seat] if not deal.is_legal(c))
            foreign = sorted(c for s in range(4) if s != seat for c in deal.hands[s])
            for card in ([rng.choice(bad)] if bad else []) + (
                [rng.choice(foreign)] if foreign else []
            ):
                both_refuse(with_play_card(rec, i, card))
                refused += 1
    assert refused >= 30


def decisive_points(rec):
    """Play indices where the rules of the presets differ most: a lead holding hearts and
    another suit, a player void in the led suit holding two suits or more, any domino move."""
    deal = replay_deal(rec, upto=0)
    points = []
    for i, played in enumerate(rec["play"]):
        hand = deal.hands[deal.turn]
        suits = {c[1] for c in hand}
        if deal.contract == "domino":
            if len(hand) >= 2:
                points.append(i)
        elif not deal.trick:
            if "H" in suits and len(suits) >= 2:
                points.append(i)
        elif deal.trick[0][1][1] not in suits and len(suits) >= 2:
            points.append(i)
        deal.play(played)
    return points


@pytest.mark.slow
@pytest.mark.parametrize("config,contract", DEAL_CASES)
def test_every_held_card_at_a_decisive_point(config, contract):
    """At one decisive point of a record, every card the player holds is tried: a legal one is
    played on at random to a finished record both must score alike; an illegal one must be
    refused by both. So the engine allows exactly the reference's cards there."""
    rng = random.Random(f"branches-{config}-{contract}")
    legal = 0
    for _ in range(4):
        rec = random_deal_record(rng, CONFIGS[config], contract)
        points = decisive_points(rec)
        if not points:
            continue
        i = rng.choice(points)
        at_i = replay_deal(rec, upto=i)
        for card in sorted(at_i.hands[at_i.turn]):
            deal = replay_deal(rec, upto=i)
            if not deal.is_legal(card):
                both_refuse(with_play_card(rec, i, card))
                continue
            play = [*rec["play"][:i], card]
            deal.play(card)
            while not deal.over:
                play.append(rng.choice(deal.legal_cards()))
                deal.play(play[-1])
            branch = {**rec, "play": play}
            assert not agree(branch), branch
            legal += 1
    assert legal > 0


TARGETED = [
    ("standard", "no-hearts", "heart-lead"),
    ("standard", "no-king-of-hearts", "heart-lead"),
    ("classic", "no-hearts", "heart-lead"),
    ("classic", "no-king-of-hearts", "heart-lead"),
    ("italian", "no-hearts", "hearts-not-broken"),
    ("italian", "no-king-of-hearts", "hearts-not-broken"),
    ("italian-salad", "salad", "hearts-not-broken"),
    ("standard", "trumps", "must-trump-to-win"),
    ("standard", "trumps", "must-beat-trump-led"),
    ("classic", "trumps", "must-trump"),
    ("classic", "trumps", "must-overtrump"),
    ("classic", "trumps", "must-beat-trump-led"),
    ("italian", "trumps", "must-beat-trump-led"),
    ("italian-overtrump-always", "trumps", "must-overtrump"),
    ("italian-overtrump-always", "trumps", "must-beat-trump-led"),
    ("italian", "domino", "seven-of-diamonds-first"),
    ("italian", "domino", "not-playable"),
    ("italian-domino-any-seven", "domino", "not-playable"),
    ("standard", "domino", "not-playable"),
    ("classic", "domino", "not-playable"),
    ("fr32", "hearts", "must-follow-suit"),
]


def _void_in_plain_led_suit(deal):
    """Trumps: a plain suit was led and the player to move holds none of it."""
    if deal.contract != "trumps" or not deal.trick:
        return False
    led = deal.trick[0][1][1]
    return led != deal.trump and all(c[1] != led for c in deal.hands[deal.turn])


def _trumps_held(deal):
    """The trumps of the player to move, and the best trump rank in the trick (or None)."""
    held = [c for c in deal.hands[deal.turn] if c[1] == deal.trump]
    return held, deal.highest_trump_in_trick()


def discard_holding_only_losing_trumps(deal, card):
    """Void in a plain led suit, a trump in the trick, only lower trumps held: a non-trump."""
    if not _void_in_plain_led_suit(deal) or card[1] == deal.trump:
        return False
    held, top = _trumps_held(deal)
    return top is not None and held and all(RANKS.index(c[0]) < top for c in held)


def discard_holding_a_winning_trump(deal, card):
    """Void in a plain led suit, holding a trump that would win the trick: a non-trump."""
    if not _void_in_plain_led_suit(deal) or card[1] == deal.trump:
        return False
    held, top = _trumps_held(deal)
    return any(top is None or RANKS.index(c[0]) > top for c in held)


def discard_holding_a_trump_none_in_trick(deal, card):
    """Void in a plain led suit, no trump in the trick yet, holding a trump: a non-trump."""
    if not _void_in_plain_led_suit(deal) or card[1] == deal.trump:
        return False
    held, top = _trumps_held(deal)
    return top is None and bool(held)


def heart_lead_from_a_mixed_hand(deal, card):
    """Leading a heart while holding another suit too."""
    hand = deal.hands[deal.turn]
    return (
        deal.contract != "domino"
        and not deal.trick
        and card[1] == "H"
        and any(c[1] != "H" for c in hand)
    )


def heart_lead_after_hearts_broken(deal, card):
    """italian: leading a heart from a mixed hand once hearts are broken."""
    return heart_lead_from_a_mixed_hand(deal, card) and deal.hearts_broken()


def first_domino_card_another_seven(deal, card):
    """The first card of a Domino: a seven other than 7♦."""
    return deal.contract == "domino" and not deal.rows and card[0] == "7" and card != "7D"


def a_new_row_opened_by_a_seven(deal, card):
    """A Domino row other than the first opened (by its seven)."""
    return deal.contract == "domino" and deal.rows and card[0] == "7" and card[1] not in deal.rows


PERMITTED = [
    ("standard", "trumps", discard_holding_only_losing_trumps),
    ("italian", "trumps", discard_holding_only_losing_trumps),
    ("italian-overtrump-always", "trumps", discard_holding_only_losing_trumps),
    ("italian", "trumps", discard_holding_a_winning_trump),
    ("italian-overtrump-always", "trumps", discard_holding_a_trump_none_in_trick),
    ("italian", "no-hearts", heart_lead_after_hearts_broken),
    ("italian", "no-king-of-hearts", heart_lead_after_hearts_broken),
    ("italian-salad", "salad", heart_lead_after_hearts_broken),
    ("fr32", "hearts", heart_lead_from_a_mixed_hand),
    ("fr32", "king-of-hearts", heart_lead_from_a_mixed_hand),
    ("classic", "no-tricks", heart_lead_from_a_mixed_hand),
    ("italian-domino-any-seven", "domino", first_domino_card_another_seven),
    ("italian", "domino", a_new_row_opened_by_a_seven),
]


@pytest.mark.parametrize(
    "config,contract,situation", PERMITTED, ids=[f"{c}-{k}-{f.__name__}" for c, k, f in PERMITTED]
)
def test_a_card_the_rules_permit_is_accepted_by_both(config, contract, situation):
    """Cards a stricter rule (another preset's) would refuse: played, then the deal finished at
    random, both must accept the record and score it alike."""
    rng = random.Random(f"permitted-{config}-{contract}-{situation.__name__}")
    found = 0
    for _ in range(300):
        rec = random_deal_record(rng, CONFIGS[config], contract)
        deal = replay_deal(rec, upto=0)
        for i, played in enumerate(rec["play"]):
            hits = sorted(c for c in deal.hands[deal.turn] if situation(deal, c))
            if hits:
                card = rng.choice(hits)
                assert deal.is_legal(card), (situation.__name__, card)
                play = [*rec["play"][:i], card]
                deal.play(card)
                while not deal.over:
                    play.append(rng.choice(deal.legal_cards()))
                    deal.play(play[-1])
                assert not agree({**rec, "play": play})
                found += 1
                break
            deal.play(played)
        if found == 4:
            break
    assert found == 4, f"only {found} cases of {situation.__name__}"


@pytest.mark.parametrize(
    "config,contract,reason", TARGETED, ids=[f"{c}-{k}-{r}" for c, k, r in TARGETED]
)
def test_a_card_breaking_one_rule_is_refused_by_both(config, contract, reason):
    """Cards the reference refuses for one named rule, each swapped into a legal record."""
    rng = random.Random(f"targeted-{config}-{contract}-{reason}")
    found = 0
    for _ in range(200):
        rec = random_deal_record(rng, CONFIGS[config], contract)
        deal = replay_deal(rec, upto=0)
        for i, played in enumerate(rec["play"]):
            hits = sorted(c for c in deal.hands[deal.turn] if deal.why_illegal(c) == reason)
            if hits:
                both_refuse(with_play_card(rec, i, rng.choice(hits)))
                found += 1
                break
            deal.play(played)
        if found == 4:
            break
    assert found == 4, f"only {found} cases of {reason}"


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
