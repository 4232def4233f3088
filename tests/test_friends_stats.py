"""A friend's page counts its session in its player's statistics once the last deal checks
(web.game.joining), marked as played at a friends' table from its seat, read back by the
statistics as the engine scores it from that seat.

What a player would notice if this failed: an evening played with friends that never shows in
the statistics, or shows with someone else's place."""

from __future__ import annotations

import json
import types
from typing import Any

from tests.helpers import run
from tests.test_friends_protocol import Table
from web.friends.guest import Change
from web.friends.remote import RemoteGame
from web.game.effects import Later
from web.game.joining import Joining
from web.game.unkept import WatchedStore
from web.model.settings import Settings
from web.stats.figures import played, read_entry, with_friends


class Boot:
    """The boot loader's statistics store, as a list."""

    def __init__(self) -> None:
        self.stored: list[tuple[str, str]] = []

    async def recordStats(self, key: str, text: str) -> bool:  # the JavaScript name
        self.stored.append((key, text))
        return True


def friend_page(table: Table, seat: int) -> tuple[Joining, Boot]:
    boot = Boot()
    page: Any = types.SimpleNamespace(
        window=types.SimpleNamespace(localStorage=None, Date=types.SimpleNamespace(now=lambda: 7)),
        boot=boot,
        settings=Settings(),
        table=types.SimpleNamespace(joining=types.SimpleNamespace(draw=lambda *args: None)),
        catalog=None,
        sessions=types.SimpleNamespace(slot=types.SimpleNamespace(store=WatchedStore(None))),
    )
    joining = Joining(page)
    joining.remote = RemoteGame(table.guests[seat])
    return joining, boot


def stored(effects: list[Any]) -> None:
    """Carry out the writes the effects hold (``Later``), as the page does."""
    for effect in effects:
        if isinstance(effect, Later):
            run(effect.effects)


def test_a_friends_finished_session_goes_into_its_statistics_from_its_seat():
    table = Table(friends=(1, 2, 3), rules="fr32")
    joining, boot = friend_page(table, 2)
    deals = table.host.session.rules.deals
    for number in range(1, deals + 1):
        table.play_deal()
        assert table.guests[2].verified[number]
        stored(joining.received(Change(verified=number)))
        assert len(boot.stored) == (number == deals)  # counted once, when the last deal checks
    entry = read_entry(json.loads(boot.stored[0][1]))
    assert entry.friends and entry.seat == 2 and entry.game.is_over
    assert entry.game.sheet() == list(table.host.session.sheet())
    assert with_friends([entry]) == [played(entry.game, 2)]


def test_a_session_with_a_deal_the_friend_could_not_check_is_not_counted():
    table = Table(friends=(1, 2, 3), rules="fr32")
    joining, boot = friend_page(table, 2)
    deals = table.host.session.rules.deals
    for number in range(1, deals + 1):
        table.play_deal()
        if number == 3:
            table.guests[2].records.pop(3)  # as if its check had failed
        stored(joining.received(Change(verified=number)))
    assert boot.stored == []
