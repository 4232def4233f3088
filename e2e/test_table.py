"""The table in real Chromium: legal play, saves, reloads, the score diagram, words and keys.

Positions are reached either by playing through the hooks, or by handing the page a save made
here with the engine (``saved_session``): the page resumes it exactly as a reload would.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from barbu import Phase, Session, session_from_record, session_record
from e2e.browser_helpers import CATALOGS, score, tap_first, wait_bots_ready, wait_ready
from e2e.test_session_play import STATE
from web.game.save import SAVE_KEY, UNREADABLE_PREFIX, Saved

SEED = 31
HUMAN = 0


def player_just_led(session: Session) -> bool:
    """The player has just led a trick: three computer turns come before his."""
    deal = session.deal
    return (
        deal.phase is Phase.PLAY
        and session.to_move == HUMAN + 1
        and [seat for seat, _ in deal.trick] == [HUMAN]
    )


def session_until(
    seed: int, stop: Callable[[Session], bool], moves_seed: int = 1, player_doubles: bool = True
) -> Session:
    """A session dealt from ``seed`` and played with random legal actions until ``stop``;
    without ``player_doubles`` the player at the bottom doubles only when forced."""
    session = Session(seed=seed)
    rng = random.Random(moves_seed)
    while not stop(session):
        if session.between_deals:
            session.next_deal()
            continue
        legal = session.legal_actions()
        if not legal:
            raise AssertionError("the session ended before the wanted position")
        if not player_doubles and session.to_move == HUMAN and session.deal.phase is Phase.DOUBLING:
            legal = [min(legal, key=lambda action: len(action.targets))]
        session.apply(rng.choice(legal))
    return session


def preload_save(page: Page, text: str) -> None:
    """Have the page find ``text`` in its save slot when it loads (once: a reload keeps the
    page's own)."""
    page.add_init_script(
        "if (!sessionStorage.getItem('test-save')) {"
        " sessionStorage.setItem('test-save', '1');"
        f" localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(text)}); }}"
    )


def kept_aside(page: Page) -> list[str]:
    """The storage keys of the saves the page has kept aside as unreadable."""
    keys = page.evaluate("Object.keys(localStorage)")
    return [k for k in keys if k.startswith(UNREADABLE_PREFIX)]


def hand_over(page: Page, session: Session, summary: int | None = None) -> None:
    """Have the page find ``session`` saved when it loads (once: a reload keeps the page's own)."""
    preload_save(page, Saved(session_record(session), None, summary).to_json())


def saved_session(page: Page) -> Session:
    """The session the page has saved, rebuilt by the engine."""
    return session_from_record(
        json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))["record"]
    )


TAPS = {
    "next": '[data-action="next"]',
    "contract": "[data-contract]:not([disabled])",
    "trump": '[data-trump="H"]',
    "rank": '[data-rank="8"]',
    "double": '[data-action="doubles-done"]',  # a double owed comes selected: confirmed as it is
    "card": "#hand button[data-card].playable",
}
"""What ``drive_until`` taps in each state: the first choice."""


def drive_until(page: Page, wanted: Callable[[Page], bool], limit: int = 400) -> None:
    """Play the player's part through the hooks (first choices) until ``wanted(page)``."""
    for _ in range(limit):
        state = page.wait_for_function(STATE, polling="raf").json_value()
        if wanted(page):
            return
        if state not in TAPS:
            raise AssertionError(f"unexpected state {state}")
        tap_first(page, TAPS[state], 5_000)  # the page may take it first: the state is read again
    raise AssertionError("the wanted position never came")


def start_new_session(page: Page) -> None:
    """The menu's Start, confirmed when the session on the table is under way."""
    page.click('[data-action="start-new"]')
    confirm = page.locator('[data-action="start-new-confirmed"]')
    if confirm.count():
        confirm.click()


def hand_codes(page: Page, enabled_only: bool = False) -> list[str]:
    selector = "#hand button[data-card]" + (".playable" if enabled_only else "")
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")


