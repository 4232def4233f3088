"""The table as a player feels it (issue 16): the last trick seen, a layout that holds still,
a double owed offered as it must be, a menu that Escape closes."""

from __future__ import annotations

from playwright.sync_api import expect

from barbu import Phase
from e2e.browser_helpers import wait_ready
from e2e.test_table import HUMAN, drive_until, hand_over, session_until

# Layout shifts, and what the centre showed at each change (recorded in the page itself: a
# trick held for 0.45 s is easily missed by polling from the test).
WATCH = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__shifts.push({value: entry.value, input: entry.hadRecentInput, at: entry.startTime});
  }
}).observe({type: 'layout-shift', buffered: true});
window.__centre = [];
addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    const centre = document.getElementById('center');
    if (!centre) return;
    window.__centre.push({
      at: performance.now(),
      played: centre.querySelectorAll('.trick [data-played]').length,
      winner: centre.querySelectorAll('.trick .winner').length,
      caption: centre.querySelector('.trick-caption')?.textContent ?? null,
      summary: centre.querySelector('[data-summary]') !== null,
      hand: document.querySelectorAll('#hand button[data-card]').length,
    });
  }).observe(document.body, {childList: true, subtree: true});
});
"""


def test_the_last_trick_and_its_winner_show_before_the_summary(new_context):
    """The deal's last trick went from three cards straight to the summary: its fourth card and
    its winner were never seen (in No Last Two, that is the whole deal)."""
    page = new_context().new_page()
    page.add_init_script(WATCH)
    page.goto("/?seed=31&lang=en&speed=fast&level=beginner")
    wait_ready(page)
    drive_until(page, lambda p: p.locator("[data-summary]").count() > 0)
    seen = page.evaluate("window.__centre")
    first_summary = next(i for i, s in enumerate(seen) if s["summary"])
    last_trick = [
        s for s in seen[:first_summary] if s["hand"] == 0 and s["played"] == 4 and s["winner"] == 1
    ]
    assert last_trick, "the last trick was never shown whole"
    assert "wins the trick" in last_trick[-1]["caption"]
    # Shown for the pause between tricks at this speed (0.45 s), then the summary.
    assert seen[first_summary]["at"] - last_trick[0]["at"] > 300


def test_the_phone_layout_holds_still_during_a_deal(new_context):
    """Measured before: every turn moved the phone layout (the Hint button came and went, the
    seats' lines wrapped), a layout shift of 0.75 over four tricks."""
    page = new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True
    ).new_page()
    page.add_init_script(WATCH)
    page.goto("/?seed=31&lang=en&speed=fast&level=beginner")
    wait_ready(page)
    drive_until(page, lambda p: p.locator("[data-summary]").count() > 0)
    shifts = page.evaluate("window.__shifts")
    seen = page.evaluate("window.__centre")
    summary_at = next(s["at"] for s in seen if s["summary"])
    # The deal, up to its summary (which replaces the centre); shifts that follow the player's
    # own taps within 0.5 s are his doing (hadRecentInput), as the Web Vitals count them.
    during = [s for s in shifts if s["at"] < summary_at and not s["input"]]
    assert sum(s["value"] for s in during) < 0.05, during


def test_a_double_owed_comes_selected_with_confirm_and_cannot_be_dropped(page):
    """When the obligation forced a double, the prompt offered an enabled Pass that the engine
    then refused."""
    session = session_until(
        11,
        lambda s: (
            s.to_move == HUMAN and s.deal.phase is Phase.DOUBLING and s.deal.must_double(HUMAN)
        ),
        player_doubles=False,
    )
    hand_over(page, session)
    page.goto("/?seed=11&lang=en&speed=slow")
    wait_ready(page)
    declarer = session.deal.declarer
    owed = page.locator(f'[data-double="{declarer}"]')
    expect(owed).to_have_attribute("aria-pressed", "true")
    done = page.locator('[data-action="doubles-done"]')
    expect(done).to_have_text("Confirm")
    owed.click()  # unselecting it is refused, with the reason
    expect(owed).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#center .refusal")).to_contain_text("must")
    done.click()
    expect(page.locator('[data-action="doubles-done"]')).to_have_count(0)


def test_escape_closes_the_menu_from_its_first_field_and_focus_returns(page):
    """Focus starts in the menu's first field, where Escape did nothing."""
    page.goto("/?seed=32&lang=en&speed=slow")
    wait_ready(page)
    page.click('[data-action="menu"]')
    menu = page.locator("#menu-panel")
    expect(menu).to_be_visible()
    focused = page.evaluate("document.activeElement.tagName.toLowerCase()")
    assert focused in ("select", "input")
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(page.locator('.toolbar [data-action="menu"]')).to_be_focused()
