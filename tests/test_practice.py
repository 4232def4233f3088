"""Play on from a moment of a replay (web.game.practice), without a browser: the practice is the
session at that moment, the real session is never changed, and a moment that does not exist is
refused; the practice's decisions are effects (web.game.effects), which only the controller
carries out; here they are read as values."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from barbu import RuleError
from web.game.effects import (
    Announce,
    Banner,
    CloseReplay,
    Hold,
    Kick,
    Practise,
    Practising,
    Put,
    Redraw,
    TakeFocus,
)
from web.game.engine import Game
from web.game.practice import Practice
from web.languages.i18n import Catalog
from web.model.replay import Replay
from web.model.state import UiState

ROOT = Path(__file__).resolve().parent.parent


def played(seed: int, deals: int, extra: int = 0) -> Game:
    """A session of ``seed`` with ``deals`` deals played by the first legal actions, then
    ``extra`` actions of the next one."""
    game = Game.new(seed)
    session = game.replayable()
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
    step %= len(game.replayable().deals[number - 1].history)  # -1: the deal's last action
    before = json.dumps(game.record())
    practice = game.cut(number, step)
    assert json.dumps(game.record()) == before  # the real session is not changed
    session = practice.replayable()
    assert session.number == number
    real = game.replayable().deals[number - 1]
    assert session.deal.actions == real.actions[:step]
    assert [d.actions for d in session.deals[:-1]] == [
        d.actions for d in game.replayable().deals[: number - 1]
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
        game.cut(number, step)
    assert refused.value.code == "bad-step" and len(str(refused.value)) < 100


@dataclass
class Page:
    """The page as Practice reads it: nothing of it is written by Practice."""

    game: Game
    ui: UiState = field(default_factory=UiState)
    catalog: Catalog = field(
        default_factory=lambda: Catalog.from_json(
            "en", (ROOT / "web" / "languages" / "catalogs" / "en.json").read_text()
        )
    )
    names: list[str] = field(default_factory=lambda: ["You", "West", "North", "East"])
    elsewhere: bool = False


def started() -> tuple[Page, Practice, Game]:
    """A page whose practice started from deal 2, step 5 of a session (the effects applied as
    the controller would); the real session's game is returned too."""
    real = played(11, 3, extra=9)
    page = Page(real, ui=UiState(summary=None))
    practice = Practice(page)
    deal = real.replayable().deals[1]
    effects = practice.start(Replay(deal, tuple(page.names), number=2, step=5))
    practising = effects[1]
    assert isinstance(practising, Practise) and practising.now is not None
    practice.practise(practising.now)
    page.game = practising.now.game
    return page, practice, real


def test_a_practice_started_closes_the_replay_and_puts_its_game_on_the_table():
    real = played(11, 3, extra=9)
    page = Page(real)
    before = json.dumps(real.record())
    effects = Practice(page).start(Replay(real.replayable().deals[1], ("a",), number=2, step=5))
    assert json.dumps(real.record()) == before and page.game is real
    practising = effects[1]
    assert isinstance(practising, Practise) and practising.now is not None
    game = practising.now.game
    names = ("You", "West", "North", "East")
    assert practising.now == Practising(game, (real, names, None), (2, 5))
    assert effects == [
        CloseReplay(),
        practising,
        Hold(game),
        Put(game, names, None),
        Redraw(),
        TakeFocus(),
        Announce(page.catalog.text("practice.started")),
        Kick(),
    ]


def test_no_practice_from_another_tab_nor_from_a_moment_that_does_not_exist():
    real = played(11, 3, extra=9)
    deal = real.replayable().deals[1]
    assert Practice(Page(real, elsewhere=True)).start(Replay(deal, (), number=2, step=5)) == []
    assert Practice(Page(real)).start(Replay(deal, (), number=None)) == []
    assert Practice(Page(real)).start(Replay(deal, (), number=2, step=10_000)) == []


def test_a_practice_from_a_practice_keeps_the_real_session_waiting():
    page, practice, real = started()
    effects = practice.start(Replay(page.game.replayable().deals[0], (), number=1, step=3))
    practising = effects[1]
    assert isinstance(practising, Practise) and practising.now is not None
    assert practising.now.real[0] is real and practising.now.where == (1, 3)


def test_leaving_puts_the_real_session_back_as_it_was():
    page, practice, real = started()
    assert practice.active
    assert practice.leave() == [
        Practise(None),
        Hold(None),
        Put(real, ("You", "West", "North", "East"), None),
        Redraw(),
        TakeFocus(),
        Announce(page.catalog.text("practice.left")),
        Kick(),
    ]
    assert Practice(page).leave() == []  # no practice: nothing to leave


def test_the_banner_is_drawn_once_and_a_replaced_practice_is_forgotten():
    page, practice, real = started()
    assert practice.draw(False) == []  # no table yet
    assert practice.draw(True) == [Banner((2, 5))]
    assert practice.draw(True) == []  # drawn already
    page.game = Game.new(12)  # another session put on the table
    assert practice.draw(True) == [Practise(None), Hold(None), Banner(None)]
    assert real.number == 4
