"""The engine against an independent reading of the rules (tests/reference.py).

Random play driven side by side: at every step both must allow exactly the same actions, and at
the end give the same raw and final scores. Then records made by the reference alone must score
the same through ``score_record``, and records carrying one illegal action must be refused.
"""

import copy
import random
from itertools import combinations

import pytest

from barbu import (
    Card,
    ChooseContract,
    Contract,
    Deal,
    Double,
    Play,
    Rank,
    RuleError,
    Suit,
)
from tests.formats import score_both
from tests.generate import random_deal_record, random_hands, random_session_record
from tests.reference import CONTRACTS, RANKS, Illegal, RefDeal, replay_deal, score_session

DEALS_PER_CONTRACT = 400


def _engine_and_reference(rng, contract, owed=(0, 0, 0, 0), deals_left=7):
    hands = random_hands(rng)
    declarer = rng.randrange(4)
    deal = Deal(
        [[Card.parse(c) for c in h] for h in hands], declarer, owed=owed, deals_left=deals_left
    )
    ref = RefDeal(hands, declarer, owed, deals_left)
    trump = rng.choice("SHDC") if contract == "trumps" else None
    start = rng.randrange(13) if contract == "domino" else None
    deal.apply(
        ChooseContract(
            Contract(contract),
            Suit.parse(trump) if trump else None,
            Rank(start) if start is not None else None,
        )
    )
    ref.choose(contract, trump, start)
    return deal, ref


@pytest.mark.slow
@pytest.mark.parametrize("contract", CONTRACTS)
def test_random_deals_agree_with_reference_move_by_move(contract):
    rng = random.Random(contract)
    for n in range(DEALS_PER_CONTRACT):
        owed = tuple(rng.choice((0, 1, 2)) for _ in range(4))
        deal, ref = _engine_and_reference(rng, contract, owed, deals_left=rng.choice((1, 2, 7)))
        while deal.phase.value == "doubling":
            assert deal.to_move == ref.turn
            scope = sorted(ref.double_scope(ref.turn))
            expected = {
                frozenset(c)
                for k in range(len(scope) + 1)
                for c in combinations(scope, k)
                if not ref.forced(ref.turn) or ref.declarer in c
            }
            legal = {a.targets for a in deal.legal_actions()}
            assert legal == expected
            choice = rng.choice(sorted(expected, key=sorted))
            deal.apply(Double(choice))
            ref.double_turn(sorted(choice))
        while not deal.is_over:
            assert not ref.over
            assert deal.to_move == ref.turn
            legal = sorted(str(a.card) for a in deal.legal_actions())
            assert legal == ref.legal_cards(), (n, deal.played)
            card = rng.choice(legal)
            deal.apply(Play(Card.parse(card)))
            ref.play(card)
        assert ref.over
        assert deal.raw_scores() == ref.raw()
        assert deal.final_scores() == ref.final()
        assert sum(deal.final_scores()) == deal.crules.total


@pytest.mark.parametrize("contract", CONTRACTS)
def test_reference_deal_records_score_exactly(contract):
    rng = random.Random("records-" + contract)
    for _ in range(100):
        rec = random_deal_record(rng, contract)
        ref = replay_deal(rec)
        assert score_both(rec) == {"raw": ref.raw(), "final": ref.final()}


def test_reference_session_records_score_exactly():
    rng = random.Random(2026)
    for bias in (0.3, 0.8, 0.95, 1.0):
        for _ in range(3):
            rec = random_session_record(rng, pass_bias=bias)
            assert score_both(rec) == score_session(rec)


# -- refusals -------------------------------------------------------------------------------


def _illegal_card_mutations(rec, rng):
    """Records where one card of the play is swapped for one the reference refuses there."""
    out = []
    for i in rng.sample(range(len(rec["play"])), min(6, len(rec["play"]))):
        deal = _ref_prefix(rec, i)
        seat = deal.turn
        bad = [c for c in deal.hands[seat] if not deal.is_legal(c)]
        if bad:
            out.append(
                (
                    f"play[{i}]",
                    {**rec, "play": [*rec["play"][:i], rng.choice(bad), *rec["play"][i + 1 :]]},
                )
            )
        foreign = [c for s in range(4) if s != seat for c in deal.hands[s]]
        if foreign:
            out.append(
                (
                    f"play[{i}]",
                    {**rec, "play": [*rec["play"][:i], rng.choice(foreign), *rec["play"][i + 1 :]]},
                )
            )
    return out


def _ref_prefix(rec, i):
    """The reference deal after the contract, the doubles and the first ``i`` cards."""
    d = rec["declarer"]
    deal = RefDeal(rec["hands"], d)
    deal.choose(
        rec["contract"],
        rec.get("trump"),
        RANKS.index(rec["start_rank"]) if "start_rank" in rec else None,
    )
    pairs = [tuple(p) for p in rec["doubles"]]
    for seat in [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]:
        deal.double_turn([t for s, t in pairs if s == seat])
    for card in rec["play"][:i]:
        deal.play(card)
    return deal


