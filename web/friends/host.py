"""The host's side of a friends' table: the referee, between the engine and the friends' pages.

The host's page holds the session. A ``HostTable`` reads every message a friend's page sends
(``receive``: bounded, numbered, rate-limited, checked by the engine like a tap on the host's own
table), applies the actions of the host, the computer players and the friends (``apply``), and
answers with the messages to send, each friend getting only its own seat's view
(``web.friends.views``). Before each deal it commits to a secret and waits for the friends'
contributions (``web.friends.fairness``); when a deal ends it reveals the secret and the record.

It knows nothing of the transport or of time: the page passes each message with the seat whose
channel it came on and the time (seconds) it arrived, and sends what comes back (``Out``). A
friend whose channel drops is ``away``; after ``wait`` seconds (``hand_over``) a computer player
takes the seat until the friend comes back through a new invitation for it (``invite``), to the
same hand.

A reload of the host's page resumes the table from its save: ``data`` is what the save keeps
(the seats, the names, the pending deal's secret and contributions, the secrets revealed),
``restore`` rebuilds the table from it and the session. Every channel died with the page: the
friends who were joined are away from the moment of the restore, and every invitation is made
anew (the old tokens no longer join).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from barbu import (
    Action,
    Event,
    RuleError,
    Rules,
    Session,
    action_from_data,
    action_to_data,
    deal_record,
)

from .fairness import HEX_BYTES, commitment, deal_seed, hands_from_seed, new_secret
from .messages import GUEST_KINDS, GUEST_TEXT_LIMIT, Message, Rate, Refusal, Refused, read, write
from .views import view_data

__all__ = ["NAME_LIMIT", "HostTable", "Note", "Out", "Status", "TableDataError"]

Status = Literal["host", "invited", "connected", "away", "computer"]
"""A seat's state as the players see it (``data-seat-status``): the host's own seat, a friend's
seat invited but not yet joined, joined and connected, dropped, or played by a computer."""

NAME_LIMIT = 24
"""The longest player name a friend's page may give (characters)."""

_QUIET: frozenset[str] = frozenset({"illegal", "stale", "not-your-turn"})
"""Refusals of a player's honest mistakes or races: answered every time, never reported."""


@dataclass(frozen=True)
class Note:
    """Something the host's page should say once: a friend's page sent what was refused."""

    seat: int
    code: Refusal


@dataclass
class Out:
    """What one call produced: the messages to send (seat, text) and the notes to show."""

    sends: list[tuple[int, str]] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    event: Event | None = None
    """What the action applied by this call did (a friend's action, or ``apply``'s)."""

    def extend(self, other: Out) -> Out:
        """This, with ``other``'s messages and notes after its own."""
        self.sends += other.sends
        self.notes += other.notes
        self.event = other.event or self.event
        return self


@dataclass
class _Friend:
    """The host's record of one friend's seat and its current connection."""

    seat: int
    token: str
    status: Status = "invited"
    name: str = ""
    received: int = -1
    sent: int = 0
    rate: Rate = field(default_factory=Rate)
    away_since: float | None = None
    reported: set[str] = field(default_factory=set)


@dataclass
class _Pending:
    """A deal being seeded: the host's secret and the contributions received so far."""

    number: int
    secret: str
    contributions: dict[int, str] = field(default_factory=dict)
    dealt: bool = False


class TableDataError(ValueError):
    """A saved friends' table that cannot be restored; the message says what is wrong."""


def _clean_name(value: Any) -> str:
    if not isinstance(value, str):
        raise Refused("bad-field", "name")
    name = "".join(ch for ch in value if ch.isprintable()).strip()[:NAME_LIMIT]
    if not name:
        raise Refused("bad-field", "name")
    return name


