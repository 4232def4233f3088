"""The first screen fits phones and laptops: nothing overlaps, nothing is cut off."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from e2e.browser_helpers import wait_ready
from web.languages.i18n import SUPPORTED

SCREENSHOTS = Path(
    os.environ.get("BARBU_SCREENSHOTS", Path(__file__).resolve().parent.parent / "test-results")
)


def boxes(page, selector: str) -> list[dict]:
    return page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {x: r.x, y: r.y, w: r.width, h: r.height, id: e.dataset.card || e.id}; })"
    )


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["w"]
        and b["x"] < a["x"] + a["w"]
        and a["y"] < b["y"] + b["h"]
        and b["y"] < a["y"] + a["h"]
    )


@pytest.mark.parametrize(
    "lang,width,height",
    [(lang, 360, 640) for lang in SUPPORTED] + [("en", 1366, 768), ("ru", 1366, 768)],
)  # every language on a phone, where words run out of room; two on a laptop
def test_hand_and_banner_fit_without_overlap(new_context, width, height, lang):
    """On a phone or a laptop, cards would hide each other or fall off the screen if this failed."""
    page = new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(f"/?autoplay=0&seed=9&lang={lang}")
    wait_ready(page)
    # Show the update banner as a new version would (without publishing one).
    page.evaluate("barbuBoot.updates.offer({ postMessage() {}, addEventListener() {} })")
    page.locator("#update-banner").wait_for(state="visible")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SCREENSHOTS / f"first-screen-{width}x{height}-{lang}.png"), full_page=True
    )

    cards = boxes(page, "#hand [data-card]")
    header = boxes(page, ".table-header h1, #seed, #language")
    banner = boxes(page, "#update-banner")
    assert len(cards) == 13
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (
        "the page scrolls sideways"
    )
    for i, card in enumerate(cards):
        assert card["x"] >= 0 and card["x"] + card["w"] <= width, f"{card['id']} is cut off"
        assert card["w"] >= 36, f"{card['id']} is too small to tap"
        for other in cards[i + 1 :] + header + banner:
            assert not overlap(card, other), f"{card['id']} overlaps {other['id']}"
    for i, item in enumerate(header):
        for other in header[i + 1 :]:
            assert not overlap(item, other), f"{item['id']} overlaps {other['id']}"
