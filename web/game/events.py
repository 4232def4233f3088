"""The game page's events: clicks and changes heard on the stable ``#table`` container (they
survive redraws), keys on the document, the storage written by another tab, a shared link opened
in this tab; each turned into one call of the controller (``web.game.app.PageController``, seen
through ``Page``: what the events need of it) or of its collaborators.

Nothing here reads the DOM: the view reads each event into a plain value (``web.table.heard``:
``Click``, ``Change``, ``Key``) and the browser's bridges hear the storage and the address
(``web.components.browser``); this module only maps those values to calls, so it is tested
without a browser (tests/test_events.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from web.components.browser import listen_hash, listen_storage
from web.game.choices import Choices
from web.game.effects import Effect, Later
from web.game.engine import Game
from web.game.friends import Friends
from web.game.joining import Joining
from web.game.keys import KeyContext, key_command, neighbour
from web.game.practice import Practice
from web.game.replays import MOVES, Replays
from web.game.sessions import Sessions
from web.game.tasks import Tasks
from web.languages.i18n import Catalog
from web.model.state import UiState
from web.table.heard import Change, Click, Key
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

FOLLOWED_SETTINGS = ("replay-jump", "review-big", "replay-deal")
"""The fields a tab that only shows the game still lets the player change (the replay's)."""


def _friends_actions(page: Page) -> dict[str, Callable[[Click], None]]:
    """The friends' table's buttons: the host's invitations, the friend's reply."""
    friends, joining = page.friends, page.joining
    return {
        "host-table": lambda _: page.apply([Later(friends.host())]),
        "accept-reply": lambda t: page.apply(friends.accept(_seat(t))),
        "reinvite": lambda t: page.apply(friends.reinvite(_seat(t))),
        "friends-start": lambda _: page.apply(friends.start_now()),
        "join": lambda _: page.apply([Later(joining.join())]),
        "reply-copy": lambda _: page.apply([Later(joining.copy())]),
        "reply-share": lambda _: page.apply([Later(joining.share())]),
        "invite-copy": lambda t: page.apply([Later(friends.copy(_seat(t)))]),
        "invite-share": lambda t: page.apply([Later(friends.share(_seat(t)))]),
    }


def _seat(click: Click) -> int:
    """The seat a button of the friends' seats is for (``data-seat``)."""
    return int(click.get("data-seat") or 0)


def _mover(page: Page, name: str) -> Callable[[Click], None]:
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
    friends: Friends
    joining: Joining

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
        self.actions: dict[str, Callable[[Click], None]] = {
            "take-over": lambda _: sessions.slot.take_over(),
            "shortcut": lambda click: page.apply(
                choices.double_shortcut(click.get("data-shortcut"))
            ),
            "doubles-done": lambda _: page.apply(choices.doubles_done()),
            "next": lambda _: page.next_deal(),
            "hint": lambda _: page.apply(choices.ask_hint()),
            "undo": lambda _: page.apply(choices.take_back()),
            "last-trick": lambda _: page.toggle_last_trick(),
            "menu": lambda _: page.toggle_menu(),
            "export": lambda click: page.apply(sessions.export(click.node)),
            "start-new": lambda _: page.apply(sessions.start_new_from_menu()),
            "start-new-confirmed": lambda _: page.apply(sessions.start_new_from_menu(True)),
            "start-new-cancel": lambda _: page.cancel_new_session(),
            "start-asked": lambda _: page.apply(sessions.start_asked()),
            **_friends_actions(page),
            "new-session": lambda _: page.apply(sessions.new_session(None, rules=page.game.rules)),
            "replay": lambda _: page.apply(
                sessions.new_session(page.game.seed, rules=page.game.rules)
            ),
            "resume-previous": lambda _: page.apply(sessions.resume_previous()),
            "download-kept": lambda c: page.apply(sessions.download_kept(c.get("data-key") or "")),
            "dismiss-notice": lambda c: page.dismiss_notice(int(c.get("data-index") or -1)),
            "replay-deal": lambda c: page.apply(
                replays.open_deal(int(c.get("data-replay-deal") or 0), c.node)
            ),
            "replay-close": lambda _: page.apply(replays.close()),
            "replay-share": lambda _: page.apply([Later(replays.share())]),
            "review-start": lambda _: page.tasks.spawn(replays.review()),
            "review-cancel": lambda _: page.apply(replays.cancel_review()),
            "review-open": lambda c: page.apply(replays.open_decision(c.get("data-step") or "")),
            "practice-start": lambda _: page.apply(replays.play_on()),
            "review-session": lambda _: page.tasks.spawn(replays.review_session()),
            "replay-to-deal": lambda c: page.apply(replays.to_deal(c.get("data-deal") or "")),
            "replay-share-session": lambda _: page.apply([Later(replays.share(whole=True))]),
            "replay-previous": lambda c: page.apply(replays.open_previous(c.node)),
            "practice-leave": lambda _: page.apply(page.practice.leave()),
            "hindsight-open": lambda c: page.apply(
                replays.open_hindsight(c.get("data-hindsight-step") or "")
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
        """Hear clicks and changes on the table container, keys on the document, the storage,
        the address's fragment."""
        page = self.page
        page.table.listen(self.on_click, self.on_change, self.on_key)
        self.proxies += [
            listen_storage(page.window, page.sessions.slot.heard),
            listen_hash(page.window, self.on_hash),
        ]

    def on_hash(self, fragment: str) -> None:
        """A shared deal's link opened in this tab (only its fragment changed): replay it."""
        page = self.page
        page.apply(page.replays.open_link(fragment, ""))
        page.show_address()  # the fragment goes: the same link opens it again

    def on_click(self, click: Click) -> None:
        """A click (or Enter/Space) on a button of the table."""
        if click.disabled:
            return
        action = click.get("data-action")
        if self.page.elsewhere and action not in FOLLOWER_ACTIONS:
            if click.get("data-card") is not None:
                self.explain_following()
            return  # only shown here (the table is inert too)
        try:
            for name, choose in self.choices.items():
                if (value := click.get(name)) is not None:
                    choose(value)
                    return
            if action in self.actions:
                self.actions[action](click)
        except Exception as error:  # a bug: keep the page alive and leave a trace
            self.page.window.console.error(f"Barbu: {type(error).__name__}: {error}")
            raise

    def explain_following(self) -> None:
        """A card tapped in a tab that only follows the game: point at the banner that says
        why, and at its button to play here instead."""
        page = self.page
        page.table.call_elsewhere()
        page.announce(page.catalog.text("tab.elsewhere"))

    def on_change(self, change: Change) -> bool:
        """A setting changed, or a file was chosen for import; whether a file was taken (its
        field is then emptied, so that the same file may be chosen again)."""
        page, name, value = self.page, change.setting, change.value
        if page.elsewhere and name not in FOLLOWED_SETTINGS:
            return False
        if name == "replay-jump":
            page.apply(page.replays.jump(value))
        elif name == "replay-deal":
            page.apply(page.replays.to_deal(value))
        elif name == "review-big":
            page.apply(page.replays.only_big(change.checked))
        elif name in ("speed", "level"):
            page.change_setting(name, value)
        elif name in ("autoplay", "sound", "hints"):
            page.change_setting(name, change.checked)
        elif name == "new-rules":  # a game's options show while that game is chosen
            page.table.show_options_for(value)
        elif name == "import" and change.file is not None:
            page.apply([Later(page.sessions.import_file(change.file))])
            return True
        return False

    def on_key(self, key: Key) -> bool:
        """Keyboard play (``web.game.keys``); whether the key was used (the browser then does
        not do its own with it)."""
        page = self.page
        context = KeyContext(
            in_field=key.in_field,
            modifier=key.modifier,
            menu_open=page.ui.menu_open,
            last_trick_open=page.ui.last_trick_open,
            elsewhere=page.elsewhere,
            prompt=page.table.has_prompt(),
            replay=page.ui.replaying,
        )
        command = key_command(key.key, context)
        if command == "replay-close":
            page.apply(page.replays.close())
        elif isinstance(command, str) and command.startswith("replay-"):
            page.apply(page.replays.move(command))
            return True
        elif command == "trap-focus":
            return page.table.keep_focus_in_menu(key.shift)
        elif command == "close-menu":
            page.toggle_menu()
        elif command == "close-last-trick":
            page.toggle_last_trick()
        elif command is not None:
            return self.on_card_key(command)
        return False

    def on_card_key(self, command: str | int) -> bool:
        """An arrow (to the next or previous playable card) or a digit (play that card);
        whether it was used."""
        table = self.page.table
        codes = table.playable_codes()
        if not codes:
            return False
        if isinstance(command, int):
            if command < len(codes):
                table.click_playable(command)
                return True
            return False
        table.focus_playable(neighbour(codes, table.focused_card(), command == "next-card"))
        return True
