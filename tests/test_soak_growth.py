"""The soak benchmark's growth figure compares a session with the first one of the same game
(tools/bench/soak.py ``growth``): an ``fr32`` session's smaller score sheet after a standard one
is not a shrink, nor a standard one after an ``fr32`` one a leak."""

from __future__ import annotations

from tools.bench.soak import FIGURES, growth


def figures(value: float) -> dict[str, float]:
    return {key: value for key, _ in FIGURES}


def test_each_session_is_compared_with_the_first_of_its_game():
    rows = [figures(10), figures(20), figures(11), figures(19), figures(10.5)]
    grown = growth(rows, ["fr32", "standard", "fr32", "standard", "fr32"])
    assert set(grown) == {key for key, _ in FIGURES}
    assert all(abs(value - 10) < 1e-9 for value in grown.values())  # 11 / 10: the largest


def test_no_game_played_twice_gives_no_growth():
    assert growth([figures(10), figures(20)], ["fr32", "standard"]) == {}
