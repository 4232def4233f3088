"""A long evening in one tab: what the page's memory does over many sessions.

    .venv/bin/python -m tools.bench.soak [--deals 10] [--level master] [--presets standard,fr32]
                                          [--dist dist]

Serves dist/ on loopback and opens one phone-sized tab (360×640) of a headless Chromium, at the
computer players' level given and instant speed. In that one tab, without a reload, it plays
``--deals`` whole sessions (``--deals`` counts sessions here), the presets taken in turn, every
decision of the player clicked as a player would (a card, a contract, the doubles); in each
session it opens the first deal's replay, steps it to its end, has the expert review it, and
closes it; between two sessions it opens the statistics page in a second tab and closes it, and
starts the next session from the menu (which it opens once in the first session too:
``look_at_the_menu``). It waits on the page through locators, which hold no handle on an
element (``wait_for``): the nodes it counts are the page's, not the benchmark's. After each
session it prints:

- the page's JavaScript heap in use (after a garbage collection, DevTools' ``Runtime``);
- the page's Python memory (the interpreter's WebAssembly memory, seen when it was made), and
  its workers' (the computer players' Python: each module worker is started through a module
  that watches the same, so the context bypasses the page's Content-Security-Policy);
- what each of those Pythons' allocator holds, and the most it ever took (dlmalloc's
  ``mallinfo`` and ``malloc_max_footprint``), and each growth of their memories since the last
  session, with the worker's last call and the JavaScript that asked;
- the memory of the page and of each of its workers (the computer players' Python among them),
  as ``performance.measureUserAgentSpecificMemory()`` attributes it (the page is cross-origin
  isolated; Chromium is asked to measure at once);
- the documents, DOM nodes and JavaScript event listeners alive (DevTools' ``Memory``: the
  nodes held, in the page or not), and the elements in the page;
- the entries of the page's performance timeline (marks, measures, resources...).

Then each figure's growth from the first session of a game to the largest of the later sessions
of the same game, in per cent (sessions of different games differ in size): the target is that
nothing grows by more than 10% after the first session, and that no tab crashes (a crash stops
the run and says so). Figures, not a test.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tools.bench import common
from tools.bench.decisions import STATE, TARGETS
from tools.dev.chromium import launch_options
from tools.dev.serve import StaticServer

if TYPE_CHECKING:  # main() imports Playwright itself, only when the benchmark runs
    from playwright.sync_api import Browser, CDPSession, Page

TIMEOUT_MS = 180_000

# The WebAssembly memories the page makes (its Python's), kept to be measured; and the same in
# each module worker the page starts (the computer players' Python): the worker is started from
# a module of this script's that sets the same watch, then imports the page's worker module (a
# blob: address, which the page's Content-Security-Policy refuses: the context bypasses it).
# Each growth of a memory is noted with what was running: in a worker, the page's last call
# (web/runtime/calls.js: a worker's Python answers one call at a time, but for a review's steps);
# everywhere, the JavaScript frames of the stack.
WASM = """(() => {
  const watch = () => {
    self.soakMemories = [];
    self.soakHeaps = [];  // the instances' exports, whose allocator says what it holds
    self.soakGrowths = [];
    let last = null;  // in a worker: the page's last call
    const keep = (result) => {
      const instance = result.instance || result;
      const exports = instance.exports || {};
      for (const value of Object.values(exports)) {
        if (value instanceof WebAssembly.Memory) self.soakMemories.push(value);
      }
      if (exports.mallinfo && exports.malloc_max_footprint) self.soakHeaps.push(exports);
      return result;
    };
    const streaming = WebAssembly.instantiateStreaming;
    if (streaming) WebAssembly.instantiateStreaming = (...a) => streaming(...a).then(keep);
    const instantiate = WebAssembly.instantiate;
    WebAssembly.instantiate = (...a) => instantiate(...a).then(keep);
    const grow = WebAssembly.Memory.prototype.grow;
    WebAssembly.Memory.prototype.grow = function (pages) {
      const from = this.buffer.byteLength;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 200;
      const frames = new Error().stack.split('\\n').slice(2)
        .filter((line) => !line.includes('wasm-function') && !line.includes('wasm://'))
        .map((line) => line.trim().replace(/^at /, '').replace(/\\(.*\\/([^/]*)\\)$/, '($1)'));
      Error.stackTraceLimit = limit;
      const answer = grow.call(this, pages);
      const to = this.buffer.byteLength;
      self.soakGrowths.push({ from, to, call: last, frames });
      return answer;
    };
    if (typeof WorkerGlobalScope === 'undefined') return;
    const listen = self.addEventListener;
    self.addEventListener = function (type, listener, options) {
      if (type !== 'message') return listen.call(this, type, listener, options);
      const noted = (event) => {
        const { call, args } = event.data || {};
        if (call) last = { call, args };
        return listener(event);
      };
      return listen.call(this, type, noted, options);
    };
  };
  watch();
  const Original = window.Worker;
  window.Worker = function (url, options) {
    if (options?.type !== 'module') return new Original(url, options);
    const address = JSON.stringify(new URL(url, location.href).href);
    const source = `(${watch})();\\nawait import(${address});`;
    const blob = new Blob([source], { type: 'text/javascript' });
    return new Original(URL.createObjectURL(blob), options);
  };
})()"""

WORKER_WASM = "() => (self.soakMemories || []).reduce((sum, m) => sum + m.buffer.byteLength, 0)"
HEAP = """() => (self.soakHeaps || []).reduce((sum, exports) => {
  const at = exports.malloc(40);
  exports.mallinfo(at);  // struct mallinfo: its eighth field, the bytes in use
  const inUse = new Uint32Array(exports.memory.buffer, at, 10)[7];
  exports.free(at);
  return { inUse: sum.inUse + inUse, peak: sum.peak + exports.malloc_max_footprint() };
}, { inUse: 0, peak: 0 })"""
"""What the allocator of each Python of the scope (the page's, or a worker's) holds: the bytes
in use now, and the most it ever took from its memory (a WebAssembly memory grows by a fifth at
a time, so its size says less than this)."""
GROWTHS = "() => (self.soakGrowths || []).splice(0)"
"""The growths of the scope's WebAssembly memories since the last time asked."""
PLAYERS_OBJECTS = "async () => JSON.parse(await barbuBoot.bots.ask('memory', '[]')).objects"
"""The objects the computer players' Python keeps (web/runtime/worker.py, ``memory``; Pyodide's
Python has no memory blocks to count): its WebAssembly memory never shrinks, so its size says
the peak, this what is kept."""

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
        handle = page.wait_for_function(STATE, polling=100, timeout=TIMEOUT_MS)
        state = handle.json_value()
        handle.dispose()
        if state == "over":
            return clicks
        if state == "next" and not reviewed:
            review_deal(page)
            reviewed = True
        page.evaluate(CLICK, TARGETS[state])
        if state != "next":
            clicks += 1


