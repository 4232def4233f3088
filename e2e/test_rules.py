"""The rules pages (rules/<lang>/, built by tools/site/rules_page.py): readable with JavaScript off,
in each language, the worked example's diagram scrolling sideways on a phone; rules/ leading each
reader to their language; no serious accessibility violation."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from barbu import Card
from barbu.presets import STANDARD
from e2e.browser_helpers import CATALOGS, score
from e2e.test_accessibility import violations
from web.demos.first_deal import FirstDeal
from web.demos.may_i_play import MayIPlay
from web.languages.i18n import NAMES, SUPPORTED, Catalog

PHONE = {"width": 360, "height": 640}
SECTION_IDS = (
    "session",
    "contracts",
    "doubles",
    "settlement",
    "example",
    "tips",
    "variants",
    "faq",
)


def play_to_the_end(demo: Locator, key: str) -> None:
    """Play a demo's deal by keyboard, the first card that may be played each time, until its
    scores show; after each card the focus has moved on to the next one that may be played."""
    result = demo.locator(".summary-table")
    cards, playable = demo.locator(".demo-hand .card"), demo.locator(".demo-hand .card.playable")
    for _ in range(13):
        if result.count():
            break
        held = cards.count()
        playable.first.press(key)
        expect(cards).not_to_have_count(held)
        if playable.count():
            expect(playable.first).to_be_focused()
    expect(result).to_be_visible()


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_rules_are_there_without_javascript(new_context, lang):
    """A reader with JavaScript off (or before anything loads) would find a blank page, the
    settlement example without its numbers, or a diagram cut off on a phone."""
    page = new_context(java_script_enabled=False, viewport=PHONE).new_page()
    page.goto(f"/rules/{lang}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_have_count(1)
    for section in SECTION_IDS:
        expect(page.locator(f"section > h2#{section}")).to_be_visible()
    expect(page.locator("h3#glossary")).to_be_visible()
    hand = page.locator("#tips ~ .tip-figure .tip-hand").first  # the tips' first hand
    expect(hand.locator(".card")).to_have_count(13)
    expect(hand).to_be_visible()
    expect(page.locator(".embed-snippet [data-site]")).to_have_text(re.compile(r"^https?://"))
    expect(page.locator(".languages [aria-current]")).to_have_text(NAMES[lang])
    tops = page.locator(".rules-header .languages li").evaluate_all(
        "items => items.map((item) => item.getBoundingClientRect().top)"
    )
    assert len(tops) == 4 and len(set(tops)) == 1, tops  # the first one stood higher
    # RULES.md §5: raw -12, -6, -6, 0; the second player doubled the first: -18, 0, -6, 0.
    settlement = page.locator("#settlement ~ .table-box tbody tr")
    expect(settlement).to_have_count(4)
    finals = settlement.locator("td:last-child").all_text_contents()
    assert finals == ["\u221218", "0", "\u22126", "0"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    diagram = page.get_by_test_id("rules-diagram")
    diagram.scroll_into_view_if_needed()
    width = diagram.evaluate("box => [box.scrollWidth, box.clientWidth]")
    assert width[0] > width[1] + 300, width  # wider than the phone: it scrolls
    box = diagram.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(400, 0)
    expect(diagram).not_to_have_js_property("scrollLeft", 0)
    play = page.locator(".rules-header .play-link")
    expect(play).to_have_attribute("href", f"../../?lang={lang}")
    expect(page.locator('a[href$="&rules=italian"]')).to_have_count(1)  # [..](play:italian)
    expect(page.locator('a[href*="rules=pagat"]')).to_have_count(0)


def test_the_rules_index_leads_to_the_readers_language(new_context):
    """An Italian reader sent to rules/ would land on a list instead of the Italian page, and a
    reader without JavaScript on nothing at all."""
    page = new_context(locale="it-IT").new_page()
    page.goto("/rules/")
    expect(page).to_have_url(re.compile(r"/rules/it/$"))
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.locator('.languages a[hreflang="ru"]').click()  # remembered from now on
    expect(page).to_have_url(re.compile(r"/rules/ru/$"))
    page.goto("/rules/")
    expect(page).to_have_url(re.compile(r"/rules/ru/$"))
    quiet = new_context(java_script_enabled=False).new_page()
    quiet.goto("/rules/")
    expect(quiet.locator(".languages a")).to_have_count(4)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_rules_pages_have_no_serious_accessibility_violations(new_context, lang):
    """A screen-reader or keyboard user would meet a barrier on the rules page (axe-core)."""
    for viewport in (PHONE, {"width": 1366, "height": 768}):
        page = new_context(viewport=viewport).new_page()
        page.goto(f"/rules/{lang}/")
        expect(page.locator("h1")).to_be_visible()
        assert violations(page) == [], viewport


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_demos_answer_in_the_pages_language(new_context, lang):
    """A reader trying doubles would see numbers that do not follow RULES.md §5, a toggle the
    rules forbid accepted without a word, or controls a keyboard cannot reach; a card tapped in
    "May I play this card?" would get no answer, or the engine's reason in another language.
    a Domino deal could not be played to its end. (The demos share one engine per page, in a
    worker: html[data-python]; the page's own timeline never measures a Python start.)"""
    page = new_context(viewport=PHONE).new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"/rules/{lang}/")
    try_the_doubles(page, lang)
    expect(page.locator("html")).to_have_attribute("data-python", "worker")
    expect(page.locator("html")).to_have_attribute("data-boot", re.compile("^(snapshot|plain)$"))
    started_here = "performance.getEntriesByType('measure').map((m) => m.name)"
    assert not [name for name in page.evaluate(started_here) if name.startswith("barbu-python")]
    ask_may_i_play(page, lang)
    play_the_domino(page)
    play_the_guided_deal(page, lang)
    assert violations(page) == []  # the demos as Python drew them, answers shown
    assert errors == []


