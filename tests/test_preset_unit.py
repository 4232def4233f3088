"""A preset is one unit (RULES.md §7): its options are a typed dataclass whose schema is derived
and checked with ``RuleError`` (also under ``python -O``), and a throwaway fifth preset built
from exactly the files docs/ARCHITECTURE.md lists ("A fifth preset") is taken by the engine, the
bots, the page's words, the rules pages' facts and the independent reference."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest

from barbu import RuleError, score_record
from barbu.bots.players import declarer_baseline
from barbu.presets import PRESET_MODULES, REGISTRY, Preset, Registry
from barbu.presets.contracts import TRUMPS, negative_contracts
from barbu.presets.options import schema_of
from barbu.rules import Contract, ContractRules, Domino, Rules
from tests import reference_presets
from tests.generate_presets import random_deal_record
from tests.reference_preset_records import score_record as reference_score
from tools.site.rules_facts import preset_facts
from tools.site.rules_sources import load_catalog
from web.languages.i18n import SUPPORTED
from web.languages.presets import catalog_keys, preset_words

ROOT = Path(__file__).resolve().parent.parent
FIFTH = "fifth"


# -- typed options -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GoodOptions:
    """A schema of each kind."""

    points: Literal[-20, -30] = -20
    salad: bool = False
    without: Literal[None, "trumps"] = None


def test_the_schema_is_derived_from_the_options_dataclass_in_its_fields_order():
    schema = [(o.name, o.type, o.values, o.default) for o in schema_of(GoodOptions)]
    assert schema == [
        ("points", "int", (-20, -30), -20),
        ("salad", "bool", (False, True), False),
        ("without", "choice", (None, "trumps"), None),
    ]


@dataclass(frozen=True)
class FloatOption:
    """A type no record can write strictly."""

    share: float = 0.5


@dataclass(frozen=True)
class MixedOption:
    """A Literal of a number and a word."""

    mixed: Literal[1, "one"] = 1


@dataclass(frozen=True)
class BadDefault:
    """A default that is not one of the values."""

    points: Literal[-20, -30] = -25


@dataclass(frozen=True)
class NoDefault:
    """A field without a default."""

    points: Literal[-20, -30]


@dataclass
class NotFrozen:
    """Options that could change under the rules built from them."""

    salad: bool = False


@pytest.mark.parametrize(
    "options,why",
    [
        (FloatOption, "option share: a bool, or a Literal"),
        (MixedOption, "option mixed: a bool, or a Literal"),
        (BadDefault, "option points: its default must be one of -20, -30, not -25"),
        (NoDefault, "option points: its default must be one of -20, -30"),
        (NotFrozen, "options NotFrozen must be frozen"),
        (dict, "options must be a dataclass"),
    ],
)
def test_an_options_dataclass_that_is_no_schema_is_refused_with_a_rule_error(options, why):
    with pytest.raises(RuleError, match=re.escape(why)) as refused:
        schema_of(options)
    assert refused.value.code == "bad-rules"


CHECKS_UNDER_O = """
from dataclasses import dataclass
from typing import Literal
from barbu import RuleError
from barbu.presets import preset
from barbu.presets.options import schema_of

assert False, "python -O keeps asserts"  # stripped: this line must not fail

@dataclass(frozen=True)
class BadDefault:
    points: Literal[-20, -30] = -25

refused = []
for attempt in (
    lambda: preset("italian", {"salad": 1}),
    lambda: preset("italian", {"king_of_hearts": -30.0}),
    lambda: preset("standard", {"salad": True}),
    lambda: preset("italian", {"nope": True}),
    lambda: schema_of(BadDefault),
):
    try:
        attempt()
    except RuleError as e:
        refused.append(e.code)
print(" ".join(refused))
"""


def test_options_are_checked_with_rule_errors_also_under_python_minus_o():
    """``assert`` would vanish under ``python -O``: every check must still refuse."""
    run = subprocess.run(
        [sys.executable, "-O", "-c", CHECKS_UNDER_O],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert run.stdout.split() == ["bad-rules"] * 5


def test_no_assert_in_the_presets_package():
    for path in (ROOT / "barbu" / "presets").glob("*.py"):
        assert "assert " not in path.read_text(encoding="utf-8"), path


# -- a throwaway fifth preset, from the files ARCHITECTURE.md lists ------------------------------


@dataclass(frozen=True)
class FifthOptions:
    """The fifth preset's one option."""

    first_lead: Literal[0, 1] = 0
    """The declarer leads the first trick, or his left neighbour."""


def build_fifth(name: str, options: FifthOptions) -> Rules:
    """The standard game without doubles nor early ends, its first lead an option."""
    return Rules(
        name=name,
        doubling=False,
        first_lead=options.first_lead,
        contracts=(
            *negative_contracts(13).values(),
            TRUMPS,
            ContractRules(Contract.DOMINO, True, 65, domino=Domino(places=(45, 20, 5, -5))),
        ),
    )


FIFTH_DATA = {"declarer_baseline": {"trumps": 20.0, "no-tricks": -7.0}}

FIFTH_REFERENCE_ROW = {
    **reference_presets.STANDARD,
    "doubling": False,
    "early_end": (),
    "options": {"first_lead": (0, 1)},
}

