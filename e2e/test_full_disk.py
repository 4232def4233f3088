"""A full disk: every kind of storage the site writes refuses, as a browser whose quota is reached
does (a ``QuotaExceededError``), and the session in play is never lost.

The faults are injected: ``localStorage.setItem`` and IndexedDB's ``put`` throw in the page (an
init script, switched on and off through ``sessionStorage``, which the page does not use);
Cache Storage's ``put`` and ``addAll`` reject in the computer players' worker (its script served
with the fault in front, through a route) and in the service worker (a copy of the site whose
``sw.js`` carries the fault, on a server of the test's own: the service worker runs in a scope
of its own, which no script of the page reaches). Each test then checks what the player sees (a
notice saying what could not be kept, once; nothing for a cache that only saves time), that the
game plays on, and that after the fault is lifted a reload brings the session back whole: the
same deal, the cards played up to the last good save. The writes and what a refusal costs:
docs/ARCHITECTURE.md, "A full disk".
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from barbu import Session, session_from_record, session_record
from e2e.browser_helpers import wait_bots_ready, wait_ready, wait_service_worker
from e2e.test_session_play import STATE, play_session
from e2e.test_statistics_page import SEEDS, finished, last_deal, open_stats, stored_entries
from e2e.test_table import drive_until, hand_codes, start_new_session
from tools.dev.serve import StaticServer
from web.game.save import SAVE_KEY, Saved
from web.stats.figures import entry_data

FULL = """(() => {
  // localStorage refuses the keys listed in sessionStorage['barbu-test.full'] (a JSON list; a
  // name ending in * stands for every key it begins), and IndexedDB every put while
  // sessionStorage['barbu-test.idb-full'] is set.
  const quota = (what) => new DOMException(`${what} exceeded the quota.`, 'QuotaExceededError');
  const refused = (key) => JSON.parse(sessionStorage.getItem('barbu-test.full') ?? '[]').some(
    (name) => (name.endsWith('*') ? key.startsWith(name.slice(0, -1)) : key === name));
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === localStorage && refused(String(key))) throw quota(`Setting the value of '${key}'`);
    return setItem.call(this, key, value);
  };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (sessionStorage.getItem('barbu-test.idb-full') !== null) throw quota('The put');
    return put.apply(this, args);
  };
})();"""

CACHE_FULL = """// A full disk: Cache Storage refuses to store anything.
const quota = (what) => new DOMException(`${what} exceeded the quota.`, 'QuotaExceededError');
Cache.prototype.put = () => Promise.reject(quota('The put'));
Cache.prototype.addAll = () => Promise.reject(quota('The addAll'));
"""


def fill(page: Page, *keys: str) -> None:
    """From now on localStorage refuses ``keys`` (none: the fault is lifted)."""
    if keys:
        page.evaluate("k => sessionStorage.setItem('barbu-test.full', JSON.stringify(k))", keys)
    else:
        page.evaluate("sessionStorage.removeItem('barbu-test.full')")


def saved_text(page: Page) -> str:
    """The save as stored now."""
    text = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert isinstance(text, str)
    return text


def session_of(text: str) -> Session:
    """The session a save holds, rebuilt by the engine."""
    return session_from_record(Saved.from_json(text).record)


def cards_left(page: Page) -> int:
    return page.locator("#hand button[data-card]").count()


def play_down_to(page: Page, cards: int) -> None:
    """Play the player's part until his hand holds ``cards`` cards, and it is his turn again."""
    drive_until(page, lambda p: cards_left(p) <= cards)


def assert_whole(page: Page, good: str) -> None:
    """The page shows the session of the save ``good``: its deal, its cards played."""
    wait_ready(page)
    session = session_of(good)
    page.wait_for_function(STATE, polling="raf")
    assert sorted(hand_codes(page)) == sorted(str(card) for card in session.deal.hand(0))
    actions = list(session.deal.actions)
    assert list(session_of(saved_text(page)).deal.actions)[: len(actions)] == actions
    expect(page.locator("[data-deal]")).to_have_text(str(session.number))


