"""The player's decisions at the table's prompts: the contract (and its trump suit or starting
rank), the doubles, and the expert's hint asked for in the worker. Each ends in one engine action
through the page (``Page.human``), or in the UI state shown (``web.game.state``)."""

from __future__ import annotations

from typing import Any, Protocol

from barbu import Action, ChooseContract, Contract, Double, Rank, RuleError, SessionView, Suit
from web.game.bots import ComputerPlayers
from web.game.engine import HUMAN, Game, action_from_data
from web.game.players import PlayersLoop
from web.game.state import UiState
from web.game.tasks import Tasks
from web.languages.i18n import Catalog
from web.languages.words import hint_text, refusal, rules_link

__all__ = ["Choices", "Page"]

RANK_KEYS = {"a": "A", "k": "K", "q": "Q", "j": "J", "t": "T", "0": "T"}
"""A rank named by a key of its own (ten as T or 0)."""


class Page(Protocol):
    """What the choices need of the page (``web.game.app.PageController``)."""

    window: Any
    document: Any
    game: Game
    ui: UiState
    catalog: Catalog
    names: list[str]
    bots: ComputerPlayers
    players: PlayersLoop
    tasks: Tasks

    @property
    def elsewhere(self) -> bool: ...

    def show(self, ui: UiState) -> None: ...
    def human(self, action: Action) -> None: ...
    def saved(self) -> None: ...
    def draw_header(self) -> None: ...
    def screen_view(self) -> SessionView: ...
    def announce(self, text: str) -> None: ...
    def notify(
        self, kind: str, message: str, kept: str | None = None, **fields: object
    ) -> None: ...


class Choices:
    """The player's choices on ``page``."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def pick_contract(self, value: str) -> None:
        """A contract button: most are chosen at once; one with a trump suit or a starting rank
        to name opens that row first."""
        crules = self.page.game.session.rules.contract(value)
        if not (crules.has_trump or crules.names_rank):
            self.page.human(ChooseContract(crules.contract))
            return
        self.page.show(self.page.ui.pick(crules.contract))
        first = self.page.document.querySelector(
            "#center [data-trump]" if crules.has_trump else "#center [data-rank]"
        )
        if first:
            first.focus()

    def name_trump(self, char: str) -> None:
        """The trump suit of the contract being chosen."""
        self.page.human(ChooseContract(self.picking(), trump=Suit.parse(char)))

    def name_rank(self, char: str) -> None:
        """The starting rank of the contract being chosen (a key: ``t`` or ``0`` for ten)."""
        rank = Rank.parse(RANK_KEYS.get(char.lower(), char))
        self.page.human(ChooseContract(self.picking(), start_rank=rank))

    def picking(self) -> Contract:
        """The contract whose trump suit or starting rank the player is naming."""
        if self.page.ui.picking is None:
            raise RuleError("choose a contract first", "no-contract")
        return self.page.ui.picking

    def toggle_double(self, seat: int) -> None:
        """Select or unselect a seat to double (or redouble) on the player's turn (a double
        the player must make stays selected)."""
        deal = self.page.game.session.deal.view(HUMAN)
        selected = self.page.ui.selected_doubles
        if seat in selected and deal.must_double and seat == deal.declarer:
            error = self.page.game.reason(Double(selected - {seat}))
            text = refusal(self.page.catalog, error) if error else None
            self.page.show(self.page.ui.refused(text, rules_link(self.page.catalog.lang, error)))
            return
        self.page.show(self.page.ui.toggle_double(seat))
        button = self.page.document.querySelector(f'#center [data-double="{seat}"]')
        if button:
            button.focus()

    def double_shortcut(self, name: str | None) -> None:
        """A shortcut of the doubling prompt (all, none...): its seats selected."""
        shortcuts = dict(self.page.game.session.deal.view(HUMAN).shortcuts)
        if name in shortcuts:
            self.page.show(self.page.ui.select_doubles(frozenset(shortcuts[name])))

    def doubles_done(self) -> None:
        """The player's doubles, as selected."""
        self.page.human(Double(frozenset(self.page.ui.selected_doubles)))

    def take_back(self) -> None:
        """Take back the player's last decision against the computer players: the deal goes
        back to it (past their actions and the player's forced cards), the session is marked as
        practised, and the player decides again."""
        page = self.page
        if page.elsewhere or page.ui.replaying or page.game.is_over:
            return
        try:
            page.game.take_back()
        except RuleError as error:
            text = refusal(page.catalog, error)
            page.show(page.ui.refused(text, None))
            page.announce(text)
            return
        page.players.new_generation()  # a computer player's answer under way is not used
        page.ui = page.ui.for_session(None)
        page.saved()
        page.draw_header()  # the session is practised from now on
        page.announce(page.catalog.text("say.taken_back"))
        page.players.kick()

    def ask_hint(self) -> None:
        """Ask the expert computer player, in the worker, what it would do in the player's
        place; while it cannot, say why."""
        page = self.page
        if page.ui.hint_waiting:
            return
        if page.ui.summary is not None or page.game.session.to_move != HUMAN:
            self.hint_waits("toolbar.hint_idle")
            return
        if not page.bots.ready:
            self.hint_waits("toolbar.hint_starting")
            return
        position = self.page.game.position_json()
        self.page.show(self.page.ui.ask_hint(position))
        self.page.tasks.spawn(self.fetch_hint(self.page.players.generation, position))

    def hint_waits(self, note: str) -> None:
        """Say (in the hint line, and to screen readers) why the Hint button waits."""
        self.page.show(self.page.ui.hint_waits(note))
        self.page.announce(self.page.catalog.text(note))

    async def fetch_hint(self, generation: int, position: str) -> None:
        """Show the expert's suggestion if the position is still the one it was asked about."""
        hint: Action | None
        try:
            data = await self.page.bots.hint(position, HUMAN, self.page.game.bot_seed())
            hint = action_from_data(data)
        except Exception as error:  # the worker failed: the player can still decide alone
            self.page.window.console.error(f"Barbu: no hint: {error}")
            hint = None
        if generation != self.page.players.generation or self.page.ui.hint_waiting != position:
            return  # the player acted meanwhile (and may have asked again): not this answer
        self.page.show(self.page.ui.answer_hint(hint))
        if hint is None:
            self.page.notify("hint-failed", "hint.failed")
        else:  # the hint line says it
            declarer = self.page.screen_view().deal.declarer
            self.page.announce(hint_text(self.page.catalog, self.page.names, hint, declarer))