FIFTH_SECTION = """## fifth: The fifth game
The standard game without doubles: a block adds up to {fifth.block.total}; with the option,
the declarer's left leads. Domino pays {fifth.domino.1}.
"""

FIFTH_RULES_MD = "### `fifth` — the standard game without doubles\n"


def fifth_places() -> dict[str, object]:
    """What the throwaway preset provides, by the file it would live in."""
    module = types.ModuleType("barbu.presets.fifth")
    module.FifthOptions = FifthOptions
    module.build = build_fifth
    module.PRESET = Preset(
        FIFTH, build_fifth, FifthOptions, baseline=FIFTH_DATA["declarer_baseline"]
    )
    modules = (*PRESET_MODULES, module)
    keys = catalog_keys(module.PRESET)
    catalogs = {lang: {key: f"{lang} {key}" for key in keys} for lang in SUPPORTED}
    return {
        "barbu/presets/ID.py": module,
        "barbu/presets/__init__.py": modules,
        "barbu/presets/ID.json": json.dumps(FIFTH_DATA),
        "web/languages/catalogs/{fr,en,ru,it}.json": catalogs,
        "web/rules/{fr,en,ru,it}.md": {lang: FIFTH_SECTION for lang in SUPPORTED},
        "tests/reference_presets.py": FIFTH_REFERENCE_ROW,
        "docs/RULES.md": FIFTH_RULES_MD,
    }


def listed_files() -> list[str]:
    """The files docs/ARCHITECTURE.md lists for a fifth preset (its bullets' first paths)."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    part = text.split("**A fifth preset.**")[1].split("\n\n")[0]
    return [re.findall(r"^- `([^`]+)`", line)[0] for line in part.splitlines() if line[:2] == "- "]


def test_architecture_lists_exactly_the_files_a_fifth_preset_needs():
    assert sorted(listed_files()) == sorted(fifth_places())


@pytest.fixture
def fifth(monkeypatch):
    """The throwaway preset registered, for the engine and the reference, for one test."""
    places = fifth_places()
    module = places["barbu/presets/ID.py"]
    monkeypatch.setitem(REGISTRY, FIFTH, module.PRESET)
    monkeypatch.setitem(
        reference_presets.PRESETS_TABLE, FIFTH, places["tests/reference_presets.py"]
    )
    monkeypatch.setattr(reference_presets, "PRESETS", (*reference_presets.PRESETS, FIFTH))
    return places


def test_the_registry_assembles_the_fifth_module_and_checks_its_options(fifth):
    registry = Registry(m.PRESET for m in fifth["barbu/presets/__init__.py"])
    assert list(registry.presets) == ["standard", "classic", "fr32", "italian", FIFTH]
    rules = registry.preset(FIFTH, {"first_lead": 1})
    assert rules.first_lead == 1 and not rules.doubling and rules.deals == 28
    assert rules.record == {"preset": FIFTH, "options": {"first_lead": 1}}
    assert registry.preset(FIFTH).record == FIFTH
    with pytest.raises(RuleError, match="option first_lead cannot be True"):
        registry.preset(FIFTH, {"first_lead": True})


def test_the_bots_read_the_fifth_presets_measured_data(fifth):
    measured = json.loads(fifth["barbu/presets/ID.json"])["declarer_baseline"]
    assert REGISTRY[FIFTH].baseline == measured
    rules = REGISTRY[FIFTH].rules(())
    assert declarer_baseline(rules, rules.contract("trumps")) == 20.0
    assert declarer_baseline(rules, rules.contract("no-queens")) == -24 / 4  # not measured


def test_the_page_words_the_fifth_preset_from_the_catalog_keys_given(fifth):
    words = preset_words(FIFTH)
    assert (words.label, words.about, words.section) == ("rules.fifth", "rules.fifth.about", FIFTH)
    for lang, messages in fifth["web/languages/catalogs/{fr,en,ru,it}.json"].items():
        assert set(catalog_keys(REGISTRY[FIFTH])) == set(messages), lang
        assert {"rules.fifth", "rules.fifth.about", "option.first_lead"} <= set(messages)


def test_the_rules_pages_facts_of_the_fifth_preset_are_derived(fifth):
    plain, scores = preset_facts(load_catalog("en"), REGISTRY[FIFTH])
    fields = plain | scores
    for lang, section in fifth["web/rules/{fr,en,ru,it}.md"].items():
        assert section.startswith(f"## {preset_words(FIFTH).section}: "), lang
        for name in re.findall(r"\{([\w.:-]+)\}", section):
            assert name in fields, (lang, name)
    assert fields["fifth.block.total"] == 0 and fields["fifth.domino.1"] == 45


def test_the_reference_reads_the_fifth_row_and_agrees_with_the_engine(fifth):
    rng = random.Random(FIFTH)
    for value in (FIFTH, {"preset": FIFTH, "options": {"first_lead": 1}}):
        for contract in reference_presets.parse_rules(value).contracts:
            rec = random_deal_record(rng, value, contract)
            assert rec["doubles"] == []
            assert score_record(rec) == reference_score(rec), (value, contract)


def test_rules_md_describes_each_preset_as_the_fifth_would_be():
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    headings = re.findall(r"^### `([a-z0-9-]+)` — ", text, re.M)
    assert [h for h in headings if h in REGISTRY] == [n for n in REGISTRY if n != "standard"]
    assert re.match(r"^### `fifth` — ", FIFTH_RULES_MD)
