"""A whole 28-deal session played through the page, as a player would, with the test hooks only."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Page, expect

from barbu import STANDARD, score_record
from e2e.browser_helpers import score, wait_ready

SEED = 2024
LONG_TASKS = """
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({start: entry.startTime, duration: entry.duration});
    }
  }).observe({type: 'longtask', buffered: true});
} catch (error) { window.__longTasks = null; }
"""

# What the page waits for now, read in one round trip (hooks only).
STATE = """() => {
  const q = (s) => document.querySelector(s);
  const follows = q('#elsewhere');
  if (follows && !follows.hidden) return 'elsewhere';  // another tab plays: nothing asked here
  if (q('[data-action="next"]')) return 'next';
  if (q('[data-testid="session-over"]')) return 'over';
  if (q('[data-trump]')) return 'trump';
  if (q('[data-rank]')) return 'rank';
  if (q('[data-contract]:not([disabled])')) return 'contract';
  if (q('[data-action="doubles-done"]')) return 'double';
  if (q('#hand button[data-card].playable')) return 'card';
  return null;
}"""


def next_state(page: Page) -> str:
    """Wait until the page asks the player for something; say what."""
    return page.wait_for_function(STATE, polling="raf").json_value()


def play_session(page: Page) -> dict:
    """Play the player's part of a session through the hooks; returns what happened."""
    seen = {"contracts": [], "forced": 0, "cards": 0, "deals": 0, "obligations": []}
    while True:
        state = next_state(page)
        if state == "over":
            return seen
        if state == "next":
            seen["deals"] += 1
            page.click('[data-action="next"]')
        elif state == "contract":
            choice = page.locator("[data-contract]:not([disabled])").first
            seen["contracts"].append(choice.get_attribute("data-contract"))
            choice.click()
        elif state == "trump":
            page.click('[data-trump="S"]')
        elif state == "rank":
            page.click('[data-rank="7"]')
        elif state == "double":
            obligation = page.locator("#center .obligation")
            if obligation.count():
                seen["forced"] += 1
                seen["obligations"].append(obligation.text_content())
                declarer = page.locator("#board .seat.declarer").get_attribute("data-seat")
                # The double owed comes selected, with Confirm instead of Pass.
                expect(page.locator(f'[data-double="{declarer}"]')).to_have_attribute(
                    "aria-pressed", "true"
                )
            page.click('[data-action="doubles-done"]')
        elif state == "card":
            page.locator("#hand button[data-card].playable").first.click()
            seen["cards"] += 1


def test_a_whole_session_ends_with_the_totals_of_the_engines_replay(page, base_url, request_log):
    """A player finishing a session could see wrong totals, a wrong winner, a session that never
    ends, or an exported record that does not replay to the same scores, if this failed."""
    page.add_init_script(LONG_TASKS)
    page.goto(f"/?autoplay=0&seed={SEED}&speed=instant&level=beginner&lang=en")
    wait_ready(page)
    started = time.monotonic()
    seen = play_session(page)
    elapsed = time.monotonic() - started

    over = page.locator('[data-testid="session-over"]')
    expect(over).to_be_visible()
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "28")
    assert seen["deals"] == 28
    # The player declared a whole block: the seven contracts, each once.
    assert sorted(seen["contracts"]) == sorted(c.contract for c in STANDARD.contracts)
    # He doubled only when forced, so the obligation forced him twice in each other block.
    assert seen["forced"] == 6, seen["obligations"]
    assert all("must double" in text for text in seen["obligations"])
    assert seen["cards"] >= 7 * 13 // 2  # at least the tricks of his own block's long deals

    with page.expect_download() as download:
        over.locator('[data-action="export"]').click()
    record = json.loads(download.value.path().read_text())
    replay = score_record(record)
    totals = [page.locator(f'[data-total="{seat}"]').text_content() or "" for seat in range(4)]
    shown = [score(text) for text in totals]
    assert shown == replay["totals"]
    assert over.locator("[data-winners]").get_attribute("data-winners") == ",".join(
        map(str, replay["winners"])
    )
    assert len(record["deals"]) == 28 and record["seed"] == SEED

    # While the computer players play (from the drawn table to the end: at first the page
    # decides for them, until their worker is up), the main thread's long tasks are printed,
    # not asserted: on this shared machine the longest went from 50 ms idle to 200 and once
    # 676 ms with other browsers running, so any bound fails on load, not on code (speed is
    # measured by the benchmark commands, not by timed tests).
    long_tasks = page.evaluate("window.__longTasks")
    drawn = page.evaluate("performance.getEntriesByName('barbu-interactive')[0].startTime")
    draws = page.evaluate("performance.getEntriesByName('barbu:draw').map(e => e.duration)")
    while_playing = [t["duration"] for t in long_tasks if t["start"] >= drawn]
    print(
        f"\nsession played in {elapsed:.0f} s; long tasks (> 50 ms) while the bots played: "
        f"{len(while_playing)}, longest {max(while_playing, default=0):.0f} ms; "
        f"{len(draws)} redraws, median {sorted(draws)[len(draws) // 2]:.0f} ms, "
        f"longest {max(draws):.0f} ms"
    )
    assert long_tasks is not None, "this browser does not report long tasks"
    assert request_log.foreign(base_url) == []
