"""A friend's page's game: the controller's ``Game``, answered from its seat's view alone.

At a friends' table the host's page holds the session and is the referee; a friend's page holds
a ``GuestTable`` (``web.friends.guest``): its seat's latest view, the actions it saw, the records
of the finished deals it checked. ``RemoteGame`` offers the controller the reading members of
``web.game.engine.Game`` over that, so the friend's table is drawn by the solo table's code.

Decisions:
- Reading: every answer comes from the seat's latest view (``view()``), never from a guess.
  ``legal_actions()`` are the view's (empty unless this seat is to move); ``acted(seat)`` reads
  the actions this page saw in the deal; ``summary(n)`` the view's score sheet.
- ``reason(action)``: None when the view lists the action as legal. Otherwise the engine says
  why, as on the host: another seat to move is ``not-your-turn``; else the engine's own check
  runs on the state the view describes (``Deal.from_view``), the hidden hands filled with the
  unseen cards in seat order. Whether this seat's action is legal, and the reason it is not,
  depend only on what this seat sees (its hand, the trick, the cards played, the contract, the
  doubles), so the filling changes nothing of the answer; tests/test_friends_remote.py checks
  it equals the host's for every card at every turn. The host still checks every action.
- Acting: ``act(action)`` is the message that plays it (``GuestTable.act``), after the same
  check (an illegal action raises the engine's ``RuleError`` and sends nothing); until the
  host's answer (the next view, or a refusal, read by ``receive``) a second action is refused
  (``waiting``). Take-back is off at a friends' table (``take_back`` refuses); the next deal is
  the host's to deal (``next_deal`` does nothing); there is no seed (``seed`` is None: the deals
  come from the fairness protocol).
- Finished deals: ``replayable()`` is a real ``Session`` (no seed) rebuilt from the records of
  the deals this page checked, deal 1 onwards, up to the first deal it has no record of (a
  deal whose end it missed, away, or whose check failed): a session's deal is dealt in its
  block's context (the contracts and doubles of the deals before it), so none can follow a gap.
  It is rebuilt only when a record comes, so its identity holds between two deals.
- ``record()``: that session's record, marked ``"friends": {"seat": s}``: played at a friends'
  table, from seat ``s`` (the statistics count it apart, from that seat).
"""

from __future__ import annotations

import json
from typing import Any

from barbu import (
    Action,
    Deal,
    DealSummary,
    Mask,
    Phase,
    RuleError,
    Rules,
    Session,
    SessionView,
    cards_of,
    mask_of,
    session_from_record,
    session_record,
)

from .guest import Change, GuestTable
from .views import view_data

__all__ = ["RemoteGame"]


