"""What a collaborator of the controller asks the page to do, as values: the collaborator
decides from the page's state (read-only) and returns a list of effects; the controller
(``web.game.app.PageController.apply``) alone carries them out, in their order.

Each effect is one call the controller already makes: ``Show`` (take a UI state and redraw),
``Take`` (take it, not drawn yet), ``Act`` (the player's action, to the engine), ``Focus``
(the keyboard focus on a node of the table), ``Announce`` (to screen readers), ``Notify`` (a
notice), ``Save`` (save and redraw), ``Header`` (the header redrawn), ``Restart`` (a computer
player's answer under way is not used), ``Kick`` (the computer players play if it is their
turn), ``Later`` (effects that come after an await: a hint from the worker), ``Put`` (a game
on the table, not drawn yet), ``Redraw`` (the header and the table), ``TakeFocus`` (the focus
where the player's next decision is), ``CloseReplay`` (back from the replay to the game),
``Hold`` (the game the save slot leaves alone: a practice), ``Practise`` (the practice's state,
kept by ``web.game.practice.Practice``), ``Banner`` (the practice's banner drawn), ``Apply`` (a
computer player's action, or the player's auto-played card, applied and shown), ``Mark`` and
``Measure`` (performance marks), ``PlayersFailed`` (the computer players' loop stopped on an
error) and ``Settled`` (it has stopped).
"""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from barbu import Action
from web.game.engine import Game
from web.model.state import UiState

__all__ = [
    "Act",
    "Announce",
    "Apply",
    "Banner",
    "CloseReplay",
    "Effect",
    "Focus",
    "Header",
    "Hold",
    "Kick",
    "Later",
    "Mark",
    "Measure",
    "Notify",
    "PlayersFailed",
    "Practise",
    "Practising",
    "Put",
    "Redraw",
    "Restart",
    "Save",
    "Settled",
    "Show",
    "Take",
    "TakeFocus",
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


@dataclass(frozen=True)
class Put:
    """Put ``game`` on the table with a fresh UI state (``PageController.put_game``)."""

    game: Game
    names: tuple[str, ...] | None
    summary: int | None


@dataclass(frozen=True)
class Redraw:
    """Draw the header and the table anew."""


@dataclass(frozen=True)
class TakeFocus:
    """Put the focus where the player's next decision is."""


@dataclass(frozen=True)
class CloseReplay:
    """Close the replay: back to the game."""


@dataclass(frozen=True)
class Hold:
    """``game`` is one the save slot leaves alone (a practice), or none (``SessionSlot.held``)."""

    game: Game | None


@dataclass(frozen=True)
class Practising:
    """A practice deal: its ``game``, the ``real`` session waiting (its game, names and the
    summary it showed) and the deal and step it started from (``where``)."""

    game: Game
    real: tuple[Game, tuple[str, ...], int | None]
    where: tuple[int, int]


@dataclass(frozen=True)
class Practise:
    """The practice is ``now`` (none: no practice any more)."""

    now: Practising | None


@dataclass(frozen=True)
class Banner:
    """Draw the practice's banner: the deal and step it started from, or none (hidden)."""

    where: tuple[int, int] | None


@dataclass(frozen=True)
class Apply:
    """The engine applies ``action`` now (a computer player's, or the player's only card played
    for him), the performance ``mark`` is set if any, and the page shows what it did, saves and
    redraws (``PageController.after``)."""

    action: Action
    mark: str | None = None


@dataclass(frozen=True)
class Mark:
    """A performance mark (read by the benchmarks and tests)."""

    name: str


@dataclass(frozen=True)
class Measure:
    """A performance measure from the mark ``start`` to now."""

    name: str
    start: str


@dataclass(frozen=True)
class PlayersFailed:
    """The computer players' loop stopped on ``error``: tell the player, keep the page."""

    error: Exception


@dataclass(frozen=True)
class Settled:
    """The computer players' loop has stopped: what waited for the page to settle may start."""


Effect = (
    Show
    | Take
    | Act
    | Focus
    | Announce
    | Notify
    | Save
    | Header
    | Restart
    | Kick
    | Later
    | Put
    | Redraw
    | TakeFocus
    | CloseReplay
    | Hold
    | Practise
    | Banner
    | Apply
    | Mark
    | Measure
    | PlayersFailed
    | Settled
)
"""One thing the controller does for a collaborator."""