def following_with_choice(page: Page) -> bool:
    """The player must follow a led suit and some of his cards are refused."""
    return (
        page.locator("#center .trick [data-played]").count() > 0
        and page.locator("#hand button[data-card]:not(.playable)").count() > 0
        and page.locator("#hand button[data-card].playable").count() > 0
    )


def test_only_the_engines_legal_cards_can_be_played(page):
    """A player could revoke (play off-suit while holding the led suit), or be stuck unable to
    play a legal card, if the enabled cards were not exactly the engine's legal ones."""
    page.goto(f"/?autoplay=0&seed={SEED}&speed=instant&level=beginner&lang=en")
    wait_ready(page)
    drive_until(page, following_with_choice)
    session = saved_session(page)
    legal = sorted(str(a.card) for a in session.legal_actions())
    assert session.to_move == HUMAN
    assert sorted(hand_codes(page, enabled_only=True)) == legal
    refused = page.locator("#hand button[data-card]:not(.playable)").first
    code = refused.get_attribute("data-card")
    expect(refused).to_have_attribute("title", re.compile(r"\w"))  # the reason, in words
    expect(refused).to_have_attribute("aria-disabled", "true")  # focusable, tappable
    refused.click(force=True)  # Playwright deems aria-disabled not clickable; a finger does
    # A tap on it says why, in place (it was a hover tooltip only), and plays nothing.
    shown = page.locator("#hand-heading .refusal")
    expect(shown).to_contain_text(refused.get_attribute("title"))
    # ... with a link to the rule, in a new tab: the game stays where it is.
    expect(shown.locator("a.rules-link")).to_have_attribute("href", "./rules/en/#tricks")
    expect(shown.locator("a.rules-link")).to_have_attribute("target", "_blank")
    assert code in hand_codes(page)
    assert saved_session(page).deal.played == session.deal.played
    page.locator("#hand button[data-card].playable").first.click()
    expect(page.locator("#hand-heading .refusal")).to_have_count(0)


def test_a_reload_in_the_middle_of_a_trick_resumes_the_same_position(page):
    """A player whose phone reloaded the page mid-trick would lose the game, or find other cards
    on the table, if this failed."""
    page.goto(f"/?autoplay=0&seed={SEED}&speed=instant&level=beginner&lang=en")
    wait_ready(page)
    drive_until(
        page,
        lambda p: (
            p.locator("#center .trick [data-played]").count() >= 1
            and p.locator("#hand button[data-card].playable").count() > 0
            and saved_session(p).deal.tricks
        ),
    )

    def position() -> dict:
        return {
            "deal": page.locator("[data-deal]").get_attribute("data-deal"),
            "hand": hand_codes(page),
            "enabled": hand_codes(page, enabled_only=True),
            "trick": page.locator("#center .trick [data-played]").evaluate_all(
                "els => els.map(e => e.dataset.seat + ':' + e.dataset.played)"
            ),
            "totals": [page.locator(f'[data-total="{s}"]').text_content() for s in range(4)],
            "record": saved_session(page).deal.played,
        }

    before = position()
    page.reload()
    wait_ready(page)
    expect(page.locator("#hand button[data-card].playable").first).to_be_visible()
    assert position() == before
    card = before["enabled"][0]
    page.click(f'#hand button[data-card="{card}"]')
    expect(page.locator(f'#hand button[data-card="{card}"]')).to_have_count(0)
    assert card in [str(c) for _, c in saved_session(page).deal.played]


def test_an_unreadable_save_is_kept_aside_and_reported(page, context):
    """A player whose saved game got damaged would silently lose it (or see the page crash)
    if it were not set aside, reported, and a new game started."""
    preload_save(page, '{"format": 1, "record": {"deals": 7')
    page.goto("/?autoplay=0&lang=en&speed=instant")
    wait_ready(page)
    notice = page.locator('[data-notice="save-unreadable"]')
    expect(notice).to_be_visible()
    aside = kept_aside(page)
    assert len(aside) == 1
    assert (
        page.evaluate(f"localStorage.getItem({json.dumps(aside[0])})")
        == '{"format": 1, "record": {"deals": 7'
    )
    expect(notice).to_contain_text(aside[0])
    # A new session is on the table and saved under the usual key.
    expect(page.locator("#hand button[data-card]")).to_have_count(13)
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))
    assert saved["format"] == 1 and saved["record"]["seed"] is not None
    # A record the engine refuses is set aside too, and the first one is not overwritten.
    page.evaluate(
        f"localStorage.setItem({json.dumps(SAVE_KEY)},"
        " JSON.stringify({format: 1, record: {rules: 'nope'}}))"
    )
    page.reload()
    wait_ready(page)
    expect(page.locator('[data-notice="save-unreadable"]')).to_be_visible()
    assert len(kept_aside(page)) == 2


