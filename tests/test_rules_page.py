"""The rules pages (tools/site/rules_page.py): every number the engine's, every section the game
links to present, in each language; a source the build cannot read is refused with its line."""

from __future__ import annotations

import re
from functools import cache

import pytest

from barbu.presets import STANDARD
from tools.site.build import PAGES
from tools.site.rules_document import document as rules_document
from tools.site.rules_facts import example_session, facts, settlement_example
from tools.site.rules_page import QUOTES, Page
from tools.site.rules_sources import (
    SECTIONS,
    SUBSECTIONS,
    heading_ids,
    load_catalog,
    load_source,
    same_ids,
)
from tools.site.rules_sources import SOURCES as RULES_SOURCES
from tools.site.rules_text import RulesTextError, read_source
from web.demos import DEMOS, title_key
from web.demos.may_i_play import POSITIONS, MayIPlay, deal_of
from web.languages.i18n import SUPPORTED
from web.languages.plurals import CATEGORIES
from web.languages.words import RULES_SECTIONS, card_text, signed

HEADER = "title: T\ndescription: D\nnames: A, B, C, D\n\n"
POLICY = next(page for page in PAGES if page.name == "rules").policy


@cache
def page(lang: str) -> tuple[Page, str]:
    """One language's page and its HTML."""
    source = read_source((RULES_SOURCES / f"{lang}.md").read_text(), lang)
    built = Page(lang, source, load_catalog(lang), example())
    return built, rules_document(built, POLICY)


@cache
def example():
    return example_session()


def test_the_settlement_example_is_rules_section_5():
    """A reader would learn a wrong settlement: No Queens, raw -12, -6, -6, 0; the second player
    doubled the first: -18, 0, -6, 0."""
    assert settlement_example() == ([-12, -6, -6, 0], [-18, 0, -6, 0])


def test_fields_are_the_rules_objects_numbers():
    """The page would state a score the engine does not use."""
    fields = facts(load_catalog("en"), ["A", "B", "C", "D"], example())
    for c in STANDARD.contracts:
        assert fields[f"{c.contract.value}.total"] == signed(c.total)
    assert fields["deals"] == str(STANDARD.deals) == "28"
    assert fields["no-queens.queen"] == "\u22126" and fields["trumps.trick"] == "+5"
    assert [fields[f"domino.{k}"] for k in range(1, 5)] == ["+45", "+20", "+5", "\u22125"]
    assert [fields[f"classic.domino.{k}"] for k in (3, 4)] == ["+10", "\u221210"]
    assert fields["block.total"] == "0" and fields["negative.total"] == "\u2212130"
    assert fields["italian.all.salad.total"] == "\u2212146"
    assert fields["italian.salad.deals"] == "32"
    assert (fields["fr32.cards"], fields["fr32.last-trick.8"], fields["fr32.reverse.trick"]) == (
        "32",
        "50",
        "10",
    )
    assert fields["ex.diff"] == "6" and fields["ex.mutual"] == "12"


@pytest.mark.parametrize("lang", SUPPORTED)
def test_each_language_has_every_section_the_game_links_to(lang):
    """A link from the game's menu or a refusal would land nowhere."""
    _, html = page(lang)
    ids = set(re.findall(r' id="([^"]+)"', html))
    wanted = set(SECTIONS) | {i for group in SUBSECTIONS.values() for i in group}
    assert wanted - ids == set()
    assert set(RULES_SECTIONS.values()) - ids == set()
    assert f'<html lang="{lang}">' in html


@pytest.mark.parametrize("lang", SUPPORTED)
def test_each_page_shows_the_engines_tables(lang):
    """The worked example and the tables would disagree with the engine."""
    built, html = page(lang)
    names = built.source.names
    for seat, (name, raw, final) in enumerate(zip(names, *settlement_example(), strict=True)):
        row = f'<th scope="row">{name}</th><td class="num">{signed(raw)}</td>'
        assert row in html and f'data-final="{seat}">{signed(final)}</td>' in html
    totals = example().totals()
    for seat in range(4):
        assert f'data-sheet-total="{seat}">{signed(totals[seat])}</td>' in html
    assert html.count("<tr data-row=") == STANDARD.deals
    assert '<svg width="' in html and 'class="diagram"' in html
    assert "{" not in re.sub(r"<[^>]+>", "", html)  # no field left unfilled