def wait_for(page: Page, selector: str) -> None:
    """Wait until an element matches ``selector``, keeping no handle on it.

    ``page.wait_for_selector`` returns a handle on the element, and the page keeps the element
    alive for as long as the handle lives (DevTools holds it): a benchmark of the page's memory
    must not hold the nodes it counts. A locator's wait returns nothing.
    """
    page.locator(selector).first.wait_for(state="attached", timeout=TIMEOUT_MS)


def review_deal(page: Page) -> None:
    """Open the finished deal's replay, step to its end, have the expert review it, close it."""
    page.click('#center [data-action="replay-deal"]')
    page.keyboard.press("End")
    wait_for(page, "html[data-bots='ready']")
    page.click('#replay [data-action="review-start"]')
    wait_for(page, "#replay #review-big")  # the review done (its list may be empty)
    page.click('#replay [data-action="replay-close"]')


def look_at_the_menu(page: Page) -> None:
    """Open the menu and close it again, as a player looks at the level or the rules.

    The page builds the menu's contents the first time it opens and keeps them (hidden) after:
    some 130 elements. Opened once in the first session, they are in that session's figures,
    and what the later sessions add is growth, not the menu's first opening."""
    page.click('.toolbar [data-action="menu"]')
    wait_for(page, "#menu-panel:not([hidden]) #setting-level")
    page.click('.toolbar [data-action="menu"]')


def new_session(page: Page, preset: str) -> None:
    """Start a session of ``preset`` from the menu."""
    page.click('[data-action="menu"]')
    page.check(f"#new-rules-{preset}")
    page.click('[data-action="start-new"]')
    confirm = page.locator('[data-action="start-new-confirmed"]')
    if confirm.is_visible():
        confirm.click()
    wait_for(page, f"[data-rules='{preset}']")