@pytest.mark.parametrize("contract", CONTRACTS)
def test_records_with_an_illegal_card_are_refused(contract):
    rng = random.Random("illegal-" + contract)
    refused = 0
    for _ in range(60):
        rec = random_deal_record(rng, contract)
        for where, bad in _illegal_card_mutations(rec, rng):
            with pytest.raises(Illegal):
                replay_deal(bad)
            with pytest.raises(RuleError) as info:
                score_both(bad)
            assert where in str(info.value)
            refused += 1
    assert refused > 300


@pytest.mark.parametrize("contract", CONTRACTS)
def test_a_card_after_the_end_is_refused(contract):
    rng = random.Random("after-" + contract)
    for _ in range(20):
        rec = random_deal_record(rng, contract)
        played = set(rec["play"])
        spare = [c for h in rec["hands"] for c in h if c not in played]
        if not spare:
            continue
        bad = {**rec, "play": rec["play"] + [spare[0]]}
        with pytest.raises(RuleError, match="the deal is over"):
            score_both(bad)


def test_an_unfinished_deal_is_refused():
    rec = random_deal_record(random.Random(5), "no-tricks")
    with pytest.raises(RuleError, match="unfinished"):
        score_both({**rec, "play": rec["play"][:-1]})


def _doubling_mutations(rec):
    d = rec["declarer"]
    positive = rec["contract"] in ("trumps", "domino")
    others = [(d + k) % 4 for k in (1, 2, 3)]
    muts = []
    # out of turn: the declarer first, then his left neighbour
    muts.append([[d, others[0]], [others[0], d]])
    # a non-declarer doubling himself
    muts.append([[others[1], others[1]]])
    # the declarer redoubling someone who did not double him
    muts.append([[d, others[2]]])
    # the same target twice in one turn
    muts.append([[others[0], d], [others[0], d]])
    # a seat number out of range
    muts.append([[others[0], 4]])
    if positive:
        # in a positive contract only the declarer may be doubled
        muts.append([[others[0], others[1]]])
    return muts


@pytest.mark.parametrize("contract", CONTRACTS)
def test_doubles_out_of_scope_or_out_of_turn_are_refused(contract):
    rng = random.Random("doubles-" + contract)
    rec = random_deal_record(rng, contract)
    for doubles in _doubling_mutations(rec):
        bad = {**rec, "doubles": doubles}
        with pytest.raises(Illegal):
            replay_deal(bad)
        with pytest.raises(RuleError, match="doubles"):
            score_both(bad)


def test_a_contract_repeated_in_a_block_is_refused():
    rec = random_session_record(random.Random(8), deals=7)
    bad = copy.deepcopy(rec)
    bad["deals"][3] = copy.deepcopy(bad["deals"][1])  # same declarer, same contract again
    with pytest.raises(Illegal):
        score_session(bad)
    with pytest.raises(RuleError, match=r"deal 4.*already played in this block"):
        score_both(bad)


def test_a_missed_compulsory_double_is_refused():
    rng = random.Random(11)
    found = 0
    for _ in range(40):
        rec = random_session_record(rng, deals=7, pass_bias=1.0)
        # With the reference always passing when it may, the last deals of the block are forced:
        # remove one forced double of the declarer and the record must be refused.
        for n in (5, 6):
            drec = rec["deals"][n]
            d = drec["declarer"]
            pairs = [p for p in drec["doubles"] if p[1] == d and p[0] != d]
            if not pairs:
                continue
            bad = copy.deepcopy(rec)
            bad["deals"][n]["doubles"] = [
                p for p in drec["doubles"] if p != pairs[0] and p != [d, pairs[0][0]]
            ]
            bad["deals"] = bad["deals"][: n + 1]
            with pytest.raises(Illegal):
                score_session(bad)
            with pytest.raises(RuleError, match=f"deal {n + 1}.*must double the declarer"):
                score_both(bad)
            found += 1
    assert found >= 20


def test_malformed_records_are_refused_with_a_reason():
    rec = random_deal_record(random.Random(3), "no-queens")
    cases = [
        ({**rec, "rules": "martian"}, "unknown rules"),
        ({**rec, "declarer": 5}, "not a seat"),
        ({**rec, "contract": "no-kings"}, "not a contract"),
        ({**rec, "hands": rec["hands"][:3]}, "4 hands"),
        ({**rec, "hands": [rec["hands"][0]] * 4}, "dealt twice"),
        ({**rec, "hands": [h[:12] for h in rec["hands"]]}, "holds 13 cards, not 12"),
        ({**rec, "play": ["ZZ"] + rec["play"]}, "not a card"),
        ({**rec, "trump": "S"}, "only trumps takes a trump suit"),
        ({**rec, "doubles": [[1]]}, "pair"),
        ({**rec, "play": "QS"}, "must be a list"),
        ([], "JSON object"),
        ({**rec, "rules": []}, "unknown rules"),
        (
            {**rec, "hands": [rec["hands"][0] + rec["hands"][0][:1], *rec["hands"][1:]]},
            r"hands\[0\]: .. is listed twice",
        ),
        ({"declarer": 0}, '^record: "hands" is missing'),
        (
            {"rules": "standard", "first_declarer": 0, "deals": [{"declarer": 0}]},
            '^deal 1: "hands" is missing',
        ),
        ({"first_declarer": 0}, '"deals" is missing'),
        ({**rec, "declarer": True}, "not a seat"),
    ]
    for bad, why in cases:
        with pytest.raises(RuleError, match=why):
            score_both(bad)
