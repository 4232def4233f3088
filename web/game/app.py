"""The game page's controller: the wiring between the browser's events, the engine and the table.

It is an adapter only (STYLE.md §11-14): every action goes to the engine through
``web.game.engine``; every screen is redrawn from ``view(0)`` by ``web.table`` (``table_props``
turns the view and the UI state into each region's props); every string comes from the catalog.
Its parts, each with one job: the UI state and its transitions (``web.model.state``, pure), the
save and the tab that plays (``web.game.slot``), the computer players' loop
(``web.game.players``), the announcements and background tasks (``web.game.tasks``), the keys
(``web.game.keys``), the settings (``web.model.settings``), the menu's form
(``web.table.menu_form``). Events are heard on the stable ``#table`` container, so they survive
redraws. It talks to the JavaScript boot loader through ``barbuBoot`` (web/runtime/boot.js):
``stage()``, ``showTable()``, ``interactive()``, ``fail()``, the ``updates`` hook, ``code`` /
``codeKept()`` for the kept bytecode, and ``bots`` for the computer players' worker. What it
draws on and plays through is handed in, built by ``start`` from the page's document: the
table's view (``TableView``, the only one that touches the DOM) and the sounds (Web Audio).
"""

from __future__ import annotations

import contextlib
import traceback
from collections.abc import Coroutine, Sequence
from dataclasses import replace
from typing import Any

from barbu import Card, SessionView
from web.components.browser import download
from web.game import effects as fx
from web.game.bots import ComputerPlayers
from web.game.choices import Choices
from web.game.engine import Action, Event, Game, Play, RuleError
from web.game.events import PageEvents
from web.game.first import FirstTable
from web.game.friends import Friends
from web.game.joining import Joining, deliver
from web.game.pauses import closed_later, gathered_later
from web.game.players import PlayersLoop
from web.game.practice import Practice
from web.game.replays import Replays
from web.game.sessions import Sessions
from web.game.sound import Sounds
from web.game.tasks import Announcer, Tasks
from web.game.timeline import Timeline
from web.game.updates import UpdateGate
from web.languages.i18n import Catalog
from web.languages.words import announcement, refusal, rules_link
from web.languages.words import said as say
from web.model.settings import Settings, choices_from_query, clean_name, page_query
from web.model.state import UiState
from web.runtime.codecache import compiled_from_source
from web.table.header import header
from web.table.menu_props import menu_props
from web.table.props import table_props
from web.table.status import turn_text
from web.table.table_state import Notice, TableState, turn_of
from web.table.toolbar_props import toolbar_props
from web.table.view import TableView

__all__ = ["PageController", "start"]


