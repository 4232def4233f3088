"""The table's main states fit a phone (360×640) and a laptop (1366×768): nothing overlaps,
nothing is cut off, touch targets are big enough. Screenshots go to test-results/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from barbu import Contract, Phase, Session
from e2e.browser_helpers import wait_ready
from e2e.test_table import HUMAN, hand_over, session_until

SCREENSHOTS = Path(
    os.environ.get("BARBU_SCREENSHOTS", Path(__file__).resolve().parent.parent / "test-results")
)
SIZES = [(360, 640), (1366, 768)]


def declarer_seed() -> int:
    return next(s for s in range(1, 200) if Session(seed=s).first_declarer == HUMAN)


def state_contract() -> tuple[Session, int | None]:
    return Session(seed=declarer_seed()), None


def state_doubling() -> tuple[Session, int | None]:
    return session_until(
        11,
        lambda s: (
            s.to_move == HUMAN and s.deal.phase is Phase.DOUBLING and s.deal.must_double(HUMAN)
        ),
        player_doubles=False,
    ), None


def state_trick() -> tuple[Session, int | None]:
    return session_until(
        12,
        lambda s: (
            s.to_move == HUMAN
            and s.deal.phase is Phase.PLAY
            and s.deal.contract == Contract.NO_HEARTS
            and len(s.deal.trick) >= 2
            and len(s.deal.tricks) >= 5
        ),
    ), None


def state_domino() -> tuple[Session, int | None]:
    return session_until(
        13,
        lambda s: (
            s.to_move == HUMAN
            and s.deal.phase is Phase.PLAY
            and s.deal.contract == Contract.DOMINO
            and len(s.deal.played) >= 14
        ),
    ), None


def state_summary() -> tuple[Session, int | None]:
    session = session_until(14, lambda s: s.number == 8 and s.between_deals)
    return session, 8  # deal 8 is over, its summary on screen


def state_over() -> tuple[Session, int | None]:
    return session_until(15, lambda s: s.is_over), None  # the final ranking, summary closed


STATES = {
    "contract": state_contract,
    "doubling": state_doubling,
    "trick": state_trick,
    "domino": state_domino,
    "summary": state_summary,
    "over": state_over,
}


def boxes(page: Page, selector: str) -> list[dict]:
    return page.locator(selector).evaluate_all(
        """els => els.filter(e => e.getClientRects().length).map(e => {
            const r = e.getBoundingClientRect();
            return {x: r.x, y: r.y + scrollY, w: r.width, h: r.height,
                    id: e.dataset.card || e.dataset.contract || e.dataset.action || e.id
                        || e.className};
        })"""
    )


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["w"] - 1
        and b["x"] < a["x"] + a["w"] - 1
        and a["y"] < b["y"] + b["h"] - 1
        and b["y"] < a["y"] + a["h"] - 1
    )


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("state", list(STATES))
def test_main_states_fit_without_overlap(new_context, state, width, height):
    """On a phone or a laptop, the player would find buttons cut off, cards hiding each other or
    targets too small to tap, in one of the table's main states, if this failed."""
    lang = "fr" if state in ("doubling", "summary") else "en"
    page = new_context(viewport={"width": width, "height": height}).new_page()
    session, summary = STATES[state]()
    hand_over(page, session, summary)
    page.goto(f"/?autoplay=0&seed={session.seed}&lang={lang}&speed=slow&level=beginner")
    wait_ready(page)
    if state in ("contract", "doubling"):
        expect(page.locator("#center .prompt button").first).to_be_visible()
    if state == "over":
        expect(page.locator('[data-testid="session-over"]')).to_be_visible()
    if state == "summary":
        expect(page.locator(f'[data-summary="{summary}"] [data-action="next"]')).to_be_visible()
    if state in ("trick", "domino"):
        expect(page.locator("#hand button[data-card].playable").first).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SCREENSHOTS / f"table-{state}-{width}x{height}-{lang}.png"), full_page=True
    )

    assert page.evaluate("document.documentElement.scrollWidth") <= width, (
        "the page scrolls sideways"
    )
    targets = boxes(page, "#table button, #table a, #table select")
    for box in targets:
        assert box["x"] >= -1 and box["x"] + box["w"] <= width + 1, f"{box['id']} is cut off"
    for box in boxes(page, "#center button, .toolbar .tool"):
        assert box["h"] >= 43.5 and box["w"] >= 43.5, f"{box['id']} is too small to tap: {box}"
    cards = boxes(page, "#hand [data-card]")
    for i, card in enumerate(cards):
        assert card["w"] >= 43.5, f"{card['id']} is too narrow to tap"
        for other in cards[i + 1 :]:
            assert not overlap(card, other), f"{card['id']} overlaps {other['id']}"
    # The centre (choices, trick, rows, summary) does not run under the seats or the hand in
    # the page's flow; the hand pinned to the screen's bottom (test_table_feel) floats over
    # whatever scrolls under it, so it is measured in its place in the flow.
    page.evaluate("document.getElementById('hand').style.position = 'static'")
    center = boxes(page, "#center > *")
    for region in boxes(page, "#board .seat") + boxes(page, "#hand .cards"):
        for part in center:
            assert not overlap(region, part), f"{part['id']} overlaps {region['id']}"
