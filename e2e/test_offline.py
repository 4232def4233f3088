"""Offline play and updates: the service worker's precache, cache-first serving, new versions."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.browser_helpers import expected_hand, shown_hand, wait_ready, wait_service_worker
from tools.dev.serve import StaticServer
from tools.site.build import site_files, write_service_worker

# The service worker and its caches.
pytestmark = pytest.mark.fresh_context

PYTHON_CACHES = ("python-bytecode", "python-snapshot")
"""Caches beside the site's version cache: Python's kept bytecode and memory snapshot
(web/runtime/codecache.py, web/runtime.mjs), not files of the site."""


def test_reload_boots_and_deals_offline_after_one_visit(new_context, private_server):
    """A player on a train would get the browser's offline error page instead of the game."""
    context = new_context(base_url=private_server.url)
    page = context.new_page()
    page.goto("/?autoplay=0&seed=11&lang=en")
    wait_ready(page)
    wait_service_worker(page)

    private_server.stop()
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert shown_hand(page) == expected_hand(11)
    # The runtime came from the cache by the service worker's static route (sw.js, cacheRoutes),
    # without a round through its fetch handler.
    routed = page.evaluate(
        "performance.getEntriesByType('resource')"
        ".filter((entry) => entry.name.endsWith('/vendor/pyodide/pyodide.asm.wasm'))"
        ".map((entry) => [entry.workerMatchedSourceType, entry.deliveryType])"
    )
    assert routed == [["cache", "cache-storage"]]

    # Another deal, never visited, is dealt offline too: the page is one cached document.
    page.goto("/?autoplay=0&seed=12&lang=fr")
    wait_ready(page)
    assert shown_hand(page) == expected_hand(12)
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def test_service_worker_precaches_every_file_under_a_content_hash_name(page, dist):
    """Whatever file was left out would fail to load offline, and the game would not start."""
    page.goto("/?autoplay=0&seed=2")
    wait_ready(page)
    cache = wait_service_worker(page)
    assert f'"{cache}"' in (dist / "sw.js").read_text()
    cached = page.evaluate(
        """async (name) => {
            const cache = await caches.open(name);
            const root = new URL('./', location.href).href;
            return (await cache.keys()).map((request) => request.url.slice(root.length));
        }""",
        cache,
    )
    assert sorted(cached) == site_files(dist)
    site_caches = [name for name in page.evaluate("caches.keys()") if name not in PYTHON_CACHES]
    assert site_caches == [cache]  # beside it, only Python's bytecode and snapshot


def test_new_version_is_offered_in_a_banner_that_the_game_can_hold(new_context, dist, tmp_path):
    """A player would stay on an old version forever, or be interrupted mid-deal, if this failed."""
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server = StaticServer(site).start()
    try:
        page = new_context(base_url=server.url).new_page()
        page.goto("/?autoplay=0&seed=4&lang=en")
        wait_ready(page)
        old_cache = wait_service_worker(page)
        banner = page.locator("#update-banner")
        expect(banner).to_be_hidden()

        # A new build is published: one file changes, so sw.js gets a new precache and cache name.
        with (site / "web" / "style.css").open("a") as css:
            css.write("\n/* new version */\n")
        new_cache = write_service_worker(site)
        assert new_cache != old_cache

        # During a deal the game holds the banner back; it appears once the deal is over.
        page.evaluate("barbuBoot.updates.hold()")
        page.evaluate("barbuBoot.registration.update()")
        page.wait_for_function("barbuBoot.updates.available")
        expect(banner).to_be_hidden()
        page.evaluate("barbuBoot.updates.release()")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("new version")
        expect(page.locator("#hand [data-card]").first).to_be_visible()  # not blocking the table

        with page.expect_navigation():
            page.locator("#update-reload").click()
        wait_ready(page)
        # The reload went to the new worker only once it was active, its old cache deleted.
        # (Not a wait_for_function: that takes a promise for a truthy value, and returns at once.)
        assert [name for name in page.evaluate("caches.keys()") if name not in PYTHON_CACHES] == [
            new_cache
        ]
        assert shown_hand(page) == expected_hand(4)
        expect(banner).to_be_hidden()
    finally:
        server.stop()


NEW = b"\n/* new version */\n"
"""What the new versions published by the tests below add to a file."""


