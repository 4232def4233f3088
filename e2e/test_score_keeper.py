"""The score keeper page (keeper/) in a real browser: whole sessions typed in deal by
deal, refusals, owed doubles, edits, imports, and a damaged store kept aside.

The sessions typed are fixtures made here: seeded sessions played with random legal actions by
the engine, whose contracts, doubles and raw scores a table would report. The expected totals
and settlements are the engine's (``barbu.keeper.KeptGame`` on the same deals), never typed by
hand. If these fail, a table keeping its score with the site would see wrong totals, a wrong
"who pays whom", a wrong row accepted, or a game lost.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Page, expect

from barbu import ChooseContract, Contract, Rank, Session, session_record
from barbu.keeper import KeptDeal, KeptGame, Taken
from barbu.presets import preset
from barbu.rules import Rules
from e2e.browser_helpers import wait_service_worker
from e2e.test_accessibility import violations as axe_violations

KEEPER = "/keeper/?lang=en"


def played(rules: Rules, seed: int) -> Session:
    """A seeded session played to its end with random legal actions."""
    session = Session(seed=seed, rules=rules)
    rng = random.Random(seed)
    while not session.is_over:
        if session.between_deals:
            session.next_deal()
        session.apply(rng.choice(session.legal_actions()))
    return session


def reported(session: Session) -> list[KeptDeal]:
    """What the table reports of each deal: contract, doubles, raw scores."""
    out = []
    for deal in session.finished_deals():
        contract = deal.history[0].action
        assert isinstance(contract, ChooseContract)
        out.append(KeptDeal(contract, tuple(deal.doubles), tuple(deal.raw_scores())))
    return out


def C(contract: str, rank: Rank | None = None) -> ChooseContract:
    """A contract as the declarer names it."""
    return ChooseContract(Contract(contract), None, rank)


def open_keeper(page: Page, url: str = KEEPER) -> None:
    page.goto(url)
    expect(page.locator("html")).to_have_class("ready")


def new_game(page: Page, rules: Rules, first: int, names: list[str], stake: str = "") -> None:
    """Fill in and send the new game's form."""
    if page.locator("details.new-game:not([open])").count():
        page.click("details.new-game summary")
    page.click(f"#new-rules-{rules.name}")
    for name, value in rules.options:
        field = page.locator(f"#new-option-{rules.name}-{name}")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.select_option(json.dumps(value))
    for seat, name in enumerate(names):
        page.fill(f"#keeper-name-{seat}", name)
    page.select_option("#keeper-first", str(first))
    page.fill("#keeper-stake", stake)
    page.click('[data-action="new"]')
    expect(page.locator("#deal-form")).to_be_visible()


def type_deal(page: Page, deal: KeptDeal, raw: tuple[int, ...] | None = None) -> None:
    """Type one deal into the form (not sent)."""
    choice = deal.contract
    page.click(f'[data-contract="{choice.contract.value}"]')
    expect(page.locator(f'[data-contract="{choice.contract.value}"]')).to_be_checked()
    if choice.trump is not None:
        page.select_option("[data-trump]", choice.trump.char)
    if choice.start_rank is not None and page.locator("[data-rank]").count():
        page.select_option("[data-rank]", choice.start_rank.char)
    for doubler, target in deal.doubles:
        page.check(f'[data-double="{doubler}-{target}"]')
    for seat, score in enumerate(raw or deal.raw or ()):
        page.fill(f'[data-raw="{seat}"]', str(score))


def enter_deal(page: Page, number: int, deal: KeptDeal) -> None:
    """Type deal ``number`` and send it; the form moves on to the next deal."""
    expect(page.locator("#deal-form")).to_have_attribute("data-number", str(number))
    type_deal(page, deal)
    page.click('[data-action="enter"]')
    page.wait_for_selector(f'[role="alert"], #deal-form[data-number="{number + 1}"], .ending')
    alert = page.locator('[role="alert"]')
    assert not alert.count(), f"deal {number} refused: {alert.inner_text()}"


def shown_totals(page: Page) -> list[int]:
    return [
        int(page.get_attribute(f'[data-total][data-seat="{seat}"]', "data-total") or "x")
        for seat in range(4)
    ]


def shown_payments(page: Page) -> list[tuple[int, int, str]]:
    rows = page.locator("[data-pays][data-from][data-to]")
    return sorted(
        (
            int(rows.nth(i).get_attribute("data-from") or "x"),
            int(rows.nth(i).get_attribute("data-to") or "x"),
            rows.nth(i).get_attribute("data-pays") or "",
        )
        for i in range(rows.count())
    )


def expected_payments(game: KeptGame) -> list[tuple[int, int, str]]:
    return sorted(
        (p.payer, p.payee, str(p.points if p.amount is None else p.amount))
        for p in game.settlement()
    )


