"""Replay benchmark: the time of one step of a deal's replay in headless Chromium.

    .venv/bin/python -m tools.bench.replay [--rounds 5] [--dist dist]

Serves dist/ (``python3 -m tools.site.build`` first), opens a shared link to a finished 13-trick
deal (made here with the engine: the same payload as the page's Share button), and, in the page,
steps 100 times forward then 100 times back by dispatching ArrowRight and ArrowLeft key events,
each followed by a forced layout: the page's handler redraws synchronously, so the time measured
is the key's handling, the engine's state at that step (``Deal.at``), the region's props, its
redraw and the browser's style and layout. Each step is a task of its own. Prints the
milliseconds per step (the median of each round's median; each round's 95th percentile, steps
over 16 ms and first step) and the longest task the browser saw meanwhile. The page is left
alone 2 s once the computer players' worker is up, whose start would be measured too. Printed, never
asserted: a timed test would fail on the machine's load, not on the code (the aim:
under 16 ms a step).
"""

from __future__ import annotations

import statistics
from pathlib import Path

from barbu import Contract, Session
from tools.bench import common
from tools.dev.chromium import launch_options
from tools.dev.serve import StaticServer
from web.game.share import deflate, encode_payload, shared_text

ROOT = Path(__file__).resolve().parents[2]
STEPS = """async () => {
  const root = document.querySelector('#replay');
  const press = (key) => {
    document.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    return document.body.offsetHeight;  // style and layout, as the next frame would
  };
  const longest = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest.push(entry.duration);
  });
  observer.observe({type: 'longtask'});
  const times = [];
  for (const key of ['ArrowRight', 'ArrowLeft']) {
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      press(key);
      times.push(performance.now() - t0);
      await new Promise((done) => setTimeout(done, 0));  // each step a task of its own
    }
  }
  observer.disconnect();
  return {times, step: root.dataset.replayStep, longest: Math.max(0, ...longest)};
}"""


def shared_payload(seed: int = 31) -> str:
    """A finished No Tricks deal (13 tricks), played with the first legal action, as a link's
    payload."""
    session = Session(seed=seed)
    while not session.deal.is_over:
        legal = session.legal_actions()
        pick = next((a for a in legal if getattr(a, "contract", None) is Contract.NO_TRICKS), None)
        session.apply(pick or legal[0])
    return encode_payload(deflate(shared_text(session.deal, ("", "", "", ""))))


def main(argv: list[str] | None = None) -> int:
    """Step a shared deal's replay forward and back in Chromium; print the figures."""
    command = common.parser("replay", __doc__)
    command.add_argument("--rounds", type=int, default=5)
    common.add_dist(command)
    args = command.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = StaticServer(args.dist)
    server.start()
    url = f"{server.url}/?seed=31&lang=en&speed=instant#replay={shared_payload()}"
    medians, worsts, firsts, tasks, slow = [], [], [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        page = browser.new_page()
        for _ in range(args.rounds):
            page.goto(url)
            page.wait_for_selector('html.ready[data-view="replay"]', timeout=60_000)
            page.wait_for_selector('html[data-bots="ready"]', timeout=60_000)
            page.wait_for_timeout(2_000)  # the worker's start done: the page alone is measured
            page.keyboard.press("Home")
            page.wait_for_selector('#replay[data-replay-step="0"]')
            result = page.evaluate(STEPS)
            assert result["step"] == "0", result["step"]
            times = result["times"]
            medians.append(statistics.median(times))
            worsts.append(sorted(times)[int(len(times) * 0.95)])
            firsts.append(times[0])
            slow.append(sum(t > 16 for t in times))
            tasks.append(result["longest"])
        browser.close()
    server.stop()
    print(f"replay, 100 steps forward then 100 back, {args.rounds} rounds (ms per step):")
    print(
        f"  median {statistics.median(medians):.2f} (rounds: "
        + ", ".join(f"{m:.2f}" for m in medians)
        + ")"
    )
    print("  95th percentile of each round: " + ", ".join(f"{w:.1f}" for w in worsts))
    print("  steps over 16 ms of 200, each round: " + ", ".join(str(n) for n in slow))
    print("  the first step of each round: " + ", ".join(f"{f:.1f}" for f in firsts))
    print(f"  longest task seen while stepping: {max(tasks):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
