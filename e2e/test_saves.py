"""Nothing lost, nothing crashes: two tabs of one game, saves the page cannot read, hostile
files and numbers."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from e2e.browser_helpers import expected_hand, wait_ready
from e2e.test_session_play import STATE
from e2e.test_table import drive_until, hand_codes, kept_aside, preload_save, saved_session

NO_WEB_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { value: undefined });"


def cards_left(page: Page) -> int:
    return page.locator("#hand button[data-card]").count()


def play_down_to(page: Page, cards: int) -> None:
    """Play the player's part until his hand holds ``cards`` cards."""
    drive_until(page, lambda p: cards_left(p) <= cards)


def test_a_second_tab_follows_the_game_until_the_player_takes_it_over(new_context):
    """Measured before: a game played down to 9 cards in one tab came back with 13 after three
    clicks in a second tab opened on the same game; the second tab overwrote the save."""
    context = new_context()
    first = context.new_page()
    first.goto("/?autoplay=0&seed=21&lang=en&speed=instant")
    wait_ready(first)
    second = context.new_page()
    second.goto("/?autoplay=0&lang=en&speed=instant")
    wait_ready(second)
    elsewhere = second.locator("#elsewhere")
    expect(elsewhere).to_be_visible()
    expect(elsewhere).to_contain_text("another tab")
    expect(first.locator("#elsewhere")).to_be_hidden()
    assert hand_codes(second) == expected_hand(21)

    # The first tab plays on; the second shows each save, and its own clicks do nothing.
    play_down_to(first, 9)
    expect(second.locator("#hand button[data-card]")).to_have_count(9)
    assert hand_codes(second) == hand_codes(first)
    for _ in range(3):
        second.locator("#hand button[data-card]").first.dispatch_event("click")
    second.wait_for_timeout(300)
    assert cards_left(first) == 9
    assert len(saved_session(first).deal.hand(0)) == 9

    # Taken over in the second tab: the first one follows now.
    second.click('[data-action="take-over"]')
    expect(elsewhere).to_be_hidden()
    expect(first.locator("#elsewhere")).to_be_visible()
    play_down_to(second, 8)
    expect(first.locator("#hand button[data-card]")).to_have_count(8)

    # A reload of the following tab still follows; closing the playing tab hands the game back.
    first.reload()
    wait_ready(first)
    expect(first.locator("#elsewhere")).to_be_visible()
    assert cards_left(first) == 8
    second.close()
    expect(first.locator("#elsewhere")).to_be_hidden()
    play_down_to(first, 7)
    assert len(saved_session(first).deal.hand(0)) == 7


def test_without_web_locks_a_tab_follows_the_other_instead_of_overwriting_it(new_context):
    """A browser without Web Locks lets both tabs play: the second one, opened earlier, would
    overwrite the first one's progress with its stale game."""
    context = new_context()
    context.add_init_script(NO_WEB_LOCKS)
    older = context.new_page()
    older.goto("/?autoplay=0&seed=22&lang=en&speed=instant")
    wait_ready(older)
    # Until it asks its player for something, this tab's computer players may still play and
    # save (later when the machine is busy): the other tab would then rightly follow at once.
    older.wait_for_function(STATE, polling="raf")
    newer = context.new_page()
    # This tab misses the other's storage events (as if they came late): only the check made
    # before each save can stop it.
    newer.add_init_script(
        "addEventListener('storage', (event) => event.stopImmediatePropagation(), true);"
    )
    newer.goto("/?autoplay=0&lang=en&speed=instant")
    wait_ready(newer)
    expect(older.locator("#elsewhere")).to_be_hidden()
    expect(newer.locator("#elsewhere")).to_be_hidden()  # both may play

    play_down_to(newer, 10)
    expect(older.locator("#elsewhere")).to_be_visible()  # heard the save: follows
    expect(older.locator("#hand button[data-card]")).to_have_count(10)

    older.click('[data-action="take-over"]')
    expect(older.locator("#elsewhere")).to_be_hidden()
    play_down_to(older, 9)
    assert len(saved_session(older).deal.hand(0)) == 9
    # The newer tab, deaf to that save, still shows 10 cards; its next action finds the slot
    # changed and follows instead of writing.
    assert cards_left(newer) == 10
    drive_until(newer, lambda p: p.locator("#elsewhere").is_visible(), limit=20)
    expect(newer.locator("#hand button[data-card]")).to_have_count(9)
    assert len(saved_session(newer).deal.hand(0)) == 9


def test_a_save_of_another_format_is_kept_aside_and_can_be_downloaded(page):
    """A save written by another version of the game would be lost, or kill the page."""
    future = json.dumps({"format": 99, "record": {"seed": 5}, "later": [1, 2]})
    preload_save(page, future)
    page.goto("/?autoplay=0&lang=en&speed=instant")
    wait_ready(page)
    notice = page.locator('[data-notice="save-unreadable"]')
    expect(notice).to_be_visible()
    aside = kept_aside(page)
    assert len(aside) == 1
    with page.expect_download() as download:
        notice.locator('[data-action="download-kept"]').click()
    assert download.value.path().read_text() == future
    assert download.value.suggested_filename.endswith(".json")
    expect(page.locator("#hand button[data-card]")).to_have_count(13)


def test_a_deeply_nested_file_imported_is_refused_and_the_game_goes_on(page, tmp_path):
    """Deep JSON chosen in Import overflowed the stack inside Python's JSON parser."""
    page.goto("/?autoplay=0&seed=23&lang=en&speed=instant")
    wait_ready(page)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 6000 + "]" * 6000)
    page.click('[data-action="menu"]')
    page.locator("#import-file").set_input_files(str(deep))
    notice = page.locator('[data-notice="import-failed"]')
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("not a Barbu session record")
    assert hand_codes(page) == expected_hand(23)
    assert saved_session(page).seed == 23
    # A record whose "rules" is 5,000 lists deep: refused with a short message.
    rules = tmp_path / "rules.json"
    rules.write_text('{"rules": ' + "[" * 5000 + "]" * 5000 + ', "seed": 1}')
    page.locator("#import-file").set_input_files(str(rules))
    expect(page.locator('[data-notice="import-failed"]')).to_have_count(2)
    assert len(page.locator('[data-notice="import-failed"]').last.inner_text()) < 300
    assert saved_session(page).seed == 23


def test_a_huge_seed_in_the_address_or_the_menu_is_refused_and_the_game_goes_on(page):
    """A seed of 4,301 digits or more stopped the page from starting (int() refuses it)."""
    page.goto("/?autoplay=0&seed=24&lang=en&speed=instant")
    wait_ready(page)
    page.goto("/?autoplay=0&seed=" + "9" * 5000 + "&lang=en&speed=instant")
    wait_ready(page)
    assert hand_codes(page) == expected_hand(24)  # the saved game, not a broken one
    page.click('[data-action="menu"]')
    page.fill("#new-seed", "9" * 5000)
    page.click('[data-action="start-new"]')
    # Said beside the field (it was a notice at the top, half under the menu); what was typed
    # stays there to be corrected.
    expect(page.locator("#new-seed-error")).to_be_visible()
    expect(page.locator("#new-seed")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#new-seed")).to_have_value("9" * 5000)
    assert saved_session(page).seed == 24
