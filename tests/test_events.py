"""The game page's events without a browser: the view reads each DOM event into a plain value
(web.table.heard: ``Click``, ``Change``, ``Key``), and the controller's events
(web.game.events.PageEvents) map those values to calls of the page and its parts, recorded here,
touching no node."""

from __future__ import annotations

import types
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from web.game.effects import Later
from web.game.events import PageEvents
from web.game.keys import neighbour
from web.model.state import UiState
from web.table.heard import Change, Click, Key, read_change, read_click, read_key

Log = list[tuple[str, tuple[Any, ...]]]


class Calls:
    """Any method called on it is recorded, with its arguments, and returns a list naming the
    call (as a part's decision returns its effects); a query of ``answers`` is answered, not
    recorded (unless it is a step the test checks: ``keep_focus_in_menu``)."""

    def __init__(self, log: Log, name: str, **answers: Any) -> None:
        self.log, self.name, self.answers = log, name, answers

    def __getattr__(self, method: str) -> Any:
        def call(*args: Any) -> Any:
            if method not in self.answers or method == "keep_focus_in_menu":
                self.log.append((f"{self.name}.{method}", args))
            return self.answers.get(method, [f"{self.name}.{method}"])

        return call


@dataclass
class Page:
    """The page as the events see it: every call recorded in ``log``."""

    elsewhere: bool = False
    ui: UiState = field(default_factory=UiState)
    codes: list[str | None] = field(default_factory=lambda: ["2C", "5C", "KC"])
    focused: str | None = None
    log: Log = field(default_factory=list)

    def __post_init__(self) -> None:
        log = self.log
        self.sessions = Calls(log, "sessions")
        self.sessions.slot = Calls(log, "slot")
        self.choices = Calls(log, "choices")
        self.replays = Calls(log, "replays")
        self.practice = Calls(log, "practice")
        self.tasks = Calls(log, "tasks")
        self.table = Calls(
            log,
            "table",
            has_prompt=False,
            playable_codes=self.codes,
            focused_card=self.focused,
            keep_focus_in_menu=True,
        )
        self.catalog = types.SimpleNamespace(text=lambda key: f"<{key}>")
        self.game = types.SimpleNamespace(seed=5, rules="standard")
        self.window = types.SimpleNamespace(console=types.SimpleNamespace(error=print))

    def apply(self, effects: Sequence[Any]) -> None:
        self.log.append(("apply", tuple(effects)))

    def __getattr__(self, method: str) -> Any:  # play_card, next_deal, toggle_menu...
        return lambda *args: self.log.append((f"page.{method}", args))


def heard(page: Page) -> PageEvents:
    return PageEvents(page)  # type: ignore[arg-type]


def click(**data: str) -> Click:
    return Click(tuple((f"data-{k.replace('_', '-')}", v) for k, v in data.items()), node="node")


def test_a_card_is_played_and_a_disabled_button_does_nothing():
    page = Page()
    heard(page).on_click(click(card="QS"))
    assert page.log == [("page.play_card", ("QS",))]
    page.log.clear()
    heard(page).on_click(Click((("data-card", "QS"),), disabled=True))
    assert page.log == []


def test_the_choices_go_to_their_part_and_the_actions_get_the_button_they_need():
    page = Page()
    events = heard(page)
    events.on_click(click(contract="queens"))
    events.on_click(click(double="2"))
    events.on_click(click(action="replay-deal", replay_deal="3"))
    events.on_click(click(action="export"))
    events.on_click(click(action="review-open", step="7"))
    events.on_click(click(action="replay-forward"))
    events.on_click(click(action="nothing-known"))
    assert page.log == [
        ("choices.pick_contract", ("queens",)),
        ("apply", ("choices.pick_contract",)),
        ("choices.toggle_double", (2,)),
        ("apply", ("choices.toggle_double",)),
        ("replays.open_deal", (3, "node")),
        ("apply", ("replays.open_deal",)),
        ("sessions.export", ("node",)),
        ("apply", ("sessions.export",)),
        ("replays.open_decision", ("7",)),
        ("apply", ("replays.open_decision",)),
        ("replays.move", ("replay-forward",)),
        ("apply", ("replays.move",)),
    ]


def test_a_tab_that_follows_another_explains_a_card_and_lets_only_the_replay_be_used():
    page = Page(elsewhere=True)
    events = heard(page)
    events.on_click(click(card="QS"))
    assert page.log == [("table.call_elsewhere", ()), ("page.announce", ("<tab.elsewhere>",))]
    page.log.clear()
    events.on_click(click(action="menu"))
    assert page.log == []
    events.on_click(click(action="replay-close"))
    assert page.log == [("replays.close", ()), ("apply", ("replays.close",))]


def test_a_changed_field_is_mapped_by_its_setting():
    page = Page()
    events = heard(page)
    assert not events.on_change(Change("replay-jump", "4"))
    assert not events.on_change(Change("review-big", "on", checked=True))
    assert not events.on_change(Change("speed", "fast"))
    assert not events.on_change(Change("sound", "on", checked=False))
    assert not events.on_change(Change("new-rules", "kings"))
    assert not events.on_change(Change("import"))  # no file chosen
    assert page.log == [
        ("replays.jump", ("4",)),
        ("apply", ("replays.jump",)),
        ("replays.only_big", (True,)),
        ("apply", ("replays.only_big",)),
        ("page.change_setting", ("speed", "fast")),
        ("page.change_setting", ("sound", False)),
        ("table.show_options_for", ("kings",)),
    ]


