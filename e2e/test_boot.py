"""Boot to the first screen in real Chromium: the deal, the words, the origin, the progress."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from e2e.browser_helpers import (
    CATALOGS,
    CSP_RECORDER,
    DEPRECATION_RECORDER,
    expected_hand,
    shown_hand,
    wait_ready,
    wait_service_worker,
)

# The boot, from a context nothing has visited.
pytestmark = pytest.mark.fresh_context

SEED = 20240607


def test_first_screen_shows_the_engines_deal_for_the_seed(page, console_errors):
    """A player opening ?seed=N would see someone else's cards, or no cards at all, if this
    failed. A page not cross-origin isolated (``_headers``) gets Chromium's deprecation report
    for Pyodide's shared memory. The page says where its Python runs: on the main thread."""
    page.add_init_script(CSP_RECORDER)
    page.add_init_script(DEPRECATION_RECORDER)
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en")
    wait_ready(page)

    assert shown_hand(page) == expected_hand(SEED)
    expect(page.locator("#seed")).to_have_attribute("data-seed", str(SEED))
    expect(page.locator("#seed")).to_contain_text(str(SEED))
    expect(page.locator("#loader")).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("data-python", "main")
    assert page.evaluate("window.__cspViolations") == []
    assert console_errors == []
    assert page.evaluate("crossOriginIsolated")
    assert page.evaluate("window.__deprecations") == []


def test_each_card_is_a_button_named_in_words_with_rank_and_symbol(page):
    """A screen-reader user would hear 'QS' or nothing, or a sighted one miss the suit, if this
    failed."""
    page.goto("/?autoplay=0&seed=1&lang=en")
    wait_ready(page)
    cards = page.locator("#hand button[data-card]")
    expect(cards).to_have_count(13)
    en = CATALOGS["en"]
    for code in expected_hand(1):
        rank, suit = code[0], code[1]
        button = page.locator(f'#hand button[data-card="{code}"]')
        symbol = "♠♥♦♣"["SHDC".index(suit)]
        # The name starts with what the card shows (axe: label-content-name-mismatch).
        shown = f"{en['rank_short.' + rank]}{symbol}\ufe0e"
        said = f"{en['rank.' + rank]} of {en['suit.' + suit]}"
        expect(button).to_have_accessible_name(f"{shown}, {said}")
        expect(button.locator(".card-rank")).to_have_text(en["rank_short." + rank])
        expect(button.locator(".card-suit")).to_contain_text(symbol)
        expect(button).to_have_class(re.compile(rf"\bsuit-{suit}\b"))


def test_without_a_seed_a_random_deal_is_shown_with_its_number(page):
    """A player could not replay or share a deal they liked if the shown number did not match it."""
    page.goto("/?autoplay=0&lang=en")
    wait_ready(page)
    seed = int(page.locator("#seed").get_attribute("data-seed"))
    assert shown_hand(page) == expected_hand(seed)
    expect(page.locator("#seed")).to_have_attribute("href", re.compile(rf"seed={seed}\b"))


def test_french_catalog_is_used_for_lang_fr(page):
    """A French player would read English labels (or raw keys) if the catalog were not applied."""
    page.goto(f"/?autoplay=0&seed={SEED}&lang=fr")
    wait_ready(page)
    fr = CATALOGS["fr"]
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#hand-heading")).to_contain_text(fr["table.hand"])
    expect(page.locator("#seed")).to_have_text(fr["table.seed"].format(seed=SEED))
    queen = page.locator('#hand button[data-card$="S"]').first
    code = queen.get_attribute("data-card")
    said = f"{fr['rank.' + code[0]]} de {fr['suit.S']}"
    expect(queen).to_have_accessible_name(
        re.compile(rf"^{fr['rank_short.' + code[0]]}♠.*, {said}$")
    )
    languages = page.locator("#language .languages")
    expect(languages.locator("a")).to_have_count(3)
    expect(languages.locator('[aria-current="true"]')).to_have_text("Français")
    expect(languages.locator('a[hreflang="en"]')).to_have_attribute(
        "href", re.compile(rf"seed={SEED}&lang=en")
    )


def test_a_language_chosen_is_remembered(page):
    """A Russian reader who picked Русский once would get the French page again on the next
    visit if the choice were not kept."""
    page.goto(f"/?autoplay=0&seed={SEED}&lang=fr")
    wait_ready(page)
    page.locator("#language summary").click()
    page.locator('#language a[hreflang="ru"]').click()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#hand-heading")).to_contain_text(CATALOGS["ru"]["table.hand"])
    page.goto("/?autoplay=0&seed=3")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ru")


def test_language_follows_the_browser_when_not_asked(new_context):
    """A browser set to French would get an English page if navigator.language were ignored."""
    page = new_context(locale="fr-FR").new_page()
    page.goto("/?autoplay=0&seed=3")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#hand-heading")).to_contain_text(CATALOGS["fr"]["table.hand"])


def test_every_request_stays_on_the_sites_origin(page, base_url, request_log):
    """Players on a closed network (or who care about privacy) would see blocked or leaking
    requests."""
    page.add_init_script(CSP_RECORDER)
    page.goto(f"/?autoplay=0&seed={SEED}")
    wait_ready(page)
    wait_service_worker(page)  # the precache's requests count too
    page.wait_for_load_state("networkidle")
    # The service worker's own requests are in the log too (this icon is fetched only by it).
    assert any(url.endswith("/web/icons/icon-512.png") for url in request_log.urls)
    assert request_log.foreign(base_url) == []
    assert request_log.failed == []
    assert page.evaluate("window.__cspViolations") == []


