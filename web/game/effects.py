"""What a collaborator of the controller asks the page to do, as values: the collaborator
decides from the page's state (read-only) and returns a list of effects; the controller
(``web.game.app.PageController.apply``) alone carries them out, in their order.

Each effect is one call the controller already makes: ``Show`` (take a UI state and redraw),
``Take`` (take it, not drawn yet), ``Act`` (the player's action, to the engine), ``Focus``
(the keyboard focus on a node of the table), ``Announce`` (to screen readers), ``Notify`` (a
notice), ``Save`` (save and redraw), ``Header`` (the header redrawn), ``Restart`` (a computer
player's answer under way is not used), ``Kick`` (the computer players play if it is their
turn), ``Later`` (effects that come after an await: a hint from the worker).
"""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from barbu import Action
from web.model.state import UiState

__all__ = [
    "Act",
    "Announce",
    "Effect",
    "Focus",
    "Header",
    "Kick",
    "Later",
    "Notify",
    "Restart",
    "Save",
    "Show",
    "Take",
]


@dataclass(frozen=True)
class Show:
    """Take ``ui`` as the UI state and redraw."""

    ui: UiState


@dataclass(frozen=True)
class Take:
    """Take ``ui`` as the UI state; a later effect draws."""

    ui: UiState


@dataclass(frozen=True)
class Act:
    """The player's ``action``: the engine applies it, or the page says why not."""

    action: Action


@dataclass(frozen=True)
class Focus:
    """The keyboard focus on the first node of the table ``selector`` finds, if any."""

    selector: str


@dataclass(frozen=True)
class Announce:
    """Tell screen readers ``text``."""

    text: str


@dataclass(frozen=True)
class Notify:
    """Show the catalog's ``message`` until the player dismisses it."""

    kind: str
    message: str


@dataclass(frozen=True)
class Save:
    """Save the session, hold or release the update banner, and redraw."""


@dataclass(frozen=True)
class Header:
    """Redraw the header (the game, the seed, practised or not)."""


@dataclass(frozen=True)
class Restart:
    """A new generation of the computer players' loop: an answer under way is not used."""


@dataclass(frozen=True)
class Kick:
    """Let the computer players play, if it is their turn."""


@dataclass(frozen=True)
class Later:
    """Effects known only after an await, run in the background and applied when they come."""

    effects: Coroutine[Any, Any, list[Effect]]


Effect = Show | Take | Act | Focus | Announce | Notify | Save | Header | Restart | Kick | Later
"""One thing the controller does for a collaborator."""
