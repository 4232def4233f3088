"""A friend's side of a friends' table: what its page knows, sends and checks.

A ``GuestTable`` reads what the host sends (bounded and numbered like the host's reading of the
friend, ``web.friends.messages``), keeps the seat's latest view for the table to draw, writes the
friend's messages (``hello``, ``act``, ``contribute``), and checks each finished deal against
the commitment it was sent before it contributed (``web.friends.fairness.verify_deal``): the
verdict is ``verified[number]``, shown on the page as ``data-deal-verified``.

Each view sent after an action comes with that action: the engine's ``Event`` it made is rebuilt
from the views (``web.friends.events``) and handed to the page in the ``Change``, as a solo
table gets it from ``Game.apply``. The record of each deal whose check passed is kept
(``records``): the page replays, reviews and counts its finished deals from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from barbu import Action, Event, Rules, SessionView, action_from_data, action_to_data
from barbu.presets import rules_from_record

from .events import event_between
from .fairness import Seen, contribution, verify_deal
from .messages import HOST_KINDS, HOST_TEXT_LIMIT, VERSION, Message, Refused, read, write
from .views import ViewDataError, view_from_data

__all__ = ["KEPT_DEALS", "Change", "GuestTable"]

KEPT_DEALS = 2
"""The deals a friend's page keeps what it saw of (``GuestTable.keep``): the one under way and
the one before."""


@dataclass
class Change:
    """What one message from the host changed, for the page to redraw or say."""

    view: bool = False
    """The seat's view changed (an action, a new deal, the welcome)."""
    seats: bool = False
    refused: dict[str, Any] | None = None
    """The host refused this page's last message: its code, and the engine's reason if any."""
    verified: int | None = None
    """A deal just checked: its number (the verdict is in ``GuestTable.verified``)."""
    reload: bool = False
    """The host speaks another version of the protocol: this page must reload."""
    sends: list[str] = field(default_factory=list)
    """Messages this page must send in answer (its contribution to a deal's seed)."""
    error: str = ""
    """What was wrong with a message from the host that could not be read (nothing changed)."""
    event: Event | None = None
    """What the action the new view follows did (None for a view sent whole)."""


@dataclass
class _Deal:
    """What this page saw of one deal, for its check at the end."""

    number: int
    commitment: str = ""
    contribution: str = ""
    hand: tuple[str, ...] = ()
    actions: list[list[Any]] = field(default_factory=list)


