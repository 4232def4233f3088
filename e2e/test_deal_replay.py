"""The replay of a finished deal in real Chromium: stepping with the keys and the buttons, the
settlement at its end, the way back to the game unchanged, a shared link opened in a fresh
browser, a damaged link refused while the page starts."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from e2e.browser_helpers import wait_ready
from e2e.test_accessibility import check
from e2e.test_table import drive_until
from web.game.save import SAVE_KEY

SEED = 31
REPLAY = 'html[data-view="replay"]'
STEP = "#replay[data-replay-step]"


def step(page: Page) -> int:
    """The number of actions the replay shows."""
    return int(page.locator(STEP).get_attribute("data-replay-step") or -1)


def finish_first_deal(page: Page) -> None:
    """Play the player's part of deal 1 until its summary shows."""
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en&speed=instant")
    wait_ready(page)
    drive_until(page, lambda p: p.locator('[data-action="next"]').count() > 0)


def final_scores(page: Page, scope: str) -> list[str]:
    """The deal scores of a settlement table."""
    return page.locator(f"{scope} [data-final]").all_text_contents()


def test_a_played_deal_replays_to_its_end_and_back_and_the_game_is_unchanged(page):
    """A player could not look back at a deal (or would come back to a changed game) if the
    replay's steps, keys, settlement or way back failed."""
    finish_first_deal(page)
    scores = final_scores(page, "#center .summary")
    saved = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    page.click('#center [data-action="replay-deal"]')
    expect(page.locator(REPLAY)).to_be_visible()
    expect(page.locator(STEP)).to_have_attribute("data-replay-step", "0")
    assert page.locator("#replay .replay-cards .mini").count() == 52  # four hands open
    expect(page.locator("#play")).to_be_hidden()
    page.keyboard.press("ArrowRight")
    expect(page.locator(STEP)).to_have_attribute("data-replay-step", "1")
    expect(page.locator("#live")).to_contain_text("Step 1 of")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(STEP)).to_have_attribute("data-replay-step", "0")
    page.click('#replay [data-action="replay-forward"]')
    expect(page.locator(STEP)).to_have_attribute("data-replay-step", "1")
    page.keyboard.press("ArrowRight")
    check(page, "replay, mid-deal")
    page.keyboard.press("End")
    total = int(page.locator(STEP).get_attribute("data-replay-total") or 0)
    expect(page.locator(STEP)).to_have_attribute("data-replay-step", str(total))
    assert total > 52
    assert final_scores(page, "#replay .replay-settlement") == scores
    assert page.locator("#replay .replay-cards .mini").count() < 52
    for back in range(1, 4):  # and back, one action at a time
        page.keyboard.press("ArrowLeft")
        expect(page.locator(STEP)).to_have_attribute("data-replay-step", str(total - back))
    page.select_option("#replay-jump", label="trick 2")
    expect(page.locator("#replay .trick .winner")).to_have_count(1)  # trick 1, just won
    assert 5 < step(page) < 20
    page.keyboard.press("Home")
    expect(page.locator(STEP)).to_have_attribute("data-replay-step", "0")
    page.keyboard.press("Escape")
    expect(page.locator("html")).not_to_have_attribute("data-view", "replay")
    expect(page.locator('#center [data-action="next"]')).to_be_visible()
    assert final_scores(page, "#center .summary") == scores
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") == saved
    # from the score sheet too, then the next deal as before
    page.click('#scores [data-action="replay-deal"][data-replay-deal="1"]')
    expect(page.locator(REPLAY)).to_be_visible()
    page.click('#replay [data-action="replay-close"]')
    page.click('#center [data-action="next"]')
    expect(page.locator("[data-deal]")).to_have_attribute("data-deal", "2")


def test_a_shared_link_opens_the_same_deal_in_a_fresh_browser(page, new_context):
    """A friend who opens a shared link would see another deal, or nothing, if the link's
    record did not travel whole."""
    finish_first_deal(page)
    scores = final_scores(page, "#center .summary")
    page.click('#center [data-action="replay-deal"]')
    page.click('#replay [data-action="replay-share"]')
    link = page.locator("[data-share-url]")
    expect(link).to_be_visible()
    check(page, "replay, at its end with its link")
    url = link.get_attribute("data-share-url") or ""
    assert "#replay=" in url and len(url) < 8_000
    friend = new_context().new_page()
    friend.goto(url)
    wait_ready(friend)
    expect(friend.locator(REPLAY)).to_be_visible()
    expect(friend.locator("#replay h2")).to_have_text("A shared deal")
    total = friend.locator(STEP).get_attribute("data-replay-total")
    # from its first step: the outcome is not given away before the deal is stepped through
    expect(friend.locator(STEP)).to_have_attribute("data-replay-step", "0")
    expect(friend.locator("#replay .replay-settlement")).to_have_count(0)
    assert friend.locator("#replay .replay-cards .mini").count() == 52
    friend.keyboard.press("End")
    expect(friend.locator(STEP)).to_have_attribute("data-replay-step", total or "")
    assert final_scores(friend, "#replay .replay-settlement") == scores
    friend.keyboard.press("ArrowLeft")
    expect(friend.locator(STEP)).to_have_attribute("data-replay-step", str(int(total or 0) - 1))
    friend.click('#replay [data-action="replay-close"]')
    expect(friend.locator("#hand button[data-card]").first).to_be_visible()
    friend.evaluate("(hash) => { location.hash = hash; }", url.split("#", 1)[1])
    expect(friend.locator(REPLAY)).to_be_visible()  # a link opened where the site already is


