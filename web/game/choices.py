"""The player's decisions at the table's prompts: the contract (and its trump suit or starting
rank), the doubles, and the expert's hint asked for in the worker. Each reads the page's state
and returns what the page is to do (``web.game.effects``): most end in one engine action
(``Act``) or in a UI state shown (``Show``, ``web.model.state``); the controller applies them."""

from __future__ import annotations

from typing import Any, Protocol

from barbu import (
    Action,
    ChooseContract,
    Contract,
    Double,
    Phase,
    Play,
    Rank,
    RuleError,
    SessionView,
    Suit,
)
from web.game.bots import ComputerPlayers
from web.game.effects import (
    Act,
    Announce,
    Effect,
    Focus,
    Header,
    Kick,
    Later,
    Notify,
    Restart,
    Save,
    Show,
    Take,
)
from web.game.engine import Game, action_from_data
from web.languages.i18n import Catalog
from web.languages.words import hint_text, refusal, rules_link
from web.model.state import UiState

__all__ = ["Choices", "Page"]

RANK_KEYS = {"a": "A", "k": "K", "q": "Q", "j": "J", "t": "T", "0": "T"}
"""A rank named by a key of its own (ten as T or 0)."""


class Generation(Protocol):
    """The computer players' loop, as the hint reads it: its generation (``PlayersLoop``)."""

    @property
    def generation(self) -> int: ...


class Page(Protocol):
    """What the choices read of the page (``web.game.app.PageController``): nothing here is
    written; the effects returned say what changes."""

    window: Any
    game: Game
    catalog: Catalog
    names: list[str]
    bots: ComputerPlayers

    @property
    def ui(self) -> UiState: ...
    @property
    def players(self) -> Generation: ...
    @property
    def elsewhere(self) -> bool: ...

    def screen_view(self) -> SessionView: ...


class Choices:
    """The player's choices on ``page``: each method returns its effects."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def pick_contract(self, value: str) -> list[Effect]:
        """A contract button: most are chosen at once; one with a trump suit or a starting rank
        to name opens that row first."""
        crules = self.page.game.rules.contract(value)
        if not (crules.has_trump or crules.names_rank):
            return [Act(ChooseContract(crules.contract))]
        row = "#center [data-trump]" if crules.has_trump else "#center [data-rank]"
        return [Show(self.page.ui.pick(crules.contract)), Focus(row)]

    def name_trump(self, char: str) -> list[Effect]:
        """The trump suit of the contract being chosen."""
        return [Act(ChooseContract(self.picking(), trump=Suit.parse(char)))]

    def name_rank(self, char: str) -> list[Effect]:
        """The starting rank of the contract being chosen (a key: ``t`` or ``0`` for ten)."""
        rank = Rank.parse(RANK_KEYS.get(char.lower(), char))
        return [Act(ChooseContract(self.picking(), start_rank=rank))]

    def picking(self) -> Contract:
        """The contract whose trump suit or starting rank the player is naming."""
        if self.page.ui.picking is None:
            raise RuleError("choose a contract first", "no-contract")
        return self.page.ui.picking

    def card_reasons(self, view: SessionView) -> tuple[tuple[str, str], ...]:
        """Why each card of the player's hand may not be played now, in words."""
        page = self.page
        deal = view.deal
        if deal.to_move != page.game.seat or deal.phase is not Phase.PLAY or page.ui.summary:
            return ()
        playable = {a.card for a in deal.legal if isinstance(a, Play)}
        reasons = []
        for card in deal.hand:
            error = None if card in playable else page.game.reason(Play(card))
            if error is not None:
                reasons.append((str(card), refusal(page.catalog, error)))
        return tuple(reasons)

    def toggle_double(self, seat: int) -> list[Effect]:
        """Select or unselect a seat to double (or redouble) on the player's turn (a double
        the player must make stays selected)."""
        page = self.page
        deal = page.screen_view().deal
        selected = page.ui.selected_doubles
        if seat in selected and deal.must_double and seat == deal.declarer:
            error = page.game.reason(Double(selected - {seat}))
            text = refusal(page.catalog, error) if error else None
            return [Show(page.ui.refused(text, rules_link(page.catalog.lang, error)))]
        return [Show(page.ui.toggle_double(seat)), Focus(f'#center [data-double="{seat}"]')]

    def double_shortcut(self, name: str | None) -> list[Effect]:
        """A shortcut of the doubling prompt (all, none...): its seats selected."""
        shortcuts = dict(self.page.screen_view().deal.shortcuts)
        if name in shortcuts:
            return [Show(self.page.ui.select_doubles(frozenset(shortcuts[name])))]
        return []

    def doubles_done(self) -> list[Effect]:
        """The player's doubles, as selected."""
        return [Act(Double(frozenset(self.page.ui.selected_doubles)))]

    def take_back(self) -> list[Effect]:
        """Take back the player's last decision against the computer players: the deal goes
        back to it (past their actions and the player's forced cards), the session is marked as
        practised, and the player decides again."""
        page = self.page
        if page.elsewhere or page.ui.replaying or page.game.is_over:
            return []
        try:
            page.game.take_back()
        except RuleError as error:
            text = refusal(page.catalog, error)
            return [Show(page.ui.refused(text, None)), Announce(text)]
        return [
            Restart(),  # a computer player's answer under way is not used
            Take(page.ui.for_session(None)),
            Save(),
            Header(),  # the session is practised from now on
            Announce(page.catalog.text("say.taken_back")),
            Kick(),
        ]

    def ask_hint(self) -> list[Effect]:
        """Ask the expert computer player, in the worker, what it would do in the player's
        place; while it cannot, say why."""
        page = self.page
        if page.ui.hint_waiting:
            return []
        if page.ui.summary is not None or page.game.to_move != page.game.seat:
            return self.hint_waits("toolbar.hint_idle")
        if not page.bots.ready:
            return self.hint_waits("toolbar.hint_starting")
        position = page.game.position_json()
        return [
            Show(page.ui.ask_hint(position)),
            Later(self.fetch_hint(page.players.generation, position)),
        ]

    def hint_waits(self, note: str) -> list[Effect]:
        """Say (in the hint line, and to screen readers) why the Hint button waits."""
        return [Show(self.page.ui.hint_waits(note)), Announce(self.page.catalog.text(note))]

    async def fetch_hint(self, generation: int, position: str) -> list[Effect]:
        """Show the expert's suggestion if the position is still the one it was asked about."""
        page = self.page
        hint: Action | None
        try:
            data = await page.bots.hint(position, page.game.seat, page.game.bot_seed())
            hint = action_from_data(data)
        except Exception as error:  # the worker failed: the player can still decide alone
            page.window.console.error(f"Barbu: no hint: {error}")
            hint = None
        if generation != page.players.generation or page.ui.hint_waiting != position:
            return []  # the player acted meanwhile (and may have asked again): not this answer
        if hint is None:
            return [Show(page.ui.answer_hint(hint)), Notify("hint-failed", "hint.failed")]
        declarer = page.screen_view().deal.declarer  # the hint line says it
        text = hint_text(page.catalog, page.names, hint, declarer, page.game.seat)
        return [Show(page.ui.answer_hint(hint)), Announce(text)]
