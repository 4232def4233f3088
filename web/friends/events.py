"""The engine's ``Event`` of an action, rebuilt on a friend's page from its seat's views.

A friend's page has no session: the host sends it its seat's view after each action, with that
action (``[seat, action-data]``). Its table still needs the ``Event`` the engine returned (the
announcements, the trick left on the table before it is gathered, the Domino passes, the deal's
summary): ``event_between`` rebuilds it, equal field by field to the host's.

Decisions:
- Everything comes from the view after the action, which the engine wrote: a card that leaves
  the trick in progress empty completed a trick (the view's last trick, with its winner); in the
  Domino a player left with no card went out with this one, and the seats between it and the
  seat now to move (those not out) were passed over; a deal whose view is over ends with this
  action, and its summary is the score sheet's last row. No rule is applied here: who may play,
  who wins a trick and what it scores were the host's engine's to decide, and the view says it.
- The view before the action (when the page has it) only checks that the two views follow
  each other: same deal, the seat that acted was the one to move, one more action played.
  Views that do not follow raise ``ValueError`` (the page reads it as a message it cannot use).
"""

from __future__ import annotations

from barbu import Action, DealSummary, Event, Phase, Play, SessionView

__all__ = ["event_between"]


def event_between(
    before: SessionView | None, after: SessionView, last: tuple[int, Action]
) -> Event:
    """The ``Event`` that ``last`` (its seat and action) made, from the views of one seat before
    it (None when this page did not see it) and after it; ``ValueError`` if they do not
    follow."""
    seat, action = last
    if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
        raise ValueError(f"not a seat: {seat!r}")
    if before is not None:
        _check_follows(before, after, seat)
    if not isinstance(action, Play):
        return Event(seat, action)
    deal = after.deal
    if deal.played[-1:] != ((seat, action.card),):
        raise ValueError("the view does not show the card just played")
    summary = _summary(after)
    if _is_domino(after):
        return _domino_event(after, seat, action, summary)
    if deal.trick:
        return Event(seat, action, summary=summary)
    if not deal.tricks or deal.tricks[-1].cards[-1] != action.card:
        raise ValueError("a trick ended without its trick")
    return Event(seat, action, deal.tricks[-1], None, (), summary)


def _summary(after: SessionView) -> DealSummary | None:
    """The deal's score-sheet row if the action ended it (a finished deal's view), else None."""
    if after.deal.phase is not Phase.DONE:
        return None
    row = after.sheet[-1] if after.sheet else None
    if row is None or row.number != after.number:
        raise ValueError("a finished deal's view without its score-sheet row")
    return row


def _is_domino(view: SessionView) -> bool:
    contract = view.deal.contract
    return contract is not None and view.deal.rules.contract(contract).is_domino


def _domino_event(
    after: SessionView, seat: int, action: Play, summary: DealSummary | None
) -> Event:
    """A Domino card's event: the player out with it, the seats passed over after it."""
    deal = after.deal
    out = seat if deal.hand_sizes[seat] == 0 else None
    if summary is not None:
        return Event(seat, action, out=out, summary=summary)
    nxt = deal.to_move
    if nxt is None:
        raise ValueError("a Domino under way with nobody to move")
    between = ((seat + k) % 4 for k in range(1, (nxt - seat - 1) % 4 + 1))
    skipped = tuple(s for s in between if s not in deal.out_order)
    return Event(seat, action, out=out, skipped=skipped)


def _check_follows(before: SessionView, after: SessionView, seat: int) -> None:
    """Refuse two views that are not one action apart in one deal, that seat acting."""
    if before.number != after.number or before.deal.seat != after.deal.seat:
        raise ValueError("the views are of different deals or seats")
    if before.deal.to_move != seat:
        raise ValueError(f"seat {seat} was not to move")
    if _progress(before) >= _progress(after):
        raise ValueError("the view after the action is not further on")


def _progress(view: SessionView) -> tuple[bool, int, int]:
    """How far a deal went: its contract chosen, its doubling turns, its cards played."""
    deal = view.deal
    return (deal.contract is not None, deal.double_turns, len(deal.played))
