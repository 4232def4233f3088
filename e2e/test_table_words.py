"""Each preset's own words and no surprises at the table: fr32 speaks
of penalties and bonuses, of one session and no doubles; the end says no "deals left"; the
redouble is explained; shortcuts only where they differ from one button; a rules page's "Play"
asks before replacing a session under way; a following tab's hand is not playable and a tap says
why; selecting a double and the hint's coming move nothing else."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from barbu import Double, Phase, Session
from barbu.presets import preset
from e2e.browser_helpers import wait_bots_ready, wait_ready
from e2e.test_phone_table import SCREENSHOTS, redoubling
from e2e.test_table import HUMAN, hand_over, player_just_led, session_until

FR32 = preset("fr32")


def fr32_declarer_seed() -> int:
    return next(s for s in range(100) if Session(seed=s, rules=FR32).first_declarer == HUMAN)


def tap_hint(page: Page, only_greyed: bool) -> tuple[str | None, bool, str]:
    """Tap Hint (only if greyed, with ``only_greyed``) and read the hint line in the same script
    run, so that nothing changes the table between them: (its aria-disabled before the tap,
    whether the line is hidden, its text)."""
    return page.evaluate(
        """(onlyGreyed) => {
            const button = document.querySelector('[data-action="hint"]');
            const disabled = button.getAttribute('aria-disabled');
            if (disabled === 'true' || !onlyGreyed) {
                button.dispatchEvent(new MouseEvent('click', {bubbles: true}));
            }
            const line = document.getElementById('hint');
            return [disabled, line.hidden, line.textContent];
        }""",
        only_greyed,
    )


def test_the_32_card_game_speaks_of_penalties_one_session_and_no_doubles(page: Page):
    """A fr32 player would read "negative contract", "in your block" and a legend of doubles
    his game does not have, if this failed."""
    seed = fr32_declarer_seed()
    page.goto(f"/?autoplay=0&seed={seed}&rules=fr32&lang=en&speed=slow&level=beginner")
    wait_ready(page)
    menu = page.locator("#center .prompt")
    expect(menu).to_contain_text("once in the session")
    notes = page.locator("#center .choice-note").all_text_contents()
    assert notes.count("bonus points") == 1 and notes.count("penalty points") == 6, notes
    assert "contract" not in " ".join(notes)
    legend = page.locator(".sheet-legend")
    expect(legend).to_contain_text("Σ")
    expect(legend).not_to_contain_text("doubled")
    # the status says who declares once, and the turn line what to do
    status = page.locator(".status-text").inner_text()
    assert status.count("choose a contract") == 1, status


def test_the_last_screen_does_not_count_deals_left(page: Page):
    """The end of a session said "1 deal left in this session" above "the session is over"."""
    session = Session(seed=3, rules=FR32)
    rng = random.Random(3)
    while not session.is_over:
        if session.between_deals:
            session.next_deal()
        else:
            session.apply(rng.choice(session.legal_actions()))
    hand_over(page, session)
    page.goto("/?autoplay=0&seed=3&rules=fr32&lang=en&speed=slow")
    wait_ready(page)
    expect(page.locator(".status .turn")).to_contain_text("over")
    assert page.locator(".status .left").inner_text().strip() == ""


def test_the_redouble_is_explained(page: Page):
    """The redouble prompt said neither what a redouble does nor that it is optional."""
    session = session_until(16, redoubling)
    hand_over(page, session)
    page.goto(f"/?autoplay=0&seed={session.seed}&lang=en&speed=slow&level=beginner")
    wait_ready(page)
    expect(page.locator("#center .prompt")).to_contain_text("optional")
    expect(page.locator("#center .prompt")).to_contain_text("twice the difference")


def one_seat_doubling() -> Session:
    """An Italian session at the player's doubling turn with one seat he may double."""
    italian = preset("italian")
    for seed in range(200):
        s = Session(seed=seed, rules=italian)
        rng = random.Random(seed)
        while s.deal.phase is not Phase.PLAY:
            legal = s.legal_actions() if s.to_move == HUMAN else []
            scope = {seat for action in legal for seat in getattr(action, "targets", ())}
            if s.deal.phase is Phase.DOUBLING and len(scope) == 1:
                return s
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no Italian doubling turn with one seat to double")


def test_a_shortcut_to_one_seat_is_not_offered_beside_its_button(page: Page):
    """The Italian game's "maximum" was offered beside the one seat it would double."""
    session = one_seat_doubling()
    shortcuts = dict(session.deal.view(HUMAN).shortcuts)
    assert any(len(seats) == 1 for seats in shortcuts.values()), shortcuts  # the engine's offer
    hand_over(page, session)
    page.goto(f"/?autoplay=0&seed={session.seed}&rules=italian&lang=en&speed=slow")
    wait_ready(page)
    expect(page.locator("#center [data-double]")).to_have_count(1)
    expect(page.locator("#center [data-action='shortcut']")).to_have_count(0)


def boxes(page: Page, selector: str) -> list[tuple[float, float, float, float]]:
    """Each element's box in the page (a scroll that brings the decision into view moves none)."""
    return page.eval_on_selector_all(
        selector,
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })",
    )


