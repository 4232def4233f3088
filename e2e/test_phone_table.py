"""The phone table (360×640): the page opens at its top (title, toolbar, menu) with the decision
begun below them; at every decision the player's controls are in view above the pinned hand (a
decision that comes during the game by itself, one shown when the page opens once the player
scrolls to it), each the element at its own centre, and they stay there whatever is drawn after;
the page never slides sideways, in every language. Screenshots of each moment go to
test-results/phone/."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from barbu import Contract, Phase, Session
from e2e.browser_helpers import wait_ready
from e2e.test_table import HUMAN, drive_until, hand_over, session_until
from e2e.test_table_layout import declarer_seed

SCREENSHOTS = (
    Path(
        os.environ.get("BARBU_SCREENSHOTS", Path(__file__).resolve().parent.parent / "test-results")
    )
    / "phone"
)
LANGS = ("fr", "en", "ru", "it")

IN_VIEW = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length && !el.closest('[hidden]'))
  .map((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    return {
      control: el.outerHTML.slice(0, 90),
      inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
      own: !!top && (top === el || el.contains(top)),
      under: top ? `${top.tagName.toLowerCase()}.${top.className}` : null,
    };
  })"""


def redoubling(session: Session) -> bool:
    deal = session.deal
    return (
        session.to_move == HUMAN
        and deal.phase is Phase.DOUBLING
        and deal.declarer == HUMAN
        and any(target == HUMAN for _, target in deal.doubles)
    )


def doubling(session: Session) -> bool:
    deal = session.deal
    return session.to_move == HUMAN and deal.phase is Phase.DOUBLING and deal.declarer != HUMAN


def mid_play(session: Session) -> bool:
    deal = session.deal
    return session.to_move == HUMAN and deal.phase is Phase.PLAY and len(deal.tricks) >= 2


MOMENTS: dict[str, tuple[Callable[[], tuple[Session, int | None]], str | None]] = {
    # name: (the saved session and summary shown, the button the player presses to get there)
    "contracts": (lambda: (Session(seed=declarer_seed()), None), None),
    "trumps": (
        lambda: (Session(seed=declarer_seed()), None),
        f'[data-contract="{Contract.TRUMPS.value}"]',
    ),
    "ranks": (
        lambda: (Session(seed=declarer_seed()), None),
        f'[data-contract="{Contract.DOMINO.value}"]',
    ),
    "doubling": (lambda: (session_until(11, doubling, player_doubles=False), None), None),
    "redoubling": (lambda: (session_until(16, redoubling), None), None),
    "last-trick": (lambda: (session_until(12, mid_play), None), '[data-action="last-trick"]'),
    "summary": (lambda: (session_until(14, lambda s: s.number == 3 and s.between_deals), 3), None),
}
CONTROLS = {
    "contracts": "#center [data-contract]",
    "trumps": "#center [data-trump]",
    "ranks": "#center [data-rank]",
    "doubling": "#center [data-double], #center [data-action='doubles-done']",
    "redoubling": "#center [data-double], #center [data-action='doubles-done']",
    "last-trick": "#center .last-trick button",
    "summary": "#center [data-action='next']",
}


AT_TOP = """() => {
  const hand = document.getElementById('hand');
  let floor = innerHeight;
  if (getComputedStyle(hand).position === 'sticky') floor -= hand.getBoundingClientRect().height;
  const menu = document.querySelector('.toolbar [data-action="menu"]').getBoundingClientRect();
  const heading = document.querySelector('#center .prompt h2')?.getBoundingClientRect();
  return {
    scrollY, title: document.getElementById('table-title').getBoundingClientRect().top >= 0,
    menu: menu.top >= 0 && menu.bottom <= innerHeight,
    heading: !heading || heading.bottom <= floor,
  };
}"""
"""Where the page opens: its scroll, whether the title and the menu button show, and whether the
decision's heading shows above the pinned hand."""
SCROLL_TO_DECISION = """() => {
  const box = document.querySelector('#center .prompt, #center .last-trick');
  const hand = document.getElementById('hand');
  let floor = innerHeight;
  if (getComputedStyle(hand).position === 'sticky') floor -= hand.getBoundingClientRect().height;
  scrollBy(0, box.getBoundingClientRect().bottom + 8 - floor);
}"""
"""The player scrolls the page until the decision's foot shows above the pinned hand."""


