"""Boot benchmark: what a player waits for on the Barbu page, next to a bare loadPyodide().

    .venv/bin/python -m tools.bench.boot [--rounds 5] [--dist dist]

Serves a copy of dist/ plus two baselines from one loopback server, and measures in headless
Chromium, rounds interleaved so that all pages see the same machine load:

- bare: a new browser with an empty profile loads bench-bare.html (the self-hosted runtime's
  ``loadPyodide()`` alone, nothing of ours; cold), then comes back twice (warm: 2nd visit,
  again: 3rd visit).
- PyScript alone: the same with bench-pyscript.html, the self-hosted PyScript running one line
  of Python (same plugins off, nothing of ours): what the required PyScript layer costs by itself.
- ours: a new browser with an empty profile loads the game (cold), then, once the service worker
  is active, the Python snapshot and bytecode kept, comes back twice (warm, again) and once more
  with the browser offline. Each visit opens a new game in which a computer player declares
  first (``?seed=77``, 78, 79, 80, the same in every round) at ``?speed=instant`` (a computer
  player's deliberate pause, 0.45 s at the normal speed, is left out), and is left only once the
  page has finished starting (computer players' worker up, snapshot stored): the next visit
  then measures the page, not the end of the last.
- ours, no snapshot kept: the same, but the kept Python snapshot is deleted before each later
  visit (so page and worker start Python normally, as before snapshots existed, and the worker
  takes a new one).

For our page each visit gives two times: the table drawn (``barbu-interactive``, set when Python
has drawn the hand) and the first computer player's action applied (the first
``barbu:bot-action``), besides when the computer players' worker said it was ready
(``barbu-bots-ready``) and when the page's Python started and finished starting (the
``barbu-python-snapshot`` or ``-plain`` measure). The baselines' time is their own mark
(``bare-interactive`` after ``loadPyodide()`` and one ``runPython``; ``pyscript-interactive``
when PyScript runs the page's one line). All are counted from navigation start.

Coming back is a visit from about:blank, as when the player opens the game again. Bytes are
counted by the server (headers and bodies, no compression); for our page, the requests that
arrived before the interactive mark and those after it (the service worker's precache) are
reported apart. A script that prints figures, not a test: the machine's noise is large.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypedDict

from tools.bench import common
from tools.bench.baseline import RUNTIME, add_bare_page
from tools.dev.chromium import launch_options
from tools.dev.serve import Sent, StaticServer

ROOT = Path(__file__).resolve().parents[2]
if TYPE_CHECKING:  # main() imports Playwright itself, only when a benchmark runs
    from playwright.sync_api import BrowserContext, Page, Playwright

TIMEOUT_MS = 120_000
TARGET_EXTRA_BYTES = 300_000

Kind = Literal["cold", "warm", "again", "offline"]
"""A visit: the first (cold), the 2nd (warm), the 3rd (again), the 4th with the browser offline."""


class Baseline(TypedDict):
    """A baseline page's figures: its mark at each visit (ms) and the bytes sent."""

    cold: float
    warm: float
    again: float
    cold_bytes: int
    warm_bytes: int


class VisitTimes(TypedDict):
    """One visit of our page as the page tells it (``VISIT_TIMES``): its marks in ms from
    navigation start, how the page and the worker started Python, when the worker was ready."""

    table: float
    action: float
    bots: float
    python_start: float
    python_end: float
    boot: str
    worker_boot: str
    worker_ms: float


class Visit(VisitTimes):
    """One visit of our page, and when its table was drawn in epoch seconds (which requests of
    the server's log came before it)."""

    ready_at: float


Mark = Literal["table", "action", "bots", "python_start", "python_end", "worker_ms"]
"""The times of a ``Visit`` that the report compares."""


class Snapshot(TypedDict):
    """The snapshot the computer players' worker took and stored (``SNAPSHOT_SIZES``): its size,
    raw and gzipped, and how long taking and storing it took (the worker reports an ``error``
    instead if it failed, and the report then cannot be printed)."""

    bytes: int
    gzip: int
    ms: float


class Ours(TypedDict):
    """Our page's figures: each visit, the snapshot, the bytes sent, the bytecode restored."""

    cold: Visit
    warm: Visit
    again: Visit
    offline: Visit
    snapshot: Snapshot
    cold_bytes: int
    precache_bytes: int
    warm_bytes: int
    restored: int


def interactive(page: Page, mark: str) -> tuple[float, float]:
    """Wait for html.ready; the page's mark in ms from navigation start, and as epoch seconds."""
    page.wait_for_selector("html.ready", state="attached", timeout=TIMEOUT_MS)
    since_start, origin = page.evaluate(
        f"[performance.getEntriesByName({mark!r})[0].startTime, performance.timeOrigin]"
    )
    return since_start, (origin + since_start) / 1000


