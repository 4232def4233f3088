"""A long evening in one tab: what the page's memory does over many sessions.

    .venv/bin/python -m tools.bench.soak [--deals 10] [--level master] [--presets standard,fr32]
                                          [--dist dist]

Serves dist/ on loopback and opens one phone-sized tab (360×640) of a headless Chromium, at the
computer players' level given and instant speed. In that one tab, without a reload, it plays
``--deals`` whole sessions (``--deals`` counts sessions here), the presets taken in turn, every
decision of the player clicked as a player would (a card, a contract, the doubles); in each
session it opens the first deal's replay, steps it to its end, has the expert review it, and
closes it; between two sessions it opens the statistics page in a second tab and closes it, and
starts the next session from the menu. After each session it prints:

- the page's JavaScript heap in use (after a garbage collection, DevTools' ``Runtime``);
- the page's Python memory (the interpreter's WebAssembly memory, seen when it was made);
- the memory of the page and of each of its workers (the computer players' Python among them),
  as ``performance.measureUserAgentSpecificMemory()`` attributes it (the page is cross-origin
  isolated; Chromium is asked to measure at once);
- the documents, DOM nodes and JavaScript event listeners alive (DevTools' ``Memory``: the
  nodes held, in the page or not), and the elements in the page;
- the entries of the page's performance timeline (marks, measures, resources...).

Then each figure's growth from the first session's to the largest of the later ones, in per
cent: the target is that nothing grows by more than 10% after the first session, and that no
tab crashes (a crash stops the run and says so). Figures, not a test.
"""

from __future__ import annotations

import statistics
import time
from typing import TYPE_CHECKING, Any

from tools.bench import common
from tools.bench.decisions import STATE, TARGETS
from tools.dev.chromium import launch_options
from tools.dev.serve import StaticServer

if TYPE_CHECKING:  # main() imports Playwright itself, only when the benchmark runs
    from playwright.sync_api import Browser, CDPSession, Page

TIMEOUT_MS = 180_000

# The WebAssembly memories the page makes (its Python's), kept to be measured.
WASM = """(() => {
  window.soakMemories = [];
  const keep = (result) => {
    const instance = result.instance || result;
    for (const value of Object.values(instance.exports || {})) {
      if (value instanceof WebAssembly.Memory) window.soakMemories.push(value);
    }
    return result;
  };
  const streaming = WebAssembly.instantiateStreaming;
  if (streaming) WebAssembly.instantiateStreaming = (...a) => streaming(...a).then(keep);
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = (...a) => instantiate(...a).then(keep);
})()"""

# A decision taken as a tap would take it (the element's click), without Playwright's wait for
# the element to hold still: the soak measures memory, not the input's path.
CLICK = """(selector) => document.querySelector(selector)?.click()"""

MEASURE = """async () => {
  const wasm = window.soakMemories.reduce((sum, m) => sum + m.buffer.byteLength, 0);
  const result = await performance.measureUserAgentSpecificMemory();
  const scopes = {};
  for (const entry of result.breakdown) {
    for (const where of entry.attribution) {
      const scope = where.scope || 'other';
      scopes[scope] = (scopes[scope] || 0) + entry.bytes;
    }
  }
  return { wasm, scopes, total: result.bytes };
}"""

MB = 1024 * 1024


def play_session(page: Page) -> int:
    """Play the session on the table to its end, the first deal replayed and reviewed; the
    decisions clicked."""
    clicks = 0
    reviewed = False
    while True:
        state = page.wait_for_function(STATE, polling=100, timeout=TIMEOUT_MS).json_value()
        if state == "over":
            return clicks
        if state == "next" and not reviewed:
            review_deal(page)
            reviewed = True
        page.evaluate(CLICK, TARGETS[state])
        if state != "next":
            clicks += 1


def review_deal(page: Page) -> None:
    """Open the finished deal's replay, step to its end, have the expert review it, close it."""
    page.click('#center [data-action="replay-deal"]')
    page.keyboard.press("End")
    page.wait_for_selector("html[data-bots='ready']", timeout=TIMEOUT_MS)
    page.click('#replay [data-action="review-start"]')
    page.wait_for_selector("#replay .review-list [data-step]", timeout=TIMEOUT_MS)
    page.click('#replay [data-action="replay-close"]')


