"""When the page cannot start, it says so clearly instead of showing a blank or stuck screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.browser_helpers import CATALOGS

# Boot failures, from a context nothing has visited.
pytestmark = pytest.mark.fresh_context


@pytest.mark.parametrize(
    "path",
    ["modules.zip", "vendor/pyodide/pyodide.asm.wasm", "vendor/pyscript/core.js", "web/main.py"],
)
def test_a_file_that_fails_to_load_shows_an_error_message(page, path):
    """A player with a broken connection or host would stare at an endless loading screen."""
    page.route(f"**/{path}", lambda route: route.fulfill(status=404, body="not found"))
    page.goto("/?seed=1&lang=en")
    error = page.locator("#boot-error")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("data-kind", "file")
    expect(error).to_contain_text(CATALOGS["en"]["boot.error.title"])
    expect(page.locator("#boot-error-message")).to_have_text(
        CATALOGS["en"]["boot.error.file"].format(file=path)
    )
    expect(page.locator("#boot-error-reload")).to_have_text(CATALOGS["en"]["boot.error.reload"])
    expect(page.locator("#loader")).to_be_hidden()
    expect(page.locator("html")).not_to_have_class("ready")


def test_an_aborted_download_shows_the_error_in_french(page):
    """A French player losing the connection mid-boot would get a stuck page or an English
    message."""
    page.route("**/python_stdlib.zip", lambda route: route.abort("connectionreset"))
    page.goto("/?seed=1&lang=fr")
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#boot-error")).to_contain_text(CATALOGS["fr"]["boot.error.title"])
    expect(page.locator("#boot-error-message")).to_contain_text("python_stdlib.zip")


def test_a_missing_catalog_still_shows_a_bilingual_message(page):
    """Without its message catalog the page would have no words to explain itself: blank page."""
    page.route("**/web/i18n/en.json", lambda route: route.fulfill(status=404, body=""))
    page.goto("/?seed=1&lang=en")
    fallback = page.locator("#boot-fallback")
    expect(fallback).to_be_visible()
    expect(fallback).to_contain_text("could not start")
    expect(fallback).to_contain_text("n’a pas pu démarrer")


def test_a_browser_without_webassembly_gets_a_clear_message(page):
    """A player on an old or locked-down browser would see an endless loading screen."""
    page.add_init_script("delete globalThis.WebAssembly;")
    page.goto("/?seed=1")
    unsupported = page.locator("#unsupported")
    expect(unsupported).to_be_visible()
    expect(unsupported).to_contain_text("WebAssembly")
    expect(page.locator("#loader")).to_be_hidden()


def test_without_javascript_the_page_explains_itself(new_context):
    """A player with JavaScript turned off would see an empty green page."""
    page = new_context(java_script_enabled=False).new_page()
    page.goto("/?seed=1")
    # (get_by_text skips <noscript> content; a CSS locator does not)
    expect(page.locator("p", has_text="Barbu needs JavaScript")).to_be_visible()
    expect(page.locator("p", has_text="Barbu a besoin de JavaScript")).to_be_visible()
    expect(page.locator("#loader")).to_be_hidden()


def test_a_missing_icon_does_not_stop_the_game(page):
    """A host that lost an icon would otherwise lock every player out of the game."""
    page.route("**/web/icons/*.png", lambda route: route.fulfill(status=404, body=""))
    page.goto("/?seed=1&lang=en")
    expect(page.locator("html")).to_have_class(re.compile(r"\bready\b"))
    expect(page.locator("#boot-error")).to_be_hidden()