def test_a_deeply_nested_save_is_kept_aside_and_the_page_starts(page):
    """Deeply nested text in the save slot stopped every later start of the page (Python's
    JSON parser overflowed the browser's stack); the player would never see the table again."""
    deep = "[" * 6000 + "]" * 6000
    preload_save(page, deep)
    page.goto("/?autoplay=0&lang=en&speed=instant")
    wait_ready(page)
    expect(page.locator('[data-notice="save-unreadable"]')).to_be_visible()
    expect(page.locator("#hand button[data-card]")).to_have_count(13)
    aside = kept_aside(page)
    assert [page.evaluate(f"localStorage.getItem({json.dumps(k)})") for k in aside] == [deep]


def test_the_score_diagram_scrolls_sideways_on_a_phone_with_the_current_deal_in_view(new_context):
    """On a phone the 28-deal diagram would be squashed unreadably, or scrolled away from the
    current deal, if this failed."""
    page = new_context(viewport={"width": 360, "height": 640}).new_page()
    session = session_until(5, lambda s: s.number == 22 and s.to_move == HUMAN)
    hand_over(page, session)
    page.goto("/?autoplay=0&seed=5&lang=en&speed=slow")
    wait_ready(page)
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "22")
    box = page.locator('[data-testid="score-diagram"]')
    box.scroll_into_view_if_needed()
    sizes = box.evaluate("b => ({scroll: b.scrollWidth, client: b.clientWidth})")
    assert sizes["scroll"] > sizes["client"] > 200
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, (
        "the page itself scrolls sideways"
    )
    page.wait_for_function(
        """() => {
            const box = document.querySelector('[data-testid="score-diagram"]');
            const label = box.querySelector('.x-label.current').getBoundingClientRect();
            const view = box.getBoundingClientRect();
            return box.scrollLeft > 0 && label.left >= view.left && label.right <= view.right;
        }"""
    )
    assert box.locator("polyline").count() == 4
    # The sheet lists the 21 finished deals with the engine's deal scores.
    rows = page.locator(".sheet tbody tr")
    expect(rows).to_have_count(21)
    first = [score(x) for x in rows.first.locator("td.num .score").all_text_contents()]
    assert first == list(session.sheet()[0].final)


def test_the_declarer_menu_speaks_french(new_context):
    """A French player would read English contract names, or the wrong ones, if this failed."""
    page = new_context(locale="fr-FR").new_page()
    seed = next(s for s in range(1, 200) if Session(seed=s).first_declarer == HUMAN)
    page.goto(f"/?autoplay=0&seed={seed}&lang=fr&speed=instant&level=beginner")
    wait_ready(page)
    fr = CATALOGS["fr"]
    for contract, name in [
        ("no-tricks", "Sans Plis"),
        ("no-queens", "Sans Dames"),
        ("no-last-two", "Sans les Deux Derniers"),
        ("no-hearts", "Sans Cœurs"),
        ("no-king-of-hearts", "Sans Roi de Cœur"),
        ("trumps", "Atout"),
        ("domino", "Domino"),
    ]:
        expect(page.locator(f'[data-contract="{contract}"] .choice-name')).to_have_text(name)
    expect(page.locator("#center h2")).to_have_text(fr["choice.contract_title"])
    page.click('[data-contract="trumps"]')
    expect(page.locator('[data-trump="S"]')).to_contain_text("Pique")
    page.click('[data-trump="S"]')
    expect(page.locator("#status .contract-now")).to_contain_text("Atout")
    expect(page.locator("[data-contract]")).to_have_count(0)