def test_selecting_a_double_moves_nothing_and_the_focus_ring_is_not_a_selection(page: Page):
    """Selecting a seat added a ✓ that wrapped its button to a second line and pushed the
    buttons below; the focus ring on the first button looked like a selection."""
    page.set_viewport_size({"width": 360, "height": 640})
    session = session_until(
        11,
        lambda s: (
            s.to_move == HUMAN
            and s.deal.phase is Phase.DOUBLING
            and s.deal.declarer != HUMAN
            and len({seat for a in s.legal_actions() for seat in a.targets}) >= 2
            and Double() in s.legal_actions()  # nothing owed: nothing comes selected
        ),
    )
    hand_over(page, session)
    page.goto(f"/?autoplay=0&seed={session.seed}&lang=ru&speed=slow&level=beginner")
    wait_ready(page)
    controls = "#center [data-double], #center [data-action='doubles-done']"
    before = boxes(page, controls)
    first = page.locator("#center [data-double]").first
    first.focus()
    focus = first.evaluate(
        "e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).backgroundColor]"
    )
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    selected = first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert focus[0] == "dashed" and focus[1] != selected, (focus, selected)
    after = boxes(page, controls)
    # the toggles keep their places and sizes; Pass becomes Confirm in its own place
    assert [b[:2] for b in after] == [b[:2] for b in before]
    assert after[:-1] == before[:-1]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "double-selected-ru.png"))


def test_the_hint_takes_no_room_and_says_why_it_waits(page: Page):
    """The hint line pushed the seats and the trick down by about 40 px, and a greyed Hint
    button said nothing of why, if this failed."""
    page.set_viewport_size({"width": 360, "height": 640})
    session = session_until(9, lambda s: s.to_move == HUMAN and s.deal.phase is Phase.PLAY)
    hand_over(page, session)
    page.goto(f"/?autoplay=0&seed={session.seed}&lang=it&speed=slow&level=beginner")
    wait_ready(page)
    hint = page.locator('[data-action="hint"]')
    # the expert still starting: a tap says so (tapped and read in one script run, as the line
    # goes when the expert is up)
    disabled, hidden, said = tap_hint(page, only_greyed=True)
    if disabled == "true":
        assert not hidden and said.strip(), (hidden, said)
    expect(hint).not_to_have_attribute("aria-disabled", "true", timeout=60_000)
    board = page.locator("#board")
    top = board.bounding_box()["y"]
    hint.click()
    expect(page.locator("#hint")).to_be_visible(timeout=30_000)
    assert board.bounding_box()["y"] == top
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "hint-it.png"))


def test_the_hint_tapped_out_of_turn_says_why(page: Page):
    """A tap on the greyed Hint while the computers play said nothing, if this failed.

    The player has just led, so three computer turns come before his. The tap and the reading
    of the hint line are one script run after the computers are up: nothing can change the
    table between them (the line came and went with the computers' start before, in CI)."""
    session = session_until(9, player_just_led)
    hand_over(page, session)
    page.goto(f"/?autoplay=0&seed={session.seed}&lang=en&speed=slow&level=expert")
    wait_ready(page)
    wait_bots_ready(page)
    disabled, hidden, said = tap_hint(page, only_greyed=False)
    assert disabled == "true" and not hidden, (disabled, hidden, said)
    assert "your turn" in said, said


def test_a_rules_page_play_link_asks_before_replacing_a_session_under_way(page: Page):
    """ "Play this variant" on a rules page replaced a session in progress without asking."""
    session = session_until(21, lambda s: len(s.deal.played) >= 5)
    hand_over(page, session)
    page.goto("/rules/en/")
    link = page.locator('a[href*="rules=fr32"]').first
    href = link.get_attribute("href")
    page.goto(f"/rules/en/{href}" if not href.startswith(("/", ".")) else href)
    wait_ready(page)
    notice = page.locator('[data-notice="asked-game"]')
    expect(notice).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-rules", "standard")
    assert f"seed={session.seed}" in page.url and "fr32" not in page.url
    page.click('[data-action="start-asked"]')
    expect(page.locator("html")).to_have_attribute("data-rules", "fr32")
    expect(notice).to_have_count(0)
    page.click('[data-action="menu"]')
    expect(page.locator('[data-action="resume-previous"]')).to_contain_text(str(session.seed))


def test_a_following_tab_shows_no_playable_card_and_a_tap_says_why(new_context):
    """A tab that only follows showed its hand with gold "playable" frames under "your turn",
    and a tap did nothing visible."""
    context = new_context()
    first = context.new_page()
    session = session_until(21, lambda s: s.to_move == HUMAN and s.deal.phase is Phase.PLAY)
    hand_over(first, session)
    first.goto(f"/?autoplay=0&seed={session.seed}&lang=en&speed=slow&level=beginner")
    wait_ready(first)
    expect(first.locator("#hand button[data-card].playable").first).to_be_visible()
    second = context.new_page()
    second.goto("/?autoplay=0&lang=en&speed=slow")
    wait_ready(second)
    expect(second.locator("#elsewhere")).to_be_visible()
    expect(second.locator("#hand button[data-card].playable")).to_have_count(0)
    expect(second.locator(".status .turn")).to_contain_text("the tab where")
    second.locator("#hand button[data-card]").first.click(force=True)  # aria-disabled: a tap
    expect(second.locator("#elsewhere")).to_have_class("notice elsewhere called")
    expect(second.locator('[data-action="take-over"]')).to_be_focused()
