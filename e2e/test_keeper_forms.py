"""The score keeper's forms and what it shows, in a real browser: the declarer's block, a counted
deal corrected in its counting mode, a wrong count said exactly, the doubles matrix and the deal
form on a phone, each player's net and money as each language writes it, the printed sheet's
heading.

The deals typed are the engine's (seeded sessions played with random legal actions, as in
e2e/test_score_keeper.py) or small deals whose counts are worked out in the test. If these fail,
a table would be told the wrong block, retype a deal's counts to correct it, be told only that
its counts are "impossible", miss the checkboxes with a finger, or print a sheet nobody can
date or read.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from barbu import ChooseContract, Contract
from barbu.keeper import KeptDeal, KeptGame, Taken
from barbu.presets import preset
from e2e.test_score_keeper import enter_deal, new_game, open_keeper, played, reported, shown_totals
from web.languages.presets import preset_words

NAMES = ["Ada", "Ben", "Clara", "Dan"]
CATALOGS = Path(__file__).resolve().parent.parent / "web" / "languages" / "catalogs"
STARTED = 1_765_000_000_000
"""A kept game's key: the time it was started (2025-12-06), which the printed sheet dates."""


def catalog(lang: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def kept(page: Page, game: KeptGame, lang: str = "en") -> None:
    """Open the keeper on ``game``, as if it had been kept in this browser."""
    store = {"format": 1, "games": {str(STARTED): game.record()}, "current": str(STARTED)}
    open_keeper(page, f"/keeper/?lang={lang}")
    page.evaluate("s => localStorage.setItem('barbu.keeper', s)", json.dumps(store))
    open_keeper(page, f"/keeper/?lang={lang}")


def count_tricks(page: Page, tricks: list[int]) -> None:
    """Choose No Tricks, counted, with each player's tricks."""
    page.click('[data-contract="no-tricks"]')
    page.click('[data-mode="counted"]')
    for seat, n in enumerate(tricks):
        page.fill(f'[data-count="tricks:{seat}"]', str(n))


def test_the_deal_form_names_the_block_of_its_declarer(page: Page) -> None:
    """The form said "block 2" on the first deal, one more than the sheet, for every deal."""
    rules = preset("standard")
    session = played(rules, 5)
    open_keeper(page)
    new_game(page, rules, session.first_declarer, NAMES)
    block = page.locator("#deal-form [data-block]")
    expect(block).to_have_attribute("data-block", "1")
    expect(block).to_contain_text("(block 1)")
    for number, deal in enumerate(reported(session)[: rules.block_size], 1):
        enter_deal(page, number, deal)
    expect(page.locator("#deal-form")).to_have_attribute("data-number", str(rules.block_size + 1))
    expect(block).to_have_attribute("data-block", "2")
    expect(block).to_contain_text("(block 2)")
    declarer = NAMES[KeptGame(rules, session.first_declarer).declarer_of(rules.block_size + 1)]
    expect(block).to_contain_text(declarer)


def test_a_counted_deal_is_corrected_in_its_counting_mode(page: Page) -> None:
    """The correction opened on typed raw scores: the counts the table had typed were gone."""
    open_keeper(page)
    new_game(page, preset("standard"), 0, NAMES)
    count_tricks(page, [5, 4, 3, 1])
    page.click('[data-action="enter"]')
    expect(page.locator("#deal-form")).to_have_attribute("data-number", "2")
    assert shown_totals(page) == [-10, -8, -6, -2]
    page.click("details.no-print summary")
    page.click('[data-action="edit"][data-deal="1"]')
    expect(page.locator("#deal-form")).to_have_attribute("data-number", "1")
    expect(page.locator('[data-mode="counted"]')).to_be_checked()
    for seat, n in enumerate([5, 4, 3, 1]):
        expect(page.locator(f'[data-count="tricks:{seat}"]')).to_have_value(str(n))
    page.fill('[data-count="tricks:0"]', "4")
    page.fill('[data-count="tricks:1"]', "5")
    page.click('[data-action="enter"]')
    expect(page.locator("#deal-form")).to_have_attribute("data-number", "2")
    assert shown_totals(page) == [-8, -10, -6, -2]


def test_a_wrong_count_says_what_is_wrong_in_each_language(page: Page) -> None:
    """A miscount was refused with "check the tricks, cards and places", never "12 tricks
    counted, 13 needed"."""
    open_keeper(page)
    new_game(page, preset("standard"), 0, NAMES)
    alert = page.locator('[role="alert"]')
    count_tricks(page, [5, 4, 3, 0])
    page.click('[data-action="enter"]')
    expect(alert).to_contain_text("12 tricks counted, 13 needed.")
    page.fill('[data-count="tricks:3"]', "2")
    page.click('[data-action="enter"]')
    expect(alert).to_contain_text("14 tricks counted, 13 needed.")

    russian = catalog("ru")["keeper.miscount.tricks.many"].format(count=12, needed=13)
    open_keeper(page, "/keeper/?lang=ru")
    count_tricks(page, [5, 4, 3, 0])
    page.click('[data-action="enter"]')
    expect(alert).to_contain_text(russian)


def test_on_a_phone_the_doubles_are_tapped_easily_and_the_form_shows_once_started(
    page: Page,
) -> None:
    """On a phone the checkboxes were 24 px, the matrix's corner heading was cut ("Contr…"),
    and after starting a game the deal form was below the screen."""
    page.set_viewport_size({"width": 360, "height": 640})  # the module's warm context
    open_keeper(page, "/keeper/?lang=fr")
    new_game(page, preset("standard"), 0, NAMES)
    top = page.evaluate("document.querySelector('#deal-form').getBoundingClientRect().top")
    assert 0 <= top < 640 / 2, top
    expect(page.locator("[data-contract]").first).to_be_in_viewport()
    taps = page.locator(".matrix .tap:has([data-double])")
    expect(taps).to_have_count(12)
    for i in range(12):
        box = taps.nth(i).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    # A tap in the target's corner, off the box itself, ticks it.
    taps.first.scroll_into_view_if_needed()
    corner = taps.first.bounding_box()
    assert corner
    page.mouse.click(corner["x"] + 3, corner["y"] + 3)
    expect(taps.first.locator("[data-double]")).to_be_checked()
    heading = page.locator(".matrix thead th").first
    expect(heading).to_have_text(catalog("fr")["keeper.doubler"])
    assert heading.evaluate("th => th.scrollWidth <= th.clientWidth"), "the heading is cut"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_settlement_gives_each_players_net_and_money_as_the_language_writes_it(
    page: Page,
) -> None:
    """The end listed six payments but no player's net, and money as "5.0"."""
    rules = preset("standard")
    session = played(rules, 5)
    game = KeptGame(rules, session.first_declarer, NAMES, "0.5", reported(session))
    assert game.is_over
    kept(page, game, "fr")
    nets = page.locator("[data-net][data-seat]")
    expect(nets).to_have_count(4)
    shown = {
        int(nets.nth(i).get_attribute("data-seat") or "x"): int(
            nets.nth(i).get_attribute("data-net") or "x"
        )
        for i in range(4)
    }
    assert shown == dict(enumerate(game.balances()))
    for seat, points in enumerate(game.balances()):
        text = nets.nth(seat).inner_text()
        amount = f"{abs(points) / 2:.2f}".replace(".", ",")
        sign = "\u2212" if points < 0 else "+"
        assert f"{sign}{abs(points)} × 0,50 = {sign}{amount}" in text, text
    ending = page.locator(".ending").inner_text()
    assert ".0" not in ending and "-" not in ending.replace("\u2212", ""), ending
    assert ",50" in ending


def test_the_printed_sheet_is_headed_with_the_game_the_players_the_date_and_a_legend(
    page: Page,
) -> None:
    """A printed sheet had no title, game, players, date or key to the double marks."""
    game = KeptGame(preset("standard"), 0, NAMES)
    doubles = ((1, 0), (2, 0), (3, 0), (0, 3))
    game.add(KeptDeal(ChooseContract(Contract("no-tricks")), doubles, taken=Taken.of([5, 4, 3, 1])))
    kept(page, game, "it")
    heading = page.locator(".print-heading")
    expect(heading).to_be_hidden()
    page.emulate_media(media="print")
    expect(heading).to_be_visible()
    words = catalog("it")
    expect(heading.locator("h1")).to_have_text(words["keeper.print_title"])
    expect(heading).to_contain_text(words[preset_words("standard").label])
    expect(heading).to_contain_text(", ".join(NAMES))
    date = page.evaluate(f"new Date({STARTED}).toLocaleDateString('it')")
    expect(heading).to_contain_text(words["keeper.print_date"].format(date=date))
    expect(heading.locator(".sheet-legend .mark")).to_have_count(2)
    expect(page.locator("#deal-form")).to_be_hidden()
    page.emulate_media(media="screen")
