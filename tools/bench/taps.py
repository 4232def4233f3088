"""Tap-to-paint benchmark: how long a phone's tap waits for its frame, and how long the boot
holds the main thread, with the CPU slowed 4×.

    .venv/bin/python -m tools.bench.taps [--rounds 3] [--seed 2024] [--throttle 4] [--dist dist]

Serves dist/ with tools/dev/serve.py and opens, each round, a new browser context of headless
Chromium as a phone (360×640, touch, device pixel ratio 2) with nothing saved, its CPU slowed
4× through the DevTools protocol (``Emulation.setCPUThrottlingRate``, as Lighthouse's mobile
profile does; ``--throttle 1``: not slowed) before the page is opened.

- Boot (``?lang=en&speed=instant``, the build's table): the page's own Long Tasks
  (``PerformanceObserver`` of ``longtask``, installed before the page's scripts run): the
  longest main-thread task and the total blocking time (each long task's duration beyond 50 ms,
  summed) until ``html.ready`` (the live table answers) and until ``html[data-bots='ready']``
  (the computer players can act), each milestone's time taken in the page as it happens. The
  round then waits until the computer players' worker has stored its Python snapshot.
- A deal (``?lang=en&speed=instant&autoplay=0&seed=S``, a later visit of the same context: the
  snapshot restored): once the computer players are ready, one whole deal played by clicking,
  every decision of the player's (the first contract allowed, spades or a 7 when asked, no
  double, the first playable card: ``autoplay=0`` leaves even a single legal card to the
  player) until the deal's summary. The page's own Event Timing entries (``click``,
  ``pointerdown``, ``pointerup`` of ``durationThreshold`` 16 ms, the least the API reports) give
  each tap's time from the input to the frame painted after it: per interaction, the longest of
  its entries. A tap without an entry took under 16 ms; the taps are counted by the page
  (``performance.interactionCount``). Printed: median, 95th percentile and worst over the deal,
  the number of taps, and the kind of decision of the worst.

Figures, not a test: nothing is asserted (the machine's load moves them; give it with them).
"""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

from tools.bench import common
from tools.bench.decisions import STATE, TARGETS
from tools.dev.chromium import launch_options
from tools.dev.serve import StaticServer

if TYPE_CHECKING:  # main() imports Playwright itself, only when the benchmark runs
    from playwright.sync_api import Browser, Page

TIMEOUT_MS = 240_000
BELOW = 16.0
"""The least duration Event Timing reports (ms): a tap without an entry took less."""

OBSERVE = """(() => {
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
window.__taps = {};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.interactionId || !['click', 'pointerdown', 'pointerup'].includes(e.name)) continue;
    const seen = window.__taps[e.interactionId];
    if (!seen || seen[1] < e.duration) window.__taps[e.interactionId] = [e.startTime, e.duration];
  }
}).observe({type: 'event', buffered: true, durationThreshold: 16});
window.__milestones = {};
const watchRoot = (root) => new MutationObserver(() => {
  const now = performance.now();
  if (root.classList.contains('ready')) window.__milestones.ready ??= now;
  if (root.dataset.bots === 'ready') window.__milestones.bots ??= now;
}).observe(root, {attributes: true, attributeFilter: ['class', 'data-bots']});
if (document.documentElement) watchRoot(document.documentElement);
else new MutationObserver((changes, observer) => {
  if (!document.documentElement) return;
  observer.disconnect();
  watchRoot(document.documentElement);
}).observe(document, {childList: true});
})();
"""
"""Installed before the page's scripts: its long tasks, its taps' longest entries (start and
duration per interaction), and when ``html.ready`` and ``data-bots='ready'`` came."""

SNAPSHOT_KEPT = """async () => {
  const cache = await caches.open('python-snapshot');
  return (await cache.keys()).length > 0;
}"""


def blocking(tasks: list[list[float]], until: float | None) -> tuple[float, float]:
    """The longest task begun before ``until`` and the total blocking time until then (ms)."""
    begun = [duration for start, duration in tasks if until is None or start < until]
    return max(begun, default=0.0), sum(max(0.0, d - 50) for d in begun)


def boot(page: Page) -> dict[str, float]:
    """A first visit: the longest task and the blocking time until each milestone."""
    page.goto("/?lang=en&speed=instant")
    page.wait_for_selector("html.ready", timeout=TIMEOUT_MS)
    page.wait_for_selector("html[data-bots='ready']", state="attached", timeout=TIMEOUT_MS)
    page.wait_for_function(SNAPSHOT_KEPT, timeout=TIMEOUT_MS, polling=500)
    tasks = page.evaluate("window.__longTasks")
    milestones = page.evaluate("window.__milestones")
    figures = {"ready_at": milestones["ready"], "bots_at": milestones["bots"]}
    for name, key in (("ready", "ready"), ("bots", "bots")):
        figures[f"{name}_longest"], figures[f"{name}_tbt"] = blocking(tasks, milestones[key])
    return figures


