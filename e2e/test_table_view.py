"""What the table shows and asks: the player's own seat beside a decision on a desktop, the score
sheet's row sums (Σ) on a phone, whose sheet scrolls sideways under them; no prompt where the
engine leaves the player nothing to choose."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from barbu import Phase, Session
from e2e.browser_helpers import CATALOGS, wait_ready
from e2e.test_table import HUMAN, drive_until, hand_over, saved_session, session_until
from e2e.test_table_layout import declarer_seed

OWN_SEAT = """() => {
  const seat = document.getElementById('seat-0').getBoundingClientRect();
  const hand = document.getElementById('hand').getBoundingClientRect();
  const top = document.elementFromPoint(seat.left + seat.width / 2, seat.top + seat.height / 2);
  return {
    aboveHand: seat.bottom <= hand.top + 1, inside: seat.top >= 0,
    own: !!top && document.getElementById('seat-0').contains(top),
  };
}"""


def test_the_players_own_seat_shows_beside_the_contract_menu_on_a_desktop(page):
    """A desktop player choosing a contract would find his own seat (declarer, his total)
    hidden under the pinned hand, only its "to play" chip peeking out, if this failed."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"/?autoplay=0&seed={declarer_seed()}&lang=fr")
    wait_ready(page)
    expect(page.locator("#center [data-contract]").first).to_be_visible()
    page.wait_for_timeout(300)  # any scroll settles
    assert page.evaluate(OWN_SEAT) == {"aboveHand": True, "inside": True, "own": True}


SUM_COLUMN = """() => {
  const box = document.querySelector('#scores .sheet-box');
  const sums = [...box.querySelectorAll('.sheet tr > :last-child')];
  const edge = box.getBoundingClientRect().right;
  return {
    scrolls: box.scrollWidth > box.clientWidth,
    shown: sums.every((cell) => cell.getBoundingClientRect().right <= edge + 1),
    count: sums.length,
  };
}"""


def test_the_sheets_row_sums_stay_in_sight_on_a_phone(page):
    """A phone player would find the score sheet's Σ column cut off at the screen's edge, with
    nothing to say the sheet scrolls sideways, if this failed."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/?autoplay=0&seed={declarer_seed()}&lang=ru&speed=instant&level=beginner")
    wait_ready(page)
    drive_until(page, lambda p: p.locator('#center [data-action="next"]').count() > 0)
    expect(page.locator('#scores [data-replay-deal="1"]')).to_have_count(1)
    assert page.evaluate(SUM_COLUMN) == {"scrolls": True, "shown": True, "count": 3}


def undoubled_declarer(session: Session) -> bool:
    """The player declares, and his doubling turn has come with nobody having doubled him."""
    deal = session.deal
    return (
        session.to_move == HUMAN
        and deal.phase is Phase.DOUBLING
        and deal.declarer == HUMAN
        and not any(target == HUMAN for _, target in deal.doubles)
    )


def test_the_declarer_whom_nobody_doubled_is_not_asked_to_pass(page):
    """A declarer whom nobody doubled would have to tap "Pass" on an empty redouble prompt,
    one useless tap per such deal, if this failed."""
    session = session_until(16, undoubled_declarer)
    assert [a.targets for a in session.legal_actions()] == [frozenset()]  # the engine's only one
    hand_over(page, session)
    page.goto(f"/?seed={session.seed}&lang=en&speed=fast&level=beginner")
    wait_ready(page)
    expect(page.locator("#hand button[data-card].playable").first).to_be_visible()
    assert page.locator('#center [data-action="doubles-done"]').count() == 0
    saved = saved_session(page)
    assert saved.deal.phase is Phase.PLAY and saved.deal.declarer == HUMAN


TEXT_CENTRES = """(selectors) => selectors.map((selector) => {
  const words = document.createRange();
  words.selectNodeContents(document.querySelector(selector));
  const r = words.getBoundingClientRect();
  return r.top + r.height / 2;
})"""
"""The height on the page of the middle of each element's words (not of its box)."""


def test_a_level_change_is_confirmed_and_the_level_shows_on_the_table(page):
    """A player who changed the computer players' level would get no sign that it was taken,
    and could not tell on the table at which level he plays, if this failed."""
    page.goto(f"/?autoplay=0&seed={declarer_seed()}&lang=it&level=beginner")
    wait_ready(page)
    it = CATALOGS["it"]
    level = page.locator("#game-level")
    expect(level).to_have_attribute("data-level", "beginner")
    expect(level).to_have_text(it["table.level"].format(level=it["level.beginner"]))
    centres = page.evaluate(TEXT_CENTRES, ["#game-level", "#seed"])
    assert abs(centres[0] - centres[1]) <= 2, centres  # the level's words stood higher
    page.click('[data-action="menu"]')
    page.select_option('[data-setting="level"]', "master")
    said = it["table.level_changed"].format(level=it["level.master"])
    expect(page.locator('#menu-panel [data-note="level"]')).to_have_text(said)
    expect(level).to_have_attribute("data-level", "master")
    expect(level).to_have_text(it["table.level"].format(level=it["level.master"]))


HINT_FITS = """() => {
  const button = document.querySelector('.toolbar [data-action="hint"]').getBoundingClientRect();
  const parts = [...document.querySelectorAll('.toolbar [data-action="hint"] .tool-label, '
    + '.toolbar [data-action="hint"] .busy-dots')].filter((node) => node.getClientRects().length);
  return {
    inside: parts.every((node) => {
      const r = node.getBoundingClientRect();
      return r.left >= button.left && r.right <= button.right - 2;
    }),
    page: document.documentElement.scrollWidth,
  };
}"""


@pytest.mark.parametrize("lang", ("ru", "it"))
def test_the_hint_buttons_label_fits_in_it_on_a_phone(page, lang):
    """On a phone the hint button's word and its dots ("Подсказка…", "Consiglio…") would run
    over the button's border if this failed."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/?autoplay=0&seed={declarer_seed()}&lang={lang}")
    wait_ready(page)
    assert page.evaluate(HINT_FITS) == {"inside": True, "page": 360}
