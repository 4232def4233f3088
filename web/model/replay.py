"""A finished deal looked back at, action by action: a pure value and its transitions.

``Replay`` holds the whole deal (the engine's ``Deal``, its history complete) and the number of
its actions shown (``step``, 0 to ``total``); each move returns a new value. What the table
shows at a step is the engine's own state after that many actions (``Deal.at``), so no rule of
the game is read here: the places to jump to (the doubling round, the start of each trick) are
where the engine's history says a doubling turn came or a trick ended; the declarer's own
doubling turn (his redoubles) is where the history says the declarer doubled. Tested without a
browser (tests/test_replay.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from barbu import Deal, Double, Event, Play, Session
from web.model.review import ReviewItem

__all__ = ["SOURCES", "Replay"]

SOURCES = ("session", "previous", "shared")
"""Where a replay's deals come from: the session on the table, the previous session kept on
this device, or a link or file someone shared."""


@dataclass(frozen=True)
class Replay:
    """A deal shown after its first ``step`` actions, all four hands open."""

    deal: Deal = field(compare=False)
    """The finished deal (never changed: each step is a new state, ``Deal.at``)."""
    names: tuple[str, ...]
    number: int | None = None
    """The deal's place in the player's session (None: a shared deal)."""
    mine: int | None = 0
    """The seat whose hand is marked as the player's (None: nobody's)."""
    step: int = 0
    link: str | None = None
    """The link to this deal once the player asked to share it."""
    link_file: bool = False
    """The deal was too long for a link: it was downloaded as a file instead."""
    link_whole: bool = False
    """What was shared is the whole session, not the deal alone."""
    review: tuple[ReviewItem, ...] | None = None
    """The expert's review of the player's decisions, costliest first, once made."""
    reviewing: int | None = None
    """The review under way: its progress in percent."""
    review_failed: bool = False
    big_only: bool = False
    """The review lists only the mistakes and blunders."""
    source: str = "session"
    """Where the deal comes from (``SOURCES``)."""
    session: Session | None = field(default=None, compare=False)
    """The session the deal belongs to, when known: its other finished deals can be replayed
    (``book``) and it can be shared whole."""
    hindsight_shown: bool = False
    """The step was opened from the review's hindsight list: the best card with every card
    visible is marked, not the expert's."""

    @property
    def book(self) -> tuple[Deal, ...]:
        """The finished deals the replay can switch between (this one alone without its
        session)."""
        if self.session is None:
            return (self.deal,)
        return tuple(self.session.finished_deals())

    @property
    def total(self) -> int:
        """The number of actions of the deal."""
        return len(self.deal.history)

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """The deal's history: each action with its seat, the trick it ended..."""
        return tuple(self.deal.history)

    @cached_property
    def doubling_step(self) -> int | None:
        """The step where the doubling round starts (None: the rules have no doubles)."""
        for k, event in enumerate(self.events):
            if isinstance(event.action, Double):
                return k
        return None

    @cached_property
    def redouble_step(self) -> int | None:
        """The step of the declarer's own doubling turn, where he may only redouble (None: the
        deal had none): the engine's history says whose turn each action was."""
        declarer = self.deal.declarer
        for k, event in enumerate(self.events):
            if isinstance(event.action, Double) and event.seat == declarer:
                return k
        return None

    @cached_property
    def trick_steps(self) -> tuple[int, ...]:
        """The step where each trick starts, before its first card (none in a Domino)."""
        ends = [k + 1 for k, event in enumerate(self.events) if event.trick is not None]
        if not ends:
            return ()
        first = next(k for k, e in enumerate(self.events) if isinstance(e.action, Play))
        return (first, *ends[:-1])

    def state(self) -> Deal:
        """The engine's deal after the actions shown."""
        return self.deal.at(self.step)

    def to(self, step: int) -> Replay:
        """Show ``step`` actions (kept within 0 and the deal's total)."""
        return replace(self, step=max(0, min(step, self.total)), hindsight_shown=False)

    def in_hindsight(self, step: int) -> Replay:
        """Show ``step`` actions, the best card in hindsight marked (a decision opened from the
        review's hindsight list)."""
        return replace(self.to(step), hindsight_shown=True)

    def forward(self) -> Replay:
        """One action more."""
        return self.to(self.step + 1)

    def back(self) -> Replay:
        """One action less."""
        return self.to(self.step - 1)

    def home(self) -> Replay:
        """The deal as it was dealt."""
        return self.to(0)

    def end(self) -> Replay:
        """The whole deal, with its settlement."""
        return self.to(self.total)

    def to_trick(self, number: int) -> Replay:
        """Trick ``number`` (1-based) about to be led; out of range: unchanged."""
        if 1 <= number <= len(self.trick_steps):
            return self.to(self.trick_steps[number - 1])
        return self

    def to_doubling(self) -> Replay:
        """The doubling round about to start; unchanged without one."""
        return self if self.doubling_step is None else self.to(self.doubling_step)

    def shared(self, link: str | None, as_file: bool, whole: bool = False) -> Replay:
        """The player shared the deal (or its whole session): its link (or the file it went
        into instead)."""
        return replace(self, link=link, link_file=as_file, link_whole=whole)

    def review_progress(self, percent: int | None) -> Replay:
        """A review is under way (None: it stopped, cancelled)."""
        return replace(self, reviewing=percent, review_failed=False)

    def reviewed(self, items: tuple[ReviewItem, ...] | None) -> Replay:
        """The review came (None: it failed)."""
        return replace(self, review=items, reviewing=None, review_failed=items is None)

    def only_big(self, on: bool) -> Replay:
        """List only the big errors of the review (mistakes and blunders), or every decision."""
        return replace(self, big_only=on)

    @property
    def last(self) -> Event | None:
        """The last action shown (None at the start)."""
        return self.events[self.step - 1] if self.step else None