@pytest.mark.parametrize(
    "body,error",
    [
        ("# T\n\nIt has 28 deals.\n", r":7: a digit outside a \{field\}"),
        ("# T\n\nIt has {nope} deals.\n", r"unknown field \{nope\}"),
        ("# T\n\n{{nope}}\n", r"unknown block"),
        ("# T\n\n> quoted\n", r":7: not understood"),
        ("# T\n\n<b>x</b>\n", r"not understood"),
        ("# T\n\nSee [there](#nowhere).\n", r"no such link target"),
        ("# T\n\nA **bold without end.\n", r"unbalanced markup"),
        ("# T\n\nIt says {game:choice.must_double}.\n", r"has fields: quote it"),
        ("# T\n\n{blocks|# block|# blocks|# blockses}.\n", r"3 plural forms instead of 2"),
        ("# T\n\nOn joue à {players:nope}.\n", r"no word form 'nope'"),
        ("# T\n\nIt has {blocks|# block|# 4 blocks}.\n", r"a digit outside"),
        ("# T\n\n{{hand:AS ZZ}}\n", r":7: .*card"),
        ("# T\n\n{{demo:nope}}\n", r"unknown block"),
    ],
)
def test_a_source_the_build_cannot_read_is_refused_with_its_line(body, error):
    """A typo in a rules text would ship a page with a raw marker or a wrong number."""
    with pytest.raises(RulesTextError, match=error):
        source = read_source(HEADER + body, "x.md")
        rules_document(Page("en", source, load_catalog("en"), example()), POLICY)


def test_a_header_without_four_names_is_refused():
    """The example tables need four players."""
    with pytest.raises(RulesTextError, match="four names"):
        read_source("title: T\ndescription: D\nnames: A, B\n\n# T\n", "x.md")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_no_table_prints_a_hyphen_for_a_minus(lang):
    """A score would read "-12", a hyphen, where people print the minus sign (U+2212):
    every table the page shows (contracts, settlement, score sheet) and the diagram's scale."""
    _, html = page(lang)
    tables = re.findall(r"<table.*?</table>|<svg.*?</svg>|<ul class=\"legend\".*?</ul>", html, re.S)
    assert len(tables) >= 4
    for table in tables:
        text = re.sub(r"<[^>]+>", " ", table)
        assert not re.search(r"-\s?\d", text), re.search(r".{30}-\s?\d.{10}", text)
    assert "\u2212" in "".join(tables)


def test_every_language_has_the_same_sections_and_questions():
    """A link to a section or a question, shared from a page in one language, would land
    nowhere in another (the rules/ redirect keeps the #hash): every id, in the same order, the
    glossary and the tips included."""
    ids = {lang: heading_ids(load_source(lang)) for lang in SUPPORTED}
    assert all(ids[lang] == ids["en"] for lang in SUPPORTED), {
        lang: sorted(set(ids[lang]) ^ set(ids["en"])) for lang in SUPPORTED
    }
    assert {"glossary", "tips", *SUBSECTIONS["tips"]} <= set(ids["en"])
    assert ids["en"].index("glossary") < ids["en"].index("contracts")
    faq = [i for i in ids["en"] if i.startswith("faq-")]
    assert faq[0] == "faq-who-leads" and "faq-backfire" in faq and len(faq) >= 14
    sources = {lang: load_source(lang) for lang in SUPPORTED}
    sources["it"] = read_source(
        (RULES_SOURCES / "it.md").read_text().replace("faq-backfire", "faq-lose-double"), "it"
    )
    with pytest.raises(RulesTextError, match=r"ids differ from fr.md: \['faq-backfire'"):
        same_ids(sources)


