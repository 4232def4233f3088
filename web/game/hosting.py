"""The host's side of a friends' table on the game page: the referee, the transport, the seats.

The host's page holds the session inside a ``web.friends.host.HostTable`` (the referee: every
action of every seat goes through its ``apply``, which sends each connected friend its own
seat's view). ``HostedGame`` is the controller's ``Game`` for that session: the same methods, so
the table, the computer players' loop and the save treat it as any game; its ``apply`` and
``next_deal`` go through the referee and hand what it must send to the transport.

``Hosting`` keeps what the page shows of the table for friends (``FriendsProps``: each friend's
seat, its state, its invitation and what was wrong with the last reply) and turns what the
transport hears (``heard``: a channel opened, a message, a channel closed, a reply picked up
from another tab) into effects for the controller, like its other collaborators. Before the
first deal the page shows the invitations; the first deal is dealt once every friend has joined
(or the host starts without the missing ones, whose seats the computer plays until they join).

A reload of the host's page resumes the table (``Hosting.restore``): the save keeps, beside
the session's record, the setup and the referee's state (``data``); the page puts the table
back at once and gives it its transport once loaded, every seat invited anew.

The transport is ``web/runtime/friends.js``'s ``Host``, passed in: the tests give a fake one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from barbu import Action, Event, RuleError, Rules, session_from_record
from web.friends.host import HostTable, Out, TableDataError
from web.game.effects import DrawFriends, Effect, Happened, Kick, Notify, Put, Redraw, Write
from web.game.engine import Game
from web.model.friends import FriendSeat, FriendsProps, Invitation

__all__ = ["HostedGame", "Hosting", "Page", "Setup"]


class HostedGame(Game):
    """The session of a friends' table, on the host's page (see the module's docstring)."""

    def __init__(
        self, table: HostTable, send: Callable[[Out], None], data: Callable[[], dict[str, Any]]
    ) -> None:
        super().__init__(table.session)
        self.table = table
        self.send = send
        self.data = data

    def record(self) -> dict[str, Any]:
        """The session's record, marked as played at a friends' table from the host's seat
        (the statistics count it apart)."""
        return {**super().record(), "friends": {"seat": self.table.host_seat}}

    def hosted(self) -> dict[str, Any]:
        """What the save keeps of the table: the host's choices and the referee's state."""
        return self.data()

    @property
    def friends(self) -> bool:
        """Whether friends play this game (take-back is off, the seed is the friends')."""
        return True

    def apply(self, action: Action) -> Event:
        """Play the action of the seat to move through the referee (``RuleError`` if illegal,
        nothing changed); each connected friend is sent its view."""
        out = self.table.apply(self._session.to_move or 0, action)
        self.send(out)
        assert out.event is not None  # the referee applied it
        return out.event

    def take_back(self) -> int:
        """Take-back is off at a friends' table."""
        raise RuleError("decisions are not taken back at a friends' table", "nothing-to-undo")

    def next_deal(self) -> None:
        """Commit to the next deal's secret and ask the friends for their contributions; deal at
        once if no friend is connected (else ``Hosting`` deals once they have answered)."""
        if self.table.pending is None:
            self.send(self.table.begin_deal())
        if self.table.due():
            self.send(self.table.deal())


class Page(Protocol):
    """What hosting needs of the page (``web.game.app.PageController``)."""

    game: Game

    def default_names(self) -> list[str]: ...


CONTRIBUTE_WAIT = 10.0
"""Seconds the friends' contributions to a deal's seed may take: past them the deal is dealt
without those missing (a friend's page that never answers stops nobody)."""
CONNECT_WAIT = 20.0
"""Seconds an accepted reply may take to open its channel before the page says that these two
networks cannot reach each other directly."""


@dataclass(frozen=True)
class Setup:
    """A friends' table as the host asked for it in the menu."""

    rules: Rules
    friends: tuple[int, ...]
    name: str
    wait: int
    """Seconds before a computer player takes a dropped friend's seat."""
    local: bool
    """Same network only: no STUN server (host candidates only)."""

    def data(self) -> dict[str, Any]:
        """What the save keeps of the setup (the rules and the seats are the table's)."""
        return {"name": self.name, "wait": self.wait, "local": self.local}

    @classmethod
    def restore(cls, table: HostTable, data: Any) -> Setup:
        """The setup ``data`` saved, for ``table``; ``TableDataError`` if it is not one."""
        name, wait, local = (data.get(k) if isinstance(data, dict) else None for k in SETUP_KEYS)
        if not isinstance(name, str) or type(wait) is not int or not isinstance(local, bool):
            raise TableDataError("not a friends' table's setup")
        return cls(table.session.rules, tuple(sorted(table.friends)), name, wait, local)


SETUP_KEYS = ("name", "wait", "local")


class Hosting:
    """The friends' table this page hosts (see the module's docstring)."""

    def __init__(self, page: Page, transport: Any, setup: Setup, table: HostTable) -> None:
        self.page = page
        self.transport = transport
        """``web/runtime/friends.js``'s ``Host`` (None while a restored table waits for it)."""
        self.setup = setup
        self.table = table
        self.game = HostedGame(table, self.send, self.data)
        self.invitations: dict[int, Invitation] = {}
        self.accepted_at: dict[int, float] = {}
        """When each seat's last reply was accepted (its channel should open soon after)."""
        self.started = False
        self.committed_at: dict[int, float] = {}
        """When the page first saw each deal committed to (``tick``)."""
        self.reported: set[int] = set()
        """The friends whose refused messages the page has said (once each)."""

    @classmethod
    def restore(cls, page: Page, record: dict[str, Any], data: Any, now: float) -> Hosting:
        """The table the host's save kept (``data``, beside the session's ``record``), after a
        reload: the friends who were joined are away from ``now``, the invitations to make anew
        and the transport to give (``transport``). ``TableDataError`` or ``RuleError`` if the
        save cannot be restored."""
        if not isinstance(data, dict):
            raise TableDataError("not a friends' table")
        table = HostTable.restore(session_from_record(record), data.get("table"), now)
        hosting = cls(page, None, Setup.restore(table, data.get("setup")), table)
        hosting.started = bool(table.session.deals)
        return hosting

    def data(self) -> dict[str, Any]:
        """What the save keeps of the table (``restore`` reads it)."""
        return {"setup": self.setup.data(), "table": self.table.data()}

    # -- what the page shows ------------------------------------------------------------------

    def props(self) -> FriendsProps:
        """The friends' seats as the page draws them."""
        names = self.names()
        seats = tuple(
            FriendSeat(
                seat,
                names[seat],
                self.table.status(seat),
                self.invitations.get(seat, Invitation()),
            )
            for seat in sorted(self.table.friends)
        )
        return FriendsProps(seats, self.started, self.table.names[self.table.host_seat])

    def names(self) -> list[str]:
        """The seats' names: the host's, each friend's once joined, the computers' default."""
        default = self.page.default_names()  # this page's player: as the solo table names them
        named = [name or default[seat] for seat, name in enumerate(self.table.names)]
        named[self.table.host_seat] = default[self.table.host_seat]
        return named

    # -- the transport --------------------------------------------------------------------------

    def send(self, out: Out) -> None:
        """Hand the referee's messages to the transport (a closed channel drops them: the
        friend gets its whole view when it comes back)."""
        if self.transport is None:  # restored, not connected yet: no channel is open
            return
        for seat, text in out.sends:
            self.transport.send(seat, text)

    def meta(self, seat: int) -> dict[str, Any]:
        """What an invitation says before it is answered: who invites, the game, the seat, the
        token, the table, the network to use."""
        return {
            "host": self.table.names[self.table.host_seat],
            "rules": self.setup.rules.record,
            "token": self.table.token(seat),
            "table": self.table.table_id,
            "local": self.setup.local,
        }

    async def invite(self, seat: int, again: bool = False) -> list[Effect]:
        """Make the invitation of ``seat`` (``again``: a new one, the old one no longer joins)."""
        if again:
            self.table.invite(seat)
        self.invitations[seat] = Invitation(making=True)
        answer = await self.transport.invite(seat, self.meta(seat))
        error = getattr(answer, "error", None)
        if error:
            self.invitations[seat] = Invitation(error=f"peer.{error}")
        else:
            self.invitations[seat] = Invitation(str(answer.url), str(answer.code))
        return [DrawFriends()]

    async def accept(self, seat: int, text: str, now: float = 0.0) -> list[Effect]:
        """The friend's reply for ``seat``, pasted or picked up at ``now``: the channel may open
        now (``tick`` says so if it does not)."""
        invitation = self.invitations.get(seat, Invitation())
        if not text.strip():
            self.invitations[seat] = replace(invitation, error="friends.reply_empty")
            return [DrawFriends()]
        answer = await self.transport.accept(seat, text.strip())
        error = getattr(answer, "error", None)
        found = f"peer.{error}" if error else None
        self.invitations[seat] = replace(invitation, error=found, accepted=not error)
        self.accepted_at[seat] = now
        return [DrawFriends()]

    def open_now(self, seat: int) -> bool:
        """Whether ``seat``'s channel is open now, its opening perhaps not heard yet (a page held
        busy hears its events late, maybe after the tick that would call the route lost)."""
        return self.transport is not None and bool(self.transport.isOpen(seat))

    def heard(self, kind: str, seat: int, text: str, now: float) -> list[Effect]:
        """What the transport heard on ``seat``'s channel at ``now`` (seconds)."""
        if seat not in self.table.friends:
            return []
        if kind == "open":  # a direct route exists, however long the friend's hello may take
            self.accepted_at.pop(seat, None)
            self.table.opened(seat)
            return [DrawFriends()]
        if kind == "close":
            self.send(self.table.dropped(seat, now))
            return [DrawFriends(), Kick()]
        if kind == "message":
            return self.received(seat, text, now)
        return []

    def received(self, seat: int, text: str, now: float) -> list[Effect]:
        """A friend's message: the referee reads it; an action it applied is shown."""
        before = self.table.status(seat)
        out = self.table.receive(seat, text, now)
        self.send(out)
        effects: list[Effect] = []
        for note in out.notes:  # said once per friend: a hostile page may send thousands
            if note.seat not in self.reported:
                self.reported.add(note.seat)
                name = (("name", self.names()[note.seat]),)
                effects.append(Notify("friend-refused", "friends.refused", fields=name))
        if self.table.status(seat) != before:
            effects += [DrawFriends(), *self.joined()]
        if out.event is not None:
            effects.append(Happened(out.event))
        effects += self.dealt()
        return effects

    def tick(self, now: float) -> list[Effect]:
        """Say which accepted replies opened no channel after ``CONNECT_WAIT`` seconds (two
        networks that need a relay), deal without contributions late by ``CONTRIBUTE_WAIT``,
        and hand to computer players the seats away for longer than the wait."""
        effects: list[Effect] = []
        for seat, since in list(self.accepted_at.items()):
            invitation = self.invitations.get(seat, Invitation())
            if self.table.status(seat) == "connected" or not invitation.accepted:
                del self.accepted_at[seat]
            elif now - since > CONNECT_WAIT and not self.open_now(seat):
                del self.accepted_at[seat]
                failed = replace(invitation, accepted=False, error="friends.no_route")
                self.invitations[seat] = failed
                effects.append(DrawFriends())
        pending = self.table.pending
        if pending is not None and self.table.committed():
            since = self.committed_at.setdefault(pending.number, now)
            if now - since > CONTRIBUTE_WAIT:  # a friend who never answers stops nobody
                effects += self.dealt(late=True)
        if self.started and self.table.hand_over(now, self.setup.wait):
            effects += [DrawFriends(), Kick()]
        return effects

    # -- dealing --------------------------------------------------------------------------------

    def joined(self) -> list[Effect]:
        """Before the first deal: start once every friend has joined."""
        if self.started or any(self.table.status(s) != "connected" for s in self.table.friends):
            return []
        return self.start()

    def start(self) -> list[Effect]:
        """Start the game now: the friends not joined yet are played by the computer until they
        join (their invitation still stands)."""
        if self.started:
            return []
        self.started = True
        self.send(self.table.begin_deal())
        return self.dealt()

    def dealt(self, late: bool = False) -> list[Effect]:
        """Deal the pending deal once every connected friend has contributed to its seed, or
        (``late``) without the contributions that have not come in time."""
        if not (self.table.due() or (late and self.table.committed())):
            return []
        first = not self.table.session.deals
        self.send(self.table.deal())
        if first:
            return [Put(self.game, tuple(self.names()), None), Write(), Redraw(), Kick()]
        return [Write(), DrawFriends(), Redraw(), Kick()]
