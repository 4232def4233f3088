"""Boot benchmark: time-to-interactive and bytes of the Barbu page next to a bare loadPyodide().

    .venv/bin/python tools/bench_boot.py [--rounds 5] [--dist dist]

Serves a copy of dist/ plus two baselines from one loopback server, and measures in headless
Chromium, rounds interleaved so that all pages see the same machine load:

- bare: a new browser with an empty profile loads bench-bare.html (the self-hosted runtime's
  ``loadPyodide()`` alone, nothing of ours; cold), then comes back twice (warm: 2nd visit,
  again: 3rd visit).
- PyScript alone: the same with bench-pyscript.html, the self-hosted PyScript running one line
  of Python (same plugins off, nothing of ours): what the required PyScript layer costs by itself.
- ours: a new browser with an empty profile loads /?seed=1 (cold), then, once the service worker
  is active and the Python bytecode kept (web/codecache.py), comes back twice (warm, again) and
  once more with the browser offline. Each visit is left only once the page has finished
  starting, computer players' worker included (its own Pyodide boots for a few seconds after
  the table is interactive): the next visit then measures the page, not the end of the last.

Coming back is a visit from about:blank, as when the player opens the game again. A reload would
also count the teardown of the page being left, which for ours (two runtimes: the page's and the
computer players' worker) adds about 0.1 s to the next visit.

Time-to-interactive is the page's own performance mark (``barbu-interactive``, set when Python
has drawn the hand; ``bare-interactive`` after ``loadPyodide()`` and one ``runPython``;
``pyscript-interactive`` when PyScript runs the page's one line), counted
from navigation start. Bytes are counted by the server (headers and bodies, no compression);
for our page, the requests that arrived before the interactive mark and those after it (the
service worker's precache) are reported apart. A script that prints figures, not a test: the
machine's noise is large.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import launch_options  # noqa: E402
from tools.serve import Sent, StaticServer  # noqa: E402

TIMEOUT_MS = 120_000
TARGET_TIME = 1.15
TARGET_EXTRA_BYTES = 300_000


def interactive(page, mark: str) -> tuple[float, float]:
    """Wait for html.ready; the page's mark in ms from navigation start, and as epoch seconds."""
    page.wait_for_selector("html.ready", state="attached", timeout=TIMEOUT_MS)
    since_start, origin = page.evaluate(
        f"[performance.getEntriesByName({mark!r})[0].startTime, performance.timeOrigin]"
    )
    return since_start, (origin + since_start) / 1000


def settle(page) -> None:
    """Let the page's last requests finish (e.g. the icon) before reading the server's log."""
    page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)


def size(log: list[Sent], before: float | None = None, after: float | None = None) -> int:
    """Bytes of the responses whose requests arrived before / after an instant."""
    return sum(
        sent.size
        for sent in log
        if (before is None or sent.started < before) and (after is None or sent.started >= after)
    )


def come_back(page, url: str) -> None:
    """Leave the page, then open the address again: a later visit in the same browser."""
    page.goto("about:blank")
    page.goto(url)


def new_profile(playwright, profile: Path):
    """A new browser with an empty profile of its own: a first visit, with a real disk cache."""
    return playwright.chromium.launch_persistent_context(str(profile), **launch_options())


def measure_baseline(
    playwright, server: StaticServer, profile: Path, name: str
) -> dict[str, float]:
    """A baseline page (``bare`` or ``pyscript``): cold, then two later visits."""
    context = new_profile(playwright, profile)
    page = context.pages[0] if context.pages else context.new_page()
    url = server.url + f"bench-{name}.html"
    mark = f"{name}-interactive"
    server.take_log()
    page.goto(url)
    cold, _ = interactive(page, mark)
    settle(page)
    cold_bytes = size(server.take_log())
    come_back(page, url)
    warm, _ = interactive(page, mark)
    settle(page)
    warm_bytes = size(server.take_log())
    come_back(page, url)
    again, _ = interactive(page, mark)
    context.close()
    return {
        "cold": cold,
        "warm": warm,
        "again": again,
        "cold_bytes": cold_bytes,
        "warm_bytes": warm_bytes,
    }


def measure_bare(playwright, server: StaticServer, profile: Path) -> dict[str, float]:
    return measure_baseline(playwright, server, profile, "bare")


def measure_pyscript(playwright, server: StaticServer, profile: Path) -> dict[str, float]:
    return measure_baseline(playwright, server, profile, "pyscript")