QUOTED = re.compile(r"“([^”]*)”|«([^»]*)»|\"([^\"]*)\"")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_sentence_of_the_game_is_quoted_from_its_catalog(lang):
    """The page would quote a sentence the game does not show (as it once quoted a warning
    the game never wrote): a quotation of more than a few words is the catalog's, through
    {game:KEY} or {quote:NAME}, and the page shows it as the game fills it in."""
    text = (RULES_SOURCES / f"{lang}.md").read_text()
    for match in QUOTED.finditer(text):
        quoted = next(g for g in match.groups() if g is not None).strip("\u00a0 ")
        if len(quoted.split()) > 3:
            assert re.fullmatch(r"\{(game|quote):[\w.-]+\}", quoted), quoted
    built, html = page(lang)
    catalog = load_catalog(lang)
    used = set(re.findall(r"\{quote:([\w-]+)\}", text))
    assert used == set(QUOTES), used  # the warning and the count of doubles owed
    for name in used:  # in Russian, a quoted sentence's full stop goes after the quotes
        said = QUOTES[name](built)
        shown = f"{said.removesuffix('.')}»." if lang == "ru" else said
        assert shown in re.sub(r"<[^>]+>", "", html).replace("&amp;", "&")
    names = built.source.names
    must = catalog.text(
        "choice.must_double",
        name=names[1],
        owed=catalog.plural("count.doubles", STANDARD.double_quota),
        left=catalog.plural("count.deals", STANDARD.double_quota),
    )
    assert QUOTES["must-double"](built) == must
    for key in set(re.findall(r"\{game:([\w.-]+)\}", text)):
        assert catalog.text(key) in html, key
    for preset in ("rules.classic", "rules.fr32", "rules.italian"):  # the menu's names
        assert f"{catalog.text(preset)}</h3>" in html
    for c in STANDARD.contracts:  # each contract's heading: the name the game gives it
        name = c.contract.value
        assert f'<h3 id="{name}">{catalog.text(f"contract.{name}")}</h3>' in html


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_italian_game_is_not_attributed_to_pagat(lang):
    """RULES.md §7: the Italian source never names Pagat; an old link to #pagat still lands on
    the Italian game's section."""
    _, html = page(lang)
    assert "pagat" not in re.sub(r' id="pagat"', "", html).lower()
    assert re.search(r'<h3 id="italian"><span id="pagat"></span>', html)
    assert 'href="../../?lang=' + lang + '&amp;rules=italian"' in html


