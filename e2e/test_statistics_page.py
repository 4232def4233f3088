"""The statistics page (stats/) in the browser: the sessions a player finishes against
the computer players are recorded by the game page and shown as plots beside tables of their
numbers; a kept real-table game per named player; export and import as one file; a damaged
store kept aside and reported; no serious accessibility violation; offline after one visit.

The two sessions are finished through the game page itself, as a player would: each starts from
a save at its last deal (the engine played the others: the page's part is the same in every
deal), played to the end with the hooks only, in the 32-card game (8 cards a deal).
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Page, expect

from barbu import Session, score_record, session_record
from barbu.keeper import KeptGame
from barbu.presets import PRESETS
from e2e.browser_helpers import wait_ready, wait_service_worker
from e2e.test_accessibility import violations
from e2e.test_session_play import play_session
from web.game.save import Saved
from web.stats.figures import entry_data, entry_key

FR32 = PRESETS["fr32"]
SEEDS = (31, 32)
ENTRIES = """async () => (await (await import('../web/statsdb.js')).entries())"""
PUT = """async ([key, text]) => (await import('../web/statsdb.js')).put(key, text)"""
FORGET_ALL = """async () => {
  const db = await import('../web/statsdb.js');
  for (const [key] of await db.entries()) await db.remove(key);
}"""
COUNT_AT_LEAST = """async (wanted) => {
  const db = await import('./web/statsdb.js');
  let found = [];
  for (let frame = 0; frame < 1200; frame++) {  // written in the background: read until there
    found = await db.entries();
    if (found.length >= wanted) break;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return found.length;
}"""


def last_deal(seed: int) -> Session:
    """A 32-card session played by random legal actions up to its last deal."""
    session = Session(seed=seed, rules=FR32)
    rng = random.Random(seed)
    while session.number < FR32.deals:
        if session.between_deals:
            session.next_deal()
        else:
            session.apply(rng.choice(session.legal_actions()))
    return session


def finish_session(page: Page, seed: int, recorded: int) -> None:
    """Put a session at its last deal in the save slot, open it in the game, play it out, and
    wait until the game page has recorded ``recorded`` entries in all."""
    save = Saved(session_record(last_deal(seed)), None, None).to_json()
    page.goto("/stats/?lang=en")  # any page of the site: the save slot is the origin's
    page.evaluate("s => localStorage.setItem('barbu.save', s)", save)
    page.goto(f"/?autoplay=0&seed={seed}&rules=fr32&speed=instant&level=beginner&lang=en")
    wait_ready(page)
    expect(page.locator("[data-deal]")).to_have_text(str(FR32.deals))
    play_session(page)
    expect(page.locator('[data-testid="session-over"]')).to_be_visible()
    assert page.evaluate(COUNT_AT_LEAST, recorded) == recorded


def open_stats(page: Page, lang: str = "en") -> None:
    page.goto(f"/stats/?lang={lang}")
    wait_ready(page)


def stored_entries(page: Page) -> dict[str, dict]:
    return {key: json.loads(text) for key, text in page.evaluate(ENTRIES)}


def finished(seed: int) -> Session:
    """``last_deal(seed)`` played on to its end."""
    session = last_deal(seed)
    rng = random.Random(seed)
    while not session.is_over:
        session.apply(rng.choice(session.legal_actions()))
    return session


def kept_store(names: list[str], seed: int = 9) -> str:
    """The score keeper's store holding one finished game of ``names``."""
    game = KeptGame.from_record(session_record(finished(seed)))
    game.rename(names)
    return json.dumps({"format": 1, "games": {"1": game.record()}, "current": "1", "names": None})


def test_two_sessions_against_the_computer_players_show_as_plots_and_tables(page: Page):
    """A player who finished two sessions would find no statistics, a plot without the table
    of its numbers, or places that are not the engine's, if this failed."""
    for n, seed in enumerate(SEEDS, 1):
        finish_session(page, seed, n)
    open_stats(page)
    entries = sorted(stored_entries(page).values(), key=lambda e: e["ended"])
    assert [e["record"]["seed"] for e in entries] == list(SEEDS)
    assert {(e["preset"], e["level"], e["stats"]) for e in entries} == {("fr32", "beginner", 1)}
    places = []
    for e in entries:
        totals = score_record(e["record"])["totals"]
        places.append(1 + sum(t < totals[0] for t in totals))  # fr32: the lowest total wins
    expect(page.locator('[data-summary="played"]')).to_contain_text("Sessions finished: 2")
    for chart in ("played-places", "played-rates", "played-contracts"):
        figure = page.locator(f'[data-figure="{chart}"]')
        expect(figure.locator(f'[data-chart="{chart}"] canvas').first).to_be_visible()
        expect(figure.locator("table")).to_be_visible()
    rows = page.locator('[data-figure="played-places"] tbody tr td')
    assert rows.all_text_contents() == [str(p) for p in places]
    contracts = page.locator('[data-figure="played-contracts"] tbody tr')
    expect(contracts).to_have_count(len(FR32.contracts))
    expect(page.locator('[data-figure="played-doubles"]')).to_have_count(0)  # fr32: no doubles
    assert violations(page) == []


def test_a_kept_real_table_game_appears_per_named_player(page: Page):
    """A table keeping its games with the score keeper would not find each player's figures,
    or would find one player's under another's name. (The page's Python runs on its main
    thread: html[data-python].)"""
    open_stats(page)
    expect(page.locator("html")).to_have_attribute("data-python", "main")
    page.evaluate(
        "s => localStorage.setItem('barbu.keeper', s)", kept_store(["Ann", "Bob", "Cy", "Di"])
    )
    open_stats(page, "ru")
    expect(page.locator("[data-empty]")).to_have_count(0)
    expect(page.locator("#filter-player option")).to_have_text(["Ann", "Bob", "Cy", "Di"])
    page.select_option("#filter-player", "Cy")
    expect(page.locator("#filter-player")).to_have_value("Cy")
    expect(page.locator('[data-figure="kept-contracts"] thead')).to_contain_text("Cy")
    expect(page.locator('[data-chart="kept-places"] canvas').first).to_be_visible()
    assert violations(page) == []


def test_statistics_export_and_import_as_one_file(page: Page, tmp_path):
    """A player moving to another device would lose the statistics, or import them twice."""
    open_stats(page)
    expect(page.locator("[data-empty]")).to_be_visible()
    for seed in SEEDS:
        record = session_record(finished(seed))
        page.evaluate(PUT, [entry_key(record), json.dumps(entry_data(record, "expert", seed))])
    open_stats(page)
    expect(page.locator('[data-summary="played"]')).to_contain_text("Sessions finished: 2")
    with page.expect_download() as download:
        page.click('[data-action="export"]')
    exported = json.loads(download.value.path().read_text())
    assert exported["kind"] == "barbu-stats" and len(exported["entries"]) == 2
    page.evaluate(FORGET_ALL)  # another device, as far as the page can tell
    open_stats(page)
    expect(page.locator("[data-empty]")).to_be_visible()
    path = tmp_path / "barbu-stats.json"
    path.write_text(json.dumps(exported))
    page.set_input_files("input[type=file][data-import]", str(path))
    expect(page.locator('[role="status"]')).to_contain_text("2 sessions added, 0 refused")
    expect(page.locator('[data-summary="played"]')).to_contain_text("Sessions finished: 2")
    page.set_input_files("input[type=file][data-import]", str(path))  # again: stored once
    expect(page.locator('[data-summary="played"]')).to_contain_text("Sessions finished: 2")
    assert len(stored_entries(page)) == 2


def test_a_damaged_store_is_kept_aside_and_reported(page: Page, tmp_path):
    """A damaged entry would lose the player's statistics silently, or stop the page; a wrong
    file imported would replace good statistics."""
    open_stats(page)
    page.evaluate(PUT, ["damaged", "{not json"])
    open_stats(page)
    alert = page.locator('[role="alert"]')
    expect(alert).to_contain_text("barbu.stats.unreadable.")
    key = page.evaluate(
        "() => Object.keys(localStorage).find((k) => k.startsWith('barbu.stats.unreadable.'))"
    )
    assert page.evaluate("k => localStorage.getItem(k)", key) == "{not json"
    assert "damaged" not in stored_entries(page)
    wrong = tmp_path / "other.json"
    wrong.write_text(json.dumps({"format": 1, "games": {}}))
    page.set_input_files("input[type=file][data-import]", str(wrong))
    expect(alert.first).to_contain_text("not a Barbu statistics file")
    assert stored_entries(page) == {}


@pytest.mark.fresh_context
def test_the_statistics_open_offline_after_one_visit(new_context, private_server):
    """A player without network would find the browser's offline page instead of the
    statistics."""
    context = new_context(base_url=private_server.url)
    page = context.new_page()
    page.goto("/stats/?lang=it")
    wait_ready(page)
    wait_service_worker(page)
    private_server.stop()
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    expect(page.locator("h1")).to_have_text("Statistiche")
    expect(page.locator("[data-empty]")).to_be_visible()