def keep_whole_session(page: Page, rules: Rules, seed: int, stake: str = "") -> KeptGame:
    """Type a whole played session into a new kept game; the engine's game of the same deals."""
    session = played(rules, seed)
    deals = reported(session)
    expected = KeptGame(
        rules, session.first_declarer, ["Ada", "Ben", "Clara", "Dan"], stake or None
    )
    open_keeper(page)
    new_game(page, rules, session.first_declarer, ["Ada", "Ben", "Clara", "Dan"], stake)
    for number, deal in enumerate(deals, 1):
        enter_deal(page, number, deal)
        expected.add(deal)
        assert shown_totals(page) == expected.totals(), f"after deal {number}"
    assert expected.is_over
    expect(page.locator(".ending")).to_be_visible()
    assert shown_payments(page) == expected_payments(expected)
    return expected


def test_a_whole_standard_session_typed_in_ends_on_the_engines_totals_and_settlement(
    page: Page,
) -> None:
    """A table typing its 28 deals (raw scores and doubles) would see other totals than the
    rules give, or a wrong "who pays whom" at the end."""
    game = keep_whole_session(page, preset("standard"), 5, stake="0.5")
    expect(page.locator(".sheet-box table.sheet")).to_have_count(4)  # one per declarer's block
    # Kept: the page comes back on the same game.
    page.reload()
    expect(page.locator("html")).to_have_class("ready")
    assert shown_totals(page) == game.totals()
    assert shown_payments(page) == expected_payments(game)


def test_a_fr32_session_ends_on_the_lowest_total_first(page: Page) -> None:
    """The 32-card game (7 deals, no doubles, penalties) would be settled the wrong way round."""
    keep_whole_session(page, preset("fr32"), 11)
    expect(page.locator("[data-double]")).to_have_count(0)


def test_an_italian_session_with_house_options_ends_on_the_engines_totals(page: Page) -> None:
    """The Italian rules with options (K♥ at 30, queens at 8, three doubles owed, no Trumps) would
    score or rotate differently from the rules."""
    rules = preset("italian", {"king_of_hearts": -30, "queen": -8, "quota": 3, "without": "trumps"})
    keep_whole_session(page, rules, 3)


def test_a_row_that_does_not_add_up_is_refused_with_its_reason(page: Page) -> None:
    """A typing slip (scores that do not make the contract's total) would go into the sheet.
    (The keeper's Python runs on the page's main thread: html[data-python].)"""
    open_keeper(page)
    expect(page.locator("html")).to_have_attribute("data-python", "main")
    new_game(page, preset("standard"), 0, ["Ada", "Ben", "Clara", "Dan"])
    bad = KeptDeal(C("no-queens"), (), (-12, -6, -6, -6))  # -30, not -24
    type_deal(page, bad)
    page.click('[data-action="enter"]')
    alert = page.locator('[role="alert"]')
    expect(alert).to_contain_text("do not add up")
    expect(alert).to_contain_text("No Queens")
    assert shown_totals(page) == [0, 0, 0, 0]
    expect(page.locator("#deal-form")).to_have_attribute("data-number", "1")
    # Corrected, it goes in.
    page.fill('[data-raw="3"]', "0")
    page.click('[data-action="enter"]')
    expect(page.locator('[role="alert"]')).to_have_count(0)
    assert shown_totals(page) == [-12, -6, -6, 0]


def test_a_double_still_owed_is_announced_before_the_round_and_enforced(page: Page) -> None:
    """Players who forgot their compulsory doubles would learn it only when the sheet is
    checked, too late to double."""
    open_keeper(page)
    new_game(page, preset("standard"), 0, ["Ada", "Ben", "Clara", "Dan"])
    deals = [
        KeptDeal(C("no-tricks"), (), (-8, -6, -6, -6)),
        KeptDeal(C("no-queens"), (), (-12, -6, -6, 0)),
        KeptDeal(C("no-last-two"), (), (-10, -20, 0, 0)),
        KeptDeal(C("no-hearts"), (), (-10, -8, -6, -6)),
        KeptDeal(C("no-king-of-hearts"), (), (0, -20, 0, 0)),
    ]
    owed = page.locator("[data-owed]")
    expect(owed).to_have_count(3)  # each of Ben, Clara, Dan owes Ada two doubles
    expect(owed.first).to_contain_text("2 doubles owed")
    for number, deal in enumerate(deals, 1):
        enter_deal(page, number, deal)
    # Deal 6: two deals left, two doubles owed each: compulsory now.
    must = page.locator("[data-owed].must")
    expect(must).to_have_count(3)
    expect(must.first).to_contain_text("must double Ada")
    type_deal(page, KeptDeal(C("domino", Rank.SEVEN), (), (45, 20, 5, -5)))
    page.click('[data-action="enter"]')
    expect(page.locator('[role="alert"]')).to_contain_text("Ben must double the declarer")


