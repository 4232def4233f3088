"""The expert's review shown whole and kept, and a practice from a moment of the replay, in real
Chromium: the graph and hindsight beside the decisions, the better choice shown at an opened
decision, the review still there after a reload (a damaged store said and set aside), and a
practice deal that leaves the real session exactly as it was."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from e2e.browser_helpers import wait_ready
from e2e.test_accessibility import check
from e2e.test_deal_replay import REPLAY, SEED, STEP, final_scores, finish_first_deal
from e2e.test_table import drive_until, start_new_session
from web.game.kept_reviews import DAMAGED_KEY, KEY
from web.game.save import SAVE_KEY

DECISIONS = "#replay .review-list [data-cost][data-step]"


def stored(page: Page, key: str) -> str | None:
    return page.evaluate(f"localStorage.getItem({json.dumps(key)})")


def review_first_deal(page: Page) -> None:
    """Finish deal 1, open its replay and have the expert review it."""
    finish_first_deal(page)
    expect(page.locator("html")).to_have_attribute("data-bots", "ready")
    page.click('#center [data-action="replay-deal"]')
    page.click('#replay [data-action="review-start"]')
    expect(page.locator(DECISIONS).first).to_be_visible(timeout=120_000)


def test_the_review_shows_its_graph_and_hindsight_and_is_kept_after_a_reload(page):
    """A player would not see how the deal went for them, would mistake hindsight for a
    verdict, or would wait for the same review again after a reload, if these failed."""
    review_first_deal(page)
    decisions = page.locator(DECISIONS).count()
    graph = page.locator("#replay .replay-graph svg.review-graph[role='img']")
    expect(graph).to_be_visible()
    assert "expected score" in (graph.get_attribute("aria-label") or "")
    points = page.locator("#replay .review-graph circle.point").count()
    assert 0 < points <= decisions
    expect(page.locator("#replay .review-graph rect.result")).to_have_count(1)
    page.click("#replay .replay-graph summary")  # the same figures as a table
    rows = page.locator("#replay .review-table tbody tr")
    expect(rows).to_have_count(points + 1)  # and the deal's result
    hindsight = page.locator("#replay .replay-hindsight")
    expect(hindsight.locator("h3")).to_have_text("In hindsight, with every card visible")
    assert hindsight.locator("[data-cost]").count() == 0  # not among the review's costs
    check(page, "replay, with its review, graph and hindsight")
    # each decision opens the replay at that moment, the choice and the better one said
    first = page.locator(DECISIONS).first
    step, cost = first.get_attribute("data-step"), float(first.get_attribute("data-cost") or 0)
    first.click()
    expect(page.locator(STEP)).to_have_attribute("data-replay-step", step or "")
    note = page.locator(f"#replay .review-note[data-review-note='{step}']")
    expect(note).to_contain_text("Here you chose")
    if cost > 0:
        expect(note).to_contain_text("The expert’s choice")
    seen = hindsight.locator("[data-hindsight-step]")
    if seen.count():
        at = seen.first.get_attribute("data-hindsight-step")
        seen.first.click()
        expect(page.locator(STEP)).to_have_attribute("data-replay-step", at or "")
        expect(page.locator("#replay .review-note .hindsight")).to_be_visible()
        expect(seen.first).to_have_attribute("aria-current", "step")
    card_steps = page.locator(DECISIONS).evaluate_all(
        "els => els.filter(e => Number(e.dataset.cost) > 0"
        " && / of (spades|hearts|diamonds|clubs)\\. Better: \\w+ of /.test(e.textContent))"
        ".map(e => e.dataset.step)"
    )
    if card_steps:  # a card decision with a better card: that card is ringed in the hand
        page.click(f"{DECISIONS}[data-step='{card_steps[0]}']")
        expect(page.locator("#replay .replay-hand.mine .mini.better")).to_have_count(1)
    assert json.loads(stored(page, KEY) or "{}")["reviews"]
    page.reload()
    wait_ready(page)
    page.click('#scores [data-action="replay-deal"][data-replay-deal="1"]')
    expect(page.locator(REPLAY)).to_be_visible()
    expect(page.locator(DECISIONS)).to_have_count(decisions)  # kept: not computed again
    expect(page.locator('#replay [data-action="review-start"]')).to_have_count(0)


def test_damaged_kept_reviews_are_set_aside_with_a_notice_and_the_game_goes_on(page):
    """A player whose kept reviews were damaged would face a broken replay, or lose them
    without a word, if they were not set aside and said."""
    finish_first_deal(page)
    saved = stored(page, SAVE_KEY)
    page.evaluate(f'localStorage.setItem({json.dumps(KEY)}, \'{{"format": 1, "reviews"\')')
    page.click('#center [data-action="replay-deal"]')
    expect(page.locator(REPLAY)).to_be_visible()
    expect(page.locator('#notices [data-notice="reviews-damaged"]')).to_be_visible()
    assert stored(page, DAMAGED_KEY) == '{"format": 1, "reviews"'
    assert stored(page, SAVE_KEY) == saved
    expect(page.locator('#replay [data-action="review-start"]')).to_be_visible()
    page.keyboard.press("Escape")
    page.click('#center [data-action="next"]')
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "2")


def test_playing_on_from_a_moment_is_a_practice_and_the_session_comes_back_exactly(page):
    """A player trying another line from a moment of the replay would lose or change their
    real session, or not know they were practising, if the practice were not kept apart."""
    finish_first_deal(page)
    saved = stored(page, SAVE_KEY)
    scores = page.locator("#scores").inner_text()
    page.click('#center [data-action="replay-deal"]')
    page.select_option("#replay-jump", label="trick 3")
    step = int(page.locator(STEP).get_attribute("data-replay-step") or 0)
    page.click('#replay [data-action="practice-start"]')
    expect(page.locator("html")).to_have_attribute("data-practice", "true")
    expect(page.locator("html")).not_to_have_attribute("data-view", "replay")
    banner = page.locator("#practice")
    expect(banner).to_contain_text("Practice")
    expect(banner).to_contain_text(f"step {step}")
    expect(page.locator("#live")).to_contain_text("It does not count")
    check(page, "a practice deal")
    playable = page.locator("#hand button[data-card].playable")
    expect(playable.first).to_be_visible()
    cards_before = page.locator("#hand button[data-card]").count()
    playable.last.click()  # another line than the one played
    expect(page.locator("#hand button[data-card]")).not_to_have_count(cards_before)
    assert stored(page, SAVE_KEY) == saved  # nothing of the practice is saved
    page.click('#practice [data-action="practice-leave"]')
    expect(page.locator("html")).not_to_have_attribute("data-practice", "true")
    expect(banner).to_be_hidden()
    expect(page.locator('#center [data-action="next"]')).to_be_visible()  # deal 1's summary
    assert stored(page, SAVE_KEY) == saved
    assert page.locator("#scores").inner_text() == scores
    # a practice left by a reload finds the real session too
    page.click('#center [data-action="replay-deal"]')
    page.keyboard.press("ArrowRight")
    page.click('#replay [data-action="practice-start"]')
    expect(page.locator("html")).to_have_attribute("data-practice", "true")
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).not_to_have_attribute("data-practice", "true")
    assert stored(page, SAVE_KEY) == saved
    page.click('#center [data-action="next"]')
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "2")


def finish_two_deals(page: Page) -> None:
    """Play the player's part of deals 1 and 2 until deal 2's summary shows."""
    finish_first_deal(page)
    page.click('#center [data-action="next"]')
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "2")
    drive_until(page, lambda p: p.locator('#center [data-action="next"]').count() > 0)


def test_a_whole_session_is_reviewed_deal_by_deal_and_its_link_opens_elsewhere(page, new_context):
    """A player could not review a whole session, stop it, or send it to a friend, if the
    session's review, its progress, its cancel or its link failed."""
    finish_two_deals(page)
    expect(page.locator("html")).to_have_attribute("data-bots", "ready")
    page.click('#center [data-action="replay-deal"]')
    expect(page.locator("#replay h2")).to_have_text("Replay of deal 2")
    page.select_option("#replay-deal", "1")  # the session's other deal
    expect(page.locator("#replay h2")).to_have_text("Replay of deal 1")
    page.click('#replay [data-action="review-session"]')
    expect(page.locator("#review-session-progress")).to_be_visible()
    page.click('#replay .replay-session [data-action="review-cancel"]')
    expect(page.locator('#replay [data-action="review-session"]')).to_be_enabled()
    page.click('#replay [data-action="review-session"]')
    rows = page.locator("#replay .session-list [data-action='replay-to-deal']")
    expect(rows).to_have_count(2, timeout=180_000)
    expect(page.locator('#replay [data-action="review-session"]')).to_have_count(0)
    expect(page.locator("#live")).to_contain_text("The session’s review is ready")
    check(page, "replay, with the session's review")
    rows.nth(1).click()
    expect(page.locator("#replay h2")).to_have_text("Replay of deal 2")
    expect(page.locator(DECISIONS).first).to_be_visible()  # its review, kept
    # the whole session as a link, opened in a fresh browser
    page.select_option("#replay-deal", "1")
    page.keyboard.press("End")
    scores = final_scores(page, "#replay .replay-settlement")
    page.click('#replay [data-action="replay-share-session"]')
    link = page.locator("[data-share-url]")
    expect(link).to_be_visible()
    url = link.get_attribute("data-share-url") or ""
    assert "#replay=" in url and len(url) < 8_000
    friend = new_context().new_page()
    friend.goto(url)
    wait_ready(friend)
    expect(friend.locator(REPLAY)).to_be_visible()
    expect(friend.locator("#replay h2")).to_have_text("A shared session: deal 2")
    expect(friend.locator("#replay-deal option")).to_have_count(2)
    friend.select_option("#replay-deal", "1")
    expect(friend.locator("#replay h2")).to_have_text("A shared session: deal 1")
    expect(friend.locator("#replay[data-replay-step]")).to_have_attribute("data-replay-step", "0")
    friend.keyboard.press("End")
    expect(friend.locator("#replay .replay-settlement")).to_be_visible()
    assert final_scores(friend, "#replay .replay-settlement") == scores
    expect(friend.locator("#replay .replay-session")).to_have_count(0)  # not the friend's
    friend.keyboard.press("Escape")
    expect(friend.locator("#hand button[data-card]").first).to_be_visible()


def test_the_previous_sessions_deals_can_be_replayed(page):
    """A player who started a new session could no longer look back at the one before if
    the previous session kept on this device could not be replayed."""
    finish_first_deal(page)
    scores = final_scores(page, "#center .summary")
    page.click('[data-action="menu"]')
    start_new_session(page)
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "1")
    page.click('[data-action="menu"]')
    page.click('#menu-panel [data-action="replay-previous"]')
    expect(page.locator(REPLAY)).to_be_visible()
    expect(page.locator("#replay h2")).to_have_text(f"Previous session (game no. {SEED}): deal 1")
    page.keyboard.press("End")
    assert final_scores(page, "#replay .replay-settlement") == scores
    expect(page.locator('#replay [data-action="practice-start"]')).to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.locator("#hand button[data-card]").first).to_be_visible()
