"""Offline play and updates: the service worker's precache, cache-first serving, new versions."""

from __future__ import annotations

import shutil

from playwright.sync_api import expect

from e2e.browser_helpers import expected_hand, shown_hand, wait_ready, wait_service_worker
from tools.build import site_files, write_service_worker
from tools.serve import StaticServer


def test_reload_boots_and_deals_offline_after_one_visit(new_context, private_server):
    """A player on a train would get the browser's offline error page instead of the game."""
    context = new_context(base_url=private_server.url)
    page = context.new_page()
    page.goto("/?seed=11&lang=en")
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
    page.goto("/?seed=12&lang=fr")
    wait_ready(page)
    assert shown_hand(page) == expected_hand(12)
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def test_service_worker_precaches_every_file_under_a_content_hash_name(page, dist):
    """Whatever file was left out would fail to load offline, and the game would not start."""
    page.goto("/?seed=2")
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
    site_caches = [name for name in page.evaluate("caches.keys()") if name != "python-bytecode"]
    assert site_caches == [cache]  # beside it, only the bytecode of web/codecache.py


def test_new_version_is_offered_in_a_banner_that_the_game_can_hold(new_context, dist, tmp_path):
    """A player would stay on an old version forever, or be interrupted mid-deal, if this failed."""
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server = StaticServer(site).start()
    try:
        page = new_context(base_url=server.url).new_page()
        page.goto("/?seed=4&lang=en")
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
        assert [name for name in page.evaluate("caches.keys()") if name != "python-bytecode"] == [
            new_cache
        ]
        assert shown_hand(page) == expected_hand(4)
        expect(banner).to_be_hidden()
    finally:
        server.stop()
