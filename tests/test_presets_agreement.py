"""The engine's ``score_record`` against an independent reading of every preset
(tests/reference_presets.py): "standard", "classic", "fr32" and "italian" with its options.

Records are made by the reference alone (tests/generate_presets.py). Legal ones must score the
same in both (here); mutated ones must be refused by both, or accepted by both with the same
scores: a card swapped in (test_presets_cards.py), records and rules the presets refuse
(test_presets_refusals.py). The configurations are tests/preset_cases.py's.
"""

import copy
import random

import pytest

from tests.formats import score_both
from tests.generate_presets import random_deal_record, random_session_record
from tests.preset_cases import CONFIGS, DEAL_CASES, DEALS_PER_CONTRACT
from tests.reference_preset_records import score_record as reference_score
from tests.reference_presets import PRESETS, parse_rules

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


@pytest.mark.parametrize("config", PRESETS)
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
        best = (min if rules.lowest_wins else max)(expected["totals"])
        assert expected["winners"] == [s for s in range(4) if expected["totals"][s] == best]
        assert score_both(rec) == expected
    partial = random_session_record(rng, CONFIGS[config], deals=rules.block_size + 1)
    if config == "fr32":
        partial = random_session_record(rng, CONFIGS[config], deals=4)
    expected = reference_score(partial)
    assert "winners" not in expected
    assert score_both(partial) == expected
