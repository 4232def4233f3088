"""The expert's review of a whole session, deal after deal: a pure value the page updates as
each deal's review comes (``web.game.replays.Replays.review_session``), drawn by
``web.table.review.session_section``.

Each finished deal is reviewed in turn by the computer players' worker, as a single deal is; a
deal whose review is kept already (``web.game.kept_reviews``) is not reviewed again. The review
can be cancelled between two decisions, like a deal's: the deals reviewed so far stay reviewed
(and kept), and asking again goes on from the first deal left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from web.model.review import ReviewItem

__all__ = ["DealErrors", "SessionReview"]

BIG = ("mistake", "blunder")


@dataclass(frozen=True)
class DealErrors:
    """One reviewed deal in a few figures: its number, its labelled decisions by label, and
    the expected points all its decisions lost."""

    number: int
    inaccuracies: int
    mistakes: int
    blunders: int
    cost: float

    @classmethod
    def of(cls, number: int, items: tuple[ReviewItem, ...]) -> DealErrors:
        """The figures of deal ``number``'s review."""
        labels = [item.label for item in items]
        return cls(
            number,
            labels.count("inaccuracy"),
            labels.count("mistake"),
            labels.count("blunder"),
            round(sum(item.cost for item in items), 1),
        )


@dataclass(frozen=True)
class SessionReview:
    """Where the review of a session's deals stands."""

    numbers: tuple[int, ...]
    """The finished deals to review, in order."""
    done: tuple[DealErrors, ...] = ()
    """The deals reviewed so far, in order."""
    current: int | None = None
    """The deal under review, if any."""
    percent: int = 0
    """How far the deal under review is."""
    running: bool = True
    """False once finished or cancelled."""

    @property
    def overall(self) -> int:
        """The share of the whole review done, in percent."""
        if not self.numbers:
            return 100
        share = (len(self.done) + self.percent / 100 * (self.current is not None)) / len(
            self.numbers
        )
        return min(100, int(share * 100))

    @property
    def finished(self) -> bool:
        """Whether every deal is reviewed."""
        return len(self.done) == len(self.numbers)

    def reviewing(self, number: int, percent: int = 0) -> SessionReview:
        """Deal ``number`` is under review, ``percent`` done."""
        return replace(self, current=number, percent=max(0, min(100, percent)))

    def reviewed(self, number: int, items: tuple[ReviewItem, ...]) -> SessionReview:
        """Deal ``number``'s review came."""
        done = (*(d for d in self.done if d.number != number), DealErrors.of(number, items))
        order = {n: k for k, n in enumerate(self.numbers)}
        done = tuple(sorted(done, key=lambda d: order.get(d.number, len(order))))
        return replace(self, done=done, current=None, percent=0)

    def stopped(self) -> SessionReview:
        """Finished, or cancelled: the deals reviewed so far stay."""
        return replace(self, current=None, percent=0, running=False)

    @property
    def big_errors(self) -> int:
        """The mistakes and blunders of the deals reviewed."""
        return sum(d.mistakes + d.blunders for d in self.done)
