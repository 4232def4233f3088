"""The replay on the page (web.game.replays), without a browser: it keeps the replay's own state
and draws its region through the table; what it changes of the page it hands to the page's
``apply`` as effects (web.game.effects), recorded here as values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from web.game.effects import (
    Announce,
    CloseMenu,
    Draw,
    Effect,
    Kick,
    Notify,
    PlayOn,
    Take,
    TakeFocus,
)
from web.game.engine import Game
from web.game.replays import Replays
from web.game.save import SaveStore
from web.game.share import (
    ShareRefused,
    deflate,
    encode_payload,
    shared_session_text,
    shared_text,
)
from web.languages.i18n import Catalog
from web.model.state import UiState

ROOT = Path(__file__).resolve().parent.parent


class Storage(dict[str, str]):
    """A dict with the Web Storage methods (a browser's localStorage)."""

    def getItem(self, key: str) -> str | None:
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:
        self[key] = value

    def removeItem(self, key: str) -> None:
        self.pop(key, None)


@dataclass
class Region:
    """The table's replay region: what was asked of it, in order."""

    calls: list[tuple[str, Any]] = field(default_factory=list)
    focus_back: bool = False

    def show_replay(self, shown: bool) -> None:
        self.calls.append(("show", shown))

    def draw_replay(self, props: Any) -> None:
        self.calls.append(("draw", props.step))

    def focus_replay(self) -> None:
        self.calls.append(("focus", None))

    def focus_again(self, node: Any) -> bool:
        self.calls.append(("focus-again", node))
        return self.focus_back

    def show_replay_board(self) -> None:
        self.calls.append(("board", None))


class Bots:
    ready = False


@dataclass
class Page:
    """The page as Replays reads it; ``apply`` records, and takes the UI states it is given."""

    game: Game
    ui: UiState = field(default_factory=UiState)
    catalog: Catalog = field(
        default_factory=lambda: Catalog.from_json(
            "en", (ROOT / "web" / "languages" / "catalogs" / "en.json").read_text()
        )
    )
    names: list[str] = field(default_factory=lambda: ["You", "West", "North", "East"])
    table: Region = field(default_factory=Region)
    bots: Bots = field(default_factory=Bots)
    window: Any = None
    applied: list[Effect] = field(default_factory=list)

    def default_names(self) -> list[str]:
        return ["You", "West", "North", "East"]

    def apply(self, effects: Sequence[Effect]) -> None:
        for effect in effects:
            self.applied.append(effect)
            if isinstance(effect, Take):
                self.ui = effect.ui


def a_finished_deal() -> Game:
    """A session whose first deal is over (played by the first legal actions)."""
    game = Game.new(11)
    while not game.session.deal.is_over:
        game.apply(game.session.legal_actions()[0])
    return game


def replays(page: Page) -> Replays:
    return Replays(page, SaveStore(Storage()))


def test_a_deal_opened_takes_the_replays_state_shows_its_region_and_says_its_step():
    page = Page(a_finished_deal(), ui=UiState().show_menu(True))
    shown = replays(page)
    shown.open_deal(1, opener="button")
    assert shown.replay is not None and shown.replay.number == 1
    assert page.applied == [
        CloseMenu(),
        Take(UiState().show_menu(True).show_replay(True)),
        Announce(shown.said()),
    ]
    assert page.table.calls == [("show", True), ("draw", 0), ("focus", None)]


def test_closing_gives_the_game_back_and_the_focus_to_its_opener_or_the_table():
    page = Page(a_finished_deal())
    shown = replays(page)
    shown.open_deal(1, opener="button")
    page.applied.clear()
    shown.close()
    assert shown.replay is None
    assert page.applied == [Take(page.ui), Draw(), TakeFocus(), Kick()]
    assert not page.ui.replaying and ("focus-again", "button") in page.table.calls
    page.applied.clear()
    shown.close()  # nothing to close
    assert page.applied == []


def test_a_step_is_said_and_playing_on_is_a_practice_effect():
    page = Page(a_finished_deal())
    shown = replays(page)
    shown.open_deal(1)
    page.applied.clear()
    shown.move("replay-forward")
    assert shown.replay is not None and shown.replay.step == 1
    assert page.applied == [Announce(shown.said())]
    shown.play_on()
    assert page.applied[-1] == PlayOn(shown.replay)


def test_an_unfinished_deal_is_not_replayed_and_no_previous_session_is_a_notice():
    page = Page(Game.new(11))
    shown = replays(page)
    shown.open_deal(1)
    assert shown.replay is None and page.applied == []
    shown.open_previous()
    assert page.applied == [Notify("previous-empty", "notice.previous_no_deal")]


def test_a_refused_link_is_a_notice():
    page = Page(Game.new(11))
    replays(page).refuse(ShareRefused("too-long"))
    assert page.applied == [Notify("share-refused", "notice.share_too_long")]


def test_a_shared_deal_or_session_opens_at_its_first_step_not_its_outcome():
    """Who opens a friend's link would see how the deal ended before stepping through it."""
    game = a_finished_deal()
    for text in (
        shared_text(game.session.deals[0], ("Ann", "", "", "")),
        shared_session_text(game.session, ("Ann", "", "", "")),
    ):
        page = Page(Game.new(11))
        shown = replays(page)
        shown.open_link("#replay=" + encode_payload(deflate(text)), "")
        assert shown.replay is not None and shown.replay.source == "shared"
        assert shown.replay.step == 0 < shown.replay.total
        assert page.table.calls[:2] == [("show", True), ("draw", 0)]