def new_session(page: Page, preset: str) -> None:
    """Start a session of ``preset`` from the menu."""
    page.click('[data-action="menu"]')
    page.check(f"#new-rules-{preset}")
    page.click('[data-action="start-new"]')
    confirm = page.locator('[data-action="start-new-confirmed"]')
    if confirm.is_visible():
        confirm.click()
    page.wait_for_selector(f"[data-rules='{preset}']", timeout=TIMEOUT_MS)


def measure(page: Page, cdp: CDPSession) -> dict[str, float]:
    """The page's figures now (after a garbage collection)."""
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    counters = cdp.send("Memory.getDOMCounters")
    memory = page.evaluate(MEASURE)
    scopes: dict[str, Any] = memory["scopes"]
    workers = sum(v for k, v in scopes.items() if "Worker" in k)
    return {
        "heap": heap["usedSize"] / MB,
        "python": memory["wasm"] / MB,
        "window": scopes.get("Window", 0) / MB,
        "workers": workers / MB,
        "documents": counters["documents"],
        "nodes": counters["nodes"],
        "attached": page.evaluate("document.getElementsByTagName('*').length"),
        "listeners": counters["jsEventListeners"],
        "timeline": page.evaluate("performance.getEntries().length"),
    }


FIGURES = (
    ("heap", "JS heap MB"),
    ("python", "page's Python MB"),
    ("window", "page MB"),
    ("workers", "workers MB"),
    ("documents", "documents"),
    ("nodes", "DOM nodes"),
    ("attached", "elements in the page"),
    ("listeners", "listeners"),
    ("timeline", "timeline entries"),
)


def main(argv: list[str] | None = None) -> int:
    """Play the sessions in one tab; print each session's figures and their growth."""
    command = common.parser("soak", __doc__)
    common.add_deals(command, 10, "sessions")
    command.add_argument("--level", default="master")
    command.add_argument("--presets", default="standard,fr32,classic,italian")
    common.add_dist(command)
    args = command.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = StaticServer(args.dist)
    server.start()
    options = launch_options()
    options["args"] = [*options["args"], "--enable-blink-features=ForceEagerMeasureMemory"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**options)
        print(f"soak: {args.deals} sessions in one tab at 360x640, level {args.level}", flush=True)
        rows = evening(browser, server.url, args.deals, args.level, args.presets.split(","))
        browser.close()
    server.stop()
    if len(rows) > 1:
        growth = ", ".join(
            f"{name} {100 * (max(r[key] for r in rows[1:]) / rows[0][key] - 1):+.1f}%"
            for key, name in FIGURES
            if rows[0][key]
        )
        print(f"  growth after the first session (largest later / first): {growth}")
        per = [rows[i + 1]["heap"] - rows[i]["heap"] for i in range(len(rows) - 1)]
        print(f"  JS heap change per session, median: {statistics.median(per):+.2f} MB")
    return 0


def evening(
    browser: Browser, base: str, sessions: int, level: str, presets: list[str]
) -> list[dict[str, float]]:
    """Play ``sessions`` sessions in one tab, printing each one's figures as it ends; the
    figures (the sessions played before a crash, if one stops the evening)."""
    from playwright.sync_api import Error

    context = browser.new_context(
        base_url=base,
        viewport={"width": 360, "height": 640},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.add_init_script(WASM)
    page.on("crash", lambda _: print("  the tab crashed", flush=True))
    cdp = context.new_cdp_session(page)
    page.goto(f"/?lang=en&speed=instant&level={level}&rules={presets[0]}&seed=1")
    page.wait_for_selector("html.ready", timeout=TIMEOUT_MS)
    started = time.monotonic()
    rows: list[dict[str, float]] = []
    try:
        for n in range(sessions):
            preset = presets[n % len(presets)]
            if n:
                stats = context.new_page()
                stats.goto("/stats/?lang=en")
                stats.wait_for_selector("html.ready", timeout=TIMEOUT_MS)
                stats.close()
                new_session(page, preset)
            clicks = play_session(page)
            rows.append(measure(page, cdp))
            figures = ", ".join(f"{name} {rows[-1][key]:.1f}" for key, name in FIGURES)
            minutes = (time.monotonic() - started) / 60
            print(f"  session {n + 1} ({preset}, {clicks} taps, {minutes:.1f} min): {figures}")
    except Error as error:
        print(f"  stopped: {str(error).splitlines()[0]}")
        page.screenshot(path="/tmp/soak-stopped.png")
    context.close()
    return rows


if __name__ == "__main__":
    raise SystemExit(main())
