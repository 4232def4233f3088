"""The replay on the page (web.game.replays), without a browser: it keeps the replay's own state
and touches nothing of the page; each of its decisions returns effects (web.game.effects), read
here as values in the order the controller carries them out (the region shown, drawn, focused,
the announcement...). The reviews, which run in the worker over several awaits, hand what they
decide between two awaits to the page's ``apply``, recorded here."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import run
from web.game import replays as replays_module
from web.game.effects import (
    Announce,
    CloseMenu,
    Download,
    Draw,
    DrawReplay,
    Effect,
    FocusBack,
    FocusReplay,
    Kick,
    Notify,
    PlayOn,
    ReplayBoard,
    ReplayShown,
)
from web.game.engine import Game
from web.game.kept_reviews import KEY as REVIEWS_KEY
from web.game.replays import Replays
from web.game.save import SaveStore
from web.game.share import (
    SharedSession,
    ShareRefused,
    deflate,
    encode_payload,
    read_shared,
    shared_session_text,
    shared_text,
)
from web.languages.i18n import Catalog
from web.model.state import UiState
from web.table.replay_props import replay_props

ROOT = Path(__file__).resolve().parent.parent


class Storage(dict[str, str]):
    """A dict with the Web Storage methods (a browser's localStorage)."""

    def getItem(self, key: str) -> str | None:
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:
        self[key] = value

    def removeItem(self, key: str) -> None:
        self.pop(key, None)


class Bots:
    """The computer players' client: its review answers ``answer`` (an exception: it fails)."""

    ready = False

    def __init__(self, answer: object = None) -> None:
        self.answer = answer
        self.cancelled: list[int] = []

    def review(self, position: str, mine: int, seed: str, proxy: Any) -> Any:
        answer = self.answer

        async def answered() -> str:
            if isinstance(answer, Exception):
                raise answer
            return json.dumps(answer)

        return types.SimpleNamespace(id=7, answer=answered())

    def cancel(self, call_id: int) -> None:
        self.cancelled.append(call_id)


class Window:
    """The window a link is made in (no ``CompressionStream``: ``zlib`` compresses)."""

    location = types.SimpleNamespace(origin="https://barbu.example", pathname="/")
    console = types.SimpleNamespace(warn=lambda text: None)


@dataclass
class Page:
    """The page as Replays reads it; ``apply`` records what the reviews hand it between their
    awaits, and takes the UI state a shown or closed replay changes."""

    game: Game
    ui: UiState = field(default_factory=UiState)
    catalog: Catalog = field(
        default_factory=lambda: Catalog.from_json(
            "en", (ROOT / "web" / "languages" / "catalogs" / "en.json").read_text()
        )
    )
    names: list[str] = field(default_factory=lambda: ["You", "West", "North", "East"])
    bots: Bots = field(default_factory=Bots)
    window: Any = field(default_factory=Window)
    applied: list[Effect] = field(default_factory=list)

    def default_names(self) -> list[str]:
        return ["You", "West", "North", "East"]

    def apply(self, effects: Sequence[Effect]) -> None:
        for effect in effects:
            self.applied.append(effect)
            if isinstance(effect, ReplayShown):
                self.ui = self.ui.show_replay(effect.shown)
            elif isinstance(effect, CloseMenu):
                self.ui = self.ui.show_menu(False)


def a_finished_deal() -> Game:
    """A session whose first deal is over (played by the first legal actions)."""
    game = Game.new(11)
    while not game.deal_over:
        game.apply(game.legal_actions()[0])
    return game


def replays(page: Page) -> Replays:
    return Replays(page, SaveStore(Storage()))


def two_finished_deals() -> Game:
    """A session whose first two deals are over."""
    game = a_finished_deal()
    game.next_deal()
    while not game.deal_over:
        game.apply(game.legal_actions()[0])
    return game


def drawn(shown: Replays) -> DrawReplay:
    """The replay's region drawn as it shows now (the computer players not started)."""
    assert shown.replay is not None
    return DrawReplay(replay_props(shown.replay, False, None))


def text(page: Page, key: str) -> str:
    return page.catalog.text(key)


@pytest.fixture
def no_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pyodide.ffi.create_proxy`` as CPython can have it: the function itself, destroyable."""
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda function: types.SimpleNamespace(destroy=lambda: None)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)


def test_a_deal_opened_takes_the_replays_state_shows_its_region_and_says_its_step():
    page = Page(a_finished_deal(), ui=UiState().show_menu(True))
    shown = replays(page)
    effects = shown.open_deal(1, opener="button")
    assert shown.replay is not None and shown.replay.number == 1 and shown.replay.step == 0
    assert effects == [
        CloseMenu(),
        ReplayShown(True),
        drawn(shown),
        FocusReplay(),
        Announce(shown.said()),
    ]
    page.apply(effects)
    assert page.ui == UiState().show_replay(True)


def test_closing_gives_the_game_back_and_the_focus_to_its_opener_or_the_table():
    page = Page(a_finished_deal())
    shown = replays(page)
    page.apply(shown.open_deal(1, opener="button"))
    effects = shown.close()
    assert shown.replay is None and shown.opener is None
    assert effects == [ReplayShown(False), Draw(), FocusBack("button"), Kick()]
    page.apply(effects)
    assert not page.ui.replaying
    assert shown.close() == []  # nothing to close


def test_a_step_is_said_and_playing_on_is_a_practice_effect():
    page = Page(a_finished_deal())
    shown = replays(page)
    shown.open_deal(1)
    effects = shown.move("replay-forward")
    assert shown.replay is not None and shown.replay.step == 1
    assert effects == [drawn(shown), Announce(shown.said())]
    assert shown.play_on() == [PlayOn(shown.replay)]
    assert shown.move("replay-home") == [drawn(shown), Announce(shown.said())]
    assert shown.move("replay-home") == []  # already there: nothing drawn nor said
    assert shown.move("replay-nowhere") == []


def test_a_jump_and_another_deal_of_the_list_draw_and_say_the_step_shown():
    page = Page(two_finished_deals())
    shown = replays(page)
    shown.open_deal(1)
    effects = shown.jump("3")
    assert shown.replay is not None and shown.replay.step == 3
    assert effects == [drawn(shown), Announce(shown.said())]
    assert shown.jump("3") == [] and shown.jump("three") == []
    effects = shown.to_deal("2")
    assert shown.replay is not None and shown.replay.number == 2
    assert effects == [drawn(shown), Announce(shown.said())]
    assert shown.to_deal("9") == [] and shown.to_deal("") == []


def test_a_decision_opened_from_the_review_shows_the_board_and_the_filter_is_not_said():
    page = Page(a_finished_deal())
    shown = replays(page)
    shown.open_deal(1)
    effects = shown.open_decision("5")
    assert shown.replay is not None and shown.replay.step == 5
    assert effects == [drawn(shown), Announce(shown.said()), ReplayBoard()]
    effects = shown.open_hindsight("6")
    assert shown.replay is not None and shown.replay.step == 6
    assert effects == [drawn(shown), Announce(shown.said()), ReplayBoard()]
    assert shown.open_decision("") == [] and shown.open_hindsight("x") == []
    assert shown.only_big(True) == [drawn(shown)]
    assert shown.only_big(True) == []


def test_an_unfinished_deal_is_not_replayed_and_no_previous_session_is_a_notice():
    page = Page(Game.new(11))
    shown = replays(page)
    assert shown.open_deal(1) == [] and shown.replay is None
    assert shown.open_previous() == [Notify("previous-empty", "notice.previous_no_deal")]
    assert shown.move("replay-forward") == [] and shown.play_on() == []


def test_a_refused_link_is_a_notice():
    page = Page(Game.new(11))
    assert replays(page).refuse(ShareRefused("too-long")) == [
        Notify("share-refused", "notice.share_too_long")
    ]


def test_a_shared_link_opens_its_deal_and_a_damaged_one_is_refused():
    finished = replays(Page(a_finished_deal()))
    finished.open_deal(1)
    assert finished.replay is not None
    payload = encode_payload(deflate(shared_text(finished.replay.deal, ["", "Ann", "", ""])))
    page = Page(Game.new(11))
    shown = replays(page)
    assert shown.open_link("", "") == []
    effects = shown.open_link(f"#replay={payload}", "")
    replay = shown.replay
    assert replay is not None and replay.source == "shared" and replay.step == 0
    assert replay.names[1] == "Ann"
    assert effects == [ReplayShown(True), drawn(shown), FocusReplay(), Announce(shown.said())]
    refused = replays(page).open_link("#replay=AAAA", "")
    assert len(refused) == 1 and isinstance(refused[0], Notify)
    assert refused[0].kind == "share-refused"


def test_a_shared_session_closes_the_replay_shown_first_then_opens_its_last_deal():
    page = Page(a_finished_deal())
    shown = replays(page)
    shown.open_deal(1, opener="button")
    assert shown.replay is not None and shown.replay.session is not None
    shared = read_shared(shared_session_text(shown.replay.session, ["", "", "", ""]))
    assert isinstance(shared, SharedSession)
    effects = shown.open_shared(shared)
    assert shown.replay is not None and shown.replay.source == "shared"
    assert effects == [
        ReplayShown(False),
        Draw(),
        FocusBack("button"),
        Kick(),
        ReplayShown(True),
        drawn(shown),
        FocusReplay(),
        Announce(shown.said()),
    ]


def test_damaged_kept_reviews_are_said_once_before_the_replay_opens():
    page = Page(a_finished_deal())
    shown = Replays(page, SaveStore(Storage({REVIEWS_KEY: "{damaged"})))
    effects = shown.open_deal(1)
    assert effects == [
        Notify("reviews-damaged", "notice.reviews_damaged"),
        ReplayShown(True),
        drawn(shown),
        FocusReplay(),
        Announce(shown.said()),
    ]
    shown.close()
    assert Notify("reviews-damaged", "notice.reviews_damaged") not in shown.open_deal(1)


def test_a_link_made_redraws_the_replay_with_it_and_a_long_one_is_downloaded(monkeypatch):
    page = Page(a_finished_deal())
    shown = replays(page)
    shown.open_deal(1)
    effects = run(shown.share())
    assert shown.replay is not None and shown.replay.link is not None
    assert shown.replay.link.startswith("https://barbu.example/?lang=en#replay=")
    said = Announce(text(page, "replay.link_made"))
    assert effects == [drawn(shown), Announce(shown.said()), said]
    monkeypatch.setattr(replays_module, "LINK_LIMIT", 10)
    effects = run(shown.share(whole=True))
    assert shown.replay is not None and shown.replay.link_file
    download = effects[0]
    assert isinstance(download, Download) and download.name == "barbu-session-11.json"
    said = Announce(text(page, "replay.link_file_session"))
    assert effects[1:] == [drawn(shown), Announce(shown.said()), said]
    shown.close()
    assert run(shown.share()) == []


def test_a_review_s_progress_shows_only_on_its_deal_and_cancelling_stops_the_worker():
    page = Page(a_finished_deal())
    shown = replays(page)
    shown.open_deal(1)
    assert shown.replay is not None
    deal = shown.replay.deal
    shown.go(shown.replay.review_progress(0), said=False)
    assert shown.progress(deal, 0.5) == [drawn(shown)]
    assert shown.replay.reviewing == 50
    assert shown.progress(shown.replay.state, 0.7) == []  # another deal's
    shown.review_call = types.SimpleNamespace(id=3)
    effects = shown.cancel_review()
    assert page.bots.cancelled == [3] and shown.review_call is None
    assert shown.replay.reviewing is None and effects == [drawn(shown)]
    assert shown.cancel_review() == []


@pytest.mark.parametrize(("answer", "done"), [({"decisions": []}, "done"), (OSError(), "failed")])
def test_a_review_hands_its_progress_then_its_end_to_the_page_between_its_awaits(
    no_pyodide, answer, done
):
    page = Page(a_finished_deal(), bots=Bots(answer))
    shown = replays(page)
    shown.open_deal(1)
    assert shown.replay is not None
    started = shown.replay.review_progress(0)
    run(shown.review())
    ended = started.reviewed(() if done == "done" else None)
    assert shown.replay == ended and shown.review_call is None
    assert page.applied == [
        DrawReplay(replay_props(started, False, None)),
        Announce(text(page, "review.started")),
        DrawReplay(replay_props(ended, False, None)),
        Announce(text(page, f"review.{done}")),
    ]
    assert (shown.reviews != {}) is (done == "done")


def test_a_session_s_review_hands_each_deal_s_progress_to_the_page_and_says_its_end(no_pyodide):
    page = Page(two_finished_deals(), bots=Bots({"decisions": []}))
    shown = replays(page)
    shown.open_deal(2)
    run(shown.review_session())
    catalog = page.catalog
    assert page.applied[0] == Announce(catalog.text("review.session_started", count=2))
    assert page.applied[-1] == Announce(catalog.text("review.session_done", count=0))
    drawn_between = page.applied[1:-1]
    assert drawn_between and all(isinstance(e, DrawReplay) for e in drawn_between)
    assert drawn_between[-1] == DrawReplay(replay_props(shown.replay, False, shown.whole))
    assert shown.whole is not None and not shown.whole.running and len(shown.reviews) == 2
    assert shown.replay is not None and shown.replay.review == ()  # deal 2's, shown at once


def test_a_shared_deal_or_session_opens_at_its_first_step_not_its_outcome():
    """Who opens a friend's link would see how the deal ended before stepping through it."""
    session = a_finished_deal().replayable()
    for text in (
        shared_text(session.deals[0], ("Ann", "", "", "")),
        shared_session_text(session, ("Ann", "", "", "")),
    ):
        shown = replays(Page(Game.new(11)))
        effects = shown.open_link("#replay=" + encode_payload(deflate(text)), "")
        assert shown.replay is not None and shown.replay.source == "shared"
        assert shown.replay.step == 0 < shown.replay.total
        assert effects[:2] == [ReplayShown(True), drawn(shown)]
