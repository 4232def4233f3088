"""The configurations and checks shared by the engine-against-reference tests of the presets
(test_presets_agreement.py, test_presets_cards.py, test_presets_refusals.py): every preset and
the Italian options, scored by the engine's ``score_record`` and by an independent reading of
the rules (tests/reference_presets.py).
"""

import copy

import pytest

from barbu import RuleError
from tests.formats import score_both
from tests.reference_preset_records import score_record as reference_score
from tests.reference_presets import PRESETS, Illegal, parse_rules

OPTION_CONFIGS = {
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
"""The options each preset is checked with, besides its defaults, as records name them."""
CONFIGS = {name: name for name in PRESETS} | OPTION_CONFIGS
"""Every preset of the reference's table, then its options' checks."""
DOUBLING_CONFIGS = [name for name, value in CONFIGS.items() if parse_rules(value).doubling]
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
