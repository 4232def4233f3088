"""Which tab plays the saved game: one at a time, through a Web Lock.

Every tab of the site shares one save slot (``web.game.save``). The tab that holds the lock
``barbu.game`` (Web Locks API) plays; another tab opened meanwhile follows the game read-only
(it hears the ``storage`` event of each save) until the player takes it over there, which steals
the lock, or until the playing tab closes, which hands the lock to the next tab waiting for it.

A browser without Web Locks lets every tab play; the save's compare-before-write check
(``PageController.save``) still keeps a tab from overwriting another's progress.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

LOCK_NAME = "barbu.game"


class TabLock:
    """This tab's hold on the lock. ``on_granted`` runs when a waiting request gets the lock,
    ``on_lost`` when another tab takes it over."""

    def __init__(self, window: Any, on_granted: Callable[[], None], on_lost: Callable[[], None]):
        self.window = window
        self.on_granted = on_granted
        self.on_lost = on_lost
        try:
            self.locks = window.navigator.locks or None
        except Exception:  # no Web Locks (an old browser, a page not served over a secure origin)
            self.locks = None
        self.held = self.locks is None
        """Whether this tab may play (always, without Web Locks)."""
        self._waiting: Any = None
        """The AbortController of a request queued for the lock, while it waits."""
        self._holding: object | None = None
        """The request that holds the lock."""

    @property
    def supported(self) -> bool:
        """Whether the browser has Web Locks."""
        return self.locks is not None

    async def claim(self) -> bool:
        """Take the lock if no other tab holds it; whether this tab now holds it."""
        if self.locks is None:
            return True
        granted: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._request(granted, ifAvailable=True)
        return await granted

    def wait(self) -> None:
        """Queue for the lock: ``on_granted`` runs once the tab holding it closes or lets go."""
        if self.locks is None or self.held or self._waiting is not None:
            return
        self._waiting = self.window.AbortController.new()
        self._request(None, signal=self._waiting.signal)

    def take_over(self) -> None:
        """Take the lock from the tab holding it (``on_granted`` runs here, ``on_lost`` there)."""
        if self.locks is None:
            self.held = True
            self.on_granted()
            return
        if self._waiting is not None:  # one request at a time: the queued one is withdrawn
            self._waiting.abort()
            self._waiting = None
        self._request(None, steal=True)

    def _request(self, granted: asyncio.Future[bool] | None, **options: Any) -> None:
        """Ask for the lock; keep it (a promise never settled) until another tab steals it."""
        from pyodide.ffi import create_once_callable

        token = object()

        def keep(resolve: Any, reject: Any) -> None:
            pass  # never settled: the lock is held as long as this tab lives

        def callback(lock: Any) -> Any:
            if not lock:  # ifAvailable, and another tab holds it: JavaScript's null
                if granted is not None:
                    granted.set_result(False)
                return None
            self.held = True
            self._holding = token
            self._waiting = None
            if granted is not None:
                granted.set_result(True)
            else:
                self.on_granted()
            return self.window.Promise.new(create_once_callable(keep))

        def lost(error: Any) -> None:
            # Stolen by another tab (an AbortError); a withdrawn queued request ends the same
            # way but never held the lock.
            if self._holding is token:
                self._holding = None
                self.held = False
                self.on_lost()

        if self.locks is None:
            return
        request = self.locks.request(
            LOCK_NAME, _object(self.window, options), create_once_callable(callback)
        )
        request.catch(create_once_callable(lost))


def _object(window: Any, values: dict[str, Any]) -> Any:
    """A plain JavaScript object of options."""
    from pyodide.ffi import to_js

    return to_js(values, dict_converter=window.Object.fromEntries)