def live_demo(page: Page, demo_id: str) -> Locator:
    """A demo of the page scrolled to, once it has come alive."""
    demo = page.locator(f"#{demo_id}")
    demo.scroll_into_view_if_needed()
    expect(demo).to_have_attribute("data-state", "live")
    return demo


def try_the_doubles(page: Page, lang: str) -> None:
    """The settlement demo: doubles, a refused redouble, a mutual one, by mouse and keyboard."""
    demo = page.locator("#demo-settlement")
    finals = demo.locator("[data-final]")
    # drawn by the build: no doubles
    expect(finals).to_have_text(["\u221212", "\u22126", "\u22126", "0"])
    live_demo(page, "demo-settlement")  # scrolled to: it comes alive
    demo.locator('[data-act="1-0"]').click()  # the second player doubles the first
    expect(finals).to_have_text(["\u221218", "0", "\u22126", "0"])
    redouble = demo.locator('[data-act="0-2"]')  # the declarer: only those who doubled him
    expect(redouble).to_have_attribute("aria-disabled", "true")
    redouble.click(force=True)  # aria-disabled: Playwright deems it unclickable; a finger does not
    said = CATALOGS[lang]["refusal.redouble-not-doubled"]
    expect(demo.locator(".demo-said")).to_have_text(said)
    expect(redouble).to_have_attribute("aria-pressed", "false")
    mutual = demo.locator('[data-act="0-1"]')  # a redouble of the one who doubled: mutual
    mutual.focus()
    page.keyboard.press("Space")
    expect(finals).to_have_text(["\u221224", "+6", "\u22126", "0"])
    expect(demo.locator('[data-act="0-1"]')).to_be_focused()  # the keyboard stays in place
    demo.locator('[data-act="1-0"]').press("Enter")  # withdrawn: the redouble goes with it
    expect(finals).to_have_text(["\u221212", "\u22126", "\u22126", "0"])


def ask_may_i_play(page: Page, lang: str) -> None:
    """The "May I play this card?" demo: the engine's answers, in the page's language."""
    asked = live_demo(page, "demo-may-i-play")
    asked.locator('[data-act="position:overtrump"]').click()
    expect(asked.locator('[data-act="position:overtrump"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    catalog = Catalog(lang, CATALOGS[lang])
    judge = MayIPlay(catalog, ["A", "B", "C", "D"], "x")
    judge.act("position:overtrump")
    asked.locator('[data-act="card:2S"]').click()
    refused = asked.locator(".demo-said")
    expect(refused).to_have_text(judge.judge(Card.parse("2S"))[0])
    expect(refused).to_contain_text(CATALOGS[lang]["refusal.must-overtrump"])
    asked.locator('[data-act="card:QS"]').press("Enter")
    expect(refused).to_have_text(judge.judge(Card.parse("QS"))[0])


def play_the_domino(page: Page) -> None:
    """The Domino demo, played out to its end: the places score as the rules say."""
    board = live_demo(page, "demo-domino")
    play_to_the_end(board, "Enter")
    places = sorted(score(x) for x in board.locator("[data-final]").all_text_contents())
    assert places == sorted(STANDARD.contract("domino").domino.places)


def play_the_guided_deal(page: Page, lang: str) -> None:
    """The guided deal, played to its end: the engine's tips, then No Hearts' total."""
    guided = live_demo(page, "demo-first-deal")
    tips = guided.locator(".demo-tips")
    names = guided.get_attribute("data-names").split(",")
    first = FirstDeal(Catalog(lang, CATALOGS[lang]), names, "x").tips  # the engine's opening
    expect(tips.locator("li")).to_have_text(first)
    play_to_the_end(guided, "Space")
    expect(tips).to_have_text(CATALOGS[lang]["demo.first_deal.over"])
    total = sum(score(x) for x in guided.locator("[data-final]").all_text_contents())
    assert total == STANDARD.contract("no-hearts").total


def test_the_rules_page_and_its_demos_work_offline(new_context):
    """A reader who opened the rules once would find them, or their demos, gone without a
    network: the page registers the game's service worker, whose cache holds both."""
    context = new_context(viewport=PHONE)
    page = context.new_page()
    page.goto("/rules/en/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: all precached
    context.set_offline(True)
    page.reload()
    expect(page.locator("h2#settlement")).to_be_visible()
    demo = page.locator("#demo-settlement")
    demo.scroll_into_view_if_needed()
    expect(demo).to_have_attribute("data-state", "live")
    demo.locator('[data-act="1-0"]').click()
    expect(demo.locator("[data-final]")).to_have_text(["\u221218", "0", "\u22126", "0"])
