"""The "new version" banner kept away while the player is in the middle of a deal."""

from __future__ import annotations

from typing import Any

__all__ = ["UpdateGate"]


class UpdateGate:
    """Python face of the update hook: keep the 'new version' banner away during a deal.

    ``hold()`` when a deal starts, ``release()`` between deals; a version published meanwhile
    is offered on release. See docs/ARCHITECTURE.md, "Updates".
    """

    def __init__(self, updates: Any) -> None:
        self._updates = updates
        self.holding = False

    def hold(self, busy: bool) -> None:
        """Defer the banner while ``busy``; allow it again (showing it now if a new version is
        waiting) once not."""
        if busy != self.holding:
            self.holding = busy
            if busy:
                self._updates.hold()
            else:
                self._updates.release()

    @property
    def available(self) -> bool:
        """Whether a new version is installed and waiting for a reload."""
        return bool(self._updates.available)
