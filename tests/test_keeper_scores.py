"""The score keeper's own checks of a deal's scores (barbu/keeper/scores.py): typed raw scores
that add up to the contract's total and that some deal gives, counts of what each player took
that can be (bad-total, bad-score, bad-count). If these tests fail, a table would get a row no
deal gives, or a right row refused.
"""

from __future__ import annotations

import pytest

from barbu.keeper import RAW_LIMIT, KeptDeal, KeptGame, Taken, check_raw, count_scores, tallies
from barbu.presets import FR32, STANDARD, preset, rules_from_record
from tests.kept_games import ITALIAN_OPTIONS, C, refusal

# -- the rows: scores that add up, counts that can be ----------------------------------------


def test_a_row_whose_scores_do_not_add_up_is_refused_and_changes_nothing():
    kept = KeptGame(STANDARD, 0)
    error = refusal(kept.add, KeptDeal(C("no-queens"), (), (-12, -6, -6, -6)))
    assert (error.code, error.params["contract"], error.params["deal"]) == (
        "bad-total",
        "no-queens",
        1,
    )
    assert str(error).startswith("deal 1, raw: the raw scores add up to -30, not the -24")
    assert kept.number == 0 and not kept.can_undo
    assert not kept.can(KeptDeal(C("trumps", "H"), (), (20, 20, 20, 20)))


@pytest.mark.parametrize(
    ("contract", "raw"),
    [
        ("no-queens", (-7, -5, -6, -6)),  # no count of queens scores -7
        ("no-last-two", (-10, -10, -10, 0)),  # only two tricks score
        ("no-king-of-hearts", (-20, -20, 20, 0)),
        ("trumps", (66, -1, 0, 0)),
        ("domino", (20, 20, 20, 5)),  # the places pay once each
        ("no-tricks", (RAW_LIMIT + 1, -RAW_LIMIT - 27, 0, 0)),
    ],
)
def test_typed_scores_that_no_deal_gives_are_refused(contract, raw):
    error = refusal(check_raw, STANDARD, contract, raw)
    assert error.code == "bad-score" and error.params == {"contract": contract}


def test_typed_scores_must_be_four_whole_numbers():
    for raw in ([1, 2, 3], [0.0, -26, 0, 0], [True, -27, 0, 0], "0,0,0,-26", [10**5000] * 4):
        assert refusal(check_raw, STANDARD, "no-tricks", raw).code in ("bad-record", "bad-score")


def test_typed_and_counted_scores_must_agree():
    deal = KeptDeal(C("no-queens"), (), (-12, -6, -6, 0), Taken.of(cards={"Q": [2, 1, 0, 1]}))
    error = refusal(KeptGame(STANDARD, 0).add, deal)
    assert error.code == "bad-score" and "not those the counts give" in str(error)


def test_salad_with_the_italian_options_counts_every_scoring_at_once():
    rules = rules_from_record(ITALIAN_OPTIONS)
    assert rules.contract("salad").total == -26 - 32 - 30 - 28 - 30  # K♥ -30, queens -8, A♥ -4
    taken = Taken.of(
        tricks=[13, 0, 0, 0],
        cards={"H-AH": [12, 0, 0, 0], "AH": [1, 0, 0, 0], "Q": [4, 0, 0, 0], "KH": [1, 0, 0, 0]},
        won={12: 0, 13: 0},
    )
    assert count_scores(rules, "salad", taken) == (-146, 0, 0, 0)
    assert check_raw(rules, "salad", (-146, 0, 0, 0)) == (-146, 0, 0, 0)
    assert refusal(check_raw, rules, "salad", (-145, -1, 0, 0)).code == "bad-score"


IMPOSSIBLE = [
    ("no-tricks", Taken.of(tricks=[14, 0, 0, 0])),
    ("no-tricks", Taken.of(tricks=[4, 4, 4, 2])),  # 14 tricks in all
    ("no-tricks", Taken.of(tricks=[4, 4, 4, -1])),
    ("no-tricks", Taken.of()),  # the tricks are what scores
    ("no-queens", Taken.of(cards={"Q": [2, 2, 1, 0]})),  # 5 queens
    ("no-queens", Taken.of(tricks=[0, 13, 0, 0], cards={"Q": [1, 3, 0, 0]})),  # a queen, no trick
    ("no-queens", Taken.of(cards={"Q": [1, 1, 1, 1], "J": [1, 1, 1, 1]})),  # jacks score nothing
    ("no-king-of-hearts", Taken.of(cards={"KH": [1, 0, 1, 0]})),  # two players with K♥
    ("no-hearts", Taken.of(cards={"H-AH": [13, 0, 0, 0], "AH": [1, 0, 0, 0]})),  # 13 of 12
    ("no-hearts", Taken.of(cards={"H-AH": [4, 4, 4, 0]})),  # who took the A♥?
    ("no-hearts", Taken.of(tricks=[1, 12, 0, 0], cards={"H-AH": [5, 7, 0, 0], "AH": [0, 1, 0, 0]})),
    ("no-last-two", Taken.of(won={12: 0})),
    ("no-last-two", Taken.of(tricks=[1, 12, 0, 0], won={12: 0, 13: 0})),
    ("no-last-two", Taken.of(won={12: 0, 13: 4})),
    ("trumps", Taken.of(places=[1, 2, 3, 4], tricks=[4, 3, 3, 3])),
    ("domino", Taken.of(places=[1, 1, 3, 4])),  # not a permutation
    ("domino", Taken.of(places=[0, 1, 2, 3])),
    ("domino", Taken.of(tricks=[4, 3, 3, 3], places=[1, 2, 3, 4])),
]