def open_moment(page: Page, moment: str, lang: str) -> None:
    make, press = MOMENTS[moment]
    session, summary = make()
    hand_over(page, session, summary)
    page.goto(f"/?autoplay=0&seed={session.seed}&lang={lang}&speed=slow&level=beginner")
    wait_ready(page)
    page.wait_for_timeout(400)  # any scroll settles
    assert page.evaluate(AT_TOP) == {"scrollY": 0, "title": True, "menu": True, "heading": True}
    if press:
        page.locator(press).click()
    else:
        page.evaluate(SCROLL_TO_DECISION)
    expect(page.locator(CONTROLS[moment]).first).to_be_visible()
    page.wait_for_timeout(400)  # the scroll to the decision settles


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_each_decision_is_in_view_above_the_hand(page, moment, lang):
    """A phone player would not see the buttons of the decision asked of him (under the pinned
    hand, or below the screen), or the page would slide sideways, if this failed."""
    page.set_viewport_size({"width": 360, "height": 640})  # the module's warm context
    open_moment(page, moment, lang)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{moment}-{lang}.png"))
    controls = page.evaluate(IN_VIEW, CONTROLS[moment])
    assert controls, "no control found"
    hidden = [c for c in controls if not (c["inside"] and c["own"])]
    assert hidden == [], hidden
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("lang", LANGS)
def test_the_summarys_next_stays_in_view_after_an_instant_deal(page, lang):
    """After a deal played at the instant speed, a phone player would find the page scrolled
    down to the score sheet, the summary's Next out of sight, if this failed (the summary,
    taller than the trick before it, made the browser's scroll anchoring push it away)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/?autoplay=0&seed={declarer_seed()}&lang={lang}&speed=instant&level=beginner")
    wait_ready(page)
    drive_until(page, lambda p: p.locator('#center [data-action="next"]').count() > 0)
    # Whatever comes after the summary: the score sheet's new row, the diagram, their scroll.
    expect(page.locator('#scores [data-replay-deal="1"]')).to_have_count(1)
    page.wait_for_timeout(600)
    controls = page.evaluate(IN_VIEW, "#center [data-action='next']")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"instant-summary-{lang}.png"))
    assert [c for c in controls if not (c["inside"] and c["own"])] == [] and controls, controls


@pytest.mark.parametrize("lang", ("ru", "it"))
def test_the_first_visit_opens_at_the_top_with_the_contracts_begun_below(page, lang):
    """A newcomer's phone would open scrolled past the title, the toolbar and the menu, or with
    the contract menu out of sight, if this failed."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/?lang={lang}")
    wait_ready(page)
    expect(page.locator('html[data-table="live"]')).to_have_count(1)
    page.wait_for_timeout(400)  # any scroll settles
    assert page.evaluate(AT_TOP) == {"scrollY": 0, "title": True, "menu": True, "heading": True}
    expect(page.locator("#center [data-contract]").first).to_be_visible()


WIDEST = """
window.__widest = 0;
new MutationObserver(() => {
  window.__widest = Math.max(window.__widest, document.documentElement.scrollWidth);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


@pytest.mark.parametrize("lang", ("ru", "it"))
def test_the_page_never_slides_sideways_during_a_whole_deal(new_context, lang):
    """At any moment of a deal (every change of the page, the computer players' cards and the
    tricks gathered included) the phone page would be wider than the phone, if this failed."""
    context = new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.add_init_script(WIDEST)
    page.goto(f"/?autoplay=0&seed={declarer_seed()}&lang={lang}&speed=fast&level=beginner")
    wait_ready(page)
    drive_until(page, lambda p: p.locator('[data-action="next"]').count() > 0)
    widest = page.evaluate("window.__widest")
    assert 0 < widest <= 360
