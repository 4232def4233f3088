"""Small helpers shared by the end-to-end tests."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from barbu import Session
from web.languages.i18n import SUPPORTED

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {
    lang: json.loads((ROOT / "web" / "languages" / "catalogs" / f"{lang}.json").read_text())
    for lang in SUPPORTED
}

# Collects Content-Security-Policy violations in window.__cspViolations, from the first script on.
CSP_RECORDER = """
window.__cspViolations = [];
addEventListener('securitypolicyviolation', (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${where}`);
});
"""
DEPRECATION_RECORDER = """
window.__deprecations = [];
new ReportingObserver((reports) => {
  for (const report of reports) window.__deprecations.push(report.body.message);
}, {types: ['deprecation'], buffered: true}).observe();
"""
"""Collects Chromium's deprecation reports (what Lighthouse's best practices count)."""


def tap_first(page: Page, selector: str, timeout_ms: int) -> None:
    """Tap the first element of ``selector``, a decision of the player's. The page may take it
    first (auto-play: the only legal card, a doubling turn with nothing to choose): then the tap
    gives up after ``timeout_ms`` and the caller looks at the page again."""
    with contextlib.suppress(PlaywrightTimeout):
        page.locator(selector).first.click(timeout=timeout_ms)


def score(text: str) -> int:
    """A score as the page prints it ("+5", "\u221212" with the minus sign U+2212, "0")."""
    return int(text.replace("\u2212", "-"))


def expected_hand(seed: int, seat: int = 0) -> list[str]:
    """The engine's hand for that seat in the first deal of the session dealt from that seed."""
    return [str(card) for card in Session(seed=seed).deal.hand(seat)]


def wait_ready(page: Page) -> None:
    """Wait until Python has drawn the first screen (``<html class="ready">``)."""
    expect(page.locator("html")).to_have_class(_has_class("ready"))


def wait_bots_ready(page: Page) -> None:
    """Wait until the computer players' worker is up (the page's ``barbu:bots-ready`` mark)."""
    page.wait_for_function(
        "performance.getEntriesByName('barbu:bots-ready').length > 0", timeout=60_000
    )


def shown_hand(page: Page) -> list[str]:
    """The data-card codes of the hand on screen, in order."""
    return page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def wait_service_worker(page: Page) -> str:
    """Wait for the service worker to be active (precache done); returns its cache name."""
    return page.evaluate(
        """async () => {
            await navigator.serviceWorker.ready;
            const names = await caches.keys();
            return names.find((name) => name.startsWith('barbu-'));
        }"""
    )


def _has_class(name: str):
    import re

    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")