class HostTable:
    """A friends' table on the host's page (see the module's docstring)."""

    def __init__(
        self,
        rules: Rules,
        friends: Iterable[int],
        names: Sequence[str],
        host_seat: int = 0,
        first_declarer: int | None = None,
        draw_secret: Callable[[], str] = new_secret,
    ) -> None:
        seats = sorted(set(friends))
        if host_seat in seats or not all(0 <= s <= 3 for s in [host_seat, *seats]):
            raise ValueError("friends take seats 0-3 other than the host's")
        self.host_seat = host_seat
        self.names = list(names)
        self.draw_secret = draw_secret
        start = first_declarer if first_declarer is not None else secrets.randbelow(4)
        self.session = Session(None, rules, first_declarer=start)
        self.friends = {s: _Friend(s, secrets.token_hex(16)) for s in seats}
        self.table_id = secrets.token_hex(8)
        """This table's name in the friends' storage: a friend's page keeps what it saw of each
        deal under it, and checks the deal after a return (``GuestTable.keep``)."""
        self.pending: _Pending | None = None
        self.revealed: list[dict[str, Any]] = []
        """Each finished deal's secret and contributions, as revealed (kept for the record)."""

    # -- the save ------------------------------------------------------------------------------

    def data(self) -> dict[str, Any]:
        """What the host's save keeps of the table besides the session's record."""
        pending = self.pending
        return {
            "id": self.table_id,
            "host_seat": self.host_seat,
            "names": list(self.names),
            "friends": {
                str(f.seat): {"status": f.status, "name": f.name} for f in self.friends.values()
            },
            "pending": None
            if pending is None
            else {
                "number": pending.number,
                "secret": pending.secret,
                "contributions": {str(s): v for s, v in pending.contributions.items()},
                "dealt": pending.dealt,
            },
            "revealed": list(self.revealed),
        }

    @classmethod
    def restore(cls, session: Session, data: Any, now: float) -> HostTable:
        """The table ``data`` saved, playing ``session``; the friends who were joined are away
        from ``now``, every token is new. ``TableDataError`` if ``data`` is not a table's."""
        try:
            host_seat, names = data["host_seat"], data["names"]
            friends, pending = data["friends"], data["pending"]
            seats = sorted(int(seat) for seat in friends)
            if not (isinstance(names, list) and len(names) == 4):
                raise TableDataError("four names")
            table = cls(session.rules, seats, [str(n)[:NAME_LIMIT] for n in names], host_seat)
        except (KeyError, TypeError, ValueError) as error:
            raise TableDataError(f"not a friends' table: {error}") from None
        table.session = session
        if isinstance(data.get("id"), str):
            table.table_id = data["id"][:32]
        for seat, friend in table.friends.items():
            table._restore_friend(friend, friends[str(seat)], now)
        if pending is not None:
            table.pending = _restored_pending(pending, len(session.deals))
        revealed = data.get("revealed", [])
        table.revealed = (
            [r for r in revealed if isinstance(r, dict)] if isinstance(revealed, list) else []
        )
        return table

    def _restore_friend(self, friend: _Friend, saved: Any, now: float) -> None:
        status = saved.get("status") if isinstance(saved, dict) else None
        if status not in ("invited", "connected", "away", "computer"):
            raise TableDataError(f"seat {friend.seat}: not a seat's state")
        friend.name = str(saved.get("name", ""))[:NAME_LIMIT]
        friend.status = "away" if status == "connected" else status
        friend.away_since = now if friend.status == "away" else None

    # -- seats --------------------------------------------------------------------------------

    def status(self, seat: int) -> Status:
        """The seat's state: ``host``, ``invited``, ``connected``, ``away`` or ``computer``."""
        if seat == self.host_seat:
            return "host"
        friend = self.friends.get(seat)
        return friend.status if friend else "computer"

    def played_by_computer(self, seat: int) -> bool:
        """Whether the host's computer players choose for ``seat`` now."""
        return self.status(seat) in ("computer", "invited")

    def token(self, seat: int) -> str:
        """The current invitation's token for a friend's seat."""
        return self.friends[seat].token

    def invite(self, seat: int) -> str:
        """A new invitation for a friend's seat: a new token (the old one no longer joins). The
        seat's state stays: a seat away still waits for its friend, then goes to a computer."""
        friend = self.friends[seat]
        friend.token = secrets.token_hex(16)
        return friend.token

    def opened(self, seat: int) -> None:
        """A new channel to the friend's seat opened: its messages are numbered afresh (the
        friend must still say hello with the seat's current token)."""
        friend = self.friends[seat]
        friend.received, friend.sent, friend.rate = -1, 0, Rate()
        if friend.status == "connected":
            friend.status = "away"

    def dropped(self, seat: int, now: float) -> Out:
        """The friend's channel closed: the seat is away from ``now``."""
        friend = self.friends.get(seat)
        if friend is None or friend.status != "connected":
            return Out()
        friend.status, friend.away_since = "away", now
        return self._seats()

    def hand_over(self, now: float, wait: float) -> list[int]:
        """The seats away for ``wait`` seconds or more at ``now``, handed to computer players."""
        out = []
        for friend in self.friends.values():
            gone = friend.away_since
            if friend.status == "away" and gone is not None and now - gone >= wait:
                friend.status = "computer"
                out.append(friend.seat)
        return out

    # -- reading a friend's page --------------------------------------------------------------

    def receive(self, seat: int, text: Any, now: float) -> Out:
        """Read one message from the friend on ``seat`` at ``now``: act on it, or refuse it."""
        friend = self.friends.get(seat)
        if friend is None:
            return Out()
        if not friend.rate.allow(now):
            return self._refuse(friend, Refused("flood"), -1, report=friend.rate.report())
        message: Message | None = None
        try:
            message = read(text, GUEST_KINDS, GUEST_TEXT_LIMIT)
            if message.number <= friend.received:
                raise Refused("replayed", f"message {message.number} again")
            friend.received = message.number
            return self._handle(friend, message)
        except Refused as refusal:
            return self._refuse(friend, refusal, message.number if message else -1)

    def _handle(self, friend: _Friend, message: Message) -> Out:
        if message.kind == "hello":
            return self._hello(friend, message.fields)
        if friend.status != "connected":
            raise Refused("not-joined")
        if message.kind == "act":
            return self._act(friend, message.fields)
        if message.kind == "contribute":
            return self._contribute(friend, message.fields)
        return Out()  # ping

    def _hello(self, friend: _Friend, fields: dict[str, Any]) -> Out:
        token = fields["token"]
        if not isinstance(token, str) or not secrets.compare_digest(token, friend.token):
            raise Refused("bad-token")
        friend.name = _clean_name(fields["name"])
        friend.status, friend.away_since = "connected", None
        self.names[friend.seat] = friend.name
        out = Out([(friend.seat, self._welcome(friend))])
        out.extend(self._seats())
        if self.session.deals:
            out.sends.append((friend.seat, self._view(friend, None)))
        pending = self.pending
        if pending is not None and not pending.dealt and friend.seat not in pending.contributions:
            out.sends.append((friend.seat, self._commit(friend)))
        return out

    def _act(self, friend: _Friend, fields: dict[str, Any]) -> Out:
        if fields["deal"] != self.session.number or fields["count"] != len(
            self.session.deal.history
        ):
            raise Refused("stale")
        if self.session.to_move != friend.seat:
            raise Refused("not-your-turn")
        try:
            action = action_from_data(fields["action"])
        except (RuleError, ValueError, TypeError):
            raise Refused("bad-field", "action") from None
        try:
            return self.apply(friend.seat, action)
        except RuleError as e:
            raise Refused("illegal", str(e), e.code, _plain(e.params)) from None

    def _contribute(self, friend: _Friend, fields: dict[str, Any]) -> Out:
        pending, value = self.pending, fields["value"]
        if pending is None or pending.dealt or fields["deal"] != pending.number:
            raise Refused("stale")
        if friend.seat in pending.contributions:
            raise Refused("replayed", "a second contribution")
        if not isinstance(value, str) or len(value) != 2 * HEX_BYTES:
            raise Refused("bad-field", "value")
        try:
            bytes.fromhex(value)
        except ValueError:
            raise Refused("bad-field", "value") from None
        pending.contributions[friend.seat] = value.lower()
        return Out()

    def _refuse(self, friend: _Friend, refusal: Refused, ref: int, report: bool = True) -> Out:
        out = Out()
        if refusal.code in _QUIET or refusal.code not in friend.reported:
            fields: dict[str, Any] = {"code": refusal.code, "ref": ref}
            if refusal.rule:
                fields |= {"rule": refusal.rule, "params": refusal.params}
            out.sends.append((friend.seat, self._write(friend, "refused", **fields)))
        if refusal.code not in _QUIET and refusal.code not in friend.reported and report:
            friend.reported.add(refusal.code)
            out.notes.append(Note(friend.seat, refusal.code))
        return out

    # -- the game -----------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> Out:
        """Apply ``seat``'s action (the host's, a computer player's or a friend's, checked by the
        engine: ``RuleError`` if illegal, nothing changed), then send each connected friend its
        view; reveal the deal if it ended. The engine's ``Event`` is in the ``Out``."""
        if self.session.to_move != seat:
            raise Refused("not-your-turn")
        event = self.session.apply(action)
        last = [seat, action_to_data(action)]
        out = Out([(f.seat, self._view(f, last)) for f in self._connected()], event=event)
        if event.over:
            out.extend(self._reveal())
        return out

    def begin_deal(self) -> Out:
        """Commit to the next deal's secret: each connected friend is sent the commitment and
        asked for its contribution (``deal`` deals once they have answered)."""
        if self.session.deals and not self.session.deal.is_over:
            raise ValueError("the current deal is not over")
        self.pending = _Pending(len(self.session.deals) + 1, self.draw_secret())
        return Out([(f.seat, self._commit(f)) for f in self._connected()])

    def committed(self) -> bool:
        """Whether a deal is committed to and not dealt yet (contributions may still come)."""
        return self.pending is not None and not self.pending.dealt

    def due(self) -> bool:
        """Whether a deal committed to may be dealt now: not dealt yet, every connected friend's
        contribution in."""
        return self.pending is not None and not self.pending.dealt and not self.waiting_for()

    def waiting_for(self) -> list[int]:
        """The connected friends whose contribution to the pending deal has not come yet."""
        if self.pending is None or self.pending.dealt:
            return []
        given = self.pending.contributions
        return [f.seat for f in self._connected() if f.seat not in given]

    def deal(self) -> Out:
        """Deal the pending deal from its seed (the contributions received so far: a friend who
        did not answer adds nothing) and send each connected friend its view."""
        pending = self.pending
        if pending is None:
            raise ValueError("no deal committed to (begin_deal first)")
        if pending.dealt:
            raise ValueError("the deal committed to is dealt already")
        pending.dealt = True
        parts = [pending.contributions.get(seat) for seat in range(4)]
        seed = deal_seed(pending.number, pending.secret, parts)
        self.session.next_deal(hands_from_seed(seed, self.session.rules))
        return Out([(f.seat, self._view(f, None)) for f in self._connected()])

    def _reveal(self) -> Out:
        pending, self.pending = self.pending, None
        if pending is None:
            return Out()
        parts = [pending.contributions.get(seat) for seat in range(4)]
        record = deal_record(self.session.deal)
        self.revealed.append({"deal": pending.number, "secret": pending.secret, "parts": parts})
        return Out(
            [
                (
                    f.seat,
                    self._write(
                        f,
                        "reveal",
                        deal=pending.number,
                        secret=pending.secret,
                        contributions=parts,
                        record=record,
                    ),
                )
                for f in self._connected()
            ]
        )

    # -- writing ------------------------------------------------------------------------------

    def _connected(self) -> list[_Friend]:
        return [f for f in self.friends.values() if f.status == "connected"]

    def _write(self, friend: _Friend, kind: str, **fields: Any) -> str:
        text = write(kind, friend.sent, **fields)
        friend.sent += 1
        return text

    def _welcome(self, friend: _Friend) -> str:
        kinds = [
            "host" if s == self.host_seat else "friend" if s in self.friends else "computer"
            for s in range(4)
        ]
        return self._write(
            friend,
            "welcome",
            seat=friend.seat,
            names=self.names,
            kinds=kinds,
            rules=self.session.rules.record,
        )

    def _seats(self) -> Out:
        status = [self.status(s) for s in range(4)]
        return Out([(f.seat, self._write(f, "seats", status=status)) for f in self._connected()])

    def _view(self, friend: _Friend, last: list[Any] | None) -> str:
        view = view_data(self.session.view(friend.seat))
        history = self.session.deal.history
        if last is not None:
            return self._write(friend, "view", view=view, count=len(history), last=last)
        actions = [[e.seat, action_to_data(e.action)] for e in history]
        return self._write(
            friend, "view", view=view, count=len(history), last=None, actions=actions
        )

    def _commit(self, friend: _Friend) -> str:
        assert self.pending is not None  # only called with a deal pending
        return self._write(
            friend, "commit", deal=self.pending.number, hash=commitment(self.pending.secret)
        )


def _restored_pending(saved: Any, dealt: int) -> _Pending:
    """A pending deal as saved: the deal under way (dealt) or the next one (``dealt`` deals so
    far)."""
    if not isinstance(saved, dict):
        raise TableDataError("the pending deal is not an object")
    number, secret, parts = saved.get("number"), saved.get("secret"), saved.get("contributions")
    done = saved.get("dealt")
    if not isinstance(done, bool) or number != (dealt if done else dealt + 1):
        raise TableDataError("the pending deal's number")
    if not isinstance(secret, str) or len(secret) != 2 * HEX_BYTES or not isinstance(parts, dict):
        raise TableDataError("the pending deal's secret")
    contributions = {int(s): str(v) for s, v in parts.items() if s in ("0", "1", "2", "3")}
    return _Pending(number, secret, contributions, done)


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    """An engine refusal's parameters as JSON can carry them (cards and seats as text/ints)."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, bool | int | str) or value is None:
            out[key] = value
        else:
            out[key] = str(value)
    return out
