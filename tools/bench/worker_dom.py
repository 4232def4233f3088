"""Drawing the table from a PyScript worker: the DOM work of a redraw, measured side by side
with the main thread's Python.

    .venv/bin/python -m tools.bench.worker_dom [--reps 10] [--proxy-reps 1] [--trips 200]
        [--dist dist]

Builds a scratch site in a temporary directory from dist/ (the vendored PyScript and Pyodide,
modules.zip, the stylesheet, dist/_headers: cross-origin isolated, COOP and COEP) with a page of
its own (tools/bench/worker_dom.html and .js; the Python of tools/bench/worker_dom_page.py),
serves it with tools/dev/serve.py and opens it in headless Chromium as a phone (360×640). Two
pages, one after the other in the same browser: the same Python on the main thread, and in a
PyScript worker (``<script type="py" worker>``, the DOM through ``pyscript.document``).

Printed, median and worst of ``--reps`` (``--proxy-reps`` through the proxies: each such redraw
takes seconds):

1. One DOM call's round trip (``body.dataset.x = ...``, then ``getAttribute``), ``--trips``
   times, from each side.
2. A ``TableView``'s redraw for three game states (a hand to play, the Domino rows, the score
   sheet after six deals), ``full`` (built, then drawn) and ``tap`` (the state one decision later
   drawn over the one before): (a) ``main``, the main thread's Python as today; (b) ``proxy``,
   the worker through PyScript's proxies, the view's code unchanged; (c) ``batched``, the worker
   drawing into plain data (web/components/plain_dom.py), each changed region of ``#table`` then
   built by one call to a JavaScript builder on the main thread. With (b), the proxy operations
   of one redraw (reads, writes, calls); with (c), the calls.
3. The main thread held during each redraw: the longest gap of the page's own heartbeat (a
   0 ms timer after another; gaps under 8 ms are not kept), median and worst over the reps.
4. Time to Python ready (the script's first line, then the table's modules imported) from the
   page's start, on each side, in a new context (cold: nothing cached) and at a reload (warm:
   the HTTP cache); and the worker's page under index.html's Content-Security-Policy, then with
   ``blob:`` added to ``worker-src``: does the worker start, which directive was violated.

Figures, not a test: nothing is asserted (the machine's load moves them; compare the columns
of one run, not runs).
"""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tools.bench import common
from tools.dev.chromium import launch_options
from tools.dev.serve import StaticServer

if TYPE_CHECKING:  # main() imports Playwright itself, only when the benchmark runs
    from playwright.sync_api import Browser

HERE = Path(__file__).resolve().parent
TIMEOUT_MS = 600_000
SCENES = ("hand/full", "hand/tap", "domino/full", "domino/tap", "scores/full", "scores/tap")
CONFIG = """interpreter = "./web/runtime.mjs"
plugins = ["!error", "!py-editor", "!py-terminal", "!py-game", "!donkey", "!deprecations-manager"]
[files]
"./modules.zip" = "./*"
"./catalog.json" = "./catalog.json"
"./tools/bench/worker_dom_page.py" = "./tools/bench/worker_dom_page.py"
"""
SCRIPT = """import js
ready = js.performance.timeOrigin + js.performance.now()
from tools.bench.worker_dom_page import run
await run({where!r}, ({reps}, {proxy_reps}), {trips}, ready)
"""
TAGS = {
    "main": '<script type="py" src="./main.py" config="./worker_dom.toml"></script>',
    "worker": '<py-config src="./worker_dom.toml"></py-config>\n'
    '  <script type="py" worker src="./worker.py"></script>',
}


def index_csp(blob: bool) -> str:
    """index.html's Content-Security-Policy meta, with ``blob:`` in ``worker-src`` if asked."""
    for line in (common.ROOT / "index.html").read_text(encoding="utf-8").splitlines():
        if 'http-equiv="Content-Security-Policy"' in line:
            meta = line.strip()
            return meta.replace("worker-src 'self'", "worker-src 'self' blob:") if blob else meta
    raise RuntimeError("index.html has no Content-Security-Policy meta")


def scratch(dist: Path, into: Path, reps: int, proxy_reps: int, trips: int) -> Path:
    """The scratch site in ``into``: dist/ and the benchmark's pages."""
    site = into / "site"
    shutil.copytree(dist, site)
    for name in ("worker_dom.js", "worker_dom_page.py"):
        target = site / ("tools/bench" if name.endswith(".py") else "") / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(HERE / name, target)
    catalog = common.ROOT / "web/languages/catalogs/en.json"
    shutil.copy(catalog, site / "catalog.json")
    (site / "worker_dom.toml").write_text(CONFIG, encoding="utf-8")
    page = (HERE / "worker_dom.html").read_text(encoding="utf-8")
    for where, tag in TAGS.items():
        script = SCRIPT.format(where=where, reps=reps, proxy_reps=proxy_reps, trips=trips)
        (site / f"{where}.py").write_text(script, encoding="utf-8")
        (site / f"{where}.html").write_text(page.replace("<!-- PYTHON -->", tag), encoding="utf-8")
    worker = page.replace("<!-- PYTHON -->", TAGS["worker"])
    for name, blob in (("csp", False), ("csp-blob", True)):
        html = worker.replace("<!-- CSP -->", index_csp(blob))
        (site / f"{name}.html").write_text(html, encoding="utf-8")
    return site