@pytest.mark.parametrize(("contract", "taken"), IMPOSSIBLE)
def test_an_impossible_count_is_refused(contract, taken):
    error = refusal(count_scores, STANDARD, contract, taken)
    assert error.code in ("bad-count", "bad-seat"), error
    assert len(str(error).splitlines()) == 1


@pytest.mark.parametrize(
    ("contract", "taken", "params"),
    [
        ("no-tricks", Taken.of([5, 4, 3, 0]), {"tally": "tricks", "counted": 12, "needed": 13}),
        ("no-tricks", Taken.of([5, 4, 3, 2]), {"tally": "tricks", "counted": 14, "needed": 13}),
        ("no-tricks", Taken.of([14, 0, 0, 0]), {"tally": "tricks", "counted": 14, "needed": 13}),
        ("no-queens", Taken.of(None, {"Q": [2, 2, 1, 0]}), {"tally": "Q", "counted": 5}),
        ("no-queens", Taken.of(None, {"Q": [5, 0, 0, 0]}), {"tally": "Q", "counted": 5}),
        ("no-king-of-hearts", Taken.of(None, {"KH": [1, 0, 1, 0]}), {"counted": 2, "needed": 1}),
        (
            "no-hearts",
            Taken.of([14, 0, 0, 0], {"H-AH": [12, 0, 0, 0], "AH": [1, 0, 0, 0]}),
            {"tally": "tricks", "fewest": 1},
        ),
        ("domino", Taken.of(places=[1, 1, 3, 4]), {"tally": "places", "places": "1, 1, 3, 4"}),
        ("no-last-two", Taken.of([1, 12, 0, 0], {}, {12: 0, 13: 0}), {"seat": 0, "won": 2}),
        (
            "no-hearts",
            Taken.of([1, 12, 0, 0], {"H-AH": [5, 7, 0, 0], "AH": [0, 1, 0, 0]}),
            {"seat": 0, "cards": 5, "tricks": 1},
        ),
    ],
)
def test_a_wrong_count_says_what_is_wrong(contract, taken, params):
    """The page could only say "impossible counts" instead of "12 tricks counted, 13 needed"."""
    error = refusal(count_scores, STANDARD, contract, taken)
    assert error.code == "bad-count"
    assert params.items() <= error.params.items(), error.params


def test_counts_follow_the_pack_and_the_early_end():
    assert refusal(count_scores, FR32, "hearts", Taken.of(cards={"H": [8, 1, 0, 0]})).code == (
        "bad-count"
    )
    assert count_scores(FR32, "hearts", Taken.of(cards={"H": [8, 0, 0, 0]})) == (80, 0, 0, 0)
    # No King of Hearts may end after one trick: the tricks add up to 1 to 13.
    one = Taken.of(tricks=[1, 0, 0, 0], cards={"KH": [1, 0, 0, 0]})
    assert count_scores(STANDARD, "no-king-of-hearts", one) == (-20, 0, 0, 0)
    classic = preset("classic")  # every trick is played
    assert refusal(count_scores, classic, "no-king-of-hearts", one).code == "bad-count"


def test_what_a_contract_counts_is_read_from_its_rules():
    keys = {
        c.contract.value: [t.key for t in tallies(STANDARD, c.contract)] for c in STANDARD.contracts
    }
    assert keys == {
        "no-tricks": ["tricks"],
        "no-queens": ["tricks", "Q"],
        "no-last-two": ["tricks", "12", "13"],
        "no-hearts": ["tricks", "H-AH", "AH"],
        "no-king-of-hearts": ["tricks", "KH"],
        "trumps": ["tricks"],
        "domino": ["places"],
    }
    assert [t.required for t in tallies(STANDARD, "no-queens")] == [False, True]
    italian = rules_from_record(ITALIAN_OPTIONS)
    values = {t.key: t.value for t in tallies(italian, "salad")}
    assert values == {"tricks": -2, "Q": -8, "12": -10, "13": -20, "H-AH": -2, "AH": -4, "KH": -30}
    assert [(t.key, t.most) for t in tallies(FR32, "hearts")] == [("tricks", 8), ("H", 8)]
    assert tallies(preset("classic"), "domino")[0].places == (45, 20, 10, -10)