@pytest.fixture
def site(dist: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of dist/ where the test publishes new versions, and its server's address."""
    root = tmp_path / "site"
    shutil.copytree(dist, root)
    server = StaticServer(root).start()
    yield root, server.url
    server.stop()


def replace_file(path: Path, data: bytes) -> None:
    """Replace a file whole, as an upload finishing would (never half-written to a reader)."""
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    os.replace(part, path)


def site_caches(page: Page) -> list[str]:
    """The site's version caches (not Python's bytecode and snapshot: PYTHON_CACHES)."""
    return page.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('barbu-'))")


def cached_urls(page: Page, cache: str) -> list[str]:
    """The addresses a version cache holds, in its order."""
    return page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", cache
    )


def cached(page: Page, cache: str, path: str) -> str | None:
    """The text a version cache holds for a site path, or None."""
    return page.evaluate(
        """async ([name, path]) => {
            const hit = await (await caches.open(name)).match(new URL(path, location.href).href);
            return hit ? hit.text() : null;
        }""",
        [cache, path],
    )


def served(page: Page, path: str) -> str:
    """The text the page gets for a site path (from its version's cache, if it has one)."""
    return page.evaluate("async (path) => (await fetch(path)).text()", path)


def open_served_by_worker(page: Page) -> str:
    """Open the game (seed 4) as a later visit does, served by the site's worker; its cache.

    The first visit installs the worker, which takes over no open page (it claims none)."""
    page.goto("/?autoplay=0&seed=4&lang=en")
    wait_ready(page)
    cache = wait_service_worker(page)
    page.reload()
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    return cache


def count_loads(page: Page) -> list[str]:
    """The documents the page loads from now on (a reload adds one)."""
    loads: list[str] = []
    page.on("load", lambda loaded: loads.append(loaded.url))
    return loads


def test_a_half_published_version_is_refused_then_installed_once_whole(new_context, site):
    """A player who visits while a new version is being uploaded would get a mix of the two
    cached for good (a game that may not start, even offline), or would wait for his next visit
    to get the new version once the upload is complete."""
    root, url = site
    page = new_context(base_url=url).new_page()
    old_cache = open_served_by_worker(page)
    old_files = cached_urls(page, old_cache)
    style, legacy = root / "web" / "style.css", root / "web" / "legacy.js"
    old_style, old_legacy = style.read_text(), legacy.read_bytes()

    # A new version changes two files; its sw.js and one file are uploaded, the other not yet.
    style.write_text(old_style + NEW.decode())
    legacy.write_bytes(old_legacy + NEW)
    new_cache = write_service_worker(root)
    legacy.write_bytes(old_legacy)

    # The browser finds the new sw.js; its install fails on the old file. (No automatic retry
    # comes during these checks: the first is an hour away.)
    page.evaluate("barbuBoot.updates.retryDelay = {first: 3_600_000, max: 3_600_000}")
    page.evaluate("barbuBoot.registration.update()")
    page.wait_for_function("barbuBoot.updates.failures === 1")
    assert page.evaluate("barbuBoot.updates.retryAt - Date.now()") > 1_800_000  # a retry is due
    assert site_caches(page) == [old_cache]  # no new cache, not even an empty one
    assert cached_urls(page, old_cache) == old_files
    assert cached(page, old_cache, "web/style.css") == old_style
    assert served(page, "web/style.css") == old_style  # the old version goes on serving
    assert page.evaluate("barbuBoot.updates.available") is False
    expect(page.locator("#update-banner")).to_be_hidden()

    # Retries come after a delay that doubles after each failure; they fail while the file is
    # wrong, and the first after the upload is complete installs the new version.
    page.evaluate("barbuBoot.updates.retryDelay = {first: 100, max: 400}")
    page.evaluate("barbuBoot.updates.retry()")
    page.wait_for_function("barbuBoot.updates.failures >= 3")  # the timer's tries, not ours
    assert page.evaluate("barbuBoot.updates.available") is False
    replace_file(legacy, old_legacy + NEW)
    page.wait_for_function("barbuBoot.updates.available")
    assert page.evaluate("[barbuBoot.updates.failures, barbuBoot.updates.retryAt]") == [0, None]
    expect(page.locator("#update-banner")).to_be_visible()
    assert sorted(site_caches(page)) == sorted([old_cache, new_cache])
    assert cached(page, new_cache, "web/legacy.js") == (old_legacy + NEW).decode()

    with page.expect_navigation():
        page.locator("#update-reload").click()
    wait_ready(page)
    assert site_caches(page) == [new_cache]
    assert served(page, "web/style.css") == old_style + NEW.decode()
    assert shown_hand(page) == expected_hand(4)