def test_numbers_in_words_and_plurals_follow_the_computed_value():
    """A plural written for today's value would break silently when the value changes: the
    form is the CLDR category's of the value the engine gives, in each language."""
    built = {lang: page(lang)[0] for lang in SUPPORTED}
    ru, en, fr = built["ru"], built["en"], built["fr"]
    forms = {1: "блок", 2: "блока", 5: "блоков", 21: "блок", 22: "блока", 11: "блоков"}
    for count, form in forms.items():
        assert ru.plural(count, ["блок", "блока", "блоков"]) == form
    assert [en.plural(n, ["deal", "deals"]) for n in (0, 1, 2)] == ["deals", "deal", "deals"]
    assert [fr.plural(n, ["donne", "donnes"]) for n in (0, 1, 2)] == ["donne", "donne", "donnes"]
    assert all(len(CATEGORIES[lang]) in (2, 3) for lang in SUPPORTED)
    assert en.field("players:word") == "four" and en.field("block:Word") == "Seven"
    assert ru.field("players:gen") == "четырёх" and fr.field("players:word") == "quatre"
    assert en.field("deals:word") == "28"  # past the table's words: digits
    assert en.field("blocks|# block|# blocks") == "4 blocks"
    assert ru.field("deals|# раздача|# раздачи|# раздач") == "28 раздач"
    assert ru.field("card:KH").startswith("\u041a♥") and en.field("card:KH").startswith("K♥")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_may_i_play_answer_names_the_card_once(lang):
    """The demo answered "No, not Five of spades: The Five of spades neither opens..." (the
    card named twice, in capitals mid-sentence) and, in Russian, "Нет, дама червей нельзя"."""
    catalog = load_catalog(lang)
    judge = MayIPlay(catalog, ["A", "B", "C", "D"], "x")
    answers = 0
    for position in POSITIONS:
        judge.act(f"position:{position.key}")
        for card in deal_of(position).hand(0):
            said, _ = judge.judge(card)
            assert said.count(card_text(catalog, card)) == 1, said
            assert card_text(catalog, card)[:1].islower() or card_text(catalog, card)[0].isdigit()
            answers += 1
    assert answers == 13 * len(POSITIONS)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_embedding_lines_say_all_a_site_needs(lang):
    """A site owner would paste lines that point nowhere, not know which demo is which, or add
    the script once per demo."""
    _, html = page(lang)
    footer = html[html.index('<footer class="embed-snippet">') :]
    catalog = load_catalog(lang)
    assert re.search(r'&lt;script src="<span data-site="">https?://[^<"]+/</span>embed.js', footer)
    for name in DEMOS:
        assert f"<code>{name}</code> — {catalog.text(title_key(name))}" in footer
    for attribute in ("demo", "lang", "title"):
        assert f"<dt><code>{attribute}</code></dt>" in footer
    for code in SUPPORTED:
        assert "<code title=" in footer and f">{code}</code>" in footer
    assert catalog.text("rules_page.embed_title_attr") in footer


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_tips_show_the_games_cards(lang):
    """A tip about a hand or a Domino row would be words only: each figure is the game's own
    cards (web.components.cards), the trick of the King of Hearts tip ringing the winner."""
    _, html = page(lang)
    tips = html[html.index('<h2 id="tips">') : html.index('<h2 id="variants">')]
    assert tips.count('class="tip-hand"') == 4 and tips.count('class="domino-rows"') == 1
    assert tips.count('class="trick"') == 1 and 'data-played="AC"' in tips
    assert re.search(r'class="card face suit-C slot slot-left winner"', tips)
    assert '<h3 id="glossary">' in html and html.index('id="glossary"') < html.index('id="tricks"')


def test_the_options_that_can_leave_a_winner_below_zero_are_those_the_faq_names():
    """#faq-minus: a session's four totals add up to a block's sum times the blocks (doubles are
    zero-sum), so a winner below zero needs a block that adds up to less than zero. The answer
    names the Italian options that do it, each with its field: exactly those, and no other
    preset or single option."""
    from pathlib import Path

    from barbu.presets import CLASSIC, ITALIAN, REGISTRY, preset
    from tools.site.rules_facts import block_total

    assert block_total(STANDARD) == 0 and block_total(CLASSIC) == 0
    named = {"king_of_hearts", "queen", "salad", "without"}
    schema = REGISTRY[ITALIAN.name]
    for name in ("king_of_hearts", "queen", "ace_of_hearts", "quota", "salad", "without"):
        option = schema.option(name)
        assert option is not None
        for value in option.values:
            below = block_total(preset(ITALIAN.name, {name: value})) < 0
            assert below == (name in named and not option.is_default(value)), (name, value)
    for lang in SUPPORTED:
        text = Path(f"web/rules/{lang}.md").read_text(encoding="utf-8")
        answer = text.split("### faq-minus")[1].split("###")[0]
        for field in ("king_of_hearts.block.total", "queen.block.total", "salad.block.total"):
            assert f"{{italian.{field}}}" in answer, (lang, field)
        assert "{italian.without.block.total}" in answer, lang


def test_screen_readers_hear_cards_and_rows_as_the_language_writes_them():
    """A screen reader read the French trick as "Julien: As de trèfle" (an English colon, a
    capital mid-sentence) and a Russian one-card Domino row as "от 2 до 2"."""
    _, fr = page("fr")
    assert 'aria-label="Julien\u00a0: as de trèfle, Sophie\u00a0: trois de trèfle' in fr
    _, ru = page("ru")
    rows = re.findall(r'sr-only">(Ряд [^<]*)<', ru)
    assert "Ряд червей: только 8" in rows and "Ряд пик: от 7 до 9" in rows
    assert not any(re.search(r"от (\w+) до \1$", row) for row in rows)
