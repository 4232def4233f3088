"""Rules page benchmark: when its text shows, and when a live demo answers its first click.

    .venv/bin/python -m tools.bench.rules [--rounds 5] [--dist dist] [--lang en]

Serves a copy of dist/ (and the boot benchmark's bare ``loadPyodide()`` page) from one loopback
server and measures in headless Chromium, rounds interleaved:

- bare: a new browser with an empty profile loads bench-bare.html (cold), then comes back (warm).
- rules: a new browser with an empty profile opens rules/<lang>/ (cold): the first contentful
  paint (the text is there: real HTML), then scrolls to the settlement explorer and clicks its
  first double at once, and waits for the deal scores to change (the engine started lazily, the
  demo drawn again by Python, the click answered). Once the service worker is active, it comes
  back (warm) and does the same.

Printed: first contentful paint, the click's answer counted from the click and from navigation
start, the page's main thread held meanwhile (its longest task until the answer, and the
blocking time: each task's part over 50 ms, summed), the bare ``loadPyodide()`` figures of the
same rounds, and ratios. Figures, not a test.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypedDict

from tools.bench import common
from tools.bench.baseline import add_bare_page
from tools.bench.boot import TIMEOUT_MS, Baseline, come_back, measure_bare, new_profile
from tools.dev.serve import StaticServer

ROOT = Path(__file__).resolve().parents[2]
if TYPE_CHECKING:  # main() imports Playwright itself, only when a benchmark runs
    from playwright.sync_api import Page, Playwright

FCP = "() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
CLICK = """() => {
  const t = performance.now();
  document.querySelector('#demo-settlement [data-act="1-0"]').click();
  return t;
}"""
ANSWERED = """() => document.querySelector('#demo-settlement [data-final="0"]')
  .textContent === '\u221218'"""
LONG_TASKS = """() => new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    observer.disconnect();
    resolve(list.getEntries().map((task) => task.duration));
  }).observe({ type: 'longtask', buffered: true });
  setTimeout(() => resolve([]), 500);
})"""
"""The durations of the page's long tasks (50 ms or more) so far: none seen, an empty list."""

Kind = Literal["cold", "warm"]
"""A visit: the first (cold), then a later one with the service worker active (warm)."""


class Visit(TypedDict):
    """One visit's times in ms: first contentful paint and the demo's first answer, from the
    click and from navigation start."""

    fcp: float
    answer: float
    answer_total: float
    longest: float
    blocking: float


class RulesPage(TypedDict):
    """Both visits of the rules page."""

    cold: Visit
    warm: Visit


def summary(values: list[float]) -> str:
    """Median, minimum and maximum, in whole ms."""
    return (
        f"median {statistics.median(values):7.0f}  min {min(values):7.0f}  max {max(values):7.0f}"
    )


def visit(page: Page, url: str, first: bool) -> Visit:
    """One visit: first contentful paint; then the demo's first answer."""
    if first:
        page.goto(url)
    else:
        come_back(page, url)
    page.wait_for_function(f"() => ({FCP})() !== null", timeout=TIMEOUT_MS, polling=50)
    fcp = page.evaluate(FCP)
    page.locator("#demo-settlement").scroll_into_view_if_needed()
    clicked = page.evaluate(CLICK)
    page.wait_for_function(ANSWERED, timeout=TIMEOUT_MS, polling="raf")
    answered = page.evaluate("performance.now()")
    tasks: list[float] = page.evaluate(LONG_TASKS)
    return {
        "fcp": fcp,
        "answer": answered - clicked,
        "answer_total": answered,
        "longest": max(tasks, default=0.0),
        "blocking": sum(max(0.0, task - 50) for task in tasks),
    }


def measure_rules(
    playwright: Playwright, server: StaticServer, profile: Path, lang: str
) -> RulesPage:
    """Cold, then warm (the service worker active)."""
    context = new_profile(playwright, profile)
    page = context.pages[0] if context.pages else context.new_page()
    url = server.url + f"rules/{lang}/"
    cold = visit(page, url, first=True)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
    warm = visit(page, url, first=False)
    context.close()
    return {"cold": cold, "warm": warm}


LINES: tuple[tuple[str, Callable[[Visit], float]], ...] = (
    ("text shown (first contentful paint)", lambda v: v["fcp"]),
    ("demo's first answer, from the click", lambda v: v["answer"]),
    ("demo's first answer, from the start", lambda v: v["answer_total"]),
    ("main thread's longest task till then", lambda v: v["longest"]),
    ("main thread's blocking time till then", lambda v: v["blocking"]),
)
"""What is printed of each visit, in order, under its label, and how it is read from the visit
(mypy checks each key against ``Visit``)."""


def report(rules: list[RulesPage], bare: list[Baseline], lang: str, rounds: int) -> None:
    """Print each visit's figures over the rounds, and the bare start's beside them."""
    print()
    print(f"rules/{lang}/, ms ({rounds} rounds, headless Chromium, this machine)")
    visits: tuple[Kind, ...] = ("cold", "warm")
    for visit_ in visits:
        for label, figure in LINES:
            print(f"  {visit_:4} {label:37} {summary([figure(row[visit_]) for row in rules])}")
        base = [row[visit_] for row in bare]
        print(f"  {visit_:4} {'bare loadPyodide(), for comparison':37} {summary(base)}")
        answers = [row[visit_]["answer_total"] for row in rules]
        ratio = statistics.median(answers) / statistics.median(base)
        print(f"  {visit_:4} ratio of medians, first answer / bare loadPyodide(): {ratio:.2f}")


def main(argv: list[str] | None = None) -> int:
    """Measure the rules page's text and its first demo's answer; print the figures."""
    command = common.parser("rules", __doc__)
    command.add_argument("--rounds", type=int, default=5)
    common.add_dist(command)
    command.add_argument("--lang", default="en")
    args = command.parse_args(argv)
    if not (args.dist / "sw.js").is_file():
        print("dist/ is not built: run `make build` first", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    bare: list[Baseline] = []
    rules: list[RulesPage] = []
    with tempfile.TemporaryDirectory(prefix="barbu-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.dist, site)
        add_bare_page(site)
        server = StaticServer(site).start()
        profiles = iter(Path(tmp) / f"profile-{n}" for n in range(10_000))
        with sync_playwright() as playwright:
            measure_bare(playwright, server, next(profiles))  # warm-up of the OS's file cache
            for round_ in range(args.rounds):
                pair: list[Callable[[], None]] = [
                    lambda: bare.append(measure_bare(playwright, server, next(profiles))),
                    lambda: rules.append(
                        measure_rules(playwright, server, next(profiles), args.lang)
                    ),
                ]
                for run in pair[round_ % 2 :] + pair[: round_ % 2]:
                    run()
                print(
                    f"round {round_ + 1}/{args.rounds}: text {rules[-1]['cold']['fcp']:.0f} ms, "
                    f"first answer {rules[-1]['cold']['answer_total']:.0f} ms, "
                    f"bare loadPyodide() {bare[-1]['cold']:.0f} ms (cold)",
                    flush=True,
                )
        server.stop()

    report(rules, bare, args.lang, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