def play_deal(page: Page, seed: int) -> tuple[list[float], int, str]:
    """A later visit's deal played by clicking: each tap's duration (ms; 0 for those under
    16 ms), the taps counted, and the kind of decision of the worst."""
    page.goto(f"/?lang=en&speed=instant&autoplay=0&seed={seed}")
    page.wait_for_selector("html.ready", timeout=TIMEOUT_MS)
    page.wait_for_selector("html[data-bots='ready']", state="attached", timeout=TIMEOUT_MS)
    clicked: list[tuple[float, str]] = []  # (the page's clock before the click, what)
    for _ in range(200):
        state = page.wait_for_function(STATE, polling="raf", timeout=TIMEOUT_MS).json_value()
        if state == "next":
            break
        clicked.append((float(page.evaluate("performance.now()")), state))
        page.locator(TARGETS[state]).first.click(timeout=TIMEOUT_MS)
    else:
        raise RuntimeError("the deal did not end")
    page.wait_for_timeout(1_000)  # the last entries delivered
    taps = int(page.evaluate("performance.interactionCount"))
    entries = sorted(page.evaluate("Object.values(window.__taps)"))
    durations = [duration for _, duration in entries]
    worst_kind = "none"
    if entries:
        start, _ = max(entries, key=lambda e: e[1])
        worst_kind = next((kind for t, kind in reversed(clicked) if t <= start), "?")
    if taps != len(clicked):  # a click the page did not count as an interaction, or more
        print(f"  ({len(clicked)} clicks sent, {taps} interactions counted by the page)")
    return durations + [0.0] * max(0, taps - len(durations)), taps, worst_kind


def one_round(browser: Browser, base: str, seed: int, throttle: float) -> dict[str, float | str]:
    """A first visit's boot, then a deal on a later visit, in a new throttled phone context."""
    context = browser.new_context(
        base_url=base,
        **common.PHONE,
    )
    context.add_init_script(OBSERVE)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    figures: dict[str, float | str] = dict(boot(page))
    durations, taps, worst_kind = play_deal(page, seed)
    ordered = sorted(durations)
    figures.update(
        median=statistics.median(ordered),
        p95=ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))],
        worst=ordered[-1],
        taps=taps,
        slow=sum(d >= BELOW for d in ordered),
        worst_kind=worst_kind,
    )
    context.close()
    return figures


def ms(value: float | str) -> str:
    """A tap's time as printed: under the least Event Timing reports, said so."""
    return f"<{BELOW:.0f} ms" if float(value) < BELOW else f"{float(value):.0f} ms"


def report(rounds: list[dict[str, float | str]], throttle: float) -> None:
    """Print each round's figures and their medians."""
    print(f"taps and boot, phone 360×640, CPU slowed {throttle:g}×, {len(rounds)} rounds:")
    for n, r in enumerate(rounds, 1):
        print(
            f"  round {n}: deal: {r['taps']} taps ({r['slow']} of {BELOW:.0f} ms or more), "
            f"median {ms(r['median'])}, 95th percentile {ms(r['p95'])}, worst {ms(r['worst'])} "
            f"(a {r['worst_kind']}); first visit: html.ready at {float(r['ready_at']):.0f} ms, "
            f"longest task {float(r['ready_longest']):.0f} ms, blocking "
            f"{float(r['ready_tbt']):.0f} ms; data-bots ready at {float(r['bots_at']):.0f} ms, "
            f"longest task {float(r['bots_longest']):.0f} ms, blocking "
            f"{float(r['bots_tbt']):.0f} ms"
        )
    for key, name in (
        ("median", "tap, median"),
        ("p95", "tap, 95th percentile"),
        ("worst", "tap, worst"),
        ("ready_longest", "boot's longest task until html.ready"),
        ("ready_tbt", "boot's total blocking time until html.ready"),
        ("bots_longest", "boot's longest task until data-bots ready"),
        ("bots_tbt", "boot's total blocking time until data-bots ready"),
    ):
        value = statistics.median(float(r[key]) for r in rounds)
        shown = ms(value) if key in ("median", "p95", "worst") else f"{value:.0f} ms"
        print(f"  median of the rounds, {name}: {shown}")


def main(argv: list[str] | None = None) -> int:
    """Run the rounds; print each round's figures and their medians."""
    command = common.parser("taps", __doc__)
    command.add_argument("--rounds", type=int, default=3)
    common.add_seed(command, default=2024)
    command.add_argument("--throttle", type=float, default=4.0, help="the CPU slowed N times")
    common.add_dist(command)
    args = command.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = StaticServer(args.dist)
    server.start()
    rounds = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        for _ in range(args.rounds):
            rounds.append(one_round(browser, server.url, args.seed, args.throttle))
        browser.close()
    server.stop()
    report(rounds, args.throttle)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
