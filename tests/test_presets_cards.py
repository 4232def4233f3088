"""A card swapped into a legal record, engine against reference (tests/reference_presets.py),
for every preset: a card the reference refuses is refused by both, at random and for each named
rule; a card some stricter preset would refuse but this one permits is accepted by both, and the
record scored alike. The configurations are tests/preset_cases.py's.
"""

import random

import pytest

from tests.generate_presets import random_deal_record
from tests.preset_cases import CONFIGS, DEAL_CASES, agree, both_refuse, with_play_card
from tests.reference_preset_records import replay_deal
from tests.reference_presets import RANKS

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
