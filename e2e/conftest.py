"""End-to-end fixtures: dist/ served on a free loopback port, headless Chromium, request log.

The tests run against the built site (``make build`` first; ``make test`` does it). Chromium is
Debian's when installed (/usr/lib/chromium/chromium), else the one ``playwright install`` fetched.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tools.chromium import launch_options
from tools.serve import StaticServer

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BOOT_TIMEOUT_MS = 60_000  # a cold boot takes a few seconds; a loaded CI machine may take more


def pytest_configure(config: pytest.Config) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=BOOT_TIMEOUT_MS)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch headless Chromium with the flags this closed-network machine needs."""
    return {**browser_type_launch_args, **launch_options()}


@pytest.fixture(scope="module")
def browser(launch_browser):
    """A fresh Chromium for each test module (pytest-playwright shares one for the whole run).

    Two full runs saw a tab crash while booting ("Target crashed") after some ten minutes and a
    hundred pages in one browser, in a different test each time, never when the modules ran
    alone; a module's browser starts clean, for about a second per module.
    """
    browser = launch_browser()
    yield browser
    browser.close()


@pytest.fixture
def context(context):
    """pytest-playwright's context, with the boot-sized default timeout."""
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    return context


@pytest.fixture
def new_context(browser, base_url):
    """Make extra browser contexts (own locale, viewport, server); all closed after the test."""
    made = []

    def make(**options):
        context = browser.new_context(**{"base_url": base_url, **options})
        context.set_default_timeout(BOOT_TIMEOUT_MS)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site; the tests do not build it themselves."""
    if not (DIST / "index.html").is_file() or not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run `make build` (or `make test`)")
    return DIST


@pytest.fixture(scope="session")
def site_server(dist: Path):
    """dist/ served for the whole session on a free loopback port."""
    server = StaticServer(dist).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(site_server: StaticServer) -> str:
    """The site's address (pytest-base-url's fixture, used by pytest-playwright's page.goto)."""
    return site_server.url


@pytest.fixture
def private_server(dist: Path):
    """A server of this test's own, which the test may stop (offline tests)."""
    server = StaticServer(dist).start()
    yield server
    with contextlib.suppress(OSError):
        server.stop()


class RequestLog:
    """Every request the browser context makes, page and service worker alike."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.failed: list[str] = []

    def attach(self, context) -> RequestLog:
        context.on("request", lambda request: self.urls.append(request.url))
        context.on("requestfailed", lambda request: self.failed.append(request.url))
        return self

    def foreign(self, origin: str) -> list[str]:
        """The requests that left ``origin`` (data: and blob: URLs stay in the page)."""
        own = urlsplit(origin)
        return [
            url
            for url in self.urls
            if urlsplit(url).scheme not in ("data", "blob")
            and (urlsplit(url).scheme, urlsplit(url).netloc) != (own.scheme, own.netloc)
        ]


@pytest.fixture
def request_log(context) -> RequestLog:
    """The request log of the test's browser context."""
    return RequestLog().attach(context)


@pytest.fixture
def console_errors(page) -> list[str]:
    """Console errors and CSP violations seen by the page."""
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors
