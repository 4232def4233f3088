"""The games of RULES.md §7 played through the page: the end of a session of each, hooks only."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Page, expect

from barbu import Session, score_record, session_record
from barbu.rules import PRESETS
from e2e.browser_helpers import wait_ready
from e2e.test_session_play import play_session
from e2e.test_table import preload_save, start_new_session
from web.save import Saved

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
        session.apply(rng.choice(session.legal_actions()))
    return session


@pytest.mark.parametrize("name", ["classic", "fr32", "pagat"])
def test_the_end_of_a_session_of_each_game_gives_the_engines_totals_and_winner(
    page: Page, base_url, request_log, name
):
    """A player of the club game, the 32-card family game or the Pagat rules could get the
    standard game instead, a session of the wrong length, totals that do not add up or the
    wrong winner (in fr32 the lowest total wins), if this failed."""
    rules = PRESETS[name]
    preload_save(page, Saved(session_record(session_near_its_end(rules)), None, None).to_json())
    page.goto(f"/?seed={SEED}&rules={name}&speed=instant&level=beginner&lang=en")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-rules", name)
    expect(page.locator("#game-rules")).to_have_text(
        {"classic": "Club rules", "fr32": "32-card family game", "pagat": "Pagat rules"}[name]
    )
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
    shown = [int(page.locator(f'[data-total="{seat}"]').text_content()) for seat in range(4)]
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
        assert all(deal["doubles"] == [] for deal in record["deals"])
    assert request_log.foreign(base_url) == []


def test_the_menu_starts_a_pagat_session_with_house_options(page: Page):
    """A player choosing the Pagat rules with the Salad in the menu could still get the standard
    game, or lose the options on reload, if this failed."""
    page.goto("/?seed=5&speed=instant&lang=en")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-rules", "standard")
    page.click('[data-action="menu"]')
    expect(page.locator("#pagat-options")).to_be_hidden()
    page.check("#new-rules-pagat")
    expect(page.locator("#pagat-options")).to_be_visible()
    page.check("#new-option-salad")
    page.select_option("#new-option-quota", "3")
    page.fill("#new-seed", "9")
    start_new_session(page)
    expect(page.locator("html")).to_have_attribute("data-rules", "pagat")
    expect(page.locator("#game-rules")).to_have_text("Pagat rules, 2 house options")
    expect(page.locator("[data-deal]")).to_have_text("1")
    assert "rules=pagat" in page.url
    page.reload()
    wait_ready(page)
    expect(page.locator("#game-rules")).to_have_text("Pagat rules, 2 house options")
    saved = json.loads(page.evaluate("localStorage.getItem('barbu.save')"))
    assert saved["record"]["rules"] == {"preset": "pagat", "options": {"quota": 3, "salad": True}}
