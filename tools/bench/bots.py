"""Computer players' decision times on CPython and in real Chromium (Pyodide), in one run.

    .venv/bin/python -m tools.bench.bots [--level expert] [--positions 120] [--seed 7]
                                         [--cpython-only]

Positions are taken from whole sessions played with random legal actions (contract choices,
doubling turns and cards, in the proportions a session has them), as the page sends them to the
worker (``barbu.wire.position_data``). The same bot decides each of them, with its fixed sample
counts and no time budget, first on this CPython and then in Pyodide inside headless Chromium
(the vendored runtime of ``dist/``, through its ``web/runtime/runtime.mjs``, with the compiled
modules of ``modules.zip``, as the page loads them).
Printed: median, 95th percentile and maximum per kind of decision and overall, for both, and
the ratio of the medians. ``--cpython-only`` skips the browser (no build needed). A script that
prints figures, not a test: the machine's noise is large.
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypedDict

from barbu import Session
from barbu.bots import LEVELS
from barbu.wire import position_data
from tools.bench import common
from tools.dev.chromium import launch_options
from tools.dev.serve import StaticServer

TIMEOUT_MS = 600_000

# The timing loop, run as it is by CPython and by Pyodide: positions in, milliseconds out.
TIMING = """
import json, time
from barbu.bots.players import Bot
from barbu.wire import deal_from_position


ROOT = Path(__file__).resolve().parents[2]
def time_decisions(cases_json, level):
    out = []
    for index, case in enumerate(json.loads(cases_json)):
        view = deal_from_position(case["position"]).view(case["seat"])
        bot = Bot(level, seed=index)
        started = time.perf_counter()
        bot.decide(view)
        out.append((time.perf_counter() - started) * 1000)
    return json.dumps(out)
"""

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bots benchmark</title>
<link rel="icon" href="data:,">
<script type="module">
  import { loadPyodide } from './web/runtime.mjs';
  const pyodide = await loadPyodide();
  const zip = await (await fetch('./modules.zip')).arrayBuffer();
  pyodide.FS.writeFile('modules.zip', new Uint8Array(zip));
  pyodide.runPython("import os, sys; sys.path.insert(0, os.path.abspath('modules.zip'))");
  window.pyodide = pyodide;
  document.documentElement.classList.add('ready');
</script></head><body></body></html>
"""


class Case(TypedDict):
    """One position to decide, as the page sends it to the worker, and its kind of decision."""

    position: dict[str, Any]  # barbu.wire.position_data's JSON data
    seat: int
    kind: str  # the deal's phase: "contract", "doubling" or "play"


def sample_positions(count: int, seed: int) -> list[Case]:
    """``count`` positions from random sessions: the deal, the block context, the seat to move."""
    rng = random.Random(seed)
    cases: list[Case] = []
    every = 7  # one decision in seven, so that positions spread over many deals
    session_seed = seed
    while len(cases) < count:
        session = Session(seed=session_seed)
        session_seed += 1
        step = 0
        while not session.is_over and len(cases) < count:
            if session.between_deals:
                session.next_deal()
            if step % every == rng.randrange(every):
                deal = session.deal
                kind = deal.phase.name.lower()
                seat = session.to_move
                assert seat is not None  # the session is not over: someone is to act
                cases.append({"position": position_data(session), "seat": seat, "kind": kind})
            session.apply(rng.choice(session.legal_actions()))
            step += 1
    return cases


def cpython_times(cases: list[Case], level: str) -> list[float]:
    namespace: dict[str, Any] = {}  # what the source run by exec defines: unchecked
    exec(TIMING, namespace)  # the same source as in the browser
    time_decisions: Callable[[str, str], str] = namespace["time_decisions"]
    times: list[float] = json.loads(time_decisions(json.dumps(cases), level))
    return times


def browser_times(cases: list[Case], level: str, dist: Path) -> list[float]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="barbu-bench-bots-") as tmp:
        site = Path(tmp)
        shutil.copytree(dist / "vendor" / "pyodide", site / "vendor" / "pyodide")
        shutil.copyfile(dist / "modules.zip", site / "modules.zip")
        (site / "web").mkdir()
        shutil.copyfile(dist / "web" / "runtime.mjs", site / "web" / "runtime.mjs")
        (site / "index.html").write_text(PAGE)
        server = StaticServer(site).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**launch_options())
                page = browser.new_page()
                page.goto(server.url)
                page.wait_for_selector("html.ready", state="attached", timeout=TIMEOUT_MS)
                page.evaluate("(code) => pyodide.runPython(code)", TIMING)
                page.set_default_timeout(TIMEOUT_MS)
                result = page.evaluate(
                    "([cases, level]) => pyodide.globals.get('time_decisions')(cases, level)",
                    [json.dumps(cases), level],
                )
                browser.close()
        finally:
            server.stop()
    times: list[float] = json.loads(result)
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def line(label: str, values: list[float]) -> str:
    return (
        f"  {label:<16} n={len(values):<4} median {statistics.median(values):7.1f}  "
        f"p95 {percentile(values, 0.95):7.1f}  max {max(values):7.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    """Time the computer players' decisions on CPython, then in Chromium; print the figures."""
    command = common.parser("bots", __doc__)
    command.add_argument("--level", default="expert", choices=LEVELS)
    command.add_argument("--positions", type=int, default=120)
    common.add_seed(command, 7)
    common.add_dist(command)
    command.add_argument("--cpython-only", action="store_true", help="skip the browser")
    args = command.parse_args(argv)
    if not args.cpython_only and not (args.dist / "modules.zip").is_file():
        print("dist/ is not built: run `make build` first", file=sys.stderr)
        return 1

    cases = sample_positions(args.positions, args.seed)
    native = cpython_times(cases, args.level)
    version = sys.version.split()[0]
    runs = [(f"CPython {version}", native)]
    if not args.cpython_only:
        runs.append(("Pyodide in Chromium", browser_times(cases, args.level, args.dist)))
    kinds = sorted({case["kind"] for case in cases})
    for name, times in runs:
        print(f"{args.level} decision times, ms, {name}:")
        for kind in kinds:
            of_kind = [t for t, case in zip(times, cases, strict=True) if case["kind"] == kind]
            print(line(kind, of_kind))
        print(line("all", times))
    if len(runs) == 2:
        ratio = statistics.median(runs[1][1]) / statistics.median(native)
        print(f"ratio of medians, Chromium / CPython: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
