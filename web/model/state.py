"""The game page's UI state and its transitions: pure values, tested without a browser.

``UiState`` is what the page shows beside the engine's view: the summary the player reads, the
trick left on the table, the doubles selected, a refusal, a hint... Each transition returns a new
value (``dataclasses.replace``); the controller (``web.game.app``) holds the current one and
hands it to the table (``web.table.props.TableState``), which redraws what changed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from barbu import Action, Event, Phase, Play, Trick, View
from barbu.rules import Contract

__all__ = ["UiState"]


@dataclass(frozen=True)
class UiState:
    """What the table shows besides the engine's view (the player is seat 0)."""

    summary: int | None = None
    """The finished deal summed up in the centre (its number)."""
    closing: bool = False
    """The deal's last trick still shows before its summary (the same pause as any trick)."""
    picking: Contract | None = None
    """The contract whose trump suit or starting rank the player is naming."""
    selected_doubles: frozenset[int] = frozenset()
    shown_trick: Trick | None = None
    """A finished trick left on the table until it is gathered."""
    passed: frozenset[int] = frozenset()
    """Domino: the seats that passed since their last card."""
    thinking: int | None = None
    """The computer player shown thinking."""
    hint: Action | None = None
    """The expert's suggestion for the player's current decision, once asked."""
    hint_waiting: str | None = None
    hint_note: str | None = None
    """Why the Hint button waits, after the player tapped it (a catalog key)."""
    """The position a hint was asked for, until the answer comes."""
    refusal: str | None = None
    """Why the player's last action was refused, in words."""
    refusal_link: str | None = None
    """The rules section explaining that refusal."""
    last_trick_open: bool = False
    menu_open: bool = False
    replaying: bool = False
    """A finished deal's replay shows instead of the game (the computer players wait)."""

    def for_session(self, summary: int | None) -> UiState:
        """A fresh state for another session put on the table, its deal ``summary`` shown or
        not; the menu stays as it is (whoever put the session there closes it)."""
        return UiState(summary=summary, menu_open=self.menu_open, replaying=self.replaying)

    def after(self, event: Event, to_move: int | None, pause: float) -> UiState:
        """The state once the engine applied an action: the choices in progress end, a finished
        trick stays on the table, Domino passes are noted, a finished deal is summed up (after
        ``pause`` seconds showing its last trick, if any)."""
        state = replace(
            self,
            hint=None,
            hint_waiting=None,
            hint_note=None,
            refusal=None,
            refusal_link=None,
            picking=None,
            selected_doubles=frozenset(),
        )
        if isinstance(event.action, Play):
            passed = (self.passed - {event.seat}) | set(event.skipped)
            state = replace(state, shown_trick=event.trick, passed=passed - {to_move})
        if event.summary is not None:
            state = replace(
                state,
                summary=event.summary.number,
                closing=pause > 0,
                passed=frozenset(),
                last_trick_open=False,
            )
        return state

    def refused(self, text: str | None, link: str | None) -> UiState:
        """The player's action was refused: say why (None: no refusal to show)."""
        return replace(self, refusal=text, refusal_link=link)

    def pick(self, contract: Contract) -> UiState:
        """Open the trump or rank row of ``contract``, or close it if it was open."""
        return replace(self, picking=None if self.picking == contract else contract)

    def toggle_double(self, seat: int) -> UiState:
        """Select or unselect ``seat`` to double, the refusal shown cleared."""
        selected = self.selected_doubles ^ {seat}
        return replace(self, selected_doubles=selected, refusal=None, refusal_link=None)

    def select_doubles(self, seats: frozenset[int]) -> UiState:
        """A shortcut's doubles (all, none, those owed...)."""
        return replace(self, selected_doubles=seats)

    def with_owed_double(self, deal: View, me: int) -> UiState:
        """At the player's doubling turn, a double he owes the declarer comes selected: the
        player confirms it (or adds others)."""
        if (
            deal.to_move == me
            and deal.phase is Phase.DOUBLING
            and deal.must_double
            and self.summary is None
            and deal.declarer not in self.selected_doubles
        ):
            return replace(self, selected_doubles=self.selected_doubles | {deal.declarer})
        return self

    def gathered(self, trick: Trick) -> UiState:
        """The trick left on the table is gathered (if it is still the one shown)."""
        return replace(self, shown_trick=None) if self.shown_trick is trick else self

    def closed(self, number: int) -> UiState:
        """The deal's last trick has been shown: its summary comes (if still due)."""
        if self.closing and self.summary == number:
            return replace(self, closing=False, shown_trick=None)
        return self

    def leave_summary(self) -> UiState:
        """The player leaves the summary for the next deal (or the final ranking)."""
        return replace(self, summary=None, shown_trick=None)

    def think(self, seat: int | None) -> UiState:
        """Show ``seat`` thinking (None: nobody)."""
        return replace(self, thinking=seat)

    def ask_hint(self, position: str) -> UiState:
        """A hint is asked for ``position``."""
        return replace(self, hint_waiting=position, hint_note=None)

    def hint_waits(self, note: str | None) -> UiState:
        """The player tapped Hint while it waits: say why (``note``, a catalog key; None: it
        waits no more)."""
        return replace(self, hint_note=note)

    def answer_hint(self, hint: Action | None) -> UiState:
        """The expert's answer (None: it failed)."""
        return replace(self, hint_waiting=None, hint=hint)

    def toggle_last_trick(self) -> UiState:
        return replace(self, last_trick_open=not self.last_trick_open)

    def show_menu(self, open_: bool) -> UiState:
        return replace(self, menu_open=open_)

    def show_replay(self, shown: bool) -> UiState:
        """A replay opens (the game waits behind it) or closes."""
        return replace(self, replaying=shown)
