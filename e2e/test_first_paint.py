"""A first visit shows a real table before Python has started (the build's: first-table.js), lets
the player choose a contract on it, and the engine continues that very deal from that choice; if
Python never starts, the table stays under the page's clear error."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, Route, expect

from barbu import Session
from e2e.browser_helpers import CATALOGS, expected_hand, shown_hand, wait_ready

pytestmark = pytest.mark.fresh_context  # a first visit, and routes

RUNTIME = "**/vendor/pyodide/pyodide.asm.wasm"


def hold(page: Page) -> list[Route]:
    """Hold Pyodide's WebAssembly back until the test lets it go: Python cannot start."""
    held: list[Route] = []
    page.route(RUNTIME, lambda route: held.append(route))
    return held


def static_table(page: Page) -> int:
    """Wait for the build's table; the seed it shows."""
    expect(page.locator('html[data-table="static"]')).to_have_count(1)
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#loader")).to_be_hidden()
    return int(page.locator("#seed").get_attribute("data-seed") or 0)


def test_the_table_shows_before_python_and_the_choice_made_there_is_played(page):
    """A new player would stare at a progress bar for seconds, or lose the contract chosen
    while Python arrived, or get other cards from the engine than those shown, if this failed."""
    held = hold(page)
    page.goto("/?lang=en")
    seed = static_table(page)
    cards = page.locator("#hand button[data-card]")
    expect(cards).to_have_count(13)
    assert shown_hand(page) == expected_hand(seed)
    assert held, "the runtime was not requested at all"
    expect(page.locator("html")).not_to_have_class("ready")

    # Python is held back: the player chooses Trumps, then hearts.
    page.locator('#center [data-contract="trumps"]').click()
    expect(page.locator("#center [data-trump]")).to_have_count(4)
    page.locator('#center [data-trump="H"]').click()
    expect(page.locator('#center [data-trump="H"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("html")).not_to_have_class("ready")

    for route in held:
        route.continue_()
    wait_ready(page)
    expect(page.locator('html[data-table="live"]')).to_have_count(1)
    expect(page.locator("#seed")).to_have_attribute("data-seed", str(seed))
    assert shown_hand(page) == expected_hand(seed)
    en = CATALOGS["en"]
    expect(page.locator("#status")).to_contain_text(en["contract.trumps"])
    record = json.loads(page.evaluate("localStorage.getItem('barbu.save')"))
    session = Session(seed=seed)
    assert session.deal.hand(0) == Session(seed=record_seed(record)).deal.hand(0)
    assert "trumps" in json.dumps(record).lower()


def record_seed(record: dict) -> int:
    """The seed of a saved session (web/game/save.py writes the engine's record under a key)."""
    found = [v for k, v in walk(record) if k == "seed"]
    return int(found[0])


def walk(value, key=None):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v, key)
    else:
        yield key, value


def test_a_contract_without_trump_is_played_too(page):
    """The simplest choice, made before Python, would be lost if this failed."""
    held = hold(page)
    page.goto("/?lang=fr")
    seed = static_table(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#center .prompt")).to_contain_text(CATALOGS["fr"]["choice.contract_title"])
    page.locator('#center [data-contract="no-tricks"]').click()
    expect(page.locator('#center [data-contract="no-queens"]')).to_be_disabled()
    for route in held:
        route.continue_()
    wait_ready(page)
    expect(page.locator('html[data-table="live"]')).to_have_count(1)
    assert shown_hand(page) == expected_hand(seed)
    expect(page.locator("#center [data-contract]")).to_have_count(0)  # the choice was applied


def test_a_later_visit_starts_as_before(page):
    """A returning player would see a stranger's deal instead of his own if this failed."""
    page.goto("/?lang=en")
    wait_ready(page)
    seed = page.locator("#seed").get_attribute("data-seed")
    page.reload()
    wait_ready(page)
    expect(page.locator("#seed")).to_have_attribute("data-seed", str(seed))
    assert page.evaluate("document.querySelectorAll('#table #table').length") == 0


def test_no_static_table_when_the_address_asks_for_a_session(page):
    """A shared ?seed= link would flash another deal first if this failed."""
    held = hold(page)
    page.goto("/?seed=1&lang=en")
    expect(page.locator("#loader")).to_be_visible()
    assert page.locator("html").get_attribute("data-table") is None
    for route in held:
        route.continue_()
    wait_ready(page)
    assert shown_hand(page) == expected_hand(1)


def test_when_python_fails_the_table_stays_under_the_error(page):
    """A first visit on a broken connection would lose the table it just showed, or hide the
    error behind it, if this failed."""
    page.route(RUNTIME, lambda route: route.fulfill(status=404, body="not found"))
    page.goto("/?lang=en")
    error = page.locator("#boot-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(CATALOGS["en"]["boot.error.title"])
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#hand button[data-card]")).to_have_count(13)
    expect(page.locator('html[data-table="static"]')).to_have_count(1)
    assert page.evaluate("document.getElementById('table').inert") is True


ZIP = "**/modules.zip"

SHOWN = """() => {
  const shown = (node) => {
    if (!node || !node.checkVisibility()) return false;
    const r = node.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
  };
  return {
    status: document.querySelector('#status .turn')?.textContent,
    note: shown(document.getElementById('first-starting')),
    bar: shown(document.getElementById('first-progress')),
    value: Number(document.getElementById('first-progress')?.value || 0),
  };
}"""

WATCH = """(words) => {
  const clock = { tapped: null, appeared: null, framed: null };
  window.firstTapClock = clock;
  addEventListener('click', (event) => { clock.tapped ??= event.timeStamp; }, { capture: true });
  const shown = () => document.querySelector('#status .turn')?.textContent === words
    && Boolean(document.getElementById('first-progress')?.checkVisibility());
  const observer = new MutationObserver(() => {
    if (clock.tapped === null || !shown()) return;
    clock.appeared = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => { clock.framed = performance.now(); });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true,
                               attributes: true });
}"""
"""Before the tap: the page's own clock, started by the click event's time stamp (the moment the
browser received the tap's click), stopped by a MutationObserver when the status says the game is
starting and the progress bar shows, and by the next animation frame (the one that paints it)."""
TIMED = """() => new Promise((done) => {
  const clock = window.firstTapClock;
  const given = performance.now() + 5000;
  const read = () => clock.framed === null && performance.now() < given
    ? setTimeout(read, 10) : done(clock);
  read();
})"""
"""The clock's three readings (ms since the page's origin) once the feedback's frame has come, or
after 5 s without it (what has not happened is null)."""


@pytest.mark.parametrize("lang", ("ru", "en"))
def test_a_contract_chosen_before_python_is_up_says_at_once_that_the_game_starts(new_context, lang):
    """A phone player who taps a contract on the first table while Python downloads would see
    every contract greyed and the status still asking to choose, with nothing moving for
    seconds, if this failed. The page's own clock measures the 100 ms, from the tap's click to
    the feedback in the DOM and to the frame that paints it."""
    context = new_context(
        viewport={"width": 360, "height": 640},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    page = context.new_page()
    held: list[Route] = []
    page.route(ZIP, lambda route: held.append(route))  # Python cannot start
    page.goto(f"/?lang={lang}")
    static_table(page)
    choice = page.locator('#center [data-contract="no-queens"]')
    choice.scroll_into_view_if_needed()
    words = CATALOGS[lang]["boot.first_choice"]
    page.evaluate(WATCH, words)
    choice.tap()
    clock = page.evaluate(TIMED)
    assert None not in clock.values(), f"no feedback within 5 s of the tap: {clock}"
    assert clock["appeared"] - clock["tapped"] <= 100, clock  # in the DOM
    assert clock["framed"] - clock["tapped"] <= 100, clock  # and in the frame that paints it
    shown = page.evaluate(SHOWN)
    assert shown["status"] == words and shown["note"] and shown["bar"], shown
    expect(choice).to_have_attribute("aria-pressed", "true")
    # The runtime's bytes move the bar while Python is held back.
    page.wait_for_function("Number(document.getElementById('first-progress').value) > 0")
    assert held, "modules.zip was not requested"
    expect(page.locator("html")).not_to_have_class("ready")
    for route in held:
        route.continue_()
    wait_ready(page)
    expect(page.locator("#center [data-contract]")).to_have_count(0)  # the choice was applied
    expect(page.locator("#first-starting")).to_have_count(0)
