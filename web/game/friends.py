"""The game page's friends' table, as the host: the menu's "play with friends", the transport
started, what it hears handed to ``web.game.hosting.Hosting``, the invitations' buttons.

The transport is ``web/runtime/friends.js`` (loaded by ``barbuBoot.friends()`` only when the
player hosts); it calls back ``heard(kind, seat, text)``. Every second, while a table is
hosted, ``tick`` lets a computer player take a seat whose friend has been away too long.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Protocol

from web.components.browser import js_object
from web.friends.host import HostTable
from web.game.effects import (
    Announce,
    CloseMenu,
    DrawFriends,
    Effect,
    FieldError,
    Later,
    Put,
    Rename,
)
from web.game.engine import Game
from web.game.hosting import Hosting, Setup
from web.game.save import Saved
from web.game.sessions import Sessions
from web.game.tasks import Tasks
from web.languages.i18n import Catalog
from web.model.friends import ice_servers
from web.model.settings import Settings
from web.table.view import TableView

__all__ = ["Friends", "Page"]

TICK = 1.0
"""Seconds between two looks at the seats away (``Hosting.tick``)."""


class Page(Protocol):
    """What the friends' table needs of the page (``web.game.app.PageController``)."""

    window: Any
    query: str
    boot: Any
    game: Game
    table: TableView
    tasks: Tasks
    names: list[str]
    settings: Settings
    sessions: Sessions

    @property
    def catalog(self) -> Catalog: ...

    def default_names(self) -> list[str]: ...
    def apply(self, effects: Sequence[Effect]) -> None: ...


class Friends:
    """The friends' table this page hosts, if any (see the module's docstring)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.hosting: Hosting | None = None
        self.module: Any = None
        self.proxies: list[Any] = []

    @property
    def playing(self) -> bool:
        """Whether friends play at the table on the page."""
        return self.hosting is not None and self.page.game is self.hosting.game

    def computer_plays(self, seat: int) -> bool:
        """Whether the computer players choose for ``seat`` (not a friend's seat now)."""
        hosting = self.hosting
        return not self.playing or hosting is None or hosting.table.played_by_computer(seat)

    def draw(self) -> None:
        """Draw the friends' seats of the table this page hosts (hidden when there is none)."""
        props = self.hosting.props() if self.hosting is not None else None
        self.page.table.friends.draw(self.page.catalog, props, self.qr)

    def people(self) -> tuple[tuple[int, str], ...]:
        """The friends' seats people play now, and their state."""
        if not self.playing or self.hosting is None:
            return ()
        table = self.hosting.table
        states = ((seat, table.status(seat)) for seat in sorted(table.friends))
        return tuple((seat, s) for seat, s in states if s in ("connected", "away"))

    def now(self) -> float:
        """The page's clock, in seconds."""
        return float(self.page.window.performance.now()) / 1000

    def qr(self, text: str, label: str) -> Any:
        """A QR code of ``text`` (an SVG node), drawn by the transport's module."""
        return self.module.qr(text, label)

    async def host(self) -> list[Effect]:
        """The menu's "play with friends": the game chosen in the menu, the seats ticked; the
        invitations are made, one per friend's seat."""
        page = self.page
        form = page.table.read_friends_form()
        if not form.seats:
            return [FieldError("friends-wait", page.catalog.text("friends.no_seats"))]
        chosen = page.table.read_new_session(page.game.rules)
        typed = "" if chosen.name == page.default_names()[0] else chosen.name  # not "You"
        name = typed or page.settings.name or page.catalog.text("friends.host_name")
        setup = Setup(chosen.rules, form.seats, name, form.wait, form.local)
        self.close()
        page.sessions.slot.keep_previous(page.game.seed)  # the session in play can be taken back
        names = [name, "", "", ""]
        hosting = Hosting(page, None, setup, HostTable(chosen.rules, form.seats, names))
        effects: list[Effect] = [Rename(typed)] if typed else []
        return [*effects, CloseMenu(), *await self.connect(hosting)]

    def resume(self, saved: Saved) -> list[Effect]:
        """The friends' table the host's save kept, after a reload: back on the table at once
        (the friends who were joined are away, their seats waiting for them as for a drop),
        every seat invited anew once the transport is up. ``ValueError`` if the save's table
        cannot be restored."""
        self.close()
        hosting = Hosting.restore(self.page, saved.record, saved.friends, self.now())
        self.hosting = hosting
        names = tuple(hosting.names())
        return [Put(hosting.game, names, saved.summary), Later(self.connect(hosting))]

    async def connect(self, hosting: Hosting) -> list[Effect]:
        """Start the transport for ``hosting``, the table of this page from now on, and make
        an invitation for each friend's seat."""
        page = self.page
        self.hosting = hosting
        self.module = await page.boot.friends()
        servers = ice_servers(page.query, hosting.setup.local)
        transport = self.module.Host.new(js_object(page.window, iceServers=servers))
        from pyodide.ffi import create_proxy

        listener = create_proxy(self.heard)
        self.proxies.append(listener)
        transport.listen(listener)
        hosting.transport = transport
        page.tasks.spawn(self.ticks(hosting))
        seats = sorted(hosting.table.friends)
        return [DrawFriends(), *[Later(hosting.invite(seat, again=True)) for seat in seats]]

    def heard(self, kind: Any, seat: Any, text: Any) -> None:
        """The transport's callback: a channel opened or closed, a message, a reply picked up
        from another tab (accepted as if pasted)."""
        hosting = self.hosting
        if hosting is None:
            return
        kind, seat, text = str(kind), int(seat), str(text)
        if kind == "reply":
            self.page.table.friends.put_reply(seat, text)
            self.page.apply([Later(hosting.accept(seat, text, self.now()))])
            return
        self.page.apply(hosting.heard(kind, seat, text, self.now()))

    def accept(self, seat: int) -> list[Effect]:
        """The reply pasted in ``seat``'s field."""
        if self.hosting is None:
            return []
        text = self.page.table.friends.reply_text(seat)
        return [Later(self.hosting.accept(seat, text, self.now()))]

    def reinvite(self, seat: int) -> list[Effect]:
        """A new invitation for ``seat`` (the old one no longer joins)."""
        if self.hosting is None:
            return []
        return [Later(self.hosting.invite(seat, again=True))]

    def start_now(self) -> list[Effect]:
        """Start without the friends who have not joined yet."""
        return self.hosting.start() if self.hosting is not None else []

    async def copy(self, seat: int) -> list[Effect]:
        """Copy ``seat``'s invitation link."""
        hosting = self.hosting
        if hosting is None or seat not in hosting.invitations:
            return []
        url = hosting.invitations[seat].url
        done = await self.module.copy(url)
        return [
            Announce(self.page.catalog.text("friends.copied" if done else "friends.copy_failed"))
        ]

    async def share(self, seat: int) -> list[Effect]:
        """Open the system's share sheet with ``seat``'s invitation (where there is one)."""
        hosting = self.hosting
        if hosting is None or seat not in hosting.invitations:
            return []
        title = self.page.catalog.text("friends.share_title", name=hosting.setup.name)
        await self.module.share(hosting.invitations[seat].url, title)
        return []

    async def ticks(self, hosting: Hosting) -> None:
        """Look at the seats away every ``TICK`` seconds while ``hosting`` is the table."""
        while self.hosting is hosting:
            await asyncio.sleep(TICK)
            self.page.apply(hosting.tick(self.now()))

    def close(self) -> None:
        """Close the hosted table's channels (another table, or a solo session)."""
        if self.hosting is not None:
            self.hosting.transport.close()
        self.hosting = None
