"""The narrow ports the controller's collaborators see of one another: each names the one or two
calls a collaborator makes of another, so that none imports the module of the one it calls (and
none imports the controller, ``web.game.app``, which builds them all and is the only one to see
them whole).
"""

from __future__ import annotations

from typing import Protocol

from web.game.effects import Effect
from web.game.slot import SessionSlot
from web.model.replay import Replay

__all__ = ["Kicker", "Slotted", "Starter"]


class Kicker(Protocol):
    """The computer players' loop, as something started again (``PlayersLoop.kick``)."""

    def kick(self) -> None:
        """Let the computer players play, if it is their turn."""


class Starter(Protocol):
    """The practice, as something started from a replay's moment (``Practice.start``)."""

    def start(self, replay: Replay) -> list[Effect]:
        """Play on from ``replay``'s moment: the effects the controller applies."""


class Slotted(Protocol):
    """The sessions, as the holder of the save slot (``Sessions.slot``)."""

    @property
    def slot(self) -> SessionSlot:
        """The save slot and the tab that plays."""