class PageController:
    """The game page; one per page."""

    game: Game
    sessions: Sessions
    choices: Choices
    replays: Replays
    practice: Practice
    tasks: Tasks

    def __init__(
        self, window: Any, boot: Any, catalog: Catalog, query: str, table: TableView, sounds: Sounds
    ) -> None:
        self.window = window
        self.timeline = Timeline(window.performance)  # draw and save times, read by benchmarks
        self.boot = boot
        self.base_catalog = self.catalog = catalog
        self.query = query
        self.updates = UpdateGate(boot.updates)
        self.sessions = Sessions(self)
        self.settings = Settings.from_json(self.sessions.slot.store.settings_text()).with_choices(
            choices_from_query(query)
        )
        self.table = table
        self.bots = ComputerPlayers(boot.bots)
        self.sounds = sounds
        self.tasks = Tasks()
        self.announcer = Announcer(self.tasks, self.table.announce)
        self.players = PlayersLoop(self, self.tasks)
        self.choices = Choices(self)
        self.replays = Replays(self, self.sessions.slot.store)
        self.practice = Practice(self)
        self.friends = Friends(self)
        self.joining = Joining(self)
        self.events = PageEvents(self)
        self.names: list[str] = []
        self.ui = UiState()
        self.notices: list[Notice] = []

    @property
    def elsewhere(self) -> bool:
        """Whether another tab plays the game, which this one only shows."""
        return self.sessions.elsewhere

    @property
    def seed(self) -> int | None:
        """The seed of the session on the table."""
        return self.game.seed

    # -- starting ----------------------------------------------------------------------------

    def start(self) -> None:
        """Open the saved or asked-for session, draw it, then mark the page interactive."""
        self.boot.stage("deal")
        fragment = str(self.window.location.hash)  # a shared deal's (the address is rewritten)
        first = FirstTable(self.boot)  # the build's table, shown until now (web.game.first)
        self.sessions.open(first.query(self.query))
        first.clear()
        self.table.build()
        self.draw_header()
        self.draw()
        self.table.draw_notices(self.notices)
        if self.elsewhere:
            self.table.draw_elsewhere(True)
            self.sessions.slot.tab.wait()
        self.boot.showTable()
        self.place_focus(self.screen_view())  # only now can the focus go to a shown button
        self.apply(self.replays.open_link(fragment, self.query))
        if fragment.startswith("#join="):  # a friend's page: the invitation, then the table
            self.table.show_play(False)
            self.apply([fx.Later(self.joining.open(fragment))])
        elif fragment.startswith("#reply="):  # the host's browser: the host's tab takes it
            self.apply([fx.Later(deliver(self.boot, fragment))])
        first.hand_over(self)
        self.table.mark_ready()
        self.boot.interactive()
        if self.players.can_play:
            self.boot.bots.pageDecides()
        self.tasks.spawn(self.connect_bots())
        self.players.kick()

    def put_game(self, game: Game, names: Sequence[str] | None, summary: int | None) -> None:
        """Put ``game`` on the table with a fresh UI state (and its game's words)."""
        self.players.new_generation()
        self.game = game
        self.catalog = self.table.catalog = self.base_catalog.for_rules(game.rules.name)
        default = self.default_names()
        self.names = (
            [clean_name(n) or default[i] for i, n in enumerate(names)] if names else default
        )
        shown = summary is not None and summary == game.number and game.deal_over
        if game.between_deals and not shown:  # the player had left that summary already
            game.next_deal()
        self.ui = self.ui.for_session(game.number if shown else None)
        self.announcer.forget()
        self.table.forget()
        self.show_address()
        self.gate_updates()

    def default_names(self) -> list[str]:
        """The seats' names when nobody chose one: the player's name from the settings (else
        "You"), the computer players' from the catalog."""
        t = self.catalog.text
        return [self.settings.name or t("player.you"), t("player.1"), t("player.2"), t("player.3")]

    def show_address(self) -> None:
        """Put the session's seed (and the settings asked for) in the address bar."""
        address = page_query(self.seed, self.catalog.lang, self.query, self.game.rules.name)
        with contextlib.suppress(Exception):  # a sandboxed page may refuse; the seed is shown
            self.window.history.replaceState(None, "", address)

    async def connect_bots(self) -> None:
        """Wait for the computer players' worker, then let them play; then have it keep the
        bytecode of the modules this start compiled (``ComputerPlayers.keep_bytecode``)."""
        compiled = compiled_from_source()
        try:
            await self.bots.start()
        except Exception as error:  # the worker failed to boot: say so, the table stays usable
            self.bots.error = str(error)
            self.notify("bots-failed", "notice.bots_failed")
            self.boot.codeKept(compiled, False)
            return
        self.mark("barbu:bots-ready")
        self.ui = self.ui.hint_waits(None)  # "still starting" is said no more
        self.draw()
        self.apply(self.replays.draw())  # its review may be asked for now
        self.players.kick()
        stored = await self.bots.keep_bytecode(self.boot.code, compiled, self.window.console)
        self.boot.codeKept(compiled, stored)

    # -- drawing -------------------------------------------------------------------------------

    def draw_header(self) -> None:
        """The title, the game played (also ``<html data-rules>``), the session's seed and the
        language switch."""
        rules = self.game.rules
        meta = header(
            self.table.dom,
            self.catalog,
            rules,
            self.seed,
            self.query,
            self.game.practised,
            self.settings.level,
        )
        self.table.draw_title(self.catalog.text("app.title"), meta, rules.name)

    def screen_view(self) -> SessionView:
        """What the screen shows: the deal being played, or the finished one being summed up."""
        return self.game.view()

    def table_state(self, card_reasons: tuple[tuple[str, str], ...] = ()) -> TableState:
        """The UI state and what else the table shows, as one frozen value (``web.table.props``)."""
        return TableState(
            ui=self.ui,
            names=tuple(self.names),
            seed=self.seed,
            query=self.query,
            lang=self.catalog.lang,
            settings=self.settings,
            card_reasons=card_reasons,
            bots_ready=self.bots.ready,
            bots_can_play=self.players.can_play,
            previous_seed=self.sessions.slot.previous_seed,
            following=self.elsewhere,
            acted=self.game.acted(self.game.seat),
            friends=self.game.friends,
            seat=self.game.seat,
            people=self.joining.people() if self.joining.playing else self.friends.people(),
        )

    def gate_updates(self) -> None:
        """Keep the "new version" banner away while the player is in the middle of a deal
        (from his first card to the deal's end); offer it between deals. A tab that only
        follows another tab's game never holds it (a reload there loses nothing)."""
        self.updates.hold(
            not self.elsewhere
            and self.ui.summary is None
            and not self.game.is_over
            and self.game.played_a_card(self.game.seat)
        )

    def redraw(self) -> None:
        """Draw the header and the table anew (another session is on the table)."""
        self.draw_header()
        self.draw()

    def draw(self) -> None:
        """Redraw the table from the engine's view and the UI state."""
        self.timeline.mark("barbu:draw")
        view = self.screen_view()
        self.ui = self.ui.with_owed_double(view.deal, self.game.seat)
        self.table.draw(table_props(view, self.table_state(self.choices.card_reasons(view))))
        self.apply(self.practice.draw(self.table.built))
        self.place_focus(view)
        self.timeline.measure("barbu:draw", "barbu:draw")

    def take(self, ui: UiState) -> None:
        """Take ``ui`` as the UI state, not drawn yet (the caller draws what it changed): the
        one door by which a collaborator changes the page's state."""
        self.ui = ui

    def rename(self, name: str) -> None:
        """Keep ``name`` as the player's name in the settings, and store them."""
        self.settings = replace(self.settings, name=name)
        self.sessions.slot.store.write_settings(self.settings.to_json())

    def apply(self, effects: Sequence[fx.Effect]) -> None:
        """Carry out a collaborator's effects, in their order (``web.game.effects``)."""
        for effect in effects:
            self.apply_one(effect)

    def apply_one(self, effect: fx.Effect) -> None:
        """Carry out one effect: each is one of the controller's own calls."""
        match effect:
            case fx.Show(ui):
                self.show(ui)
            case fx.Take(ui):
                self.take(ui)
            case fx.Act(action):
                self.human(action)
            case fx.Focus(selector):
                self.table.focus_first(selector)
            case fx.Announce(text):
                self.announce(text)
            case fx.Notify(kind, message, kept, fields):
                self.notify(kind, message, kept, **dict(fields))
            case fx.Save():
                self.saved()
            case fx.Header():
                self.draw_header()
            case fx.Write():
                self.apply(self.sessions.save())
            case fx.CloseMenu():
                self.close_menu()
            case fx.Draw():
                self.draw()
            case _:
                self.apply_players(effect)

    def apply_players(self, effect: fx.Effect) -> None:
        """Carry out one effect on the computer players' loop or of it."""
        match effect:
            case fx.Restart():
                self.players.new_generation()
            case fx.Kick():
                self.players.kick()
            case fx.Later(later):
                self.tasks.spawn(self.apply_later(later))
            case fx.Apply(action, mark):
                self.apply_action(action, mark)
            case fx.Mark(name):
                self.mark(name)
            case fx.Measure(name, start):
                self.measure(name, start)
            case fx.PlayersFailed(error):
                self.players_failed(error)
            case fx.Settled():
                self.settled()
            case fx.GateUpdates():
                self.gate_updates()
            case fx.Elsewhere(shown):
                self.table.draw_elsewhere(shown)
            case fx.Rename(name):
                self.rename(name)
            case _:
                self.apply_games(effect)

    def apply_action(self, action: Action, mark: str | None) -> None:
        """The engine applies ``action`` (a computer player's, or the player's only card): the
        performance ``mark`` if any, then what it did is shown, saved and drawn."""
        if self.joining.playing:  # the friend's only card, auto-played: sent to the host
            self.apply(self.joining.act(action))
            return
        event = self.game.apply(action)
        if mark is not None:
            self.mark(mark)
        self.after(event)

    def apply_games(self, effect: fx.Effect) -> None:
        """Carry out one effect on the games on the table, the replay or the practice."""
        match effect:
            case fx.Put(game, names, summary):
                self.put_game(game, names, summary)
            case fx.Redraw():
                self.redraw()
            case fx.TakeFocus():
                self.take_focus()
            case fx.CloseReplay():
                self.apply(self.replays.close())
            case fx.Hold(game):
                self.sessions.slot.held = game
            case fx.Practise(now):
                self.practice.practise(now)
            case fx.Banner(where):
                self.table.draw_practice(self.catalog, where)
            case fx.FieldError(field, text):
                self.table.field_error(field, text)
            case fx.ConfirmNew(shown):
                self.table.confirm_new_session(shown)
            case fx.NoteAfter(node, text):
                self.table.note_after(node, text)
            case _:
                self.apply_shared(effect)

    def apply_shared(self, effect: fx.Effect) -> None:
        """Carry out one effect on the notices, the files or what someone shared."""
        match effect:
            case fx.Dismiss(kind):
                self.notices[:] = [n for n in self.notices if n.kind != kind]
                self.table.draw_notices(self.notices)
            case fx.Download(text, name):
                download(self.window, text, name)
            case fx.OpenShared(shared):
                self.apply(self.replays.open_shared(shared))
            case fx.RefuseShared(error):
                self.apply(self.replays.refuse(error))
            case fx.PlayOn(replay):
                self.apply(self.practice.start(replay))
            case fx.Happened(event):
                self.after(event)
                self.players.kick()
            case fx.DrawFriends():
                self.friends.draw()
            case fx.ShowPlay(shown):
                self.table.show_play(shown)
            case _:
                self.apply_replay(effect)

    def apply_replay(self, effect: fx.Effect) -> None:
        """Carry out one effect on the replay's region."""
        match effect:
            case fx.ReplayShown(shown):
                self.ui = self.ui.show_replay(shown)
                self.table.show_replay(shown)
            case fx.DrawReplay(props):
                self.table.draw_replay(props)
            case fx.FocusReplay():
                self.table.focus_replay()
            case fx.FocusBack(node):
                if not self.table.focus_again(node):
                    self.take_focus()
            case fx.ReplayBoard():
                self.table.show_replay_board()

    async def apply_later(self, effects: Coroutine[Any, Any, list[fx.Effect]]) -> None:
        """Carry out effects once they come (``Later``)."""
        self.apply(await effects)

    def computer_plays(self, seat: int) -> bool:
        """Whether a computer player chooses for ``seat`` (the others' seats but a friend's)."""
        if self.joining.playing:  # a friend's page: the host's computer players play
            return False
        return seat != self.game.seat and self.friends.computer_plays(seat)

    def show(self, ui: UiState) -> None:
        """Take ``ui`` as the UI state and redraw."""
        self.ui = ui
        self.draw()

    def take_focus(self) -> None:
        """Put the focus where the player's next decision is (``place_focus``)."""
        self.place_focus(self.screen_view())

    def place_focus(self, view: SessionView) -> None:
        """Give the keyboard a place to start (``TableView.place_focus``)."""
        self.table.place_focus(view.deal.to_move == self.game.seat, view.is_over)

    def notify(self, kind: str, message: str, kept: str | None = None, **fields: object) -> None:
        """Show the catalog's ``message`` until the player dismisses it."""
        self.notices.append(Notice(kind, self.catalog.text(message, **fields), kept))
        if self.table.built:  # else start() draws them with the table
            self.table.draw_notices(self.notices)

    def announce(self, text: str) -> None:
        """Tell screen readers what just happened (``web.game.tasks.Announcer``)."""
        self.announcer.announce(text)

    def mark(self, name: str) -> None:
        """A performance mark (read by the benchmarks and tests)."""
        self.timeline.mark(name)

    def measure(self, name: str, start: str) -> None:
        """A performance measure from the mark ``start`` to now."""
        self.timeline.measure(name, start)

    # -- the player's actions ------------------------------------------------------------------

    def play_card(self, code: str) -> None:
        """A card of the hand."""
        self.human(Play(Card.parse(code)))

    def human(self, action: Action) -> None:
        """The player's action: the engine applies it, or says why not."""
        ui = self.ui
        if self.game.to_move != self.game.seat or ui.summary is not None or ui.replaying:
            return
        if self.elsewhere:
            return
        if self.joining.playing:  # a friend's page: sent to the host, whose referee applies
            self.apply(self.joining.act(action))
            return
        try:
            event = self.game.apply(action)
        except RuleError as error:
            text = refusal(self.catalog, error)
            self.show(self.ui.refused(text, rules_link(self.catalog.lang, error)))
            self.announce(text)
            return
        self.after(event)
        self.players.kick()

    def after(self, event: Event) -> None:
        """Show what an action did, save, redraw."""
        game = self.game
        self.ui = self.ui.after(event, game.to_move, self.settings.trick_pause)
        me = game.seat
        said = [announcement(self.catalog, self.names, event.seat, event.action, game.declarer, me)]
        if isinstance(event.action, Play):
            if self.settings.sound:
                self.sounds.play("card" if event.trick is None else "trick")
            if event.trick is not None:
                said.append(say(self.catalog, "trick.won", event.trick.winner, self.names, me))
                if not event.over:  # the deal's last trick stays until the summary
                    self.apply([fx.Later(gathered_later(self, event.trick))])
            said += [say(self.catalog, "say.pass", s, self.names, me) for s in event.skipped]
        if event.summary is not None:
            if self.ui.closing:
                number, generation = event.summary.number, self.players.generation
                self.apply([fx.Later(closed_later(self, generation, number))])
            said.append(self.catalog.text("say.deal_over", number=event.summary.number))
            # a practice deal is not kept; a friend's page counts its session once it checks
            if self.game.is_over and not self.practice.active and not self.joining.playing:
                self.sessions.record_stats()
        self.apply(self.sessions.save())
        self.gate_updates()
        self.draw()
        if self.ui.summary is None and not self.elsewhere and game.to_move == game.seat:
            said.append(turn_text(self.catalog, turn_of(self.screen_view(), self.table_state())))
        self.announce(" ".join(s for s in said if s))

    def next_deal(self) -> None:
        """Leave the deal summary for the next deal (or the final ranking)."""
        if self.ui.summary is None or self.ui.closing:
            return
        if self.practice.active:  # a practice is one deal: its end goes back to the session
            self.apply(self.practice.leave())
            return
        self.ui = self.ui.leave_summary()
        if self.game.between_deals:
            self.game.next_deal()
        self.apply(self.sessions.save())
        self.draw()
        self.players.kick()

    def saved(self) -> None:
        """Save the session, then redraw it (the state changed outside ``after``)."""
        self.apply(self.sessions.save())
        self.gate_updates()
        self.draw()

    def players_failed(self, error: Exception) -> None:
        """The computer players' loop stopped (a bug or a dead worker): say so, keep the page."""
        trace = "".join(traceback.format_exception(error))
        self.window.console.error(f"Barbu: the computer players stopped: {error}\n{trace}")
        self.notify("bots-failed", "notice.bots_failed")

    def settled(self) -> None:
        """The computer players' loop has stopped: the boot loader may start what waited for
        the page to settle (the worker's normal start, the service worker), once."""
        self.boot.settled()

    def change_setting(self, name: str, value: str | bool) -> None:
        """Apply and store a setting changed in the menu, and show what it changes."""
        self.settings = self.settings.with_choices({name: value})
        self.sessions.slot.store.write_settings(self.settings.to_json())
        if name == "autoplay":
            self.players.kick()
        elif name == "sound" and self.settings.sound:
            self.sounds.play("card")  # what it sounds like (and Web Audio may start now)
        elif name == "hints":
            self.draw()
        elif name == "level":  # said beside the menu's choice, and shown in the header
            self.draw_header()
            level = self.catalog.text(f"level.{self.settings.level}")
            self.table.note_setting("level", self.catalog.text("table.level_changed", level=level))

    def toggle_last_trick(self) -> None:
        """Show or hide the last trick."""
        self.show(self.ui.toggle_last_trick())

    def cancel_new_session(self) -> None:
        """The player keeps the session under way: back to the menu's "start" button."""
        self.table.confirm_new_session(False)
        self.table.focus_first('#menu-panel [data-action="start-new"]')

    def dismiss_notice(self, index: int) -> None:
        """The player closed a notice."""
        if 0 <= index < len(self.notices):
            self.notices.pop(index)
        self.table.draw_notices(self.notices)

    def toggle_menu(self) -> None:
        """Open the menu (a modal dialog, the table behind it inert, focus on its first field),
        or close it and put the focus back on its button."""
        if self.ui.menu_open:
            self.close_menu()
            self.table.focus_menu_button()
            return
        self.ui = self.ui.show_menu(True)
        self.table.show_menu(True, self.elsewhere)
        view, state = self.screen_view(), self.table_state()
        self.table.draw_toolbar(toolbar_props(view, state))
        self.table.draw_menu(menu_props(view, state))
        self.table.focus_menu_field()

    def close_menu(self) -> None:
        """Close the menu (the caller puts the focus where it belongs)."""
        if self.ui.menu_open:
            self.ui = self.ui.show_menu(False)
            self.table.show_menu(False, self.elsewhere)
            self.table.draw_toolbar(toolbar_props(self.screen_view(), self.table_state()))


async def start(boot: Any, document: Any, query: str) -> PageController:
    """Wait for the catalog chosen by the boot loader, then build the controller with the
    table's view of ``document`` and the window's sounds, and start it."""
    catalog_source = await boot.catalog
    catalog = Catalog.from_json(catalog_source.lang, catalog_source.text)
    window = document.defaultView
    table = TableView(document, catalog)
    controller = PageController(window, boot, catalog, query, table, Sounds(window))
    slot = controller.sessions.slot
    friend = str(document.defaultView.location.hash).startswith("#join=")
    slot.elsewhere = False if friend else not await slot.tab.claim()
    controller.events.listen()
    controller.start()
    return controller
