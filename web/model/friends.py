"""What the page shows of a friends' table it hosts: each friend's seat, its state and its
invitation (pure values, drawn by ``web.table.friends``)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FRIEND_WAITS", "FriendSeat", "FriendsProps", "Invitation", "friend_seats"]

FRIEND_WAITS = (30, 60, 120, 300)
"""The seconds a dropped friend's seat may wait before a computer player takes it (a setting
of the table; 60 unless the host chooses)."""


def friend_seats(text: str) -> tuple[int, ...]:
    """The friends' seats an address asks for (``?friends=1,2``): seats 1-3, each once."""
    return tuple(sorted({int(part) for part in text.split(",") if part.strip() in ("1", "2", "3")}))


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