def finish_starting(page) -> None:
    """Wait until our page has finished starting: its service worker active and its computer
    players' worker up, bytecode kept (the worker's Pyodide boots for a few seconds after the
    table is interactive, and would otherwise weigh on the next visit)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => barbuBoot.code.kept).then(() => true)")


def measure_ours(playwright, server: StaticServer, profile: Path) -> dict[str, float]:
    context = new_profile(playwright, profile)
    page = context.pages[0] if context.pages else context.new_page()
    url = server.url + "?seed=1"
    server.take_log()
    page.goto(url)
    cold, ready_at = interactive(page, "barbu-interactive")
    finish_starting(page)
    settle(page)
    log = server.take_log()
    come_back(page, url)
    warm, _ = interactive(page, "barbu-interactive")
    restored = page.evaluate("barbuBoot.code.restored")
    finish_starting(page)
    settle(page)
    warm_bytes = size(server.take_log())
    come_back(page, url)
    again, _ = interactive(page, "barbu-interactive")
    finish_starting(page)
    context.set_offline(True)
    come_back(page, url)
    offline, _ = interactive(page, "barbu-interactive")
    context.close()
    return {
        "cold": cold,
        "warm": warm,
        "again": again,
        "offline": offline,
        "cold_bytes": size(log, before=ready_at),
        "precache_bytes": size(log, after=ready_at),
        "warm_bytes": warm_bytes,
        "restored": restored,
    }


def pyscript_alone_config() -> str:
    """The "PyScript alone" baseline's config: our pyscript.toml's plugins, none of our
    archives, and Pyodide's own module as the interpreter."""
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text())["plugins"]
    return f'interpreter = "./vendor/pyodide/pyodide.mjs"\nplugins = {json.dumps(plugins)}\n'


def summary(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):7.0f}  min {min(values):7.0f}  max {max(values):7.0f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boot benchmark of the Barbu page.")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    if not (args.dist / "sw.js").is_file():
        print("dist/ is not built: run `make build` first", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="barbu-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.dist, site)
        for name in ("bench_bare.html", "bench_pyscript.html"):
            shutil.copyfile(ROOT / "tools" / name, site / name.replace("_", "-"))
        (site / "bench-pyscript.toml").write_text(pyscript_alone_config())
        # The baselines run the runtime as Pyodide ships it, package lock included (our page
        # does without it: web/runtime.mjs).
        shutil.copyfile(
            ROOT / "node_modules" / "pyodide" / "pyodide-lock.json",
            site / "vendor" / "pyodide" / "pyodide-lock.json",
        )
        server = StaticServer(site).start()
        results: dict = {measure_bare: [], measure_pyscript: [], measure_ours: []}
        bare, pyscript, ours = results.values()
        profiles = iter(Path(tmp) / f"profile-{n}" for n in range(10_000))
        with sync_playwright() as playwright:
            measure_bare(playwright, server, next(profiles))  # warm-up of the OS's file cache
            for round_ in range(args.rounds):
                order = list(results)[round_ % 3 :] + list(results)[: round_ % 3]
                for measure in order:
                    results[measure].append(measure(playwright, server, next(profiles)))
                print(
                    f"round {round_ + 1}/{args.rounds}: bare cold {bare[-1]['cold']:.0f} ms, "
                    f"PyScript alone cold {pyscript[-1]['cold']:.0f} ms, "
                    f"ours cold {ours[-1]['cold']:.0f} ms",
                    flush=True,
                )
        server.stop()

    def column(rows, key):
        return [row[key] for row in rows]

    def median(rows: list[dict], key: str) -> float:
        return statistics.median(column(rows, key))

    print()
    print(f"time to interactive, ms ({args.rounds} rounds, headless Chromium, this machine)")
    for key, visit in (("cold", ""), ("warm", "   (2nd visit)"), ("again", "   (3rd visit)")):
        print(f"  bare loadPyodide() {key:6} {summary(column(bare, key))}{visit}")
        print(f"  PyScript alone     {key:6} {summary(column(pyscript, key))}{visit}")
        print(f"  Barbu page         {key:6} {summary(column(ours, key))}{visit}")
    print(f"  Barbu page         offline {summary(column(ours, 'offline'))}   (4th visit)")
    ratios = ", ".join(
        f"{key} {median(ours, key) / median(bare, key):.2f}" for key in ("cold", "warm", "again")
    )
    print(f"  ratio of medians, ours / bare: {ratios} (target <= {TARGET_TIME:.2f})")
    alone = ", ".join(
        f"{key} {median(pyscript, key) / median(bare, key):.2f}"
        for key in ("cold", "warm", "again")
    )
    print(f"  ratio of medians, PyScript alone / bare: {alone}")
    print(f"  Python bytecode files restored at the 2nd visit: {summary(column(ours, 'restored'))}")
    print()
    bare_bytes = median(bare, "cold_bytes")
    ours_bytes = median(ours, "cold_bytes")
    print("bytes sent by the server, first visit")
    print(f"  bare loadPyodide()             {bare_bytes / 1e3:9.1f} KB")
    print(
        f"  Barbu page until interactive   {ours_bytes / 1e3:9.1f} KB  "
        f"(+{(ours_bytes - bare_bytes) / 1e3:.1f} KB, target <= {TARGET_EXTRA_BYTES / 1e3:.0f} KB)"
    )
    print(f"  PyScript alone                 {median(pyscript, 'cold_bytes') / 1e3:9.1f} KB")
    print(f"  Barbu precache after it        {median(ours, 'precache_bytes') / 1e3:9.1f} KB")
    print(
        f"  warm visit: bare {median(bare, 'warm_bytes') / 1e3:.1f} KB, "
        f"Barbu {median(ours, 'warm_bytes') / 1e3:.1f} KB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
