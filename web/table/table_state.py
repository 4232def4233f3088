"""What the table shows besides the engine's view, shared by every region's props: the page's
``TableState`` (the UI state and what the controller knows), a ``Notice``, whose ``Turn`` it is.

The regions' props are built from the seat's ``SessionView`` and this state, one module per region
(``toolbar_props``, ``status_props``, ``seat_props``, ``centre_props``, ``hand_props``,
``menu_props``, ``scores_props``), and gathered by ``web.table.props.table_props``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from barbu import Phase, SessionView
from web.model.seats import HUMAN
from web.model.settings import Settings
from web.model.state import UiState

__all__ = ["Names", "Notice", "Seats", "TableState", "Turn", "turn_of"]

Seats = tuple[int, ...]
Names = tuple[str, ...]


class Notice(NamedTuple):
    """A message that stays until dismissed: its kind (a CSS class), its text, and the storage
    key of a save kept aside that the player may download."""

    kind: str
    text: str
    kept: str | None = None


@dataclass(frozen=True)
class TableState:
    """What the table shows besides the engine's view: the page's UI state (``ui``) and what
    the controller knows (``web.game.app.PageController.table_state``)."""

    ui: UiState
    names: Names
    seed: int | None
    query: str
    """The page's address query (the language links keep it)."""
    lang: str
    settings: Settings
    card_reasons: tuple[tuple[str, str], ...] = ()
    """Why each card of the hand may not be played now: (card code, sentence)."""
    bots_ready: bool = False
    bots_can_play: bool = False
    previous_seed: int | None = None
    following: bool = False
    """The table only shows the game another tab plays."""
    acted: bool = False
    """The player has acted in the current deal (there may be a decision to take back)."""
    friends: bool = False
    """Friends play at this table (nothing is taken back)."""
    seat: int = HUMAN
    """The player's seat, drawn at the bottom (a friend's page: its own)."""
    people: tuple[tuple[int, str], ...] = ()
    """At a friends' table, the other seats people play, and their state (``host``,
    ``connected``, ``away``: ``web.friends.host.Status``)."""


@dataclass(frozen=True)
class Turn:
    """Who acts now, or what the table waits for: a catalog key ("" for nobody) and the name it
    takes, if any."""

    key: str
    name: str | None = None


def turn_of(view: SessionView, state: TableState) -> Turn:
    """Who acts now, or what the table waits for."""
    deal = view.deal
    if view.is_over:
        return Turn("turn.session_over")
    if state.ui.summary is not None:
        return Turn("turn.closing" if state.ui.closing else "turn.summary")
    seat = deal.to_move
    if seat is None:
        return Turn("")
    if seat == state.seat and state.following:
        return Turn("turn.other_tab")
    if seat == state.seat:
        if deal.phase is Phase.DOUBLING:
            return Turn("turn.you_redouble" if deal.declarer == seat else "turn.you_double")
        return Turn("turn.you_contract" if deal.phase is Phase.CONTRACT else "turn.you_play")
    if seat in dict(state.people):
        return Turn("turn.person", state.names[seat])
    if state.ui.thinking == seat and not state.bots_can_play:
        return Turn("turn.waiting_bots", state.names[seat])
    return Turn("turn.thinking", state.names[seat])