def visit(browser: Browser, base: str, page_name: str, wait_ms: int) -> dict[str, Any]:
    """Open ``page_name`` in a new phone context, cold then warm (a reload with ``?reps=0``):
    the full figures of the cold visit, Python's start of both, what the page saw."""
    context = browser.new_context(
        base_url=base,
        **common.PHONE,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"/{page_name}")
    out: dict[str, Any] = {"errors": errors}
    try:
        page.wait_for_function("window.benchResult", timeout=wait_ms, polling=500)
    except Exception:  # a worker blocked by the page's policy never answers
        out["violations"] = page.evaluate("window.benchViolations")
        context.close()
        return out
    out.update(result(page))
    if "probes" in out:
        page.locator("#box").click()
        page.wait_for_timeout(500)
        out["probes"]["clicked"] = page.evaluate("window.benchClicked === true")
        out["probes"]["checked_after"] = page.evaluate("document.getElementById('box').checked")
    page.goto(f"/{page_name}?reps=0")
    page.wait_for_function("window.benchResult", timeout=wait_ms, polling=100)
    warm = result(page)
    out["warm"] = {"ready": warm["ready"], "imported": warm["imported"]}
    context.close()
    return out


def result(page: Any) -> dict[str, Any]:
    """The page's figures, its times made relative to the page's start (ms), its heartbeat's
    gaps and long tasks, and the policy violations it saw."""
    figures: dict[str, Any] = json.loads(page.evaluate("window.benchResult"))
    origin = float(page.evaluate("performance.timeOrigin"))
    figures["ready"] -= origin
    figures["imported"] -= origin
    figures["gaps"] = page.evaluate("window.benchGaps")
    figures["long_tasks"] = page.evaluate("window.benchLongTasks")
    figures["violations"] = page.evaluate("window.benchViolations")
    return figures


def held(spans: list[list[float]], gaps: list[list[float]]) -> list[float]:
    """For each redraw's span, the longest heartbeat gap overlapping it (ms; 0: none of 8 ms)."""
    return [
        max((d for s, d in gaps if s < end and s + d > start), default=0.0) for start, end in spans
    ]


def cell(figures: dict[str, Any], gaps: list[list[float]]) -> tuple[str, str]:
    """A redraw's time and the main thread held, as printed (median / worst, ms)."""
    stalls = held(figures["spans"], gaps)
    return (
        f"{figures['median']:7.1f} / {figures['worst']:7.1f}",
        f"{statistics.median(stalls):6.1f} / {max(stalls):6.1f}",
    )


def report(main: dict[str, Any], worker: dict[str, Any], csp: dict[str, dict[str, Any]]) -> None:
    """Print the figures."""
    print("one DOM call's round trip (ms, median / worst):")
    for side, figures in (("main thread", main), ("worker", worker)):
        trips = figures["trips"]
        print(
            f"  {side:12} write {trips['write']['median']:.3f} / {trips['write']['worst']:.2f}"
            f"   read {trips['read']['median']:.3f} / {trips['read']['worst']:.2f}"
        )
    print("a redraw (ms, median / worst; 'held': the main thread's longest stall during it):")
    print(
        f"  {'':12} {'main':>17} {'held':>15} {'proxy':>17} {'held':>15} {'ops':>6} "
        f"{'batched':>17} {'held':>15} {'calls':>5}"
    )
    for name in SCENES:
        a = cell(main["main"][name], main["gaps"])
        b = cell(worker["proxy"][name], worker["gaps"])
        c = cell(worker["batched"][name], worker["gaps"])
        calls = statistics.median(worker["batched"][name]["calls"])
        ops = statistics.median(worker["proxy"][name]["calls"])
        print(
            f"  {name:12} {a[0]:>17} {a[1]:>15} {b[0]:>17} {b[1]:>15} "
            f"{ops:6.0f} {c[0]:>17} {c[1]:>15} {calls:5.0f}"
        )
    for side, figures in (("main thread", main), ("worker", worker)):
        tasks = figures["long_tasks"]
        print(
            f"  long tasks of the {side} page: {len(tasks)}, longest "
            f"{max((d for _, d in tasks), default=0):.0f} ms"
        )
    print("Python's start from the page's start (ms; first line, table modules imported):")
    for side, figures in (("main thread", main), ("worker", worker)):
        print(
            f"  {side:12} cold {figures['ready']:6.0f}, {figures['imported']:6.0f};"
            f"  warm {figures['warm']['ready']:6.0f}, {figures['warm']['imported']:6.0f}"
        )
    print("the worker's page under index.html's policy:")
    for name, figures in csp.items():
        started = "ready" in figures
        print(
            f"  {name:9} worker {'started' if started else 'did not start'}; violations: "
            f"{sorted(set(figures.get('violations') or [])) or 'none'}"
        )
    print(f"worker probes: {worker['probes']}")


def main(argv: list[str] | None = None) -> int:
    """Build the scratch site, measure both pages, print the figures."""
    command = common.parser("worker_dom", __doc__)
    command.add_argument("--reps", type=int, default=10, help="redraws of each kind")
    command.add_argument(
        "--proxy-reps", type=int, default=1, help="redraws of each kind through the proxies"
    )
    command.add_argument("--trips", type=int, default=200, help="single DOM calls of each kind")
    common.add_dist(command)
    args = command.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as into:
        server = StaticServer(
            scratch(args.dist, Path(into), args.reps, args.proxy_reps, args.trips)
        )
        server.start()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            main_page = visit(browser, server.url, "main.html", TIMEOUT_MS)
            worker_page = visit(browser, server.url, "worker.html", TIMEOUT_MS)
            csp = {
                name: visit(browser, server.url, f"{name}.html?reps=0", 40_000)
                for name in ("csp", "csp-blob")
            }
            browser.close()
        server.stop()
    report(main_page, worker_page, csp)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
