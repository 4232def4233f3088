"""A kept game's record (barbu/keeper/record.py): what the table reported, written and read back
the same (players' browsers store it), bad records refused with their place, hostile ones read or
refused in one line. If these tests fail, a kept game could be lost or altered on reading.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from barbu import RuleError, session_record
from barbu.jsontext import JsonRefused, load
from barbu.keeper import KeeperError, KeptDeal, KeptGame
from barbu.rules import STANDARD, rules_from_record
from tests import hostile
from tests.kept_games import BLOCK, GAMES, C, played, refusal

# -- records ---------------------------------------------------------------------------------


def test_a_kept_record_writes_what_the_table_reported_and_reads_back():
    kept = KeptGame(STANDARD, 0, names=["Ada", "Ben", "Clara", "Dan"], stake=2, deals=BLOCK[:2])
    record = kept.record()
    assert record["kept"] is True and record["seed"] is None and record["stake"] == "2"
    assert record["deals"][0] == {
        "dealer": 3,
        "declarer": 0,
        "actions": [
            {"contract": "no-tricks"},
            {"double": [0]},
            {"double": [0]},
            {"double": [0]},
            {"double": []},
        ],
        "raw": [-8, -6, -6, -6],
    }
    again = KeptGame.from_record(json.loads(json.dumps(record)))
    assert again.record() == record and again.names == ("Ada", "Ben", "Clara", "Dan")
    unmarked = {key: value for key, value in record.items() if key != "kept"}
    assert KeptGame.from_record(unmarked).record() == record  # no hands: kept all the same
    counted = dict(record["deals"][1], taken={"cards": {"Q": [2, 1, 1, 0]}})
    del counted["raw"]
    read = KeptGame.from_record(dict(record, deals=[record["deals"][0], counted]))
    assert read.sheet() == kept.sheet()


@pytest.mark.parametrize(
    ("place", "value", "code"),
    [
        (("kept",), 1, "bad-record"),
        (("format",), 1, "bad-record"),
        (("seed",), 5, "bad-record"),
        (("names",), ["Ada", "Ben"], "bad-record"),
        (("names",), ["Ada", "Ben", "Clara", "D\nan"], "bad-record"),
        (("stake",), "-1", "bad-record"),
        (("rules",), "fr32", "bad-record"),  # fr32 deals have no doubling turns
        (("rules",), "poker", "bad-rules"),
        (("first_declarer",), 1, "wrong-declarer"),
        (("deals", 0, "declarer"), 1, "wrong-declarer"),
        (("deals", 0, "dealer"), 0, "bad-record"),
        (("deals", 0, "hands"), [], "bad-record"),
        (("deals", 0, "actions", 1), "QS", "bad-action"),
        (("deals", 0, "actions", 0), {"double": []}, "bad-action"),
        (("deals", 0, "actions", 2), {"double": [1, 2]}, "double-positive"),
        (("deals", 0, "raw"), [0, 0, 0, 0], "bad-total"),
        (("deals", 0, "taken"), {"tricks": [13, 13, 0, 0]}, "bad-count"),
        (("deals", 0, "taken"), {"tricks": [4, 3, 3, 3], "extra": 1}, "bad-record"),
    ],
)
def test_a_bad_kept_record_is_refused_with_its_place(place, value, code):
    kept = KeptGame(STANDARD, 0, deals=[KeptDeal(C("trumps", "S"), (), (20, 15, 15, 15))])
    record = hostile.mutated(kept.record(), place, "replace", value)
    error = refusal(KeptGame.from_record, record)
    assert error.code == code, error
    assert error.where and len(str(error).splitlines()) == 1


@cache
def kept_samples() -> dict[str, dict]:
    """Kept records of every game (from played sessions, with counts), and one without
    counts, with names and a stake."""
    out = {}
    for n, (name, rules) in enumerate(GAMES.items()):
        session = played(rules_from_record(rules), 30 + n)
        out[name] = KeptGame.from_record(session_record(session)).record()
    plain = KeptGame(STANDARD, 0, ["Ada", "Ben", "Clara", "Dan"], "0.25", BLOCK)
    out["block"] = plain.record()
    return out


def check_kept(record) -> str:
    """``KeptGame.from_record``: a game that writes back what it reads, or a located refusal
    of one short line."""
    try:
        kept = KeptGame.from_record(record)
    except (RuleError, KeeperError) as error:
        hostile.check_message(error)
        assert error.where, f"says not where: {error}"
        return "refused"
    written = kept.record()
    assert KeptGame.from_record(json.loads(json.dumps(written))).record() == written
    return "loaded"


def test_hostile_kept_records_are_read_or_refused_in_one_located_line():
    samples = kept_samples()
    rng = random.Random(2718)
    names = list(hostile.HOSTILE_VALUES)
    outcomes = {"loaded": 0, "refused": 0}
    for name in sorted(samples):
        record = samples[name]
        assert check_kept(record) == "loaded"
        for _ in range(60):
            mutated = record
            for _ in range(rng.randint(1, 2)):
                path = hostile.random_path(mutated, rng)
                value = hostile.HOSTILE_VALUES[rng.choice(names)]
                mutated = hostile.mutated(mutated, path, rng.choice(hostile.OPS), value)
            outcomes[check_kept(mutated)] += 1
    assert outcomes["refused"] > outcomes["loaded"] > 0


@pytest.mark.parametrize("fragment", sorted(hostile.FRAGMENTS)[::3])
def test_a_nasty_fragment_in_a_kept_records_text_is_refused_or_read(fragment):
    record = kept_samples()["block"]
    text = hostile.FRAGMENTS[fragment]
    for path in [(), ("names", 1), ("stake",), ("deals", 0, "raw", 2), ("deals", 1, "actions", 1)]:
        try:
            value = load(hostile.splice(record, path, "replace", text))
        except JsonRefused:
            continue
        check_kept(value)


@pytest.mark.parametrize("big", ["10 MB string", "10**5000", "5,000-deep list", "a million 'QS'"])
def test_a_huge_value_in_any_field_of_a_kept_record_is_refused(big):
    record = kept_samples()["block"]
    value = hostile.HOSTILE_VALUES[big]
    paths = [(key,) for key in record] + [("deals", 0, key) for key in record["deals"][0]]
    for path in paths:
        assert check_kept(hostile.mutated(record, path, "replace", value)) == "refused", path
