"""The page's performance timeline stays bounded over a long evening (web.game.timeline).

What a player would notice if this failed: a tab kept open for an evening that grows heavier
with every card, thousands of marks nobody reads kept by the browser."""

from __future__ import annotations

from collections import Counter

from web.game.timeline import LIMIT, ONCE, Timeline


class Performance:
    """``window.performance``'s user timing, as lists of names."""

    def __init__(self) -> None:
        self.marks: Counter[str] = Counter()
        self.measures: Counter[str] = Counter()

    def mark(self, name: str) -> None:
        self.marks[name] += 1

    def measure(self, name: str, start: str) -> None:
        assert self.marks[start], f"no mark {start}"
        self.measures[name] += 1

    def clearMarks(self, name: str) -> None:  # the JavaScript name
        self.marks[name] = 0

    def clearMeasures(self, name: str) -> None:  # the JavaScript name
        self.measures[name] = 0


def test_a_measures_start_mark_is_cleared_and_measures_are_kept_up_to_the_limit():
    performance = Performance()
    timeline = Timeline(performance)
    for n in range(1, 3 * LIMIT + 1):
        timeline.mark("barbu:draw")
        timeline.measure("barbu:draw", "barbu:draw")
        assert performance.marks["barbu:draw"] == 0  # only the measures stay
        assert performance.measures["barbu:draw"] == (n - 1) % LIMIT + 1 <= LIMIT


def test_marks_that_nobody_measures_are_kept_up_to_the_limit():
    performance = Performance()
    timeline = Timeline(performance)
    for _ in range(LIMIT):
        timeline.mark("barbu:bot-action")
    assert performance.marks["barbu:bot-action"] == LIMIT  # the first ones still read
    timeline.mark("barbu:bot-action")
    assert performance.marks["barbu:bot-action"] == 1


def test_a_restart_clears_every_entry_made_here_and_only_those():
    performance = Performance()
    performance.mark("barbu-interactive")  # the page's start: not the timeline's
    timeline = Timeline(performance)
    for _ in range(3):
        timeline.mark("barbu:draw")
        timeline.measure("barbu:draw", "barbu:draw")
        timeline.mark("barbu:bot-action")
    timeline.restart()
    assert performance.measures["barbu:draw"] == performance.marks["barbu:bot-action"] == 0
    assert performance.marks["barbu-interactive"] == 1
    for _ in range(LIMIT):  # counted from zero again
        timeline.mark("barbu:bot-action")
    assert performance.marks["barbu:bot-action"] == LIMIT


def test_a_measure_whose_start_a_restart_cleared_is_not_taken():
    """A computer player's decision asked in one session and answered in the next: the browser
    would throw on the missing mark, and the computer players' loop would stop."""
    performance = Performance()
    timeline = Timeline(performance)
    timeline.mark("barbu:bot-ask")
    timeline.restart()
    timeline.measure("barbu:bot-decision", "barbu:bot-ask")
    assert performance.measures["barbu:bot-decision"] == 0
    timeline.mark("barbu:bot-ask")
    timeline.measure("barbu:bot-decision", "barbu:bot-ask")
    assert performance.measures["barbu:bot-decision"] == 1


def test_a_restart_keeps_the_marks_made_once_in_the_pages_life():
    performance = Performance()
    timeline = Timeline(performance)
    timeline.mark("barbu:bots-ready")
    timeline.mark("barbu:bot-action")
    timeline.restart()
    assert "barbu:bots-ready" in ONCE
    assert performance.marks["barbu:bots-ready"] == 1
    assert performance.marks["barbu:bot-action"] == 0
    timeline.restart()
    assert performance.marks["barbu:bots-ready"] == 1