def test_a_full_local_storage_keeps_the_last_good_save_and_says_so_once(page: Page):
    """A player whose disk filled up would lose the session at the next reload, see a notice on
    every card, or keep a warning after the saves work again, if this failed."""
    page.add_init_script(FULL)
    page.goto("/?autoplay=0&seed=41&lang=en&speed=instant")
    wait_ready(page)
    play_down_to(page, 12)
    good = saved_text(page)

    fill(page, SAVE_KEY, "barbu.settings")
    play_down_to(page, 10)
    notice = page.locator('[data-notice="save-failed"]')
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text("storage is full")
    assert saved_text(page) == good  # the last good save stays
    notice.locator('[data-action="dismiss-notice"]').click()
    play_down_to(page, 9)  # the game plays on, and the notice is not said on every card
    expect(notice).to_have_count(0)
    page.click('.toolbar [data-action="menu"]')
    page.locator('[data-setting="hints"]').click()  # a setting changed, not stored either
    expect(page.locator('[data-notice="settings-failed"]')).to_have_count(1)
    expect(notice).to_have_count(0)
    assert saved_text(page) == good

    fill(page)  # room again: a reload finds the session as last saved, whole
    page.reload()
    assert_whole(page, good)
    assert cards_left(page) == 12

    fill(page, SAVE_KEY)  # full again, then not: the next save goes through and the notice goes
    play_down_to(page, 11)
    expect(notice).to_have_count(1)
    fill(page)
    play_down_to(page, 10)
    expect(notice).to_have_count(0)
    latest = saved_text(page)
    assert len(session_of(latest).deal.actions) > len(session_of(good).deal.actions)
    page.reload()
    assert_whole(page, latest)


def test_an_unreadable_save_a_full_disk_cannot_set_aside_is_never_written_over(page: Page):
    """A player whose save could not be read on a full device would lose it for good (the new
    session's save written over it) if this failed."""
    page.add_init_script(FULL)
    page.goto("/pyscript.toml")  # a file of the site that runs no script: the slot is the origin's
    page.evaluate("k => localStorage.setItem(k, '{not a save')", SAVE_KEY)
    fill(page, "barbu.save.unreadable.*")
    page.goto("/?autoplay=0&seed=45&lang=en&speed=instant")
    wait_ready(page)
    notice = page.locator('[data-notice="save-unreadable"]')
    expect(notice).to_contain_text("it stays where it was")
    play_down_to(page, 12)  # the new session plays on, and its saves leave the old text alone
    assert page.evaluate("k => localStorage.getItem(k)", SAVE_KEY) == "{not a save"

    fill(page)  # room again: the next save sets the old text aside first, and says where
    play_down_to(page, 11)
    expect(notice.locator('[data-action="download-kept"]')).to_have_count(1)
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.includes('unreadable'))")
    assert [page.evaluate("k => localStorage.getItem(k)", k) for k in kept] == ["{not a save"]
    good = saved_text(page)
    page.reload()
    assert_whole(page, good)


def test_a_session_left_that_a_full_disk_cannot_keep_aside_stays_saved(page: Page):
    """A player starting a new session on a full device would lose the one under way, promised
    kept as the previous session, if this failed."""
    page.add_init_script(FULL)
    page.goto("/?autoplay=0&seed=46&lang=en&speed=instant")
    wait_ready(page)
    play_down_to(page, 12)
    left = saved_text(page)
    fill(page, "barbu.save.previous")
    page.click('.toolbar [data-action="menu"]')
    page.fill("#new-seed", "47")
    start_new_session(page)
    notice = page.locator('[data-notice="previous-failed"]')
    expect(notice).to_contain_text("it stays saved where it was")
    expect(page.locator("#seed")).to_have_attribute("data-seed", "47")
    play_down_to(page, 12)  # the new session plays; the slot keeps the one left
    assert saved_text(page) == left

    fill(page)  # room again: the session left is kept aside, then the new one saved
    play_down_to(page, 11)
    expect(notice).to_have_count(0)
    assert page.evaluate("localStorage.getItem('barbu.save.previous')") == left
    good = saved_text(page)
    assert session_of(good).seed == 47
    page.reload()
    assert_whole(page, good)


def test_a_full_indexeddb_says_the_statistics_were_not_kept_and_the_session_stays(page: Page):
    """A player whose disk is full when a session ends would lose the finished session, or its
    statistics without a word, if this failed."""
    page.add_init_script(FULL)
    seed = 33
    save = Saved(session_record(last_deal(seed)), None, None).to_json()
    page.goto(
        "/pyscript.toml"
    )  # a file of the site, which runs no script: the slot is the origin's
    page.evaluate("s => localStorage.setItem('barbu.save', s)", save)
    page.evaluate("sessionStorage.setItem('barbu-test.idb-full', '1')")
    page.goto(f"/?autoplay=0&seed={seed}&rules=fr32&speed=instant&level=beginner&lang=en")
    wait_ready(page)
    play_session(page)
    over = page.locator('[data-testid="session-over"]')
    expect(over).to_be_visible()
    notice = page.locator('[data-notice="stats-failed"]')
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text("statistics")
    finished = session_of(saved_text(page))
    assert finished.is_over  # the save is whole: the session, to its last card

    page.evaluate("sessionStorage.removeItem('barbu-test.idb-full')")
    page.reload()
    wait_ready(page)
    expect(over).to_be_visible()
    assert list(session_of(saved_text(page)).deal.actions) == list(finished.deal.actions)
    expect(notice).to_have_count(0)


