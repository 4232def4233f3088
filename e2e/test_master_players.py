"""A deal against three master computer players (``?level=master``), decided in the worker."""

from __future__ import annotations

import statistics

from playwright.sync_api import Page, expect

from e2e.browser_helpers import wait_ready
from e2e.test_table import drive_until, saved_session


def test_a_deal_against_three_masters(page: Page):
    """A player who asks for the strongest computer players would get weaker ones, or a deal
    that never ends, if this failed. Their decision times are printed (a figure, not a test:
    the machine's load moves them; tools/bench/bots.py measures them)."""
    page.goto("/?seed=31&speed=instant&level=master&lang=en")
    wait_ready(page)
    page.click('.toolbar [data-action="menu"]')
    expect(page.locator("#setting-level")).to_have_value("master")
    expect(page.locator('#setting-level option[value="master"]')).to_have_text("Master")
    page.click('.toolbar [data-action="menu"]')
    drive_until(page, lambda p: p.locator('[data-action="next"]').count() > 0, limit=200)
    session = saved_session(page)
    assert session.deal.is_over and session.number == 1
    times = sorted(
        page.evaluate("performance.getEntriesByName('barbu:bot-decision').map((e) => e.duration)")
    )
    assert len(times) >= 30  # the three masters' contract, doubles and cards
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"\nmaster in the worker, {len(times)} decisions, ms: median"
        f" {statistics.median(times):.0f}, 95th percentile {p95:.0f}, maximum {times[-1]:.0f}"
    )