def test_editing_deal_3_recomputes_every_later_total(page: Page) -> None:
    """A corrected deal would leave the later totals as they were, or be refused for nothing."""
    rules = preset("standard")
    session = played(rules, 8)
    deals = reported(session)[:6]
    open_keeper(page)
    new_game(page, rules, session.first_declarer, ["Ada", "Ben", "Clara", "Dan"])
    for number, deal in enumerate(deals, 1):
        enter_deal(page, number, deal)
    game = KeptGame(rules, session.first_declarer, deals=deals)
    third = deals[2]
    assert third.raw is not None
    swapped = (third.raw[1], third.raw[0], third.raw[3], third.raw[2])
    corrected = KeptDeal(third.contract, third.doubles, swapped)
    game.edit(3, corrected)

    page.click("details.no-print summary")
    page.click('[data-action="edit"][data-deal="3"]')
    expect(page.locator("#deal-form")).to_have_attribute("data-number", "3")
    for seat, score in enumerate(swapped):
        page.fill(f'[data-raw="{seat}"]', str(score))
    page.click('[data-action="enter"]')
    expect(page.locator('[role="alert"]')).to_have_count(0)
    expect(page.locator("#deal-form")).to_have_attribute("data-number", "7")
    assert shown_totals(page) == game.totals()
    cells = page.locator(".sheet-box").first.locator("[data-sheet-total]").all_text_contents()
    assert [int(c.replace("\u2212", "-").lstrip("+")) for c in cells] == list(game.running()[5])
    # Undo takes the correction back.
    page.click('[data-action="undo"]')
    assert shown_totals(page) == KeptGame(rules, session.first_declarer, deals=deals).totals()


def test_a_played_sessions_export_imports_as_it_is(page: Page) -> None:
    """A session played against the computer, exported, would not open in the keeper, or open
    with other totals."""
    session = played(preset("classic"), 4)
    record = session_record(session)
    expected = KeptGame.from_record(record)
    open_keeper(page)
    page.set_input_files(
        "input[type=file][data-import]",
        files=[
            {
                "name": "s.json",
                "mimeType": "application/json",
                "buffer": json.dumps(record).encode(),
            }
        ],
    )
    expect(page.locator(".ending")).to_be_visible()
    assert shown_totals(page) == expected.totals()
    assert shown_payments(page) == expected_payments(expected)
    # The same game without its cards (the keeper's own record) imports too.
    cardless = expected.record()
    del cardless["kept"]  # a played session's record without the cards (ARCHITECTURE.md, "Records")
    page.set_input_files(
        "input[type=file][data-import]",
        files=[
            {
                "name": "k.json",
                "mimeType": "application/json",
                "buffer": json.dumps(cardless).encode(),
            }
        ],
    )
    expect(page.locator(".kept-games li")).to_have_count(2)
    assert shown_totals(page) == expected.totals()


def test_a_damaged_store_is_kept_aside_and_reported(page: Page) -> None:
    """A damaged store would lose the kept games silently, or stop the page."""
    good = KeptGame(preset("standard"), 0, deals=[KeptDeal(C("no-queens"), (), (-12, -6, -6, 0))])
    bad = {"format": 2, "kept": True, "rules": "standard", "deals": "nonsense"}
    store = {"format": 1, "games": {"1": good.record(), "2": bad}, "current": "2", "names": None}
    open_keeper(page)
    page.evaluate("s => localStorage.setItem('barbu.keeper', s)", json.dumps(store))
    open_keeper(page)
    notice = page.locator(".keeper-notice")
    expect(notice).to_contain_text("barbu.keeper.unreadable.")
    key = page.evaluate(
        "() => Object.keys(localStorage).find((k) => k.startsWith('barbu.keeper.unreadable.'))"
    )
    assert json.loads(page.evaluate("k => localStorage.getItem(k)", key)) == bad
    expect(page.locator(".kept-games li")).to_have_count(1)
    # A store that is not JSON at all is kept aside whole.
    page.evaluate("() => localStorage.setItem('barbu.keeper', '{not json')")
    open_keeper(page)
    expect(page.locator(".keeper-notice")).to_contain_text("barbu.keeper.unreadable.")
    kept = page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('barbu.keeper.unreadable.'))"
        ".map((k) => localStorage.getItem(k))"
    )
    assert "{not json" in kept


