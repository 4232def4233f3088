"""The words the player reads, printed as each language prints them, and the game's terms the
same in the catalogs as on the rules pages.

Decisions: French puts a no-break space (U+00A0) before ``:`` and inside « », a narrow one
(U+202F) before ``; ? ! %``; English, French and Italian use the typographic apostrophe (’);
Russian quotes with «ёлочки» and never a hyphen for a dash; a negative number has the minus
sign (U+2212) everywhere. The rules pages' sources are checked as their text reads, their
``{fields}`` and link targets left out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from web.languages.i18n import SUPPORTED

CATALOGS = Path("web/languages/catalogs")
RULES = Path("web/rules")
MARKUP = re.compile(r"\{\{[^}]*\}\}|\{[^{}]*\}|\]\([^)\s]+\)|^#+ [a-z0-9-]+: ", re.M)
"""What is not prose in a rules source: blocks, fields, link targets, a heading's id."""


def catalog(lang: str) -> dict[str, str]:
    """One language's messages."""
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def texts(lang: str) -> dict[str, str]:
    """Every message of ``lang`` and its rules page's prose (``rules.md:LINE``), by name."""
    found = dict(catalog(lang))
    source = (RULES / f"{lang}.md").read_text(encoding="utf-8")
    for number, line in enumerate(source.splitlines(), start=1):
        if number > 3:  # the header's names list
            found[f"{lang}.md:{number}"] = MARKUP.sub("", line)
    return found


def faults(lang: str, pattern: str) -> list[tuple[str, str]]:
    """The texts of ``lang`` where ``pattern`` matches, with the place it matched."""
    found = []
    for name, text in texts(lang).items():
        for match in re.finditer(pattern, text):
            found.append((name, text[max(0, match.start() - 25) : match.end() + 5]))
    return found


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_negative_number_has_the_minus_sign(lang):
    """A score would read "-20", with a hyphen, next to scores printed with the minus sign."""
    assert faults(lang, r"(?<![\w}])-\d") == []


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_apostrophes_and_quotes_are_typographic(lang):
    """A straight apostrophe (') would stand next to curly ones (’) in the same sentence."""
    assert faults(lang, r"['\"]") == []


def test_french_spaces_punctuation_as_french_printers_do():
    """French text would break a line before a colon or leave « quotes » unspaced: a no-break
    space before ':' and inside guillemets, a narrow one before ';', '?', '!' and '%'."""
    assert faults("fr", r"[^\u00a0]:(?!//)|[^\u202f][;?!%]|«[^\u00a0]|[^\u00a0]»") == []


def test_russian_quotes_with_guillemets_and_dashes_with_em_dashes():
    """Russian text would show English quotes or a hyphen where a dash belongs."""
    assert faults("ru", r"[\"“”„]| - | – ") == []


def test_italian_says_smazzata_for_a_deal_and_mano_for_the_cards():
    """The Italian game said "Fine della mano 1" for a deal and "La tua mano" for the cards, and
    "i raddoppi" where every other screen says contro: a deal is a smazzata everywhere."""
    messages = catalog("it")
    hands = {
        "table.hand",
        "demo.may_i_play.your_hand",
        "demo.domino.your_turn",
        "demo.first_deal.your_turn",
        "review.hindsight_help",
        "refusal.kept-record",
    }
    assert [k for k, v in messages.items() if re.search(r"\b[Mm]an[oi]\b", v)] == sorted(
        hands, key=list(messages).index
    )
    for key in ("sheet.deal", "summary.title", "say.deal_over", "status.where", "summary.next"):
        assert "mazzat" in messages[key], key
    assert "raddopp" not in messages["replay.jump_doubling"]
    page = (RULES / "it.md").read_text(encoding="utf-8")
    assert "# smazzata|# smazzate" in page and "# mano" not in page  # the counted deals


def test_russian_calls_the_block_a_block():
    """A Russian card player reads «круг» as one turn of the deal round the table; the seven
    deals of one declarer are a «блок», on the rules page as on the table."""
    for name, text in texts("ru").items():
        assert not re.search(r"(?i)(?<!\w)круг", text), name
    assert "Блок" in catalog("ru")["status.where"]


def test_russian_names_stay_in_the_nominative_without_a_workaround():
    """ "Нина удваивает игрока Алиса" dodged the accusative with a clumsy "игрока"."""
    assert faults("ru", r"(?<!\w)игрока (?=\{)") == []
