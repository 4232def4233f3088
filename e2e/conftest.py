"""End-to-end fixtures: dist/ served on a free loopback port, headless Chromium, request log.

The tests run against the built site (``make build`` first; ``make test`` does it). Chromium is
Debian's when installed (/usr/lib/chromium/chromium), else the one ``playwright install`` fetched.

A test's ``page`` opens in the browser context its module's tests share (``SharedContext``):
warm, with Python's kept snapshot and bytecode, everything else the site stored cleared after
each test. Tests of a start from scratch, of those caches or of the service worker are marked
``fresh_context`` and get a context of their own, as do the contexts a test makes with
``new_context``.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from e2e.crashes import RECORDER, with_crash_logs
from tools.dev.chromium import launch_options
from tools.dev.serve import StaticServer

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BOOT_TIMEOUT_MS = 60_000  # a cold boot takes a few seconds; a loaded CI machine may take more


def pytest_configure(config: pytest.Config) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=BOOT_TIMEOUT_MS)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch headless Chromium with the flags this closed-network machine needs."""
    return {**browser_type_launch_args, **with_crash_logs(dict(launch_options()))}


@pytest.fixture(scope="module")
def browser(launch_browser):
    """A fresh Chromium for each test module (pytest-playwright shares one for the whole run):
    a module's browser starts clean, for about a second per module.

    The tabs that crashed at boot ("Target crashed") were killed by an allocation sampler that
    Chromium turns on at random for a browser run, now off (tools/dev/chromium.py); a crash
    fails its test with Chromium's words (e2e/crashes.py, docs/DEVELOPING.md "Crashed tabs").
    """
    browser = launch_browser()
    yield browser
    browser.close()


FRESH = "fresh_context"
"""The marker of tests that need a browser context of their own: they test the boot, the caches,
the service worker, or they change the context itself (routes, init scripts, offline...)."""
CHANGES_CONTEXT = (
    "add_init_script",
    "expose_binding",
    "expose_function",
    "grant_permissions",
    "route",
    "route_from_har",
    "route_web_socket",
    "set_extra_http_headers",
    "set_geolocation",
    "set_offline",
)
"""What a test may not call on the shared context: what it set would hold for the next tests."""
KEPT_CACHES = ("python-bytecode", "python-snapshot")
"""What the shared context keeps from one test to the next: Python's kept bytecode and memory
snapshot (web/boot.js, web/runtime.mjs), which depend on the build only, never on a game."""
CLEAR = "cookies,file_systems,indexeddb,local_storage,service_workers,websql"
"""What Storage.clearDataForOrigin clears after each test; the other caches are deleted by
``LEFT``, from a page of the site."""
LEFT = """async (kept) => {
    for (const name of await caches.keys()) if (!kept.includes(name)) await caches.delete(name);
    return [
        localStorage.length,
        (await caches.keys()).filter((name) => !kept.includes(name)).length,
        (await navigator.serviceWorker.getRegistrations()).length,
        (await indexedDB.databases()).length,
    ];
}"""
"""The site's storage left once cleared, all zero: Web Storage, caches but Python's, service
worker registrations, IndexedDB."""


class SharedContext:
    """One browser context for a module's tests, made when the first asks for it.

    After each test, its pages are closed, its service worker stopped (it may still be filling
    its cache) and everything the site stored cleared but Python's kept bytecode and snapshot:
    the next test's page starts as a returning player's does, from the snapshot, some 3 s
    instead of 10 (the first test of the module starts Python from scratch, and leaves them). If
    a check then finds anything else left, or the test failed, the context is closed and the
    next test gets a new one. The tests of a start from scratch, of these caches or of the
    service worker are marked ``fresh_context``; ``BARBU_FRESH_CONTEXTS=1`` gives every test a
    context of its own."""

    def __init__(self, browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))
        self.context = None

    def get(self):
        if self.context is None:
            self.context = self.browser.new_context(base_url=self.base_url)
            self.context.set_default_timeout(BOOT_TIMEOUT_MS)
            RECORDER.watch(self.context)
            for name in CHANGES_CONTEXT:
                setattr(self.context, name, refuse(name))
        return self.context

    def reset(self, keep: bool) -> None:
        """Close the test's pages, clear the site's storage; keep the context if all is clean."""
        context, self.context = self.context, None
        if context is None:
            return
        try:
            for page in context.pages:
                page.close()
            if keep and self.cleared(context):
                self.context = context
                return
        except Exception as error:  # whatever went wrong, the next test gets a new context
            warnings.warn(f"shared context not reset, a new one: {error!r}", stacklevel=1)
        context.close()

    def cleared(self, context) -> bool:
        """Stop the service worker, clear the site's storage but ``KEPT_CACHES``, and check
        from a page of the site."""
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        cdp.send("Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": CLEAR})
        cdp.detach()
        page.goto("/pyscript.toml")  # a file of the site's, which runs no script
        left = page.evaluate(LEFT, list(KEPT_CACHES))
        page.close()
        if left == [0, 0, 0, 0] and not context.service_workers:
            return True
        workers = len(context.service_workers)
        warnings.warn(f"left after clearing: {left}, {workers} service workers", stacklevel=1)
        return False

    def close(self) -> None:
        if self.context is not None:
            self.context.close()


def refuse(name: str):
    def call(*args, **kwargs):
        raise AssertionError(
            f"context.{name}() would change the context the module's tests share: "
            f"mark the test @pytest.mark.{FRESH}"
        )

    return call


@pytest.fixture(scope="module")
def shared_context(browser, base_url):
    shared = SharedContext(browser, base_url)
    yield shared
    shared.close()


@pytest.fixture
def context(request, new_context, shared_context):
    """The context of the test's ``page``: the module's shared one, or one of the test's own
    (``fresh_context``); with the boot-sized default timeout."""
    if request.node.get_closest_marker(FRESH) or os.environ.get("BARBU_FRESH_CONTEXTS") == "1":
        yield new_context()
        return
    yield shared_context.get()
    shared_context.reset(keep=not failed(request.node))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test, for ``failed``."""
    report = yield
    RECORDER.annotate(item, report)  # a crashed tab fails its test, with Chromium's words
    setattr(item, f"barbu_report_{report.when}", report)
    return report


def failed(item) -> bool:
    """Whether the test has failed so far (its setup or its call)."""
    return any(
        getattr(getattr(item, f"barbu_report_{when}", None), "failed", False)
        for when in ("setup", "call")
    )


@pytest.fixture
def new_context(browser, base_url):
    """Make extra browser contexts (own locale, viewport, server); all closed after the test."""
    made = []

    def make(**options):
        context = browser.new_context(**{"base_url": base_url, **options})
        context.set_default_timeout(BOOT_TIMEOUT_MS)
        RECORDER.watch(context)
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
        self.listeners = [
            ("request", lambda request: self.urls.append(request.url)),
            ("requestfailed", lambda request: self.failed.append(request.url)),
        ]
        self.context = context
        for event, listener in self.listeners:
            context.on(event, listener)
        return self

    def detach(self) -> None:
        for event, listener in self.listeners:
            self.context.remove_listener(event, listener)

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
def request_log(context):
    """The request log of the test's browser context (from now until the test ends)."""
    log = RequestLog()
    yield log.attach(context)
    log.detach()


@pytest.fixture
def console_errors(page) -> list[str]:
    """Console errors and CSP violations seen by the page."""
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors
