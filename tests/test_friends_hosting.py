"""The host's page side of a friends' table (web.game.hosting), without a browser: the
invitations, the replies accepted, a reply whose channel never opens, and the deal dealt once
every friend has contributed, and the table resumed from the host's save after a reload.

What a player would notice if these failed: a pasted reply that hangs on "connecting…" for
ever between two networks that cannot reach each other, a table that deals twice, or a reload
of the host's page that ends the evening's game."""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import Any

import pytest

from barbu import STANDARD
from tests.helpers import run
from web.friends.guest import GuestTable
from web.friends.host import HostTable
from web.game.effects import DrawFriends, Notify
from web.game.engine import Game
from web.game.hosting import CONNECT_WAIT, CONTRIBUTE_WAIT, Hosting, Setup
from web.game.save import Saved
from web.game.slot import read_save


@dataclass
class Transport:
    """The transport as Python sees it (``web/runtime/friends.js``'s ``Host``)."""

    sent: list[tuple[int, str]] = field(default_factory=list)
    open: set[int] = field(default_factory=set)

    async def invite(self, seat: int, meta: dict[str, Any]) -> Any:
        return types.SimpleNamespace(url=f"https://barbu.example/#join={seat}", code=str(seat))

    async def accept(self, seat: int, text: str) -> Any:
        return types.SimpleNamespace(error="damaged" if text == "garbage" else None)

    def send(self, seat: int, text: str) -> None:
        self.sent.append((seat, text))

    def isOpen(self, seat: int) -> bool:  # the JavaScript name
        return seat in self.open


@dataclass
class Page:
    game: Game = field(default_factory=lambda: Game.new(1))

    def default_names(self) -> list[str]:
        return ["You", "Alice", "Bob", "Chloé"]


def hosting(friends: tuple[int, ...] = (2,)) -> tuple[Hosting, Transport]:
    transport = Transport()
    setup = Setup(STANDARD, friends, "Ann", 60, True)
    table = HostTable(STANDARD, friends, ["Ann", "", "", ""])
    return Hosting(Page(), transport, setup, table), transport


def test_an_invitation_is_made_per_seat_and_carries_the_hosts_name_and_the_network():
    shown, _ = hosting((1, 3))
    for seat in (1, 3):
        assert run(shown.invite(seat)) == [DrawFriends()]
    assert [s.invitation.url for s in shown.props().seats] == [
        "https://barbu.example/#join=1",
        "https://barbu.example/#join=3",
    ]
    meta = shown.meta(1)
    assert meta["host"] == "Ann" and meta["local"] is True and meta["rules"] == STANDARD.record


def test_an_empty_or_damaged_reply_is_refused_and_an_accepted_one_waits_for_its_channel():
    shown, _ = hosting()
    run(shown.invite(2))
    run(shown.accept(2, "  "))
    assert shown.invitations[2].error == "friends.reply_empty"
    run(shown.accept(2, "garbage"))
    assert shown.invitations[2].error == "peer.damaged" and not shown.invitations[2].accepted
    run(shown.accept(2, "a reply", now=100.0))
    assert shown.invitations[2].accepted and shown.invitations[2].error is None


def test_a_reply_whose_channel_never_opens_says_the_networks_need_a_relay():
    shown, _ = hosting()
    run(shown.invite(2))
    run(shown.accept(2, "a reply", now=100.0))
    assert shown.tick(100.0 + CONNECT_WAIT - 1) == []
    assert shown.tick(100.0 + CONNECT_WAIT + 1) == [DrawFriends()]
    invitation = shown.invitations[2]
    assert invitation.error == "friends.no_route" and not invitation.accepted
    assert shown.tick(200.0) == []  # said once


def test_a_channel_that_opens_in_time_is_not_called_lost():
    shown, _ = hosting()
    run(shown.invite(2))
    run(shown.accept(2, "a reply", now=100.0))
    guest = GuestTable()
    shown.heard("open", 2, "", 101.0)
    shown.heard("message", 2, guest.hello("Bob", shown.table.token(2)), 101.5)
    assert shown.table.status(2) == "connected"
    assert shown.tick(100.0 + CONNECT_WAIT + 1) == []
    assert shown.invitations[2].error is None


def test_a_channel_open_in_time_whose_hello_is_late_is_not_called_lost():
    """The friend's page may be slow to say hello (its Python busy): the route is there."""
    shown, _ = hosting()
    run(shown.invite(2))
    run(shown.accept(2, "a reply", now=100.0))
    shown.heard("open", 2, "", 119.0)
    assert shown.tick(100.0 + 3 * CONNECT_WAIT) == []
    assert shown.invitations[2].error is None and shown.table.status(2) == "invited"
    guest = GuestTable()
    shown.heard("message", 2, guest.hello("Bob", shown.table.token(2)), 200.0)
    assert shown.table.status(2) == "connected"


def test_a_channel_open_whose_opening_is_not_heard_yet_is_not_called_lost():
    """A page held busy for the whole wait hears the tick before the channel's opening."""
    shown, transport = hosting()
    run(shown.invite(2))
    run(shown.accept(2, "a reply", now=100.0))
    transport.open.add(2)
    assert shown.tick(100.0 + CONNECT_WAIT + 1) == []
    assert shown.invitations[2].error is None


def test_the_first_deal_is_dealt_once_the_friend_has_contributed_and_only_once():
    shown, transport = hosting()
    guest = GuestTable()
    shown.heard("open", 2, "", 1.0)
    shown.heard("message", 2, guest.hello("Bob", shown.table.token(2)), 1.5)
    assert shown.started and shown.table.pending is not None  # committed, waiting for Bob
    assert shown.table.session.deals == []
    for _, text in list(transport.sent):
        for answer in guest.receive(text).sends:
            shown.heard("message", 2, answer, 2.0)
    assert len(shown.table.session.deals) == 1
    assert shown.dealt() == [] and len(shown.table.session.deals) == 1


def test_a_friend_who_never_contributes_is_dealt_without_after_the_wait():
    """A friend's page that joins and then says nothing would stop the table for ever."""
    shown, _ = hosting()
    shown.heard("open", 2, "", 1.0)
    shown.heard("message", 2, GuestTable().hello("Bob", shown.table.token(2)), 1.5)
    assert shown.started and shown.table.waiting_for() == [2]
    assert shown.tick(2.0) == [] and shown.table.session.deals == []
    assert shown.tick(2.0 + CONTRIBUTE_WAIT - 1) == []
    shown.tick(2.0 + CONTRIBUTE_WAIT + 1)
    assert len(shown.table.session.deals) == 1 and not shown.table.committed()


def test_a_friends_refused_messages_are_said_once():
    """A hostile page may send thousands of bad messages: the host hears of it once."""
    shown, _ = hosting()
    shown.heard("open", 2, "", 1.0)
    shown.heard("message", 2, GuestTable().hello("Bob", shown.table.token(2)), 1.5)
    bad = [
        "not JSON",
        '{"v": 1, "t": [[[[[[[[[[]]]]]]]]]]}',
        '{"v": 1, "t": "act", "n": 1, "deal": 1, "count": 0, "action": "2C"}',
        '{"v": 1, "t": "act", "n": 1, "deal": 1, "count": 0, "action": "2C"}',
        '{"v": 1, "t": "shout", "n": 2}',
    ]
    said = []
    for n, text in enumerate(bad):
        said += shown.received(2, text, 2.0 + n)
    notices = [e for e in said if isinstance(e, Notify)]
    assert [(n.kind, n.fields) for n in notices] == [("friend-refused", (("name", "Bob"),))]


# -- the host's page reloaded ---------------------------------------------------------------------


def deliver(transport: Transport, guest: GuestTable, shown: Hosting, now: float) -> None:
    """Hand the friend every message sent to it, and the host the friend's answers."""
    while transport.sent:
        _, text = transport.sent.pop(0)
        for answer in guest.receive(text).sends:
            shown.heard("message", 2, answer, now)


def play(shown: Hosting, transport: Transport, guest: GuestTable, actions: int) -> None:
    """Play ``actions`` legal actions at the table, the friend's sent from its page."""
    for n in range(actions):
        game = shown.game
        if game.deal_over:
            return
        action = game.legal_actions()[0]
        if game.to_move == 2:  # a second apart: a friend's page at a player's pace
            shown.heard("message", 2, guest.act(action), 3.0 + n)
        else:
            game.apply(action)
        deliver(transport, guest, shown, 3.0 + n)


def saved_and_read(shown: Hosting) -> Saved:
    """The host's save as the page writes it and reads it back after a reload."""
    names = tuple(shown.names())
    text = Saved(shown.game.record(), names, None, shown.game.hosted()).to_json()
    saved, game = read_save(text)
    assert {**game.record(), "friends": {"seat": 0}} == shown.game.record()  # marked
    return saved


def joined_table() -> tuple[Hosting, Transport, GuestTable]:
    shown, transport = hosting()
    guest = GuestTable()
    shown.heard("open", 2, "", 1.0)
    shown.heard("message", 2, guest.hello("Bob", shown.table.token(2)), 1.5)
    deliver(transport, guest, shown, 2.0)
    assert len(shown.table.session.deals) == 1
    return shown, transport, guest


def test_a_reloaded_hosts_table_resumes_from_its_save_with_every_seat_invited_anew():
    shown, transport, guest = joined_table()
    play(shown, transport, guest, 9)
    saved = saved_and_read(shown)
    back = Hosting.restore(Page(), saved.record, saved.friends, now=50.0)
    table, before = back.table, shown.table
    assert back.started and back.setup == shown.setup
    assert table.session.deal.history == before.session.deal.history
    assert [table.session.deal.hand(s) for s in range(4)] == [
        before.session.deal.hand(s) for s in range(4)
    ]
    assert table.names == before.names and table.pending is not None
    assert table.pending.secret == before.pending.secret  # the deal's reveal still checks
    assert table.status(2) == "away" and table.token(2) != before.token(2)
    assert table.played_by_computer(2) is False  # away: the game waits for Bob...
    back.transport = Transport()
    run(back.invite(2, again=True))  # ...invited anew, still away...
    assert table.status(2) == "away" and not table.played_by_computer(2)
    assert table.hand_over(50.0 + 59, 60) == [] and table.hand_over(50.0 + 61, 60) == [2]


def test_a_friend_back_after_the_hosts_reload_finds_the_same_hand_and_the_deal_checks():
    shown, transport, guest = joined_table()
    play(shown, transport, guest, 9)
    saved = saved_and_read(shown)
    again = Transport()
    back = Hosting.restore(Page(), saved.record, saved.friends, now=50.0)
    back.transport = again
    back.heard("open", 2, "", 51.0)
    assert guest.hello("Bob", shown.table.token(2)) and back.table.status(2) == "away"
    back.heard("message", 2, guest.hello("Bob", back.table.token(2)), 51.5)
    assert back.table.status(2) == "connected"
    deliver(again, guest, back, 52.0)
    assert guest.view is not None
    assert guest.view.deal.hand == back.table.session.view(2).deal.hand
    play(back, again, guest, 200)  # past the deal's end
    assert back.table.session.deal.is_over and guest.verified == {1: True}


def test_a_saved_friends_table_that_is_damaged_is_refused():
    shown, _, _ = joined_table()
    saved = saved_and_read(shown)
    assert saved.friends is not None
    for broken in (
        None,
        {"setup": saved.friends["setup"]},
        {**saved.friends, "setup": {"name": "Ann"}},
        {**saved.friends, "table": {**saved.friends["table"], "names": ["Ann"]}},
        {**saved.friends, "table": {**saved.friends["table"], "friends": {"2": {"status": "x"}}}},
        {**saved.friends, "table": {**saved.friends["table"], "pending": {"number": 7}}},
    ):
        with pytest.raises(ValueError):
            Hosting.restore(Page(), saved.record, broken, now=1.0)