def settle(page: Page) -> None:
    """Let the page's last requests finish (e.g. the icon) before reading the server's log."""
    page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)


def size(log: list[Sent], before: float | None = None, after: float | None = None) -> int:
    """Bytes of the responses whose requests arrived before / after an instant."""
    return sum(
        sent.size
        for sent in log
        if (before is None or sent.started < before) and (after is None or sent.started >= after)
    )


def come_back(page: Page, url: str) -> None:
    """Leave the page, then open the address again: a later visit in the same browser."""
    page.goto("about:blank")
    page.goto(url)


def new_profile(playwright: Playwright, profile: Path) -> BrowserContext:
    """A new browser with an empty profile of its own: a first visit, with a real disk cache."""
    return playwright.chromium.launch_persistent_context(str(profile), **launch_options())


def measure_baseline(
    playwright: Playwright, server: StaticServer, profile: Path, name: str
) -> Baseline:
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


def measure_bare(playwright: Playwright, server: StaticServer, profile: Path) -> Baseline:
    return measure_baseline(playwright, server, profile, "bare")


def measure_pyscript(playwright: Playwright, server: StaticServer, profile: Path) -> Baseline:
    return measure_baseline(playwright, server, profile, "pyscript")


def finish_starting(page: Page) -> None:
    """Wait until our page has finished starting: its service worker active, its computer
    players' worker up, the snapshot it took stored and the bytecode kept (otherwise that work
    would weigh on the next visit)."""
    page.evaluate(
        "navigator.serviceWorker.ready.then(() => barbuBoot.code.kept)"
        ".then(() => barbuBoot.bots.snapshot).then(() => true)"
    )


SEEDS: dict[Kind, int] = {"cold": 77, "warm": 78, "again": 79, "offline": 80}
"""Each visit's game: in each, a computer player declares first (checked by ``main()``)."""

VISIT_TIMES = """() => {
    const at = (name) => performance.getEntriesByName(name)[0];
    const python = at('barbu-python-snapshot') || at('barbu-python-plain');
    return {
        table: at('barbu-interactive').startTime,
        action: at('barbu:bot-action').startTime,
        bots: at('barbu-bots-ready').startTime,
        python_start: python.startTime,
        python_end: python.startTime + python.duration,
        boot: document.documentElement.dataset.boot,
        worker_boot: barbuBoot.bots.started.boot,
        worker_ms: barbuBoot.bots.started.ms,
    };
}"""


SNAPSHOT_SIZES = """async () => {
    const stored = await barbuBoot.bots.snapshot;
    const runtime = await import('./web/runtime.mjs');
    const kept = await (await caches.open(runtime.SNAPSHOT.cache)).match(runtime.SNAPSHOT.url);
    const gzip = new Response(kept.body.pipeThrough(new CompressionStream('gzip')));
    return {...stored, gzip: (await gzip.arrayBuffer()).byteLength};
}"""
"""The snapshot the first visit's worker stored: its size, raw and gzipped (what shipping it with
the site would weigh), and how long taking and storing it took."""


def visit(page: Page, base: str, kind: Kind, first: bool = False) -> Visit:
    """Open (or come back to) the game of this visit kind; its times once a computer player
    has acted."""
    url = base + f"?seed={SEEDS[kind]}&speed=instant"
    if first:
        page.goto(url)
    else:
        come_back(page, url)
    _, ready_at = interactive(page, "barbu-interactive")
    for mark in ("barbu:bot-action", "barbu-bots-ready"):  # the page may act before the worker
        page.wait_for_function(
            f"performance.getEntriesByName({mark!r}).length > 0", timeout=TIMEOUT_MS
        )
    times: VisitTimes = page.evaluate(VISIT_TIMES)
    return {**times, "ready_at": ready_at}


def measure_ours(
    playwright: Playwright, server: StaticServer, profile: Path, keep: bool = True
) -> Ours:
    """Our page: cold, warm, 3rd and offline visits (``keep``: with the kept snapshot; else it
    is deleted before each later visit)."""
    context = new_profile(playwright, profile)
    page = context.pages[0] if context.pages else context.new_page()
    server.take_log()
    visits: dict[Kind, Visit] = {}
    for kind in SEEDS:
        if kind == "offline":
            context.set_offline(True)
        visits[kind] = visit(page, server.url, kind, first=kind == "cold")
        finish_starting(page)
        if kind == "cold":
            snapshot: Snapshot = page.evaluate(SNAPSHOT_SIZES)
            settle(page)
            log = server.take_log()
            cold_bytes = size(log, before=visits["cold"]["ready_at"])
            precache_bytes = size(log, after=visits["cold"]["ready_at"])
        elif kind == "warm":
            settle(page)
            warm_bytes = size(server.take_log())
            restored: int = page.evaluate("barbuBoot.code.restored")
        if not keep:
            page.evaluate("caches.delete('python-snapshot')")
    context.close()
    return {
        "cold": visits["cold"],
        "warm": visits["warm"],
        "again": visits["again"],
        "offline": visits["offline"],
        "snapshot": snapshot,
        "cold_bytes": cold_bytes,
        "precache_bytes": precache_bytes,
        "warm_bytes": warm_bytes,
        "restored": restored,
    }


