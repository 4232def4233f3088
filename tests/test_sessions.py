"""The sessions on the table and their save (web.game.sessions), without a browser: each decision
returns effects (web.game.effects), which only the controller carries out; here they are read as
values, and the slot's calls (another tab's game, this tab playing again) are recorded as the
effects they hand to the page's ``apply``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from barbu.presets import STANDARD
from tests.helpers import run
from web.game.effects import (
    Announce,
    CloseMenu,
    ConfirmNew,
    Dismiss,
    Download,
    Draw,
    Effect,
    Elsewhere,
    FieldError,
    GateUpdates,
    Kick,
    Notify,
    Put,
    Redraw,
    Rename,
    Restart,
    TakeFocus,
    Write,
)
from web.game.engine import Game
from web.game.sessions import Sessions
from web.game.timeline import Timeline
from web.languages.i18n import Catalog
from web.model.state import UiState
from web.table.menu_form import NewSession
from web.table.table_state import Notice

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["You", "West", "North", "East"]


class Storage(dict[str, str]):
    """A dict with the Web Storage methods (a browser's localStorage)."""

    def getItem(self, key: str) -> str | None:
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:
        self[key] = value

    def removeItem(self, key: str) -> None:
        self.pop(key, None)


class Performance:
    def mark(self, name: str) -> None:
        pass

    def measure(self, name: str, start: str) -> None:
        pass

    def clearMarks(self, name: str) -> None:  # the JavaScript name
        pass

    def clearMeasures(self, name: str) -> None:  # the JavaScript name
        pass


class Window:
    """A window without tab locks: this tab plays."""

    def __init__(self) -> None:
        self.localStorage = Storage()


@dataclass
class Form:
    """The menu's form as typed."""

    typed: NewSession = field(default_factory=lambda: NewSession("", None, False, STANDARD))

    def read_new_session(self, current: Any) -> NewSession:
        return self.typed


@dataclass
class Page:
    """The page as Sessions reads it; ``apply`` only records."""

    game: Game = field(default_factory=lambda: Game.new(5))
    ui: UiState = field(default_factory=UiState)
    window: Window = field(default_factory=Window)
    timeline: Timeline = field(default_factory=lambda: Timeline(Performance()))
    catalog: Catalog = field(
        default_factory=lambda: Catalog.from_json(
            "en", (ROOT / "web" / "languages" / "catalogs" / "en.json").read_text()
        )
    )
    names: list[str] = field(default_factory=lambda: list(NAMES))
    table: Form = field(default_factory=Form)
    notices: list[Notice] = field(default_factory=list)
    applied: list[Effect] = field(default_factory=list)

    def default_names(self) -> list[str]:
        return list(NAMES)

    def apply(self, effects: Sequence[Effect]) -> None:
        self.applied.extend(effects)


def test_a_new_session_replaces_the_one_on_the_table_which_is_kept_as_the_previous():
    page = Page()
    sessions = Sessions(page)
    effects = sessions.new_session(42, "Ann")
    put = effects[1]
    assert isinstance(put, Put) and put.game.seed == 42 and put.names == ("Ann", *NAMES[1:])
    assert effects == [
        Rename("Ann"),
        put,
        CloseMenu(),
        Write(),
        Redraw(),
        Announce(page.catalog.text("say.new_session", seed=42)),
        Kick(),
    ]
    assert sessions.slot.previous_seed == 5 and page.applied == []


def test_a_new_session_starts_the_pages_timeline_again():
    page = Page()
    page.timeline.mark("barbu:bot-action")
    page.timeline.mark("barbu:draw")
    page.timeline.measure("barbu:draw", "barbu:draw")
    Sessions(page).new_session(42)
    assert +page.timeline.marks == +page.timeline.measures == Counter()


def test_the_menus_start_asks_first_when_a_session_is_under_way():
    page = Page()
    page.game.apply(page.game.legal_actions()[0])
    sessions = Sessions(page)
    assert sessions.start_new_from_menu() == [FieldError("new-seed", None), ConfirmNew(True)]
    confirmed = sessions.start_new_from_menu(confirmed=True)
    assert confirmed[0] == FieldError("new-seed", None) and isinstance(confirmed[1], Put)


def test_a_bad_seed_is_said_beside_its_field():
    page = Page(table=Form(NewSession("", None, True, STANDARD)))
    text = page.catalog.text("notice.bad_seed")
    assert Sessions(page).start_new_from_menu() == [FieldError("new-seed", text)]


def test_the_game_asked_for_is_a_notice_then_a_new_session_once_the_player_says_yes():
    page = Page()
    sessions = Sessions(page)
    (asked,) = sessions.ask_to_replace(9, STANDARD)
    assert isinstance(asked, Notify) and asked.kind == "asked-game"
    assert dict(asked.fields)["seed"] == 5
    effects = sessions.start_asked()
    assert effects[0] == Dismiss("asked-game")
    assert isinstance(effects[1], Put) and effects[1].game.seed == 9
    assert sessions.start_asked() == []  # asked once


def test_the_export_is_a_download_and_a_note_beside_its_button():
    page = Page()
    download, note = Sessions(page).export("button")
    assert isinstance(download, Download) and download.name == "barbu-5.json"
    assert json.loads(download.text)["seed"] == 5
    assert note.node == "button"  # type: ignore[union-attr]


def test_a_file_that_is_not_a_record_is_a_notice():
    class File:
        size = 10

        async def text(self) -> str:
            return "not json"

    effects = run(Sessions(Page()).import_file(File()))
    assert effects == [Notify("import-failed", "notice.import_not_json")]


def test_a_record_imported_replaces_the_session():
    record = Game.new(77).record_json()

    class File:
        size = len(record)

        async def text(self) -> str:
            return record

    page = Page()
    effects = run(Sessions(page).import_file(File()))
    assert isinstance(effects[0], Put) and effects[0].game.seed == 77
    assert effects[-2:] == [Announce(page.catalog.text("say.imported")), Kick()]


def test_another_tab_playing_stops_this_one_and_playing_here_again_resumes_it():
    page = Page()
    sessions = Sessions(page)
    sessions.follow_here()
    assert page.applied == [
        Restart(),
        CloseMenu(),
        Elsewhere(True),
        GateUpdates(),
        Announce(page.catalog.text("tab.elsewhere")),
    ]
    page.applied.clear()
    sessions.play_here()
    assert page.applied == [
        Elsewhere(False),
        GateUpdates(),
        Restart(),
        Draw(),
        TakeFocus(),
        Announce(page.catalog.text("tab.taken_over")),
        Kick(),
    ]


def test_opening_resumes_the_save_or_starts_and_saves_the_session_asked_for():
    page = Page()
    sessions = Sessions(page)
    sessions.open("?seed=31")
    (put, write) = page.applied
    assert isinstance(put, Put) and put.game.seed == 31 and write == Write()
    page.game = put.game
    assert sessions.save() == []  # written
    page.applied.clear()
    Sessions(page).open("")
    (resumed,) = page.applied
    assert isinstance(resumed, Put) and resumed.game.seed == 31