def test_an_import_the_full_indexeddb_refuses_is_said_on_the_statistics_page(page: Page, tmp_path):
    """A player importing statistics onto a full device would believe them kept, and find them
    gone at the next visit, if this failed."""
    page.add_init_script(FULL)
    record = session_record(finished(SEEDS[0]))
    exported = {"kind": "barbu-stats", "format": 1, "entries": [entry_data(record, "expert", 1)]}
    path = tmp_path / "barbu-stats.json"
    path.write_text(json.dumps(exported))
    open_stats(page)
    page.evaluate("sessionStorage.setItem('barbu-test.idb-full', '1')")
    page.set_input_files("input[type=file][data-import]", str(path))
    expect(page.locator('[data-summary="played"]')).to_contain_text("Sessions finished: 1")
    alert = page.locator('[role="alert"]', has_text="storage is full")
    expect(alert).to_have_count(1)
    assert stored_entries(page) == {}


@pytest.mark.fresh_context
def test_a_full_cache_storage_costs_the_worker_its_snapshot_never_the_game(new_context):
    """A player whose disk is full would see the computer players fail, or the game not start
    again, if this failed; the snapshot and the bytecode only make the next start faster."""
    context = new_context(service_workers="block")
    script = {}

    def full_worker(route):
        response = route.fetch()
        script["body"] = CACHE_FULL + response.text()
        route.fulfill(response=response, body=script["body"])

    context.route("**/web/bots-worker.js", full_worker)
    page = context.new_page()
    page.goto("/?autoplay=0&seed=42&lang=en&speed=instant&level=expert")
    wait_ready(page)
    wait_bots_ready(page)
    assert "body" in script
    kept = page.evaluate("barbuBoot.bots.snapshot")
    assert "quota" in kept["error"]  # the worker could not keep its snapshot
    assert page.evaluate("barbuBoot.code.kept.then(() => barbuBoot.code.stored)") is False
    play_down_to(page, 11)  # the expert computer players (the worker's) answer
    good = saved_text(page)

    context.unroute("**/web/bots-worker.js")
    page.reload()
    assert_whole(page, good)
    expect(page.locator("html")).to_have_attribute("data-boot", "plain")  # no snapshot kept
    wait_bots_ready(page)
    assert "bytes" in page.evaluate("barbuBoot.bots.snapshot")  # tried again: kept this time


CACHE_UNREADABLE = """// A damaged disk: once this version is active, its cache cannot be opened.
const open = CacheStorage.prototype.open;
CacheStorage.prototype.open = function (name) {
  if (self.registration.active?.state !== 'activated') return open.call(this, name);
  return Promise.reject(new DOMException('The cache cannot be read.', 'UnknownError'));
};
"""


def serve_site(dist: Path, tmp_path: Path, fault: str) -> StaticServer:
    """A copy of the site whose service worker runs ``fault`` before its own script."""
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    worker = site / "sw.js"
    worker.write_text(fault + worker.read_text())
    return StaticServer(site).start()


@pytest.mark.fresh_context
def test_a_precache_the_disk_refuses_leaves_the_online_game_whole(new_context, dist, tmp_path):
    """A player whose disk is full would find the page broken, or the session gone, once the
    service worker failed to install, if this failed."""
    server = serve_site(dist, tmp_path, CACHE_FULL)
    try:
        context = new_context(base_url=server.url)
        page = context.new_page()
        page.goto("/?autoplay=0&seed=43&lang=en&speed=instant")
        wait_ready(page)
        play_down_to(page, 12)
        # The install fails (its precache refused), and is tried again later.
        page.wait_for_function("barbuBoot.updates.failures > 0", timeout=60_000)
        assert page.evaluate("barbuBoot.updates.retryAt") is not None
        assert page.evaluate("navigator.serviceWorker.controller") is None
        assert not [k for k in page.evaluate("caches.keys()") if k.startswith("barbu-")]
        play_down_to(page, 11)
        good = saved_text(page)
        page.reload()  # online, from the network: the game and its session
        assert_whole(page, good)
    finally:
        server.stop()


@pytest.mark.fresh_context
def test_a_cache_the_service_worker_cannot_read_sends_the_page_to_the_network(
    new_context, dist, tmp_path
):
    """A player whose disk went bad after the site was installed would get the browser's error
    page instead of the game (the service worker answering the page with a failure), if this
    failed."""
    server = serve_site(dist, tmp_path, CACHE_UNREADABLE)
    try:
        context = new_context(base_url=server.url)
        page = context.new_page()
        page.goto("/?autoplay=0&seed=44&lang=en&speed=instant")
        wait_ready(page)
        wait_service_worker(page)
        play_down_to(page, 12)
        good = saved_text(page)
        page.reload()  # through the installed worker, whose cache cannot be opened now
        assert page.evaluate("navigator.serviceWorker.controller") is not None
        assert_whole(page, good)
    finally:
        server.stop()