@pytest.mark.fresh_context
def test_the_keeper_opens_offline_with_its_games_after_one_visit(new_context, private_server):
    """A table in a cellar without network would find the browser's offline page instead of
    its sheet."""
    context = new_context(base_url=private_server.url)
    page = context.new_page()
    open_keeper(page, "/keeper/?lang=fr")
    wait_service_worker(page)
    new_game(page, preset("standard"), 1, ["Ada", "Ben", "Clara", "Dan"])
    enter_deal(page, 1, KeptDeal(C("no-king-of-hearts"), (), (0, -20, 0, 0)))

    private_server.stop()
    context.set_offline(True)
    page.reload()
    expect(page.locator("html")).to_have_class("ready")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert shown_totals(page) == [0, -20, 0, 0]
    expect(page.locator("#deal-form")).to_have_attribute("data-number", "2")


def test_scores_counted_from_what_was_taken_and_the_italian_shortcuts(page: Page) -> None:
    """A table counting queens instead of points, or doubling with the Italian shortcuts, would
    get scores or doubles other than the ones it meant."""
    rules = preset("italian")
    open_keeper(page)
    new_game(page, rules, 0, ["Ada", "Ben", "Clara", "Dan"])
    page.click('[data-contract="no-queens"]')
    page.click('[data-shortcut="1:maximum"]')  # Ben doubles everyone he may
    for target in (0, 2, 3):
        expect(page.locator(f'[data-double="1-{target}"]')).to_be_checked()
    page.click('[data-shortcut="2:family"]')  # Clara doubles both her neighbours
    expect(page.locator('[data-double="2-1"]')).to_be_checked()
    expect(page.locator('[data-double="2-3"]')).to_be_checked()
    expect(page.locator('[data-double="2-0"]')).not_to_be_checked()
    page.check('[data-double="3-0"]')
    page.check('[data-double="0-1"]')  # Ada redoubles Ben
    page.click('[data-mode="counted"]')
    for seat, queens in enumerate(["2", "1", "1", "0"]):
        page.fill(f'[data-count="Q:{seat}"]', queens)
    page.click('[data-action="enter"]')
    expect(page.locator("#deal-form")).to_have_attribute("data-number", "2")
    doubles = ((1, 0), (1, 2), (1, 3), (2, 1), (2, 3), (3, 0), (0, 1))
    game = KeptGame(rules, 0)
    game.add(KeptDeal(C("no-queens"), doubles, taken=Taken.of(None, {"Q": [2, 1, 1, 0]})))
    assert shown_totals(page) == game.totals()


def test_a_kept_game_is_deleted_only_on_a_second_click(page: Page) -> None:
    """One stray tap would lose a whole evening's sheet, or old games could never be cleared."""
    open_keeper(page)
    for first in (0, 1):
        new_game(page, preset("standard"), first, ["Ada", "Ben", "Clara", "Dan"])
    games = page.locator(".kept-games li")
    expect(games).to_have_count(2)
    games.first.locator('[data-action="delete"]').click()
    page.click('[data-action="delete-cancel"]')
    expect(games).to_have_count(2)
    games.first.locator('[data-action="delete"]').click()
    page.click('[data-action="delete-confirm"]')
    expect(games).to_have_count(1)
    page.reload()
    expect(page.locator("html")).to_have_class("ready")
    expect(page.locator(".kept-games li")).to_have_count(1)


def test_the_keeper_has_no_serious_accessibility_violation(page: Page) -> None:
    """A player using a screen reader or the keyboard would meet unlabelled fields or buttons,
    or text too pale to read, while keeping the score (axe-core, serious and critical)."""
    open_keeper(page, "/keeper/?lang=ru")
    assert axe_violations(page) == []
    new_game(page, preset("italian"), 0, ["Ada", "Ben", "Clara", "Dan"])
    page.click('[data-contract="trumps"]')
    page.click('[data-mode="counted"]')
    page.click('[data-action="enter"]')
    expect(page.locator('[role="alert"]')).to_be_visible()
    assert axe_violations(page) == []


def test_the_players_names_can_be_corrected_and_are_kept_for_the_next_game(page: Page) -> None:
    """A name mistyped at the start would stay on the sheet all evening, or be lost."""
    open_keeper(page)
    new_game(page, preset("standard"), 0, ["Ada", "Bne", "Clara", "Dan"])
    page.click("details:has(#rename) summary")
    page.fill("#rename-name-1", "Ben")
    page.click('[data-action="rename"]')
    expect(page.locator(".total-name").nth(1)).to_have_text("Ben")
    page.reload()
    expect(page.locator("html")).to_have_class("ready")
    expect(page.locator(".total-name").nth(1)).to_have_text("Ben")
    expect(page.locator("#keeper-name-1")).to_have_value("Ben")
