"""What the page shows of a friends' table it hosts: each friend's seat, its state and its
invitation (pure values, drawn by ``web.table.friends``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from web.model.settings import query_values

__all__ = [
    "DEFAULT_STUN",
    "FRIEND_WAITS",
    "FriendSeat",
    "FriendsProps",
    "Invitation",
    "friend_seats",
    "ice_servers",
]

DEFAULT_STUN = ("stun:stun.l.google.com:19302",)
"""The STUN servers two browsers on different networks find their public addresses through,
unless the address names others (``?stun=``) or "same network only" is ticked. A STUN server
sees the two addresses, never a message: the game travels browser to browser."""

STUN_URL = re.compile(r"stuns?:[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?")

FRIEND_WAITS = (30, 60, 120, 300)
"""The seconds a dropped friend's seat may wait before a computer player takes it (a setting
of the table; 60 unless the host chooses)."""


def friend_seats(text: str) -> tuple[int, ...]:
    """The friends' seats an address asks for (``?friends=1,2``): seats 1-3, each once."""
    return tuple(sorted({int(part) for part in text.split(",") if part.strip() in ("1", "2", "3")}))


def ice_servers(query: str, local: bool) -> list[dict[str, str]]:
    """The STUN servers of a connection: none on the same network (``local``: the browsers
    offer their own addresses only), else those of ``?stun=host:port,...`` (up to three,
    ``stun:`` added where missing; anything else ignored), else ``DEFAULT_STUN``."""
    if local:
        return []
    asked = query_values(query).get("stun", "")
    parts = [part.strip() for part in asked.split(",") if part.strip()]
    urls = [u if re.match(r"stuns?:", u) else f"stun:{u}" for u in parts]
    chosen = [u for u in urls if STUN_URL.fullmatch(u)][:3] or list(DEFAULT_STUN)
    return [{"urls": url} for url in chosen]


@dataclass(frozen=True)
class Invitation:
    """A friend's seat's invitation as the host's page has it."""

    url: str = ""
    """The link (its fragment holds the packed offer); "" while it is made."""
    code: str = ""
    """The same offer as a text code."""
    making: bool = False
    error: str | None = None
    """What was wrong (a catalog key): the invitation could not be made, or the last reply
    pasted was refused."""
    accepted: bool = False
    """A reply was accepted: the channel is opening."""


@dataclass(frozen=True)
class FriendSeat:
    """One friend's seat."""

    seat: int
    name: str
    status: str
    """``invited``, ``connected``, ``away`` or ``computer`` (``web.friends.host.Status``)."""
    invitation: Invitation


@dataclass(frozen=True)
class FriendsProps:
    """The friends' seats of the table this page hosts."""

    seats: tuple[FriendSeat, ...]
    started: bool
    """The first deal is dealt (before it, the invitations fill the page)."""
    host: str
