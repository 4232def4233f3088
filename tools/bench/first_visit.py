"""First-visit benchmark: what a new player meets, on an emulated line and without one.

    .venv/bin/python -m tools.bench.first_visit [--rounds 3] [--dist dist]

Serves a copy of dist/ (and the bare ``loadPyodide()`` page of tools/bench/bench_bare.html) with
tools/dev/serve.py, which compresses as static hosts do, and measures in headless Chromium, each
visit in a new browser context (empty cache, nothing saved), without network emulation and with
Chromium's (CDP ``Network.emulateNetworkConditions``: 20 Mbit/s down, 5 Mbit/s up, 40 ms
latency):

- bare: ``bare-interactive`` (``loadPyodide()`` and one ``runPython``).
- ours, first visit (``?lang=en&speed=instant``, no seed: the build's table shows): the first
  contentful paint (the table: the page paints nothing before it), the moment the player can act
  on it (``barbu-first-table``), when PyScript asks for Python (``barbu-python-plain``), the
  bytes of the files the table needs (index.html, the stylesheets, the boot loader's modules:
  ``TABLE_FILES``, as transferred) and of all the files received by its paint, the live table
  (``barbu-interactive``),
  and the first computer action: the benchmark chooses "No tricks" as soon as the table shows
  (``CHOOSE``, in the page: a click sent from here may wait for the main thread, which Python's
  start holds some 3 s, and land on the live table instead; ``choice_table`` says where it
  landed), and the computer players double once Python is up (``barbu:bot-action``); the
  bytes sent by the server until then (compressed); the layout shift summed until then (CLS,
  without the shifts that follow the player's click).
- ours, later visit: the same context comes back (the session saved, the Python snapshot kept by
  then): the table and the computer players ready (``barbu-bots-ready``), against the bare
  page's own visit after its first (the player may be the one to act in the saved deal).

All times in ms from navigation start. A script that prints figures, not a test.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tools.bench import common
from tools.bench.baseline import add_bare_page
from tools.dev.chromium import launch_options
from tools.dev.serve import StaticServer

ROOT = Path(__file__).resolve().parents[2]
if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

T = TypeVar("T")

TIMEOUT_MS = 180_000
LINE = {
    "offline": False,
    "latency": 40,
    "downloadThroughput": 20e6 / 8,
    "uploadThroughput": 5e6 / 8,
}
"""The emulated line: 20 Mbit/s down, 5 Mbit/s up, 40 ms latency (bytes per second)."""

TABLE_FILES = [
    "web/style.css",
    "vendor/pyscript/core.css",
    "web/boot.js",
    "web/boot-page.js",
    "web/boot-progress.js",
    "web/boot-python.js",
    "web/boot-updates.js",
    "web/boot-bots.js",
    "web/calls.js",
    "web/language.js",
    "web/first-table.js",
]
"""What the build's table needs besides index.html: stylesheets, the boot loader's modules."""

OBSERVER = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.hadRecentInput) window.__shifts.push({value: e.value, at: e.startTime});
  }
}).observe({type: 'layout-shift', buffered: true});
window.__lcp = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__lcp = e.startTime;
}).observe({type: 'largest-contentful-paint', buffered: true});
"""
"""Collects the layout shifts not caused by the player's input."""

CHOOSE = """
window.__choice = null;
new MutationObserver((changes, observer) => {
  if (document.documentElement.dataset.table !== 'static') return;
  observer.disconnect();
  document.querySelector('#center [data-contract="no-tricks"]').click();
  window.__choice = document.documentElement.dataset.table;
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-table']});
"""
"""Chooses "No tricks" on the build's table in the task that shows it (the player's choice made
"in that moment"), and records on which table the click landed."""

FIRST_TIMES = """() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const paint = performance.getEntriesByName('first-contentful-paint')[0].startTime;
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const path = (e) => new URL(e.name).pathname.slice(1);
  const needed = resources.filter((e) => TABLE_FILES.includes(path(e)));
  const before = resources.filter((e) => e.responseEnd <= paint);
  const bytes = (entries) => entries.reduce(
    (sum, e) => sum + e.transferSize, navigation.transferSize);
  return {
    paint,
    act: at('barbu-first-table'),
    python: at('barbu-python-plain') ?? at('barbu-python-snapshot'),
    live: at('barbu-interactive'),
    action: at('barbu:bot-action'),
    table_bytes: bytes(needed),
    table_files: needed.length + 1,
    before_bytes: bytes(before),
    lcp: window.__lcp,
    cls: window.__shifts.reduce((sum, s) => sum + s.value, 0),
    choice_table: window.__choice,
  };
}""".replace("TABLE_FILES", json.dumps(TABLE_FILES))


def emulate(context: BrowserContext, page: Page, line: bool) -> None:
    """Put the emulated line on the page's network, or none."""
    if line:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", LINE)


def bare(browser: Browser, url: str, line: bool) -> tuple[float, float]:
    """The bare page's ``bare-interactive``: a first visit, then the visit after."""
    context = browser.new_context()
    page = context.new_page()
    emulate(context, page, line)
    marks = []
    for address in (url + "bench-bare.html", "about:blank", url + "bench-bare.html"):
        page.goto(address)
        if address != "about:blank":
            page.wait_for_selector("html.ready", state="attached", timeout=TIMEOUT_MS)
            marks.append(
                page.evaluate("performance.getEntriesByName('bare-interactive')[0].startTime")
            )
    context.close()
    return marks[0], marks[1]


