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
error), ``Settled`` (it has stopped); and the sessions': ``Write`` (the session saved to the
slot), ``CloseMenu``, ``Draw`` (the table redrawn), ``GateUpdates`` (the update banner held or
offered), ``Elsewhere`` (the "another tab plays" banner), ``Rename`` (the player's name kept in
the settings), ``FieldError`` and ``ConfirmNew`` (the menu's form), ``Dismiss`` (a kind of
notice gone), ``NoteAfter`` (a note beside a button), ``Download`` (a file saved by the
browser), ``OpenShared`` and ``RefuseShared`` (a shared deal or session, in the replay);
and the replay's: ``PlayOn`` (a practice deal from the replay's moment), ``ReplayShown`` (its
region shown in place of the game, or the game back), ``DrawReplay`` (its region drawn from its
props), ``FocusReplay`` (the focus in it), ``FocusBack`` (the focus back on the button that
opened it), ``ReplayBoard`` (its board scrolled into view); and a friends' table's:
``Happened`` (an action the referee applied for a friend, shown like any other),
``DrawFriends`` (the friends' seats redrawn), ``ShowPlay`` (the table shown once a friend's
page has the host's).
"""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from barbu import Action, Event
from web.game.engine import Game
from web.game.share import SharedDeal, SharedSession, ShareRefused
from web.model.replay import Replay
from web.model.state import UiState
from web.table.replay_props import ReplayProps

__all__ = [
    "Act",
    "Announce",
    "Apply",
    "Banner",
    "CloseMenu",
    "CloseReplay",
    "ConfirmNew",
    "Dismiss",
    "Download",
    "Draw",
    "DrawFriends",
    "DrawReplay",
    "Effect",
    "Elsewhere",
    "FieldError",
    "Focus",
    "FocusBack",
    "FocusReplay",
    "GateUpdates",
    "Happened",
    "Header",
    "Hold",
    "Kick",
    "Later",
    "Mark",
    "Measure",
    "NoteAfter",
    "Notify",
    "OpenShared",
    "PlayOn",
    "PlayersFailed",
    "Practise",
    "Practising",
    "Put",
    "Redraw",
    "RefuseShared",
    "Rename",
    "ReplayBoard",
    "ReplayShown",
    "Restart",
    "Save",
    "Settled",
    "Show",
    "ShowPlay",
    "Take",
    "TakeFocus",
    "Write",
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
    """Show the catalog's ``message`` (its ``fields`` filled in) until the player dismisses it;
    ``kept`` is the storage key of a save set aside."""

    kind: str
    message: str
    kept: str | None = None
    fields: tuple[tuple[str, object], ...] = ()


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


@dataclass(frozen=True)
class Write:
    """Save the session to the slot (``Sessions.save``), nothing drawn."""


@dataclass(frozen=True)
class CloseMenu:
    """Close the menu, if open."""


@dataclass(frozen=True)
class Draw:
    """Redraw the table from the engine's view and the UI state."""


@dataclass(frozen=True)
class GateUpdates:
    """Hold the update banner in the middle of a deal, offer it between deals."""


@dataclass(frozen=True)
class Elsewhere:
    """Show or hide the banner saying that another tab plays the game."""

    shown: bool


@dataclass(frozen=True)
class Rename:
    """Keep ``name`` as the player's name in the settings, and store them."""

    name: str


@dataclass(frozen=True)
class FieldError:
    """Say ``text`` beside the menu's ``field`` (none: nothing said)."""

    field: str
    text: str | None


@dataclass(frozen=True)
class ConfirmNew:
    """Ask (or stop asking) the player to confirm a new session in the menu."""

    shown: bool


@dataclass(frozen=True)
class Dismiss:
    """The notices of ``kind`` are gone."""

    kind: str


@dataclass(frozen=True)
class NoteAfter:
    """A short note ``text`` beside ``node`` (a button of the page)."""

    node: Any
    text: str


@dataclass(frozen=True)
class Download:
    """The browser saves ``text`` as the file ``name``."""

    text: str
    name: str


@dataclass(frozen=True)
class OpenShared:
    """Replay what someone shared."""

    shared: SharedDeal | SharedSession


@dataclass(frozen=True)
class RefuseShared:
    """Say why a shared link or file is not opened."""

    error: ShareRefused


@dataclass(frozen=True)
class PlayOn:
    """Play on from ``replay``'s moment: a practice deal (``Practice.start``)."""

    replay: Replay


@dataclass(frozen=True)
class Happened:
    """An action the friends' table's referee applied (a friend's): shown, saved and drawn as
    the page's own are, then the computer players may play."""

    event: Event


@dataclass(frozen=True)
class DrawFriends:
    """Redraw the friends' seats (their states, their invitations)."""


@dataclass(frozen=True)
class ShowPlay:
    """Show (or hide, while a friend's page joins) the table's play and scores."""

    shown: bool


@dataclass(frozen=True)
class ReplayShown:
    """The replay shown in place of the game (``UiState.show_replay``, its region shown), or
    the game shown again (``shown`` false)."""

    shown: bool


@dataclass(frozen=True)
class DrawReplay:
    """Draw the replay's region from ``props`` (the view draws again only what changed)."""

    props: ReplayProps


@dataclass(frozen=True)
class FocusReplay:
    """The keyboard focus in the replay's region."""


@dataclass(frozen=True)
class FocusBack:
    """The focus back on ``node`` (the button that opened the replay) if it is still in the
    page, else where the player's next decision is."""

    node: Any


@dataclass(frozen=True)
class ReplayBoard:
    """The replay's board brought into view (a decision of the review opened)."""


Effect = (
    Show
    | Happened
    | DrawFriends
    | ShowPlay
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
    | Write
    | CloseMenu
    | Draw
    | GateUpdates
    | Elsewhere
    | Rename
    | FieldError
    | ConfirmNew
    | Dismiss
    | NoteAfter
    | Download
    | OpenShared
    | RefuseShared
    | PlayOn
    | ReplayShown
    | DrawReplay
    | FocusReplay
    | FocusBack
    | ReplayBoard
)
"""One thing the controller does for a collaborator."""