def test_a_file_chosen_is_imported_later_and_taken_and_a_following_tab_keeps_the_replay_only():
    page = Page()
    assert heard(page).on_change(Change("import", file="the file"))
    assert page.log == [
        ("sessions.import_file", ("the file",)),
        ("apply", (Later(["sessions.import_file"]),)),  # type: ignore[arg-type]
    ]
    page = Page(elsewhere=True)
    events = heard(page)
    assert not events.on_change(Change("import", file="the file"))
    assert not events.on_change(Change("speed", "fast"))
    assert page.log == []
    events.on_change(Change("replay-deal", "2"))
    assert page.log == [("replays.to_deal", ("2",)), ("apply", ("replays.to_deal",))]


@pytest.mark.parametrize(
    ("key", "used", "calls"),
    [
        (Key("2"), True, [("table.click_playable", (1,))]),
        (Key("9"), False, []),  # no ninth playable card
        (Key("2", in_field=True), False, []),
        (Key("2", modifier=True), False, []),
        (Key("ArrowRight"), True, [("table.focus_playable", (neighbour(["2C"], None, True),))]),
        (Key("ArrowLeft"), True, [("table.focus_playable", (2,))]),
        (Key("x"), False, []),
    ],
)
def test_keys_play_and_move_between_the_playable_cards(key, used, calls):
    page = Page()
    assert heard(page).on_key(key) is used
    assert page.log == calls


def test_keys_in_a_replay_step_through_it_and_escape_closes_it_and_tab_stays_in_the_menu():
    page = Page(ui=UiState().show_replay(True))
    events = heard(page)
    assert events.on_key(Key("ArrowRight"))
    assert not events.on_key(Key("Escape"))
    assert page.log == [
        ("replays.move", ("replay-forward",)),
        ("apply", ("replays.move",)),
        ("replays.close", ()),
        ("apply", ("replays.close",)),
    ]
    page = Page(ui=UiState().show_menu(True))
    assert heard(page).on_key(Key("Tab", shift=True))
    assert page.log == [("table.keep_focus_in_menu", (True,))]


def test_a_shared_link_opened_in_this_tab_is_replayed_and_leaves_the_address():
    page = Page()
    heard(page).on_hash("#replay=abc")
    assert page.log == [
        ("replays.open_link", ("#replay=abc", "")),
        ("apply", ("replays.open_link",)),
        ("page.show_address", ()),
    ]


class Node:
    """A DOM element as Pyodide shows it: its attributes, and no property it does not have."""

    def __init__(self, tag: str = "button", **attributes: str) -> None:
        self.tagName = tag.upper()
        self.attributes = attributes

    def closest(self, selector: str) -> Node | None:
        return self if any(k.startswith("data-") for k in self.attributes) else None

    def getAttributeNames(self) -> list[str]:
        return list(self.attributes)

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attributes


def test_the_view_reads_a_click_as_the_button_s_data_attributes():
    node = Node(**{"class": "action", "data-action": "replay-deal", "data-replay-deal": "3"})
    found = read_click(types.SimpleNamespace(target=node))
    assert found == Click((("data-action", "replay-deal"), ("data-replay-deal", "3")))
    assert found is not None and found.node is node and not found.disabled
    assert found.get("data-replay-deal") == "3" and found.get("data-card") is None
    disabled = Node(**{"data-card": "QS", "disabled": ""})
    assert read_click(types.SimpleNamespace(target=disabled)) == Click(
        (("data-card", "QS"),), disabled=True
    )
    assert read_click(types.SimpleNamespace(target=Node(**{"class": "seat"}))) is None


def test_the_view_reads_a_change_and_a_key_as_plain_values():
    select = Node("select", **{"data-setting": "speed"})
    select.value = "fast"  # type: ignore[attr-defined]
    assert read_change(types.SimpleNamespace(target=select)) == Change("speed", "fast")
    box = Node("input", **{"data-setting": "sound"})
    box.value, box.checked = "on", True  # type: ignore[attr-defined]
    assert read_change(types.SimpleNamespace(target=box)) == Change("sound", "on", True)
    chosen = Node("input", **{"data-setting": "import"})
    chosen.value = "C:\\fakepath\\barbu.json"  # type: ignore[attr-defined]
    chosen.files = types.SimpleNamespace(length=1, item=lambda i: f"file {i}")  # type: ignore[attr-defined]
    read = read_change(types.SimpleNamespace(target=chosen))
    assert read.setting == "import" and read.file == "file 0"
    event = types.SimpleNamespace(key="q", ctrlKey=False, metaKey=True, altKey=False, shiftKey=True)
    assert read_key(event, "input") == Key("q", modifier=True, shift=True, in_field=True)
    event.metaKey = False
    assert read_key(event, "button") == Key("q", shift=True)