class RemoteGame:
    """The game on a friend's page (see the module's docstring)."""

    def __init__(self, table: GuestTable | None = None) -> None:
        self.table = table if table is not None else GuestTable()
        self._waiting = False
        self._checked: tuple[SessionView, Deal] | None = None
        self._session: tuple[tuple[int, ...], Session] | None = None

    def receive(self, text: Any) -> Change:
        """Read one message from the host (``GuestTable.receive``): a new view or a refusal
        ends the wait for the answer to this page's action."""
        change = self.table.receive(text)
        if change.view or change.refused is not None:
            self._waiting = False
        return change

    # -- reading -------------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        """This page's seat (None until the host's welcome)."""
        return self.table.seat

    @property
    def rules(self) -> Rules:
        """The game the host's table plays (from its welcome)."""
        if self.table.view is not None:
            return self.table.view.deal.rules
        if self.table.rules is None:
            raise RuleError("no deal has started: the host has not welcomed this page", "no-deal")
        return self.table.rules

    @property
    def seed(self) -> None:
        """None: a friends' table deals from seeds nobody chooses (``web.friends.fairness``)."""
        return None

    def view(self) -> SessionView:
        """What this seat may know now: the host's latest view of it."""
        if self.table.view is None:
            raise RuleError("no deal has started: the host has sent no view yet", "no-deal")
        return self.table.view

    @property
    def is_over(self) -> bool:
        """Whether all the session's deals are played."""
        return self.table.view is not None and self.table.view.is_over

    @property
    def number(self) -> int:
        """The current deal's number (1-based; 0 before the first)."""
        return self.table.view.number if self.table.view is not None else 0

    @property
    def to_move(self) -> int | None:
        """The seat to act now, or None (between deals, or before the first)."""
        return self.table.view.deal.to_move if self.table.view is not None else None

    @property
    def phase(self) -> Phase:
        """The current deal's phase."""
        return self.view().deal.phase

    @property
    def declarer(self) -> int:
        """The current deal's declarer."""
        return self.view().deal.declarer

    @property
    def deal_over(self) -> bool:
        """Whether the current deal is over."""
        return self.table.view is not None and self.table.view.deal.phase is Phase.DONE

    @property
    def between_deals(self) -> bool:
        """Whether the current deal is over and the next one is due (the host deals it)."""
        return self.deal_over and not self.is_over

    @property
    def played(self) -> int:
        """The number of cards played in the current deal."""
        return len(self.table.view.deal.played) if self.table.view is not None else 0

    def acted(self, seat: int) -> bool:
        """Whether ``seat`` took a decision in the current deal (as this page saw the deal)."""
        seen = self.table.deals.get(self.number)
        return seen is not None and any(action[0] == seat for action in seen.actions)

    def played_a_card(self, seat: int) -> bool:
        """Whether ``seat`` played a card in the current deal."""
        view = self.table.view
        return view is not None and any(player == seat for player, _ in view.deal.played)

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions now (empty when another seat is to move)."""
        return list(self.table.view.deal.legal) if self.table.view is not None else []

    def summary(self, number: int) -> DealSummary | None:
        """The score-sheet row of a finished deal."""
        sheet = self.table.view.sheet if self.table.view is not None else ()
        return next((row for row in sheet if row.number == number), None)

    @property
    def waiting(self) -> bool:
        """Whether this page's action is on its way to the host, not answered yet."""
        return self._waiting

    def reason(self, action: Action) -> RuleError | None:
        """Why ``action`` is illegal for this seat now, or None if it is legal (see the
        module's docstring)."""
        view = self.view()
        deal = view.deal
        if action in deal.legal:
            return None
        if deal.to_move is not None and deal.to_move != self.seat:
            return RuleError(
                f"seat {self.seat} is not to move (seat {deal.to_move} is)", "not-your-turn"
            )
        try:
            self._state(view).check(action)
        except RuleError as error:
            return error
        return None

    def _state(self, view: SessionView) -> Deal:
        """The deal state ``view`` describes, the unseen cards dealt to the hidden hands in
        seat order (kept for the view it was made from)."""
        if self._checked is not None and self._checked[0] is view:
            return self._checked[1]
        deal = view.deal
        played = mask_of(card for _, card in deal.played)
        unseen = cards_of(deal.rules.deck & ~played & ~mask_of(deal.hand))
        hands: list[Mask] = []
        for seat, size in enumerate(deal.hand_sizes):
            if seat == deal.seat:
                hands.append(mask_of(deal.hand))
            else:
                hands.append(mask_of(unseen[:size]))
                unseen = unseen[size:]
        state = Deal.from_view(deal, hands)
        self._checked = (view, state)
        return state

    # -- finished deals ------------------------------------------------------------------------

    def replayable(self) -> Session:
        """The finished deals this page checked, deal 1 onwards, as a session (read only: the
        replay and the review open its deals)."""
        numbers: list[int] = []
        while len(numbers) + 1 in self.table.records:
            numbers.append(len(numbers) + 1)
        key = tuple(numbers)
        if self._session is None or self._session[0] != key:
            self._session = (key, session_from_record(self._session_data(key)))
        return self._session[1]

    def _session_data(self, numbers: tuple[int, ...]) -> dict[str, Any]:
        rules = self.rules
        return {
            "format": 2,
            "rules": rules.record,
            "first_declarer": self._first_declarer(rules),
            "seed": None,
            "deals": [self.table.records[n] for n in numbers],
        }

    def _first_declarer(self, rules: Rules) -> int:
        """The session's first declarer: the one whose rotation gives the current deal's."""
        view = self.view()
        for first in range(4):
            rotation = Session(None, rules, first_declarer=first, start=False)
            if rotation.declarer_of(view.number) == view.deal.declarer:
                return first
        raise RuleError("no rotation gives this deal's declarer", "wrong-declarer")

    def record(self) -> dict[str, Any]:
        """The session's record as far as this page knows it (its checked finished deals),
        marked as played at a friends' table from this seat."""
        return {**session_record(self.replayable()), "friends": {"seat": self.seat}}

    def record_json(self, indent: int | None = None) -> str:
        """``record()`` as JSON text."""
        return json.dumps(self.record(), indent=indent)

    @property
    def practised(self) -> bool:
        """False: take-back is off at a friends' table."""
        return False

    def position_json(self) -> str:
        """This seat's view as the worker's hint reads it (``web.runtime.worker.hint``): what
        the seat may know, never the other hands."""
        return json.dumps({"view": view_data(self.view())}, separators=(",", ":"))

    def bot_seed(self) -> str:
        """A seed for a suggestion at this position: the same position, the same answer."""
        view = self.view()
        return f"friends-{view.number}-{view.deal.double_turns}-{len(view.deal.played)}"

    # -- acting --------------------------------------------------------------------------------

    def act(self, action: Action) -> str:
        """The message that plays ``action`` for this seat; the engine's ``RuleError`` (nothing
        sent) if the view shows it illegal, or while the last action is on its way."""
        if self._waiting:
            raise RuleError("this seat's action is on its way to the host", "not-your-turn")
        error = self.reason(action)
        if error is not None:
            raise error
        text = self.table.act(action)
        self._waiting = True
        return text

    def take_back(self) -> int:
        """Refused: take-back is off at a friends' table."""
        raise RuleError("take-back is off at a friends' table", "nothing-to-undo")

    def next_deal(self) -> None:
        """Nothing: the host deals the next deal (its view comes as a message)."""
