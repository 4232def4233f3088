"""The player's time respected: a forced card is played for him by default,
and he can take back his last decision against the computer players, which marks the session as
practised in its record."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from barbu import Phase, Play, Session
from e2e.browser_helpers import shown_hand, wait_ready
from e2e.test_phone_table import SCREENSHOTS
from e2e.test_table import HUMAN, hand_over, saved_session, session_until


def forced(session: Session) -> bool:
    """The player must play his only legal card."""
    return (
        session.to_move == HUMAN
        and session.deal.phase is Phase.PLAY
        and len(session.legal_actions()) == 1
    )


def free_card(session: Session) -> bool:
    """The player chooses among several cards, after a trick or more of play."""
    deal = session.deal
    return (
        session.to_move == HUMAN
        and deal.phase is Phase.PLAY
        and len(deal.tricks) >= 2
        and len(session.legal_actions()) > 1
    )


def test_a_forced_card_is_played_without_a_tap_by_default(page: Page):
    """A player with one legal card would have to find and tap it every time, if this failed."""
    session = session_until(8, forced)
    (only,) = session.legal_actions()
    assert isinstance(only, Play)
    hand_over(page, session)
    page.goto(f"/?seed={session.seed}&lang=en&speed=fast&level=beginner")  # no autoplay asked
    wait_ready(page)
    expect(page.locator(f'#hand button[data-card="{only.card}"]')).to_have_count(0)
    assert str(only.card) not in shown_hand(page)
    assert saved_session(page).deal.played[len(session.deal.played)] == (HUMAN, only.card)


def test_take_back_restores_the_position_before_the_players_last_card(page: Page):
    """A misclick against the computer players could not be undone, or an undo would leave the
    table and the save in another position than before the card, if this failed."""
    session = session_until(9, free_card)
    before = session.deal.view(HUMAN)
    hand_over(page, session)
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/?seed={session.seed}&lang=ru&speed=instant&level=beginner&autoplay=0")
    wait_ready(page)
    undo = page.locator('[data-action="undo"]')
    card = page.locator("#hand button[data-card].playable").first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_function(
        "() => document.querySelector('#hand button[data-card].playable')", polling="raf"
    )  # the computer players answered; the player is to play again
    assert code not in shown_hand(page)
    expect(undo).to_be_enabled()
    box = undo.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    undo.click()
    expect(page.locator(f'#hand button[data-card="{code}"]')).to_have_count(1)
    again = saved_session(page)
    assert again.deal.view(HUMAN) == before
    assert again.takebacks == 1
    expect(page.locator("[data-practised]")).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "take-back-ru.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.reload()  # the take-back is saved, the practised mark with it
    wait_ready(page)
    expect(page.locator(f'#hand button[data-card="{code}"]')).to_have_count(1)
    assert saved_session(page).takebacks == 1
