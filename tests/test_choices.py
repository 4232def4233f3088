"""The player's choices at the table's prompts (web.game.choices), without a browser: each
reads the page's state and returns its effects (web.game.effects), which only the controller
carries out; here they are read as values."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from barbu import ChooseContract, Contract, Double, Phase
from barbu.session import SessionView
from tests.helpers import run
from web.game.choices import Choices
from web.game.effects import Act, Announce, Focus, Later, Notify, Show
from web.game.engine import Game
from web.languages.i18n import Catalog
from web.model.seats import HUMAN
from web.model.state import UiState

ROOT = Path(__file__).resolve().parent.parent


class Bots:
    """The computer players' client, as the hint asks it."""

    ready = True

    def __init__(self, answer: Any = None) -> None:
        self.answer = answer

    async def hint(self, position: str, seat: int, seed: int) -> Any:
        if self.answer is None:
            raise RuntimeError("no worker")
        return self.answer


class Console:
    def error(self, text: str) -> None:
        pass


class Window:
    console = Console()


@dataclass
class Players:
    generation: int = 0


@dataclass
class Page:
    """The page as Choices reads it: nothing of it is written by Choices."""

    game: Game
    ui: UiState = field(default_factory=UiState)
    catalog: Catalog = field(
        default_factory=lambda: Catalog.from_json(
            "en", (ROOT / "web" / "languages" / "catalogs" / "en.json").read_text()
        )
    )
    names: list[str] = field(default_factory=lambda: ["You", "West", "North", "East"])
    bots: Any = field(default_factory=Bots)
    players: Players = field(default_factory=Players)
    window: Window = field(default_factory=Window)
    elsewhere: bool = False

    def screen_view(self) -> SessionView:
        return self.game.view()


def the_players_contract() -> Game:
    """A session at a contract choice of the player's (seat 0 declares)."""
    for seed in range(1, 50):
        game = Game.new(seed)
        if game.replayable().to_move == HUMAN and game.replayable().deal.phase is Phase.CONTRACT:
            return game
    raise AssertionError("no seed where the player declares first")


def test_a_contract_without_a_suit_to_name_is_one_action():
    page = Page(the_players_contract())
    effects = Choices(page).pick_contract(Contract.NO_TRICKS.value)
    assert effects == [Act(ChooseContract(Contract.NO_TRICKS))]


def test_a_trump_contract_opens_its_suit_row_and_puts_the_focus_there():
    page = Page(the_players_contract())
    effects = Choices(page).pick_contract(Contract.TRUMPS.value)
    assert effects == [Show(page.ui.pick(Contract.TRUMPS)), Focus("#center [data-trump]")]


def test_the_choices_leave_the_page_unchanged():
    page = Page(the_players_contract())
    before = (page.ui, page.game.replayable().deal.phase, len(page.game.view().sheet))
    Choices(page).pick_contract(Contract.TRUMPS.value)
    Choices(page).double_shortcut("all")
    assert (page.ui, page.game.replayable().deal.phase, len(page.game.view().sheet)) == before


def test_the_doubles_selected_are_one_action():
    page = Page(the_players_contract(), ui=UiState(selected_doubles=frozenset({1, 3})))
    assert Choices(page).doubles_done() == [Act(Double(frozenset({1, 3})))]


def test_nothing_to_take_back_is_said_and_shown():
    page = Page(the_players_contract())
    effects = Choices(page).take_back()
    assert len(effects) == 2
    shown, said = effects
    assert isinstance(shown, Show) and shown.ui.refusal is not None
    assert said == Announce(shown.ui.refusal)


def test_a_hint_asked_off_turn_says_why_it_waits():
    page = Page(the_players_contract(), ui=UiState(summary=1))
    effects = Choices(page).ask_hint()
    assert effects == [
        Show(page.ui.hint_waits("toolbar.hint_idle")),
        Announce(page.catalog.text("toolbar.hint_idle")),
    ]


def test_a_hint_comes_later_and_a_failed_one_is_a_notice():
    page = Page(the_players_contract())
    shown, later = Choices(page).ask_hint()
    assert isinstance(shown, Show) and shown.ui.hint_waiting is not None
    assert isinstance(later, Later)
    page.ui = shown.ui  # as the controller would have taken it
    effects = run(later.effects)
    assert effects == [Show(page.ui.answer_hint(None)), Notify("hint-failed", "hint.failed")]