def measure_ours_without_snapshots(
    playwright: Playwright, server: StaticServer, profile: Path
) -> Ours:
    return measure_ours(playwright, server, profile, keep=False)


def pyscript_alone_config() -> str:
    """The "PyScript alone" baseline's config: our pyscript.toml's plugins, none of our
    archives, and Pyodide's own module as the interpreter."""
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text())["plugins"]
    return f'interpreter = "./{RUNTIME}/pyodide.mjs"\nplugins = {json.dumps(plugins)}\n'


def main(argv: list[str] | None = None) -> int:
    """Measure the page's boot against the baselines and print the figures."""
    command = common.parser("boot", __doc__)
    command.add_argument("--rounds", type=int, default=5)
    common.add_dist(command)
    args = command.parse_args(argv)
    if not (args.dist / "sw.js").is_file():
        print("dist/ is not built: run `make build` first", file=sys.stderr)
        return 1
    from barbu import Session

    human_first = [seed for seed in SEEDS.values() if Session(seed=seed).to_move == 0]
    if human_first:  # the visit would wait for the player, not measure the computer players
        print(f"the player acts first in game {human_first}", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="barbu-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.dist, site)
        # The baselines run the runtime as Pyodide ships it (tools/bench/baseline.py).
        add_bare_page(site)
        shutil.copyfile(
            ROOT / "tools" / "bench" / "bench_pyscript.html", site / "bench-pyscript.html"
        )
        (site / "bench-pyscript.toml").write_text(pyscript_alone_config())
        server = StaticServer(site).start()
        bare: list[Baseline] = []
        pyscript: list[Baseline] = []
        ours: list[Ours] = []
        plain: list[Ours] = []
        profiles = iter(Path(tmp) / f"profile-{n}" for n in range(10_000))
        with sync_playwright() as playwright:
            measures: list[Callable[[], None]] = [
                lambda: bare.append(measure_bare(playwright, server, next(profiles))),
                lambda: pyscript.append(measure_pyscript(playwright, server, next(profiles))),
                lambda: ours.append(measure_ours(playwright, server, next(profiles))),
                lambda: plain.append(
                    measure_ours_without_snapshots(playwright, server, next(profiles))
                ),
            ]
            measure_bare(playwright, server, next(profiles))  # warm-up of the OS's file cache
            for round_ in range(args.rounds):
                shift = round_ % len(measures)
                for measure in measures[shift:] + measures[:shift]:
                    measure()
                print(
                    f"round {round_ + 1}/{args.rounds}: bare cold {bare[-1]['cold']:.0f} ms, "
                    f"warm {bare[-1]['warm']:.0f}; ours cold table "
                    f"{ours[-1]['cold']['table']:.0f}, action {ours[-1]['cold']['action']:.0f}; "
                    f"warm table {ours[-1]['warm']['table']:.0f}, "
                    f"action {ours[-1]['warm']['action']:.0f}",
                    flush=True,
                )
        server.stop()
    report(bare, pyscript, ours, plain, args.rounds)
    return 0


KINDS: tuple[tuple[Kind, str], ...] = (
    ("cold", "1st, cold"),
    ("warm", "2nd"),
    ("again", "3rd"),
    ("offline", "4th, offline"),
)
"""The four visits of a round, each with its name in the report."""


def report(
    bare: list[Baseline], pyscript: list[Baseline], ours: list[Ours], plain: list[Ours], rounds: int
) -> None:
    """Print the round's figures: the waits, the targets, where the time goes, the bytes."""
    print()
    report_waits(bare, pyscript, ours, plain, rounds)
    print()
    report_targets(bare, ours, plain)
    print()
    report_time(ours, plain)
    print()
    report_bytes(bare, pyscript, ours)


def report_waits(
    bare: list[Baseline], pyscript: list[Baseline], ours: list[Ours], plain: list[Ours], rounds: int
) -> None:
    """What a player waits for at each visit, beside the baselines; the boots each visit saw."""
    print(f"what a player waits for, ms from navigation start ({rounds} rounds, medians)")
    print(
        f"  {'visit':13} {'bare':>6} {'PyScript':>9} | {'table':>6} {'action':>7} {'bots':>6} | "
        f"{'no snapshot kept: table':>24} {'action':>7}"
    )
    for key, name in KINDS:
        base = (
            f"{_med(row[key] for row in bare):6.0f} {_med(row[key] for row in pyscript):9.0f}"
            if key != "offline"
            else " " * 16
        )
        print(
            f"  {name:13} {base} | {_mark(ours, key, 'table'):6.0f}"
            f" {_mark(ours, key, 'action'):7.0f}"
            f" {_mark(ours, key, 'bots'):6.0f} | {_mark(plain, key, 'table'):24.0f}"
            f" {_mark(plain, key, 'action'):7.0f}"
        )
    for key, name in KINDS:
        boots = sorted({(row[key]["boot"], row[key]["worker_boot"]) for row in ours})
        boots_plain = sorted({(row[key]["boot"], row[key]["worker_boot"]) for row in plain})
        print(f"  {name:13} boot of page, worker: {boots}; no snapshot kept: {boots_plain}")


def report_targets(bare: list[Baseline], ours: list[Ours], plain: list[Ours]) -> None:
    """The targets, as ratios of this run's medians."""
    print("targets (ratios of medians in this run)")
    cold_ratio = _mark(ours, "cold", "table") / _med(row["cold"] for row in bare)
    print(f"  1st visit: table / bare cold {cold_ratio:.2f} (target <= 1.10)")
    gap = _since(ours, "cold", "action", "table")
    print(f"  1st visit: first computer action - table {gap:.0f} ms (target <= 1000)")
    for key, name in KINDS[1:3]:
        ratio = _mark(ours, key, "action") / _med(row["warm"] for row in bare)
        print(f"  {name} visit: first computer action / bare warm {ratio:.2f} (target <= 0.50)")
    ratio = _mark(ours, "warm", "table") / _mark(plain, "warm", "table")
    print(f"  2nd visit, table with / without a kept snapshot: {ratio:.2f}")


def report_time(ours: list[Ours], plain: list[Ours]) -> None:
    """Where the time of each visit goes, with and without a kept snapshot; the snapshot."""
    print("where the time goes (medians, ms)")
    for rows, label in ((ours, "snapshot kept"), (plain, "no snapshot kept")):
        for key, name in KINDS:
            print(
                f"  {label:16} {name:13} Python asked {_mark(rows, key, 'python_start'):5.0f}, "
                f"started +{_since(rows, key, 'python_end', 'python_start'):4.0f}, "
                f"table +{_since(rows, key, 'table', 'python_end'):4.0f}, "
                f"first action +{_since(rows, key, 'action', 'table'):4.0f}; "
                f"worker ready after {_mark(rows, key, 'worker_ms'):5.0f}"
            )
    snapshots = [row["snapshot"] for row in ours]
    print(
        f"  snapshot: {_med(s['bytes'] for s in snapshots) / 1e6:.1f} MB "
        f"({_med(s['gzip'] for s in snapshots) / 1e6:.1f} MB gzipped), taken and stored in "
        f"{_med(s['ms'] for s in snapshots):.0f} ms by the worker, after it said it was ready"
    )
    restored = _med(row["restored"] for row in ours)
    print(f"  Python bytecode files restored at the 2nd visit: {restored:.0f}")


def report_bytes(bare: list[Baseline], pyscript: list[Baseline], ours: list[Ours]) -> None:
    """The bytes the server sent at the first visit and at a warm one."""
    bare_bytes = _med(row["cold_bytes"] for row in bare)
    ours_bytes = _med(row["cold_bytes"] for row in ours)
    print("bytes sent by the server, first visit")
    print(f"  bare loadPyodide()             {bare_bytes / 1e3:9.1f} KB")
    print(
        f"  Barbu page until interactive   {ours_bytes / 1e3:9.1f} KB  "
        f"(+{(ours_bytes - bare_bytes) / 1e3:.1f} KB, target <= {TARGET_EXTRA_BYTES / 1e3:.0f} KB)"
    )
    pyscript_bytes = _med(row["cold_bytes"] for row in pyscript)
    print(f"  PyScript alone                 {pyscript_bytes / 1e3:9.1f} KB")
    precache_bytes = _med(row["precache_bytes"] for row in ours)
    print(f"  Barbu precache after it        {precache_bytes / 1e3:9.1f} KB")
    print(
        f"  warm visit: bare {_med(row['warm_bytes'] for row in bare) / 1e3:.1f} KB, "
        f"Barbu {_med(row['warm_bytes'] for row in ours) / 1e3:.1f} KB"
    )


def _med(values: Iterable[float]) -> float:
    """The median."""
    return statistics.median(values)


def _mark(rows: list[Ours], kind: Kind, key: Mark) -> float:
    """The median over the rounds of a mark of one visit."""
    return statistics.median(row[kind][key] for row in rows)


def _since(rows: list[Ours], kind: Kind, key: Mark, origin: Mark) -> float:
    """The median over the rounds of the time from one mark of a visit to another."""
    return statistics.median(row[kind][key] - row[kind][origin] for row in rows)


if __name__ == "__main__":
    raise SystemExit(main())