class GuestTable:
    """A friend's page at a friends' table (see the module's docstring)."""

    def __init__(self, draw_contribution: Any = contribution) -> None:
        self.seat: int | None = None
        self.rules: Rules | None = None
        """The game the host's table plays, from its welcome."""
        self.names: list[str] = []
        self.kinds: list[str] = []
        self.status: list[str] = []
        self.view: SessionView | None = None
        self.count = 0
        """The number of actions of the current deal the view shows."""
        self.verified: dict[int, bool] = {}
        self.reasons: dict[int, str] = {}
        self.draw_contribution = draw_contribution
        self.sent = 0
        self.received = -1
        self.deals: dict[int, _Deal] = {}
        self.records: dict[int, dict[str, Any]] = {}
        """The record of each finished deal whose check passed, by number."""

    # -- what this page keeps -------------------------------------------------------------------

    def keep(self) -> dict[str, Any]:
        """What this page saw of the last deals (commitment, contribution, first hand), for a
        page that comes back to the table (``recall``) to check them still."""
        numbers = sorted(self.deals)[-KEPT_DEALS:]
        return {
            str(n): {
                "commitment": self.deals[n].commitment,
                "contribution": self.deals[n].contribution,
                "hand": list(self.deals[n].hand),
            }
            for n in numbers
        }

    def recall(self, kept: Any) -> None:
        """Take back what ``keep`` gave (on this browser, before a return to the table); what is
        not of that shape is ignored."""
        if not isinstance(kept, dict):
            return
        for key, seen in list(kept.items())[-KEPT_DEALS:]:
            if not (isinstance(key, str) and key.isdigit() and isinstance(seen, dict)):
                continue
            commitment, mine = seen.get("commitment"), seen.get("contribution")
            hand = seen.get("hand")
            if not (isinstance(commitment, str) and isinstance(mine, str)):
                continue
            cards = tuple(str(c) for c in hand) if isinstance(hand, list) else ()
            self.deals.setdefault(int(key), _Deal(int(key), commitment, mine, cards))

    # -- writing ------------------------------------------------------------------------------

    def _write(self, kind: str, **fields: Any) -> str:
        text = write(kind, self.sent, **fields)
        self.sent += 1
        return text

    def hello(self, name: str, token: str) -> str:
        """The first message on a new connection: the friend's name and the invitation's token
        (message numbers start again with each connection)."""
        self.sent, self.received = 0, -1
        return self._write("hello", name=name, token=token)

    def act(self, action: Action) -> str:
        """The message that plays ``action`` for this seat, at the view's position."""
        if self.view is None:
            raise ValueError("no deal yet")
        return self._write(
            "act", deal=self.view.number, count=self.count, action=action_to_data(action)
        )

    # -- reading ------------------------------------------------------------------------------

    def receive(self, text: Any) -> Change:
        """Read one message from the host; a message that cannot be read changes nothing."""
        try:
            message = read(text, HOST_KINDS, HOST_TEXT_LIMIT)
        except Refused as e:
            if e.code == "bad-version":
                return Change(reload=True, error=str(e))
            return Change(error=str(e))
        if message.number <= self.received:
            return Change(error=f"message {message.number} again")
        try:
            change = self._handle(message)
        except (ViewDataError, KeyError, TypeError, ValueError) as e:
            return Change(error=f"{message.kind}: {e}")
        self.received = message.number
        return change

    def _handle(self, message: Message) -> Change:
        f = message.fields
        kind = message.kind
        if kind == "welcome":
            return self._welcome(f)
        if kind == "view":
            return self._view(f)
        if kind == "commit":
            return self._commit(f)
        if kind == "reveal":
            return self._reveal(f)
        if kind == "seats":
            self.status = [str(s) for s in f["status"]][:4]
            return Change(seats=True)
        if kind == "refused":
            return Change(refused={k: v for k, v in f.items() if k in ("code", "rule", "params")})
        return Change(reload=f["version"] != VERSION)

    def _welcome(self, f: dict[str, Any]) -> Change:
        seat = f["seat"]
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ValueError("not a seat")
        self.seat = seat
        self.names = [str(n)[:24] for n in f["names"]][:4]
        self.kinds = [str(k) for k in f["kinds"]][:4]
        self.rules = rules_from_record(f["rules"])
        return Change(view=True)

    def _view(self, f: dict[str, Any]) -> Change:
        view = view_from_data(f["view"])
        if self.seat is None or view.deal.seat != self.seat:
            raise ValueError("a view of another seat")
        count, last = f["count"], f["last"]
        event = None if last is None else self._event(view, count, last)
        seen = self.deals.setdefault(view.number, _Deal(view.number))
        if count == 0:  # the hand as dealt (a page that comes later has it kept, or not)
            seen.hand = tuple(str(c) for c in view.deal.hand)
        if last is not None:
            seen.actions.append(list(last))
        else:  # a view sent whole (a deal dealt, a return): with every action so far
            actions = f.get("actions")
            if not isinstance(actions, list) or len(actions) != count:
                raise ValueError("a whole view without its actions")
            seen.actions = [list(a) for a in actions]
        self.view, self.count = view, count
        return Change(view=True, event=event)

    def _event(self, view: SessionView, count: Any, last: Any) -> Event:
        """The event of the action ``last`` (``[seat, action-data]``) that ``view`` follows."""
        if not isinstance(last, list) or len(last) != 2:
            raise ValueError("not a seat and an action")
        before = self.view
        if before is None or before.number != view.number or count != self.count + 1:
            before = None  # this page did not see the view just before (it was away)
        return event_between(before, view, (last[0], action_from_data(last[1])))

    def _commit(self, f: dict[str, Any]) -> Change:
        number, digest = f["deal"], f["hash"]
        if not isinstance(number, int) or not isinstance(digest, str) or len(digest) != 64:
            raise ValueError("not a commitment")
        mine = self.draw_contribution()
        self.deals[number] = _Deal(number, digest, mine)
        return Change(sends=[self._write("contribute", deal=number, value=mine)])

    def _reveal(self, f: dict[str, Any]) -> Change:
        number = f["deal"]
        seen = self.deals.get(number) if isinstance(number, int) else None
        if seen is None or not seen.commitment or not seen.hand:
            self.verified[number] = False
            self.reasons[number] = "this page did not see the deal from its start"
            return Change(verified=number)
        final = None
        if self.view is not None and self.view.number == number:
            final = self.view.deal.final
        check = verify_deal(
            Seen(
                self.seat or 0,
                number,
                seen.commitment,
                seen.contribution,
                seen.hand,
                tuple(seen.actions),
                final,
            ),
            f["secret"],
            f["contributions"],
            f["record"],
        )
        self.verified[number] = check.ok
        self.reasons[number] = check.reason
        if check.ok:
            self.records[number] = f["record"]
        return Change(verified=number)
