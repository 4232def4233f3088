"""Earlier states of a deal, replayed from its dealt hands (a deal has at most a few dozen
actions, so replaying is cheap and needs no saved states).

``state_at`` is ``Deal.at`` and ``last_choice`` is ``Deal.last_choice``; both go through the
deal's public surface only (``fresh``, ``history``, ``apply``, ``legal_actions``), named here as
a protocol so that this module, which the deal imports, does not import it back.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from .actions import Action
from .deal_checks import plural
from .errors import RuleError, quoted
from .view import Event


class Replayable(Protocol):
    """What replaying a deal reads of it (``barbu.deal.Deal`` is one)."""

    @property
    def from_start(self) -> bool: ...
    @property
    def history(self) -> list[Event]: ...
    def fresh(self: D) -> D: ...
    def apply(self, action: Action) -> Event: ...
    def legal_actions(self) -> list[Action]: ...


D = TypeVar("D", bound=Replayable)


def state_at(deal: D, count: int) -> D:
    """A new state: ``deal`` after its first ``count`` actions (0 to ``len(history)``)."""
    if not deal.from_start:
        raise RuleError(
            "this state was rebuilt from a view: its history does not start at the deal",
            "bad-step",
        )
    history = deal.history
    if isinstance(count, bool) or not isinstance(count, int):
        raise RuleError(f"not a number of actions: {quoted(count)}", "bad-step")
    if not 0 <= count <= len(history):
        raise RuleError(f"this deal has {plural(len(history), 'action')}, not {count}", "bad-step")
    state = deal.fresh()
    apply = state.apply
    for event in history[:count]:
        apply(event.action)
    return state


def last_choice(deal: Replayable, seat: int) -> int | None:
    """Where in ``deal``'s history ``seat`` last had a choice (more than one legal action) and
    made it, or None: the decision a take-back returns to. An action that was the only legal
    one (a forced card, a forced double) is not a decision."""
    if not deal.from_start:
        return None
    state, found = deal.fresh(), None
    for index, event in enumerate(deal.history):
        if event.seat == seat and len(state.legal_actions()) > 1:
            found = index
        state.apply(event.action)
    return found
