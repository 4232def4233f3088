"""The game page's events: clicks and changes heard on the stable ``#table`` container (they
survive redraws), keys on the document, the storage written by another tab; each turned into
one call of the controller (``web.game.app.PageController``, seen through ``Page``: what the
events need of it) or of its collaborators."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from web.components.browser import attribute
from web.game.choices import Choices
from web.game.effects import Effect, Later
from web.game.engine import Game
from web.game.keys import KeyContext, key_command, neighbour
from web.game.practice import Practice
from web.game.replays import MOVES, Replays
from web.game.sessions import Sessions
from web.game.tasks import Tasks
from web.languages.i18n import Catalog
from web.model.state import UiState
from web.table.view import TableView

__all__ = ["Page", "PageEvents"]

FOLLOWER_ACTIONS = frozenset(
    {
        "take-over",
        "dismiss-notice",
        "download-kept",
        "replay-deal",
        "replay-home",
        "replay-back",
        "replay-forward",
        "replay-end",
        "replay-close",
        "replay-share",
        "review-start",
        "review-cancel",
        "review-open",
        "hindsight-open",
        "review-session",
        "replay-to-deal",
        "replay-share-session",
        "replay-previous",
    }
)
"""What a tab that only shows the game (another tab plays it) still lets the player do."""

CHOICES = "[data-card], [data-contract], [data-trump], [data-rank], [data-double], [data-action]"
"""The table's buttons, each naming what it does in one attribute."""


def _mover(page: Page, name: str) -> Callable[[Any], None]:
    """The action of a replay's step button ``name``."""
    return lambda _: page.apply(page.replays.move(name))


class Page(Protocol):
    """What the events need of the page (``web.game.app.PageController``): its parts, and the
    calls a click, a key or a change makes."""

    window: Any
    game: Game
    catalog: Catalog
    table: TableView
    tasks: Tasks
    sessions: Sessions
    choices: Choices
    replays: Replays
    practice: Practice

    @property
    def elsewhere(self) -> bool: ...

    def play_card(self, code: str) -> None: ...
    def next_deal(self) -> None: ...
    def toggle_menu(self) -> None: ...
    def toggle_last_trick(self) -> None: ...
    def change_setting(self, name: str, value: str | bool) -> None: ...
    def show_address(self) -> None: ...
    def dismiss_notice(self, index: int) -> None: ...
    def cancel_new_session(self) -> None: ...
    def announce(self, text: str) -> None: ...
    def apply(self, effects: Sequence[Effect]) -> None: ...

    @property
    def ui(self) -> UiState: ...