def test_the_pages_python_script_is_read_with_the_runtime_not_after_it(page):
    """PyScript fetches its script only once Python is up: one more round trip, on a slow line,
    before the first screen. The boot loader reads it with the runtime's files and hands PyScript
    the text (web/runtime/boot-python.js, useEntryScript): one request, answered before Python is
    up."""
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en")
    wait_ready(page)
    reads, python_up = page.evaluate(
        "[performance.getEntriesByType('resource')"
        ".filter((e) => e.name.endsWith('/web/main.py')).map((e) => e.responseEnd),"
        " (([m]) => m.startTime + m.duration)("
        "performance.getEntriesByName('barbu-python-plain'))]"
    )
    assert len(reads) == 1
    assert reads[0] < python_up
    script = page.locator('script[type="py"]')
    assert script.get_attribute("src") is None


def test_our_modules_are_read_with_the_runtime_and_never_left_preloaded_unused(page):
    """Python asks for modules.zip only once it is up: a preload of it at the start waited
    unused on a slow or loaded start, and Chromium warned in the console ("preloaded ... but not
    used within a few seconds"). The boot loader reads it itself with the runtime's files
    (web/runtime/boot-python.js, useModules): one request, answered before Python is up, and no
    warning on a start slowed down fourfold."""
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en")
    wait_ready(page)
    page.wait_for_timeout(4_000)  # the few seconds Chromium gives a preload after the load
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    reads, python_up = page.evaluate(
        "[performance.getEntriesByType('resource')"
        ".filter((e) => e.name.endsWith('/modules.zip')).map((e) => e.responseEnd),"
        " (([m]) => m.startTime + m.duration)("
        "performance.getEntriesByName('barbu-python-plain'))]"
    )
    assert len(reads) == 1 and reads[0] < python_up
    assert page.locator('link[href$="modules.zip"]').count() == 0
    assert [w for w in warnings if "preloaded" in w] == []
    assert page.evaluate("document.documentElement.dataset.boot") == "plain"


LIBRARY_IMPORTS = """async () => {
    const runtime = await import(new URL('web/runtime.mjs', document.baseURI).href);
    const pyodide = await runtime.startPlain();
    await runtime.addModules(pyodide);
    return JSON.parse(pyodide.runPython(`
import json, sys
__import__("web.runtime.snapshot", fromlist=["prepare"]).prepare()
zipped = next(p for p in sys.path if p.startswith("/lib/python") and p.endswith(".zip")) + "/"
specs = [getattr(module, "__spec__", None) for module in list(sys.modules.values())]
origins = [getattr(spec, "origin", None) or "" for spec in specs]
json.dumps(sorted(origin.removeprefix(zipped) for origin in origins if origin.startswith(zipped)))
`));
}"""
"""A normal Python start in the browser, then every module a snapshot holds imported: the
standard library's modules then read from its zip (not those Python has frozen in), by their
file in it."""


def test_every_library_module_a_start_imports_comes_compiled(page):
    """The build lists the library's modules a start imports by starting Pyodide under Node
    (tools/site/stdlib_used.mjs) and ships those compiled; a module the browser's start imports
    besides would be compiled from its source at every start (most of Python's start was that
    compiling, before)."""
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en")
    wait_ready(page)
    files = page.evaluate(LIBRARY_IMPORTS)
    assert len(files) > 100
    assert [name for name in files if not name.endswith(".pyc")] == []


def test_background_work_waits_until_the_computer_players_have_moved(page):
    """The computer players' worker starting Python (the WebAssembly compiled again) and the
    service worker's install would compete with the page's first decisions for the processor.
    Both start once Python says the page has settled: its computer players' loop has stopped,
    here at the player's turn after the computer players' first actions."""
    page.goto("/?autoplay=0&seed=77&speed=instant&lang=en")
    wait_ready(page)
    page.wait_for_function("performance.getEntriesByName('barbu-settled').length > 0")
    wait_service_worker(page)
    settled, why, first_action = page.evaluate(
        "(([s], [a]) => [s.startTime, s.detail, a?.startTime ?? null])("
        "performance.getEntriesByName('barbu-settled'),"
        " performance.getEntriesByName('barbu:bot-action'))"
    )
    assert why == "page"
    assert first_action is not None and first_action < settled
    expect(page.locator("html")).to_have_attribute("data-bots", "ready")


def test_loading_screen_shows_real_download_progress(context, page, dist):
    """On a slow connection, the player would stare at a frozen or fake bar if this failed."""
    sizes = json.loads(
        re.search(
            r"name=\"barbu:boot-files\" content='([^']*)'", (dist / "index.html").read_text()
        )[1]
    )
    total = sum(sizes.values())
    assert total > 10_000_000  # the runtime: wasm, stdlib, JS glue, lock file

    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 20,
            # 3 MB/s: the server gzips (tools/dev/serve.py), the runtime is some 6 MB on the wire
            "downloadThroughput": 3_000_000,
            "uploadThroughput": -1,
        },
    )
    page.goto("/?autoplay=0&seed=5&lang=en")
    bar = page.locator("#boot-progress")
    expect(bar).to_have_attribute("max", str(total))
    # Caught mid-download: some of the bytes, not none and not all, while the download stage is
    # the active one (checked at one instant: a moment later Python may be up).
    page.wait_for_function(
        "() => { const b = document.getElementById('boot-progress');"
        " const stage = document.querySelector('#boot-stages [data-stage=\"download\"]');"
        " return b.value > 0 && b.value < b.max && stage.dataset.state === 'active'; }"
    )
    expect(page.locator("#boot-bytes")).to_have_text(re.compile(r"^\d+\.\d MB of \d+\.\d MB$"))
    wait_ready(page)
    assert page.evaluate("document.getElementById('boot-progress').value") == total
