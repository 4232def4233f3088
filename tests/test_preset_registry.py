"""RULES.md §7: the preset registry (each preset's id, builder, options schema and words), the
former id ``pagat`` read as ``italian``, and records that only name registered presets."""

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from barbu import RuleError, Session
from barbu.records import deal_from_record, deal_record, session_from_record, session_record
from barbu.rules import (
    ALIASES,
    ITALIAN,
    PAGAT,
    PRESET_NAMES,
    PRESETS,
    REGISTRY,
    STANDARD,
    Rules,
    preset,
    registered,
    rules_from_record,
)
from tools.bench.arena import read_records

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "languages" / "catalogs"
OTHER_JSON = {"bool": [1, 0, "true", None], "int": [True, -30.0, "-30", None], "choice": [0, False]}
"""Values of another JSON type than each type of option takes: all refused."""


def _played(rules: Rules, seed: int, actions: int = 40) -> Session:
    session = Session(seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(actions):
        session.apply(rng.choice(session.legal_actions()))
    return session


# -- the registry ----------------------------------------------------------------------------------


def test_the_registry_lists_the_four_presets_by_id_and_only_italian_has_options():
    assert PRESET_NAMES == tuple(REGISTRY) == ("standard", "classic", "fr32", "italian")
    assert list(PRESETS) == list(PRESET_NAMES)
    assert [n for n, p in REGISTRY.items() if p.options] == ["italian"]
    schema = {o.name: (o.type, o.values, o.default) for o in REGISTRY["italian"].options}
    assert schema == {
        "king_of_hearts": ("int", (-20, -30), -20),
        "queen": ("int", (-6, -8), -6),
        "ace_of_hearts": ("int", (-6, -4), -6),
        "quota": ("int", (2, 3), 2),
        "domino_any_seven": ("bool", (False, True), False),
        "overtrump_always": ("bool", (False, True), False),
        "salad": ("bool", (False, True), False),
        "without": ("choice", (None, "trumps", "domino"), None),
    }


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_preset_is_built_under_its_id_and_written_as_it(name):
    rules = preset(name)
    assert rules is PRESETS[name] and rules.name == name and rules.options == ()
    assert rules.record == name and rules_from_record(name) is rules
    assert registered(name) is REGISTRY[name]


@pytest.mark.parametrize("lang", sorted(p.stem for p in CATALOGS.glob("*.json")))
def test_every_catalog_key_of_the_registry_is_in_every_language(lang):
    messages = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    for entry in REGISTRY.values():
        keys = [entry.label, entry.about, *([entry.options_label] if entry.options else [])]
        for option in entry.options:
            keys += [option.label, *option.value_labels]
        assert [k for k in keys if k not in messages] == [], entry.name


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_presets_options_are_checked_against_its_schema(name):
    entry = REGISTRY[name]
    if not entry.options:
        with pytest.raises(RuleError, match=f"^the {name} rules take no options$") as refused:
            preset(name, {"salad": False})
        assert refused.value.code == "bad-rules"
        assert preset(name, {}) is preset(name)
        return
    for option in entry.options:
        assert preset(name, {option.name: option.default}) is preset(name)  # a default: allowed
        for value in option.values:
            rules = preset(name, {option.name: value})
            assert rules.options == (() if value == option.default else ((option.name, value),))
            assert rules_from_record(rules.record) is rules
        for value in OTHER_JSON[option.type]:
            with pytest.raises(RuleError, match=f"option {option.name} cannot be ") as refused:
                preset(name, {option.name: value})
            assert refused.value.code == "bad-rules"
            assert "(allowed: " in str(refused.value)
    known = ", ".join(o.name for o in entry.options)
    with pytest.raises(RuleError, match=f"unknown option 'speed' \\(known: {known}\\)"):
        preset(name, {"speed": 1})


def test_the_allowed_values_are_named_as_json_writes_them():
    with pytest.raises(RuleError, match=r"option quota cannot be 3\.0 \(allowed: 2, 3\)"):
        preset("italian", {"quota": 3.0})
    with pytest.raises(RuleError, match=r"\(allowed: false, true\)"):
        preset("italian", {"salad": 1})
    with pytest.raises(RuleError, match=r"\(allowed: null, trumps, domino\)"):
        preset("italian", {"without": "salad"})
    with pytest.raises(
        RuleError, match=r"^unknown rules 'bridge' \(known: standard, classic, fr32, italian\)$"
    ):
        preset("bridge")


# -- the former id, pagat --------------------------------------------------------------------------


def test_the_former_id_pagat_is_the_italian_game():
    assert ALIASES == {"pagat": "italian"}
    assert "pagat" not in PRESET_NAMES and "pagat" not in PRESETS
    assert PAGAT is ITALIAN is preset("pagat") is rules_from_record("pagat")
    assert registered("pagat") is REGISTRY["italian"]
    options = {"salad": True, "quota": 3}
    assert preset("pagat", options) is preset("italian", options)
    assert rules_from_record({"preset": "pagat", "options": options}).record == {
        "preset": "italian",
        "options": {"quota": 3, "salad": True},
    }
    assert ITALIAN.name == "italian" and ITALIAN.record == "italian"
    with pytest.raises(RuleError, match="option salad cannot be 1"):
        preset("pagat", {"salad": 1})
    with pytest.raises(RuleError, match="unknown rules 'Pagat'"):
        preset("Pagat")


@pytest.mark.parametrize("former", ["pagat", {"preset": "pagat", "options": {"salad": True}}])
def test_a_record_saying_pagat_is_read_and_written_as_italian(former):
    rules = rules_from_record(former)
    session = _played(rules, 8)
    record = json.loads(json.dumps(session_record(session)))
    assert record["rules"] == rules.record and json.dumps(record).count("pagat") == 0
    old = {**record, "rules": former}
    assert session_record(session_from_record(old)) == record
    deal = json.loads(json.dumps(deal_record(session.deals[0])))
    assert deal_record(deal_from_record({**deal, "rules": former})) == deal


def test_the_arena_merges_runs_that_name_the_game_by_either_id(tmp_path):
    line = {"kind": "deal", "candidate": "expert", "baseline": "standard", "seed": 1}
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    old.write_text(json.dumps({**line, "index": 0, "rules": "pagat"}) + "\n")
    new.write_text(json.dumps({**line, "index": 1, "rules": "italian"}) + "\n")
    records = read_records([str(old), str(new)])
    assert [r["rules"] for r in records] == ["italian", "italian"]
    old.write_text(json.dumps({**line, "index": 0, "rules": "bridge"}) + "\n")
    with pytest.raises(ValueError, match=r"old\.jsonl:1: unknown rules 'bridge'"):
        read_records([str(old)])


# -- only registered presets are written -----------------------------------------------------------


@pytest.mark.parametrize(
    "rules, why",
    [
        (replace(STANDARD, first_lead=1), r"'standard' differs from them in first_lead\)$"),
        (
            replace(STANDARD, contracts=STANDARD.contracts[:-1], blocks=1),
            r"differs from them in contracts, blocks\)$",
        ),
        (replace(ITALIAN, options=(("salad", True),)), r"differs from them in contracts\)$"),
        (replace(preset("italian", {"salad": True}), options=()), "in contracts"),
        (replace(ITALIAN, name="pagat"), "^cannot write rules named 'pagat': not a preset"),
        (replace(STANDARD, name="bridge"), "^cannot write rules named 'bridge': not a preset"),
        (
            replace(ITALIAN, options=(("salad", 1),)),
            r"^cannot write the italian rules: .*option salad cannot be 1",
        ),
        (replace(STANDARD, options=(("quota", 3),)), "the standard rules take no options"),
        (replace(ITALIAN, options=(("salad",),)), "^cannot write the italian rules: bad options"),
    ],
)
def test_a_rules_value_that_is_no_registered_preset_is_refused_when_written(rules, why):
    with pytest.raises(RuleError, match=why) as refused:
        _ = rules.record
    assert refused.value.code == "bad-rules"


def test_a_session_under_a_replaced_rules_value_plays_but_its_record_is_refused():
    no_early_end = replace(
        STANDARD, contracts=tuple(replace(c, early_end=False) for c in STANDARD.contracts)
    )
    session = _played(no_early_end, 3, actions=20)
    assert session.deal.rules is no_early_end
    with pytest.raises(RuleError, match="not a registered preset") as refused:
        session_record(session)
    assert refused.value.code == "bad-rules"
    with pytest.raises(RuleError, match="not a registered preset"):
        deal_record(session.deals[0])
    # The same value built again (equal, not the same object) is written.
    again = replace(STANDARD)
    assert again is not STANDARD and again.record == "standard"
    assert replace(preset("italian", {"quota": 3})).record == {
        "preset": "italian",
        "options": {"quota": 3},
    }