def test_a_whole_deal_can_be_played_with_the_keyboard(page):
    """A player without a mouse (or using a screen reader) could not choose, double or play."""
    seed = next(s for s in range(1, 200) if Session(seed=s).first_declarer == HUMAN)
    page.goto(f"/?autoplay=0&seed={seed}&lang=en&speed=instant&level=beginner")
    wait_ready(page)
    # The contract menu takes the focus; Enter chooses the focused contract.
    expect(page.locator('[data-contract="no-tricks"]')).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator('[data-contract="no-queens"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#status .contract-now")).to_contain_text("No Queens")
    # The redoubling turn (or play): keys only, until the deal summary.
    for _ in range(80):
        state = page.wait_for_function(STATE, polling="raf").json_value()
        if state == "next":
            break
        if state == "double":
            done = page.locator('[data-action="doubles-done"]')
            done.focus()
            page.keyboard.press("Enter")
        elif state == "card":
            before = len(hand_codes(page))
            page.keyboard.press("ArrowRight")
            expect(page.locator("#hand button[data-card]:focus")).to_have_count(1)
            page.keyboard.press("Enter" if before % 2 else "1")
            expect(page.locator("#hand button[data-card]")).to_have_count(before - 1)
    expect(page.locator('[data-action="next"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "2")


def test_plays_are_announced_in_a_live_region(page):
    """A screen-reader user would not know what the others played if nothing were announced."""
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en&speed=instant&level=beginner")
    wait_ready(page)
    live = page.locator("#live")
    expect(live).to_have_attribute("aria-live", "polite")
    drive_until(page, lambda p: p.locator("#center .trick [data-played]").count() > 0)
    expect(live).to_have_text(re.compile(r"(plays the|wins the trick)"))


def test_a_record_exports_imports_and_the_previous_session_comes_back(page, tmp_path):
    """A player could not keep, share or reload a session record, or would lose his running
    session by importing another one, if this failed."""
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en&speed=slow&level=beginner")
    wait_ready(page)
    page.click('[data-action="menu"]')
    menu = page.locator("#menu-panel")
    expect(menu).to_be_visible()
    with page.expect_download() as download:
        menu.locator('[data-action="export"]').click()
    exported = json.loads(download.value.path().read_text())
    assert (
        exported["seed"] == SEED and exported["first_declarer"] == Session(seed=SEED).first_declarer
    )

    other = session_until(6, lambda s: s.number == 10 and s.to_move == HUMAN)
    path = tmp_path / "other.json"
    path.write_text(json.dumps(session_record(other)))
    menu.locator("#import-file").set_input_files(str(path))
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "10")
    expect(page.locator("#seed")).to_have_attribute("data-seed", "6")
    for seat in range(4):
        shown = str(other.totals()[seat]).replace("-", "\u2212")  # the minus sign, U+2212
        expect(page.locator(f'[data-total="{seat}"]')).to_have_text(shown)
    assert saved_session(page).seed == 6

    bad = tmp_path / "bad.json"
    bad.write_text('{"rules": "standard", "first_declarer": 9, "deals": []}')
    page.click('[data-action="menu"]')
    page.locator("#import-file").set_input_files(str(bad))
    expect(page.locator('[data-notice="import-failed"]')).to_be_visible()
    expect(page.locator("#seed")).to_have_attribute("data-seed", "6")

    page.click('[data-action="resume-previous"]')
    expect(page.locator("#seed")).to_have_attribute("data-seed", str(SEED))
    assert saved_session(page).seed == SEED


def test_a_new_session_from_the_menu_takes_the_name_and_seed(page):
    """A player could not start the session he wants (his name, a seed shared by a friend)."""
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en&speed=slow")
    wait_ready(page)
    page.click('[data-action="menu"]')
    page.fill("#new-name", "Zoé <b>")
    page.fill("#new-seed", "777")
    start_new_session(page)
    expect(page.locator("#seed")).to_have_attribute("data-seed", "777")
    expect(page.locator("#seat-0 .seat-name")).to_have_text("Zoé <b>")  # text, never markup
    expect(page.locator("#menu-panel")).to_be_hidden()
    assert page.evaluate("location.search").startswith("?seed=777")
    assert saved_session(page).seed == 777
    assert sorted(hand_codes(page)) == sorted(str(c) for c in Session(seed=777).deal.hand(HUMAN))


def test_the_hint_names_a_legal_choice_and_goes_once_the_player_acts(page):
    """A player asking for advice would get nothing, an illegal suggestion, or a stale one left
    on the table after his move, if this failed."""
    seed = next(s for s in range(1, 200) if Session(seed=s).first_declarer == HUMAN)
    page.goto(f"/?autoplay=0&seed={seed}&speed=instant&level=beginner&lang=en")
    wait_ready(page)
    hint_button = page.locator('[data-action="hint"]')
    expect(hint_button).to_be_enabled(timeout=60_000)  # once the computer players' worker is up
    hint_button.click()
    expect(page.locator("#hint")).to_have_text(re.compile(r"^Hint: .+\.$"), timeout=30_000)
    suggested = page.locator("[data-contract].hinted")
    expect(suggested).to_have_count(1)
    expect(suggested).to_be_enabled()
    suggested.click()
    if page.locator("[data-trump], [data-rank]").count():  # Trumps or Domino: the suit or rank
        chosen = page.locator("[data-trump].hinted, [data-rank].hinted")
        expect(chosen).to_have_count(1)
        chosen.click()
    expect(page.locator("#hint")).to_be_hidden()

    drive_until(page, lambda p: p.locator("#hand button[data-card].playable").count() > 0)
    page.click('[data-action="hint"]')
    card = page.locator("#hand button.hinted")
    expect(card).to_have_count(1, timeout=30_000)
    expect(card).to_be_enabled()
    name = CATALOGS["en"]["card.name"].format(
        rank=CATALOGS["en"]["rank." + card.get_attribute("data-card")[0]],
        suit=CATALOGS["en"]["suit." + card.get_attribute("data-card")[1]],
    )
    expect(page.locator("#hint")).to_have_text(f"Hint: {name[:1].lower() + name[1:]}.")
    card.click()
    expect(page.locator("#hint")).to_be_hidden()
    expect(page.locator("#hand button.hinted")).to_have_count(0)


def test_the_hint_button_can_be_turned_off(page):
    """A player who wants no advice on screen would keep seeing the button if this failed."""
    seed = next(s for s in range(1, 200) if Session(seed=s).first_declarer == HUMAN)
    page.goto(f"/?autoplay=0&seed={seed}&speed=instant&level=beginner&lang=en&hints=0")
    wait_ready(page)
    expect(page.locator("[data-contract]").first).to_be_visible()
    expect(page.locator('[data-action="hint"]')).to_have_count(0)
    page.click('[data-action="menu"]')
    page.check("#setting-hints")
    expect(page.locator('[data-action="hint"]')).to_have_count(1)


def test_a_new_session_started_while_a_computer_player_thinks_goes_on(page):
    """The table would wait forever on "Alice is thinking…" if the computer players' loop of
    the old session, still running when the new one was put on the table, did not hand over."""
    # Alice declares, then Bruno and Chloé double: three computer turns before the player's.
    # The expert decides in the worker only (at the standard level the page decides while the
    # worker starts, and the three turns may be over by the time it is up: web/game/bots.py).
    old = next(s for s in range(1, 200) if Session(seed=s).first_declarer == 1)
    new = next(s for s in range(1000, 1200) if Session(seed=s).first_declarer != HUMAN)
    page.goto(f"/?autoplay=0&seed={old}&speed=slow&level=expert&lang=en")
    wait_ready(page)
    wait_bots_ready(page)
    expect(page.locator("#board .seat.thinking")).to_have_count(1)
    page.click('[data-action="menu"]')
    page.fill("#new-seed", str(new))
    start_new_session(page)
    expect(page.locator("#seed")).to_have_attribute("data-seed", str(new))
    # Some computer player acts in the new session: the player gets a decision to take.
    page.wait_for_function(STATE, polling="raf", timeout=60_000)
    assert saved_session(page).seed == new
