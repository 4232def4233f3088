"""The catalogs' plural forms follow CLDR: ``web.languages.plurals`` against the JavaScript engine's
own ``Intl.PluralRules`` (Node's ICU, the same CLDR data as the browser's)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from web.languages.plurals import CATEGORIES, RULES, category

NUMBERS = [
    *range(0, 1200),
    *range(1_000_000, 1_000_030),
    2_000_000,
    3_000_000,
    10_000_000,
    21_000_000,
    999_999,
    1_000_001,
    1_111_111,
    2**31 - 1,
]
SCRIPT = """
const [langs, numbers] = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = {};
for (const lang of langs) {
  const rules = new Intl.PluralRules(lang);
  out[lang] = numbers.map((n) => rules.select(n));
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def intl() -> dict[str, list[str]]:
    """``Intl.PluralRules(lang).select(n)`` for every language and number, from Node."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    run = subprocess.run(
        ["node", "-e", SCRIPT],
        input=json.dumps([list(RULES), NUMBERS]),
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(run.stdout))


@pytest.mark.build
@pytest.mark.parametrize("lang", sorted(RULES))
def test_categories_match_intl_plural_rules(lang: str, intl: dict[str, list[str]]) -> None:
    """Each whole number falls in the category the JavaScript engine gives it."""
    ours = [category(lang, n) for n in NUMBERS]
    wrong = [(n, a, b) for n, a, b in zip(NUMBERS, ours, intl[lang], strict=True) if a != b]
    assert not wrong[:5]


@pytest.mark.build
@pytest.mark.parametrize("lang", sorted(RULES))
def test_a_catalog_gives_every_category_whole_numbers_reach(
    lang: str, intl: dict[str, list[str]]
) -> None:
    """``CATEGORIES`` lists exactly the forms whole numbers need in that language."""
    assert set(CATEGORIES[lang]) == set(intl[lang])


def test_russian_counts_one_few_many() -> None:
    """Russian: 1 and 21 take one form, 2–4 and 22 another, 0, 5–20 and 111 a third."""
    assert [category("ru", n) for n in (1, 21, 101, 2, 4, 22, 0, 5, 11, 12, 14, 20, 111)] == [
        *["one"] * 3,
        *["few"] * 3,
        *["many"] * 7,
    ]