def test_a_damaged_link_is_refused_with_a_message_and_the_page_starts(page):
    """A player who opens a damaged or hostile link would face a broken page, or no word of
    what went wrong, if it were not refused cleanly."""
    page.goto(f"/?autoplay=0&seed={SEED}&lang=fr#replay=AAAA_not-a-deal")
    wait_ready(page)
    refused = "Cette donne partagée ne peut pas être ouverte"
    expect(page.locator("#notices")).to_contain_text(refused)
    expect(page.locator("html")).not_to_have_attribute("data-view", "replay")
    expect(page.locator("#hand button[data-card]")).to_have_count(13)
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en&replay={'A' * 20_000}")
    wait_ready(page)
    expect(page.locator("#notices")).to_contain_text("its link is too long")
    expect(page.locator("#hand button[data-card]")).to_have_count(13)


def test_a_deal_shared_as_a_file_opens_its_replay_from_import(page, tmp_path):
    """A deal too long for a link travels as a file: a friend could not open it if Import took
    only session records; the session on the table stays as it was."""
    from barbu import Session
    from web.game.share import shared_text

    session = Session(seed=7)
    while not session.deal.is_over:
        session.apply(session.legal_actions()[0])
    path = tmp_path / "barbu-deal-1.json"
    path.write_text(shared_text(session.deal, ("", "Ada", "", "")))
    page.goto(f"/?autoplay=0&seed={SEED}&lang=en&speed=slow")
    wait_ready(page)
    page.click('[data-action="menu"]')
    page.locator("#import-file").set_input_files(str(path))
    expect(page.locator(REPLAY)).to_be_visible()
    expect(page.locator("#menu-panel")).to_be_hidden()
    expect(page.locator('#replay [data-replay-seat="1"] .seat-name')).to_have_text("Ada")
    expect(page.locator(STEP)).to_have_attribute("data-replay-step", "0")  # not its outcome
    page.keyboard.press("End")
    finals = [str(score) for score in session.deal.summary().final]
    shown = [s.replace("\u2212", "-").lstrip("+") for s in final_scores(page, "#replay")]
    assert shown == finals
    page.keyboard.press("Escape")
    expect(page.locator("#seed")).to_have_attribute("data-seed", str(SEED))


def test_the_experts_review_lists_the_decisions_and_opens_the_replay_at_the_worst(page):
    """A player who lost points would not learn where if the review did not come from the
    worker, list each decision with its cost (costliest first) and open the replay there."""
    finish_first_deal(page)
    expect(page.locator("html")).to_have_attribute("data-bots", "ready")
    page.click('#center [data-action="replay-deal"]')
    page.click('#replay [data-action="review-start"]')
    expect(page.locator("#review-progress")).to_be_visible()
    page.click('#replay [data-action="review-cancel"]')  # cancelled: asked again below
    expect(page.locator('#replay [data-action="review-start"]')).to_be_enabled()
    page.click('#replay [data-action="review-start"]')
    items = page.locator("#replay .review-list [data-cost][data-step]")
    expect(items.first).to_be_visible(timeout=120_000)
    costs = [float(c) for c in items.evaluate_all("els => els.map(e => e.dataset.cost)")]
    assert costs and costs == sorted(costs, reverse=True) and min(costs) >= 0
    steps = items.evaluate_all("els => els.map(e => Number(e.dataset.step))")
    assert len(set(steps)) == len(steps)
    check(page, "replay, with its review")
    page.check("#review-big")  # the big errors only
    big = page.locator("#replay .review-list [data-cost]")
    expect(big.or_(page.get_by_text("No mistake nor blunder in this deal."))).not_to_have_count(0)
    assert page.locator(".review-list .review-small, .review-list .review-best").count() == 0
    page.uncheck("#review-big")
    expect(items).to_have_count(len(costs))
    items.first.click()
    expect(page.locator(STEP)).to_have_attribute("data-replay-step", str(steps[0]))
    expect(items.first).to_have_attribute("aria-current", "step")
    page.keyboard.press("Escape")
    page.click('#center [data-action="replay-deal"]')  # the review is kept with the deal
    expect(page.locator("#replay .review-list [data-cost]")).to_have_count(len(costs))


HANDS_IN_VIEW = """() => {
  const box = (e) => e.getBoundingClientRect();
  const bar = box(document.querySelector('#replay .replay-steps'));
  const hands = [...document.querySelectorAll('#replay .replay-hand')].map(box);
  return {bar: [bar.top, bar.bottom], tops: hands.map((h) => h.top),
          bottoms: hands.map((h) => h.bottom), height: innerHeight};
}"""


def test_on_a_phone_the_step_bar_leaves_the_four_hands_in_view(new_context):
    """A phone player stepping through a deal would have the top seat's cards under the sticky
    step bar (the page kept the game's scroll, and the table slid up when the practice button
    went at the end), and could not see the four hands at once, if this failed."""
    page = new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True
    ).new_page()
    finish_first_deal(page)
    page.locator('#center [data-action="replay-deal"]').click()
    expect(page.locator(REPLAY)).to_be_visible()
    for key in ("ArrowRight", "End", "ArrowLeft", "Home"):
        page.keyboard.press(key)
        page.wait_for_timeout(200)
        seen = page.evaluate(HANDS_IN_VIEW)
        assert len(seen["tops"]) == 4, key
        assert min(seen["tops"]) >= seen["bar"][1], (key, seen)  # below the bar
        assert max(seen["bottoms"]) <= seen["height"], (key, seen)  # and on the screen