def ours(browser: Browser, server: StaticServer, line: bool) -> dict[str, Any]:
    """Our page: a first visit (the contract chosen on the build's table), then a later one."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(OBSERVER)
    page.add_init_script(CHOOSE)
    emulate(context, page, line)
    server.take_log()
    page.goto(server.url + "?lang=en&speed=instant", wait_until="commit")
    page.wait_for_function(
        "performance.getEntriesByName('barbu:bot-action').length > 0", timeout=TIMEOUT_MS
    )
    first: dict[str, Any] = page.evaluate(FIRST_TIMES)
    first["bytes"] = sum(sent.size for sent in server.take_log())
    page.evaluate(
        "navigator.serviceWorker.ready.then(() => barbuBoot.code.kept)"
        ".then(() => barbuBoot.bots.snapshot).then(() => true)"
    )
    page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
    page.goto("about:blank")
    page.goto(server.url + "?lang=en&speed=instant")
    page.wait_for_selector("html.ready", state="attached", timeout=TIMEOUT_MS)
    page.wait_for_function(
        "performance.getEntriesByName('barbu-bots-ready').length > 0", timeout=TIMEOUT_MS
    )
    later = page.evaluate(
        "[performance.getEntriesByName('barbu-interactive')[0].startTime,"
        " performance.getEntriesByName('barbu-bots-ready')[0].startTime,"
        " document.documentElement.dataset.boot ?? null]"
    )
    first["later_table"], first["later_action"], first["later_mode"] = later
    context.close()
    return first


def again_if_crashed(visit: Callable[..., T], *arguments: Any) -> T:
    """``visit(*arguments)``, made once more if its tab crashed (Chromium's "Target crashed",
    seen once in a while on this loaded machine): the round keeps its pair of visits."""
    from playwright.sync_api import Error

    try:
        return visit(*arguments)
    except Error as error:
        if "crashed" not in str(error):
            raise
        print(f"  (a tab crashed: the visit is made again) {error}".splitlines()[0], flush=True)
        return visit(*arguments)


def main(argv: list[str] | None = None) -> int:
    """Measure the first visit and the visit after; print the figures."""
    command = common.parser("first_visit", __doc__)
    command.add_argument("--rounds", type=int, default=3)
    common.add_dist(command)
    args = command.parse_args(argv)
    if not (args.dist / "index.html").is_file():
        print("dist/ is not built: run `make build` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    results: dict[bool, dict[str, list[Any]]] = {False: {}, True: {}}
    with tempfile.TemporaryDirectory(prefix="barbu-first-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.dist, site)
        add_bare_page(site)
        server = StaticServer(site).start()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            bare(browser, server.url, False)  # warm-up of the OS's file cache
            for round_ in range(args.rounds):
                for line in (False, True):
                    rows = results[line]
                    cold, warm = again_if_crashed(bare, browser, server.url, line)
                    rows.setdefault("bare", []).append(cold)
                    rows.setdefault("bare_warm", []).append(warm)
                    for key, value in again_if_crashed(ours, browser, server, line).items():
                        rows.setdefault(key, []).append(value)
                    print(
                        f"round {round_ + 1}, {'emulated' if line else 'no emulation'}: "
                        f"bare {rows['bare'][-1]:.0f}, table {rows['paint'][-1]:.0f}, "
                        f"action {rows['action'][-1]:.0f}",
                        flush=True,
                    )
            browser.close()
        server.stop()
    report(results, args.rounds)
    return 0


def report(results: dict[bool, dict[str, list[Any]]], rounds: int) -> None:
    """Medians, and the targets (docs/BENCHMARKS.md, "First visit")."""
    print(f"\nfirst visit, ms from navigation start ({rounds} rounds, medians)")
    for line, rows in results.items():

        def med(key: str, rows: dict[str, list[Any]] = rows) -> float:
            return float(statistics.median(rows[key]))

        name = "20 Mbit/s, 40 ms" if line else "no emulation"
        print(
            f"  {name:17} bare {med('bare'):6.0f} | table painted {med('paint'):5.0f}, "
            f"player can act {med('act'):5.0f}, Python asked for {med('python'):5.0f}, "
            f"live table {med('live'):6.0f}, "
            f"first computer action {med('action'):6.0f} "
            f"(bare + {med('action') - med('bare'):.0f}) | LCP {med('lcp'):.0f}, "
            f"CLS {med('cls'):.3f}"
        )
        print(
            f"  {'':17} bytes for the table {med('table_bytes') / 1e3:.1f} KB in "
            f"{med('table_files'):.0f} files ({med('before_bytes') / 1e3:.0f} KB of files all "
            f"received by its paint, preloads included); all until the first computer action "
            f"{med('bytes') / 1e6:.2f} MB"
        )
        print(
            f"  {'':17} later visit: bare {med('bare_warm'):.0f}; table "
            f"{med('later_table'):.0f}, computer players ready {med('later_action'):.0f} "
            f"({med('later_action') / med('bare_warm'):.2f} of bare; Python's start: "
            f"{sorted(set(rows['later_mode']), key=str)})"
        )
    emulated = results[True]
    print("\ntargets (the first two on the emulated line)")
    paint = statistics.median(emulated["paint"])
    print(f"  table visible {paint:.0f} ms (target <= 1000)")
    table_bytes = statistics.median(emulated["table_bytes"])
    print(f"  bytes before the table {table_bytes / 1e3:.1f} KB (target <= 150 KB)")
    for line, rows in results.items():
        gaps = [ours - bare for ours, bare in zip(rows["action"], rows["bare"], strict=True)]
        print(
            f"  first computer action - bare boot, {'emulated' if line else 'no emulation'}: "
            f"{statistics.median(gaps):.0f} ms, the median of each round's difference "
            f"({', '.join(f'{gap:.0f}' for gap in gaps)}) (target <= 500); the choice made on "
            f"the {' and '.join(sorted({str(t) for t in rows['choice_table']}))} table"
        )


if __name__ == "__main__":
    raise SystemExit(main())
