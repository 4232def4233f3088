"""The games of RULES.md §7 played through the page: the end of a session of each, hooks only."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Page, expect

from barbu import Session, score_record, session_record
from barbu.presets import PRESETS, REGISTRY
from e2e.browser_helpers import score, wait_ready
from e2e.test_session_play import play_session
from e2e.test_table import preload_save, start_new_session
from web.game.save import Saved

SEED = 77
LAST_DEALS = 7
"""Deals played through the page, at the end of each session (the engine plays the others:
the page's part is the same in every deal, and a whole session of each game took 2.5 minutes
of the suite)."""


def session_near_its_end(rules) -> Session:
    """A session of ``rules`` played by random legal actions up to its last ``LAST_DEALS``."""
    session = Session(seed=SEED, rules=rules)
    rng = random.Random(SEED)
    while session.number <= rules.deals - LAST_DEALS:
        if session.between_deals:
            session.next_deal()
        else:
            session.apply(rng.choice(session.legal_actions()))
    return session


@pytest.mark.parametrize(
    "name, asked", [("classic", "classic"), ("fr32", "fr32"), ("italian", "pagat")]
)
def test_the_end_of_a_session_of_each_game_gives_the_engines_totals_and_winner(
    page: Page, base_url, request_log, name, asked
):
    """A player of the club game, the 32-card family game or the Italian game could get the
    standard game instead, a session of the wrong length, totals that do not add up or the
    wrong winner (in fr32 the lowest total wins), if this failed; and a player of the Italian
    game saved and linked under its former id, pagat (RULES.md §7), would lose it."""
    rules = PRESETS[name]
    record = session_record(session_near_its_end(rules))
    preload_save(page, Saved({**record, "rules": asked}, None, None).to_json())
    page.goto(f"/?autoplay=0&seed={SEED}&rules={asked}&speed=instant&level=beginner&lang=en")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-rules", name)
    expect(page.locator("#game-rules")).to_have_text(
        {"classic": "Club rules", "fr32": "32-card family game", "italian": "Italian rules"}[name]
    )
    assert f"rules={name}&" in page.url and (name == asked or asked not in page.url)
    expect(page.locator("[data-deal]")).to_have_text(str(rules.deals - LAST_DEALS + 1))
    assert page.locator("#hand button[data-card]").count() == rules.hand_size
    seen = play_session(page)

    over = page.locator('[data-testid="session-over"]')
    expect(over).to_be_visible()
    assert seen["deals"] == LAST_DEALS
    with page.expect_download() as download:
        over.locator('[data-action="export"]').click()
    record = json.loads(download.value.path().read_text())
    assert record["rules"] == name and len(record["deals"]) == rules.deals
    replay = score_record(record)
    totals = [page.locator(f'[data-total="{seat}"]').text_content() or "" for seat in range(4)]
    shown = [score(text) for text in totals]
    assert shown == replay["totals"]
    # Doubles only move points between players: the totals add up to the contracts' totals.
    assert sum(shown) == rules.blocks * sum(c.total for c in rules.contracts)
    winners = [s for s in range(4) if shown[s] == (min(shown) if rules.lowest_wins else max(shown))]
    assert over.locator("[data-winners]").get_attribute("data-winners") == ",".join(
        map(str, winners)
    )
    if rules.lowest_wins:
        expect(over).to_contain_text("the lowest total wins")
    if not rules.doubling:
        assert not [a for d in record["deals"] for a in d["actions"] if "double" in a]
    assert request_log.foreign(base_url) == []


def test_the_menu_starts_an_italian_session_with_house_options(page: Page):
    """A player choosing the Italian game with the Salad in the menu could still get the standard
    game, or lose the options on reload, if this failed; the menu lists the registry's games and
    the options of the one chosen."""
    page.goto("/?autoplay=0&seed=5&speed=instant&lang=en")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-rules", "standard")
    page.click('[data-action="menu"]')
    games = page.locator('input[name="new-rules"]')
    assert [games.nth(i).get_attribute("value") for i in range(games.count())] == list(REGISTRY)
    expect(page.locator("#options-italian")).to_be_hidden()
    page.check("#new-rules-italian")
    expect(page.locator("#options-italian")).to_be_visible()
    expect(page.locator("#options-italian [data-option]")).to_have_count(
        len(REGISTRY["italian"].options)
    )
    page.check("#new-option-italian-salad")
    page.select_option("#new-option-italian-quota", "3")
    page.fill("#new-seed", "9")
    start_new_session(page)
    expect(page.locator("html")).to_have_attribute("data-rules", "italian")
    expect(page.locator("#game-rules")).to_have_text("Italian rules, 2 house options")
    expect(page.locator("[data-deal]")).to_have_text("1")
    assert "rules=italian" in page.url
    page.reload()
    wait_ready(page)
    expect(page.locator("#game-rules")).to_have_text("Italian rules, 2 house options")
    saved = json.loads(page.evaluate("localStorage.getItem('barbu.save')"))
    assert saved["record"]["rules"] == {
        "preset": "italian",
        "options": {"quota": 3, "salad": True},
    }
