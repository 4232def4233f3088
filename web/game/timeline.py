"""The page's performance marks and measures, kept bounded.

The page marks what the benchmarks and the tests read from its performance timeline: each
redraw and each save (``barbu:draw``, ``barbu:save``, measured from a mark of the same name),
each decision of a computer player (``barbu:bot-decision``, from ``barbu:bot-ask``) and each of
their actions (``barbu:bot-action``). The browser keeps every mark and measure until the page
clears it, so an evening of sessions in one tab would pile up thousands (some 1,500 a short
session). Decisions:

- A measure's start mark is cleared as soon as the measure is taken (nobody reads it; and a
  reader of ``getEntriesByName('barbu:draw')`` then finds only the measures, with their
  durations).
- At most ``LIMIT`` entries of one name are kept: the next one clears them all and starts
  again. A benchmark or a test reads a few hundred at most, soon after the page opened.
- A new session on the table starts the timeline again (``restart``): the entries of the
  sessions before are cleared, so an evening keeps one session's at most, whatever its length.
  A measure whose start mark was cleared so is not taken (``performance.measure`` would throw).
  The page's start marks (``barbu-interactive``, Python's start...) are not made here and stay;
  nor is the mark of the computer players' worker answering, made here once (``ONCE``), cleared.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

__all__ = ["LIMIT", "ONCE", "Timeline"]

LIMIT = 1000
"""The most marks, or measures, of one name kept in the page's timeline."""
ONCE = frozenset({"barbu:bots-ready"})
"""Marks made once in the page's life (the computer players' worker answers): a new session
does not clear them (a test waits for one whatever the session on the table)."""


class Timeline:
    """The page's performance timeline (``window.performance``), kept bounded."""

    def __init__(self, performance: Any) -> None:
        self.performance = performance
        self.marks: Counter[str] = Counter()
        self.measures: Counter[str] = Counter()

    def mark(self, name: str) -> None:
        """A mark named ``name`` now."""
        if self.marks[name] >= LIMIT:
            self.performance.clearMarks(name)
            self.marks[name] = 0
        self.performance.mark(name)
        self.marks[name] += 1

    def measure(self, name: str, start: str) -> None:
        """A measure named ``name`` from the mark ``start`` to now; that mark is then cleared.
        None if ``start`` was cleared meanwhile (a computer player's decision asked before
        another session came on the table): the browser would throw."""
        if not self.marks[start]:
            return
        if self.measures[name] >= LIMIT:
            self.performance.clearMeasures(name)
            self.measures[name] = 0
        self.performance.measure(name, start)
        self.measures[name] += 1
        self.performance.clearMarks(start)
        self.marks[start] = 0

    def restart(self) -> None:
        """Clear every mark and measure made here but those of ``ONCE`` (another session is on
        the table)."""
        for name in [name for name in self.marks if name not in ONCE]:
            self.performance.clearMarks(name)
            del self.marks[name]
        for name in self.measures:
            self.performance.clearMeasures(name)
        self.measures.clear()