def measure(page: Page, cdp: CDPSession) -> dict[str, float]:
    """The page's figures now (after a garbage collection)."""
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    counters = cdp.send("Memory.getDOMCounters")
    memory = page.evaluate(MEASURE)
    scopes: dict[str, Any] = memory["scopes"]
    workers = sum(v for k, v in scopes.items() if "Worker" in k)
    page_heap = page.evaluate(HEAP)
    worker_heaps = [worker.evaluate(HEAP) for worker in page.workers]
    return {
        "heap": heap["usedSize"] / MB,
        "python": memory["wasm"] / MB,
        "python_in_use": page_heap["inUse"] / MB,
        "python_peak": page_heap["peak"] / MB,
        "worker_python": sum(worker.evaluate(WORKER_WASM) for worker in page.workers) / MB,
        "worker_in_use": sum(h["inUse"] for h in worker_heaps) / MB,
        "worker_peak": sum(h["peak"] for h in worker_heaps) / MB,
        "worker_objects": page.evaluate(PLAYERS_OBJECTS) / 1000,
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
    ("python_in_use", "of it in use MB"),
    ("python_peak", "at most MB"),
    ("worker_python", "workers' Python MB"),
    ("worker_in_use", "of it in use MB"),
    ("worker_peak", "at most MB"),
    ("worker_objects", "players' Python k objects"),
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
    games = [args.presets.split(",")[n % len(args.presets.split(","))] for n in range(len(rows))]
    grown = growth(rows, games)
    if grown:
        said = ", ".join(f"{name} {grown[key]:+.1f}%" for key, name in FIGURES if key in grown)
        print(f"  growth after each game's first session (largest later / first): {said}")
        per = [rows[i + 1]["heap"] - rows[i]["heap"] for i in range(len(rows) - 1)]
        print(f"  JS heap change per session, median: {statistics.median(per):+.2f} MB")
    return 0


GROWTHS_FILE = Path("/tmp/soak-growths.json")
"""Where the evening's growths are written whole, with the worker's last call and its
arguments (a computer player's decision can then be asked again on CPython)."""


def grown_memories(page: Page) -> list[dict[str, Any]]:
    """Each growth of a WebAssembly memory of the page or its workers since the last asked:
    where, its sizes, the worker's last call, and the JavaScript that asked."""
    found = [("the page", page.evaluate(GROWTHS))]
    found += [(f"a worker ({w.url[-30:]})", w.evaluate(GROWTHS)) for w in page.workers]
    return [{"where": where, **grown} for where, growths in found for grown in growths]


def described(grown: dict[str, Any]) -> str:
    """One growth in a line: where, its sizes, the call, the first JavaScript frames."""
    last = grown["call"]
    call = f"{last['call']} {json.dumps(last['args'][1:])[:60]}" if last else "no call"
    frames = " < ".join(grown["frames"][:6])
    sizes = f"{grown['from'] / MB:.1f} -> {grown['to'] / MB:.1f} MB"
    return f"{grown['where']}'s memory grew {sizes} ({call}): {frames}"


def growth(rows: list[dict[str, float]], games: list[str]) -> dict[str, float]:
    """Each figure's largest growth, in per cent, from the first session of a game to a later
    session of the same game (sessions of different games differ in size: an ``fr32`` score
    sheet has fewer deals than the standard one's 28); empty when no game was played twice."""
    first = {game: games.index(game) for game in games}
    later = [(n, first[game]) for n, game in enumerate(games) if n != first[game]]
    return {
        key: max(100 * (rows[n][key] / rows[f][key] - 1) for n, f in later)
        for key, _ in FIGURES
        if later and all(rows[f][key] for _, f in later)
    }


def evening(
    browser: Browser, base: str, sessions: int, level: str, presets: list[str]
) -> list[dict[str, float]]:
    """Play ``sessions`` sessions in one tab, printing each one's figures and memory growths as
    it ends (the growths written whole to ``GROWTHS_FILE`` at the end); the figures (the
    sessions played before a crash, if one stops the evening)."""
    from playwright.sync_api import Error

    context = browser.new_context(
        base_url=base,
        **common.PHONE,
        bypass_csp=True,  # the workers' watch (WASM) starts them from blob: addresses
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.add_init_script(WASM)
    page.on("crash", lambda _: print("  the tab crashed", flush=True))
    cdp = context.new_cdp_session(page)
    page.goto(f"/?lang=en&speed=instant&level={level}&rules={presets[0]}&seed=1")
    wait_for(page, "html.ready")
    started = time.monotonic()
    rows: list[dict[str, float]] = []
    growths: list[dict[str, Any]] = []
    try:
        for n in range(sessions):
            preset = presets[n % len(presets)]
            if not n:
                look_at_the_menu(page)
            if n:
                stats = context.new_page()
                stats.goto("/stats/?lang=en")
                wait_for(stats, "html.ready")
                stats.close()
                new_session(page, preset)
            clicks = play_session(page)
            rows.append(measure(page, cdp))
            figures = ", ".join(f"{name} {rows[-1][key]:.1f}" for key, name in FIGURES)
            minutes = (time.monotonic() - started) / 60
            print(f"  session {n + 1} ({preset}, {clicks} taps, {minutes:.1f} min): {figures}")
            for grown in grown_memories(page):
                growths.append(grown)
                print(f"    {described(grown)}")
    except Error as error:
        print(f"  stopped: {str(error).splitlines()[0]}")
        page.screenshot(path="/tmp/soak-stopped.png")
    context.close()
    GROWTHS_FILE.write_text(json.dumps(growths, indent=1))
    print(f"  the memories' growths, with the calls' arguments: {GROWTHS_FILE}")
    return rows


if __name__ == "__main__":
    raise SystemExit(main())
