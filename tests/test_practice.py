"""Play on from a moment of a replay (web.game.practice.practice_session), without a browser: the
practice is the session at that moment, the real session is never changed, and a moment that
does not exist is refused."""

from __future__ import annotations

import json

import pytest

from barbu import RuleError
from web.game.engine import Game
from web.game.practice import practice_session


def played(seed: int, deals: int, extra: int = 0) -> Game:
    """A session of ``seed`` with ``deals`` deals played by the first legal actions, then
    ``extra`` actions of the next one."""
    game = Game.new(seed)
    session = game.session
    for _ in range(deals):
        while not session.deal.is_over:
            game.apply(session.legal_actions()[0])
        game.next_deal()
    for _ in range(extra):
        game.apply(session.legal_actions()[0])
    return game


@pytest.mark.parametrize(("number", "step"), [(1, 0), (1, 1), (1, 30), (2, 0), (2, -1), (3, 7)])
def test_the_practice_is_the_session_at_that_moment_and_the_real_one_is_untouched(number, step):
    game = played(11, 3, extra=9)
    step %= len(game.session.deals[number - 1].history)  # -1: the deal's last action
    before = json.dumps(game.record())
    practice = practice_session(game, number, step)
    assert json.dumps(game.record()) == before  # the real session is not changed
    session = practice.session
    assert session.number == number
    real = game.session.deals[number - 1]
    assert session.deal.actions == real.actions[:step]
    assert [d.actions for d in session.deals[:-1]] == [
        d.actions for d in game.session.deals[: number - 1]
    ]
    assert session.deal.hand(0) == real.at(step).hand(0)
    assert not session.deal.is_over and session.to_move == real.history[step].seat
    practice.apply(session.legal_actions()[-1])  # it plays on, on its own
    assert json.dumps(game.record()) == before


@pytest.mark.parametrize(
    ("number", "step"), [(0, 0), (-1, 3), (4, 0), (9, 0), (1, 57), (1, -1), (1, 10_000)]
)
def test_a_moment_that_does_not_exist_or_ends_the_deal_is_refused(number, step):
    game = played(11, 3, extra=9)  # deal 4 is under way: no replay of it
    with pytest.raises(RuleError) as refused:
        practice_session(game, number, step)
    assert refused.value.code == "bad-step" and len(str(refused.value)) < 100