class PageEvents:
    """Hears the page's events for ``page``."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.proxies: list[Any] = []
        sessions, choices, replays = page.sessions, page.choices, page.replays
        self.actions: dict[str, Callable[[Any], None]] = {
            "take-over": lambda _: sessions.slot.take_over(),
            "shortcut": lambda target: page.apply(
                choices.double_shortcut(attribute(target, "data-shortcut"))
            ),
            "doubles-done": lambda _: page.apply(choices.doubles_done()),
            "next": lambda _: page.next_deal(),
            "hint": lambda _: page.apply(choices.ask_hint()),
            "undo": lambda _: page.apply(choices.take_back()),
            "last-trick": lambda _: page.toggle_last_trick(),
            "menu": lambda _: page.toggle_menu(),
            "export": lambda button: page.apply(sessions.export(button)),
            "start-new": lambda _: page.apply(sessions.start_new_from_menu()),
            "start-new-confirmed": lambda _: page.apply(sessions.start_new_from_menu(True)),
            "start-new-cancel": lambda _: page.cancel_new_session(),
            "start-asked": lambda _: page.apply(sessions.start_asked()),
            "new-session": lambda _: page.apply(sessions.new_session(None, rules=page.game.rules)),
            "replay": lambda _: page.apply(
                sessions.new_session(page.game.seed, rules=page.game.rules)
            ),
            "resume-previous": lambda _: page.apply(sessions.resume_previous()),
            "download-kept": lambda t: page.apply(
                sessions.download_kept(attribute(t, "data-key") or "")
            ),
            "dismiss-notice": lambda t: page.dismiss_notice(int(attribute(t, "data-index") or -1)),
            "replay-deal": lambda t: page.apply(
                replays.open_deal(int(attribute(t, "data-replay-deal") or 0), t)
            ),
            "replay-close": lambda _: page.apply(replays.close()),
            "replay-share": lambda _: page.apply([Later(replays.share())]),
            "review-start": lambda _: page.tasks.spawn(replays.review()),
            "review-cancel": lambda _: page.apply(replays.cancel_review()),
            "review-open": lambda t: page.apply(
                replays.open_decision(attribute(t, "data-step") or "")
            ),
            "practice-start": lambda _: page.apply(replays.play_on()),
            "review-session": lambda _: page.tasks.spawn(replays.review_session()),
            "replay-to-deal": lambda t: page.apply(
                replays.to_deal(attribute(t, "data-deal") or "")
            ),
            "replay-share-session": lambda _: page.apply([Later(replays.share(whole=True))]),
            "replay-previous": lambda t: page.apply(replays.open_previous(t)),
            "practice-leave": lambda _: page.apply(page.practice.leave()),
            "hindsight-open": lambda t: page.apply(
                replays.open_hindsight(attribute(t, "data-hindsight-step") or "")
            ),
            **{name: _mover(page, name) for name in MOVES},
        }
        self.choices: dict[str, Callable[[str], None]] = {
            "data-card": page.play_card,
            "data-contract": lambda value: page.apply(choices.pick_contract(value)),
            "data-trump": lambda value: page.apply(choices.name_trump(value)),
            "data-rank": lambda value: page.apply(choices.name_rank(value)),
            "data-double": lambda seat: page.apply(choices.toggle_double(int(seat))),
        }

    def listen(self) -> None:
        """Hear clicks and changes on the table container, keys on the document, the storage."""
        from pyodide.ffi import create_proxy

        page = self.page
        click, change = create_proxy(self.on_click), create_proxy(self.on_change)
        key = create_proxy(self.on_key)
        storage = create_proxy(lambda event: page.sessions.slot.heard(event.key, event.newValue))
        shared = create_proxy(lambda _: self.on_hash())
        self.proxies += [click, change, key, storage, shared]
        page.table.listen(click, change, key)
        page.window.addEventListener("storage", storage)
        page.window.addEventListener("hashchange", shared)

    def on_hash(self) -> None:
        """A shared deal's link opened in this tab (only its fragment changed): replay it."""
        page = self.page
        page.apply(page.replays.open_link(str(page.window.location.hash), ""))
        page.show_address()  # the fragment goes: the same link opens it again

    def on_click(self, event: Any) -> None:
        """A click (or Enter/Space) on a button of the table."""
        target = event.target.closest(CHOICES)
        if not target or target.hasAttribute("disabled"):
            return
        action = attribute(target, "data-action")
        if self.page.elsewhere and action not in FOLLOWER_ACTIONS:
            if target.hasAttribute("data-card"):
                self.explain_following()
            return  # only shown here (the table is inert too)
        try:
            for name, choose in self.choices.items():
                if (value := attribute(target, name)) is not None:
                    choose(value)
                    return
            if action in self.actions:
                self.actions[action](target)
        except Exception as error:  # a bug: keep the page alive and leave a trace
            self.page.window.console.error(f"Barbu: {type(error).__name__}: {error}")
            raise

    def explain_following(self) -> None:
        """A card tapped in a tab that only follows the game: point at the banner that says
        why, and at its button to play here instead."""
        page = self.page
        page.table.call_elsewhere()
        page.announce(page.catalog.text("tab.elsewhere"))

    def on_change(self, event: Any) -> None:
        """A setting changed, or a file was chosen for import."""
        page, target = self.page, event.target
        name = attribute(target, "data-setting") or ""
        if page.elsewhere and name not in ("replay-jump", "review-big", "replay-deal"):
            return
        if name == "replay-jump":
            page.apply(page.replays.jump(str(target.value)))
        elif name == "replay-deal":
            page.apply(page.replays.to_deal(str(target.value)))
        elif name == "review-big":
            page.apply(page.replays.only_big(bool(target.checked)))
        elif name in ("speed", "level"):
            page.change_setting(name, str(target.value))
        elif name in ("autoplay", "sound", "hints"):
            page.change_setting(name, bool(target.checked))
        elif name == "new-rules":  # a game's options show while that game is chosen
            page.table.show_options_for(str(target.value))
        elif name == "import":
            files = target.files
            if files and files.length:
                page.apply([Later(page.sessions.import_file(files.item(0)))])
                target.value = ""

    def on_key(self, event: Any) -> None:
        """Keyboard play (``web.game.keys``)."""
        page = self.page
        tag = page.table.focused_tag()
        context = KeyContext(
            in_field=tag in ("input", "select", "textarea"),
            modifier=bool(event.ctrlKey or event.metaKey or event.altKey),
            menu_open=page.ui.menu_open,
            last_trick_open=page.ui.last_trick_open,
            elsewhere=page.elsewhere,
            prompt=page.table.has_prompt(),
            replay=page.ui.replaying,
        )
        command = key_command(str(event.key), context)
        if command == "replay-close":
            page.apply(page.replays.close())
        elif isinstance(command, str) and command.startswith("replay-"):
            page.apply(page.replays.move(command))
            event.preventDefault()
        elif command == "trap-focus":
            page.table.keep_focus_in_menu(event)
        elif command == "close-menu":
            page.toggle_menu()
        elif command == "close-last-trick":
            page.toggle_last_trick()
        elif command is not None:
            self.on_card_key(event, command)

    def on_card_key(self, event: Any, command: str | int) -> None:
        """An arrow (to the next or previous playable card) or a digit (play that card)."""
        table = self.page.table
        codes = table.playable_codes()
        if not codes:
            return
        if isinstance(command, int):
            if command < len(codes):
                table.click_playable(command)
                event.preventDefault()
            return
        table.focus_playable(neighbour(codes, table.focused_card(), command == "next-card"))
        event.preventDefault()
