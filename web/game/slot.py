"""The session's save slot and the tab that plays it: reading and writing the save, the previous
session kept aside, an unreadable save set aside, and the following of another tab's game.

Every tab of the site shares one slot (``web.game.save``); one tab at a time plays
(``web.game.tabs``). A tab that finds, before writing, another text in the slot than the one it
last read or wrote, or hears another tab write, stops playing and follows that tab's game
read-only, until the player takes it over or the other tab closes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol

from web.game.engine import Game
from web.game.save import (
    PREVIOUS_KEY,
    SAVE_KEY,
    Saved,
    SaveStore,
    UnreadableSave,
    local_storage,
    record_seed,
)
from web.game.tabs import TabLock
from web.game.unkept import WatchedStore

__all__ = ["Page", "SessionSlot", "previous_session", "read_save"]

Written = Literal["written", "failed", "overtaken"]


class Page(Protocol):
    """What the slot needs of the page (``web.game.sessions.Sessions``)."""

    def put(self, game: Game, names: Sequence[str] | None, summary: int | None) -> None:
        """Show ``game`` (another tab's, as it saved it), redrawn whole."""

    def notify(self, kind: str, message: str, kept: str | None = None, **fields: object) -> None:
        """Show the catalog's ``message`` (its ``fields`` filled in) until the player dismisses
        it; ``kind`` is its class, ``kept`` the storage key of a save set aside."""

    def follow_here(self) -> None:
        """Another tab plays now: stop playing here, show the game read-only."""

    def play_here(self) -> None:
        """This tab plays again: go on from the last save."""


class SessionSlot:
    """This tab's side of the save slot."""

    def __init__(self, window: Any, page: Page) -> None:
        self.window = window
        self.page = page
        self.store = WatchedStore(local_storage(window))  # a refused write is said once
        self.known: str | None = None
        """The save as this tab last read or wrote it: another text in the slot means that
        another tab wrote there since."""
        self.tab = TabLock(window, self.granted, self.lost)
        self.elsewhere = False
        """Whether another tab plays the game, which this one only shows."""
        self.previous_seed: int | None = None
        """The seed of the session kept as the previous one, if any."""
        self.held: object | None = None
        """A practice deal's game on the table (``web.game.practice``): it is not saved."""
        self.stuck: str | None = None
        """An unreadable save that the browser refused to set aside (its storage full): it stays
        in the slot, never written over, until a later write sets it aside."""
        self.leaving: str | None = None
        """The save of a session replaced by another that the browser refused to keep as the
        previous one: it stays in the slot, never written over, until a later write keeps it."""

    def read(self) -> tuple[Saved, Game] | None:
        """The saved session (None: none, or unreadable and set aside, which the page is told)."""
        text = self.store.read()
        self.known = text  # seen: replacing it is this tab's doing, not another's
        previous = self.store.read(PREVIOUS_KEY)
        if previous is not None:
            try:
                self.previous_seed = record_seed(Saved.from_json(previous).record)
            except UnreadableSave:
                self.previous_seed = None
        if text is None:
            return None
        try:
            return read_save(text)
        except Exception as error:  # whatever the cause: the page must start
            if not self.elsewhere:  # else the tab that plays has the save to deal with
                self.set_aside(text, error)
            return None

    def write(self, saved: Saved) -> Written:
        """Store ``saved``, unless another tab wrote the slot since this one last did: then that
        tab's game is followed, not overwritten."""
        if self.elsewhere:
            return "overtaken"
        current = self.store.read()
        if current is not None and current != self.known:
            self.enter_elsewhere()
            self.follow(current)
            return "overtaken"
        if not self.clear_to_write(current):
            return "failed"  # what the slot holds stays there: tried again at the next write
        text = saved.to_json()
        if not self.store.write(text):
            return "failed"
        self.known = text
        return "written"

    def keep_previous(self, seed: int | None) -> None:
        """Keep the current save as the previous session before another replaces it (refused,
        it stays in the slot until it is kept: ``leaving``)."""
        if not self.store.keep_previous():
            self.leaving = self.store.read()
        self.previous_seed = seed

    def clear_to_write(self, current: str | None) -> bool:
        """Whether the slot may be written over: a text in it that must be kept first (an
        unreadable save, the session left for another) is kept now, or the write waits."""
        if self.stuck is not None and current == self.stuck and not self.unstick():
            return False
        if self.leaving is not None and current == self.leaving:
            if not self.store.write(self.leaving, PREVIOUS_KEY):
                return False
            self.leaving = None
        return True

    def take_previous(self) -> tuple[Saved, Game] | None:
        """The previous session, to put back on the table (None: there is none; unreadable, it
        is set aside and the page told)."""
        text = self.store.read(PREVIOUS_KEY)
        if text is None:
            return None
        try:
            return read_save(text)
        except Exception as error:  # whatever the cause: kept aside, the game goes on
            self.store.remove(PREVIOUS_KEY)
            self.set_aside(text, error)
            self.previous_seed = None
            return None

    def set_aside(self, text: str, error: Exception) -> None:
        """Keep an unreadable save under a key of its own and tell the player."""
        key = self.store.set_aside(text, int(self.window.Date.now()))
        if key is None:
            self.stuck = text
            self.page.notify("save-unreadable", "notice.save_unreadable_lost")
        else:
            self.page.notify("save-unreadable", "notice.save_unreadable", kept=key, key=key)
        self.window.console.warn(
            f"Barbu: the saved session could not be read ({error}); kept as {key}"
        )

    def unstick(self) -> bool:
        """Set aside the unreadable save left in the slot, now that there may be room; whether
        it is (then the page says where)."""
        key = self.store.set_aside(self.stuck or "", int(self.window.Date.now()))
        if key is None:
            return False
        self.stuck = None
        self.page.notify("save-unreadable", "notice.save_unreadable", kept=key, key=key)
        return True

    def kept(self, key: str) -> str | None:
        """The text stored under ``key``."""
        return self.store.read(key)

    # -- another tab ----------------------------------------------------------------------------

    def heard(self, key: Any, text: Any) -> None:
        """Another tab wrote the storage (``storage`` events come only from other tabs): follow
        that tab's game if it was the save."""
        if isinstance(key, str) and key != SAVE_KEY:
            return  # settings, kept saves: not the game
        if not isinstance(text, str) or text == self.known:
            return  # removed (set aside, cleared), or what this tab wrote itself
        self.enter_elsewhere()
        self.follow(text)

    def enter_elsewhere(self) -> None:
        """Another tab plays the game: stop playing here, show it read-only."""
        if self.elsewhere:
            return
        self.elsewhere = True
        self.page.follow_here()
        self.tab.wait()  # this tab plays again once the other one closes

    def follow(self, text: str) -> None:
        """Show the game as the playing tab saved it (a save this tab cannot read is that tab's
        to deal with: the screen keeps the last one)."""
        try:
            saved, game = read_save(text)
        except Exception as error:
            self.window.console.warn(f"Barbu: the other tab's save could not be read: {error}")
            return
        self.known = text
        self.page.put(game, saved.names, saved.summary)

    def take_over(self) -> None:
        """The player wants to play in this tab: take the lock from the playing tab."""
        self.tab.take_over()

    def granted(self) -> None:
        """This tab plays now (taken over, or the playing tab closed): go on from the last save."""
        if not self.elsewhere:
            return
        self.elsewhere = False
        text = self.store.read()
        if text is not None and text != self.known:
            self.follow(text)
        self.page.play_here()

    def lost(self) -> None:
        """Another tab took the game over."""
        self.enter_elsewhere()


def read_save(text: str) -> tuple[Saved, Game]:
    """A stored save and its game, checked by the engine (raises whatever makes it unreadable)."""
    saved = Saved.from_json(text)
    return saved, Game.from_record(saved.record, seeded=saved.friends is None)


def previous_session(store: SaveStore) -> tuple[Saved, Game] | None:
    """The previous session kept on this device, left where it is (None: none, or unreadable:
    ``take_previous`` deals with that when the player takes it back)."""
    text = store.read(PREVIOUS_KEY)
    if text is None:
        return None
    try:
        return read_save(text)
    except Exception:  # whatever the cause: nothing to replay, and the save stays as it is
        return None