def test_a_first_visit_during_an_upload_gets_offline_play_once_it_is_complete(new_context, site):
    """A player whose first visit fell in the middle of an upload would have no offline play
    until his next visit, or a mix of versions cached for good."""
    root, url = site
    legacy = root / "web" / "legacy.js"
    old_legacy = legacy.read_bytes()
    legacy.write_bytes(old_legacy + NEW)
    cache = write_service_worker(root)
    legacy.write_bytes(old_legacy)  # the new sw.js is there, this file not yet

    page = new_context(base_url=url).new_page()
    page.goto("/?autoplay=0&seed=4&lang=en")
    page.evaluate("barbuBoot.updates.retryDelay = {first: 100, max: 400}")
    wait_ready(page)
    # The first install fails (taking its registration with it), and so do the tries after it.
    page.wait_for_function("barbuBoot.updates.failures >= 2")
    replace_file(legacy, old_legacy + NEW)
    page.wait_for_function("barbuBoot.registration?.active?.state === 'activated'")
    assert page.evaluate("[barbuBoot.updates.failures, barbuBoot.updates.available]") == [0, False]
    assert site_caches(page) == [cache]
    assert cached(page, cache, "web/legacy.js") == (old_legacy + NEW).decode()


def open_two_tabs(new_context, url: str) -> tuple[Page, Page, str]:
    """Two tabs of one browser on the same game, served by the site's worker; its cache."""
    context = new_context(base_url=url)
    first, second = context.new_page(), context.new_page()
    cache = open_served_by_worker(first)
    second.goto("/?autoplay=0&seed=4&lang=en")
    wait_ready(second)
    assert second.evaluate("navigator.serviceWorker.controller !== null")
    return first, second, cache


def publish_new_version(root: Path) -> str:
    """Publish a new version of the site (one file changed); its cache name."""
    style = root / "web" / "style.css"
    style.write_bytes(style.read_bytes() + NEW)
    return write_service_worker(root)


def test_other_tabs_follow_a_new_version_accepted_in_one(new_context, site):
    """A player with the game open in two tabs who accepts a new version in one would find the
    other running the old version without its files (the old cache is deleted): broken at its
    next file, or offline at its next start."""
    root, url = site
    first, second, old_cache = open_two_tabs(new_context, url)
    loads = count_loads(first), count_loads(second)
    new_cache = publish_new_version(root)
    first.evaluate("barbuBoot.registration.update()")
    for page in (first, second):
        page.wait_for_function("barbuBoot.updates.available")

    # "Reload now" in the first tab: the second reloads into the new version too, at once
    # (it is between deals), and shows the same game.
    with first.expect_navigation(), second.expect_navigation():
        first.locator("#update-reload").click()
    for page in (first, second):
        wait_ready(page)
    assert site_caches(second) == [new_cache] and new_cache != old_cache
    assert served(second, "web/style.css").endswith(NEW.decode())
    assert shown_hand(second) == expected_hand(4)
    expect(second.locator("#update-banner")).to_be_hidden()
    assert [len(loaded) for loaded in loads] == [1, 1]  # one reload each


def test_a_tab_in_the_middle_of_a_deal_follows_the_new_version_only_at_its_end(new_context, site):
    """A player in the middle of a deal in one tab would see it reload under his fingers when he
    (or someone on the same computer) accepted a new version in another tab."""
    root, url = site
    first, second, _ = open_two_tabs(new_context, url)
    second.evaluate("barbuBoot.updates.hold()")  # what the game does from the player's first card
    loads = count_loads(second)
    new_cache = publish_new_version(root)
    first.evaluate("barbuBoot.registration.update()")
    first.wait_for_function("barbuBoot.updates.available")

    with first.expect_navigation():
        first.locator("#update-reload").click()
    wait_ready(first)
    assert loads == []  # the deal goes on: the tab waits...
    second.wait_for_function("barbuBoot.updates.following")  # ...though the new version took it
    assert site_caches(second) == [new_cache]
    assert loads == []
    assert shown_hand(second) == expected_hand(4)

    # The deal is over: the game releases updates and the tab reloads into the new version.
    with second.expect_navigation():
        second.evaluate("setTimeout(() => barbuBoot.updates.release())")
    wait_ready(second)
    assert len(loads) == 1
    assert served(second, "web/style.css").endswith(NEW.decode())
    assert shown_hand(second) == expected_hand(4)
