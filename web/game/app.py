"""The page controller: one object holding the UI state, turning DOM events into engine actions.

It is an adapter only (STYLE.md §11-14): every action goes to the engine through
``web.game.engine``, every screen is redrawn from ``view(0)`` by ``web.table`` (``table_props``
turns the view and the UI state held here into each region's props), every string comes from the
catalog, and the computer players think in their worker (``web.game.bots``). Events are heard on the
stable ``#table`` container, so they survive redraws. It talks to the JavaScript boot loader through
``barbuBoot`` (see ``web/runtime/boot.js``): ``stage()``, ``showTable()``, ``interactive()``,
``fail()``, the ``updates`` hook, ``code`` / ``codeKept()`` for the kept bytecode, and ``bots`` for
the computer players' worker.

The session is saved after every action (``web.game.save``); on load, the saved session is resumed
unless the address asks for another seed. One tab at a time plays it (``web.game.tabs``): another
tab of the game follows it read-only until the player takes it over there.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from dataclasses import replace
from typing import Any

from barbu.jsontext import MAX_CHARS as JSON_MAX_CHARS
from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.rules import REGISTRY, STANDARD, Rules, preset, registered
from web.game.bots import ComputerPlayers
from web.game.engine import (
    HUMAN,
    ChooseContract,
    Contract,
    Double,
    Event,
    Game,
    Phase,
    Play,
    RuleError,
    action_from_data,
)
from web.game.save import (
    PREVIOUS_KEY,
    SAVE_KEY,
    UNREADABLE_PREFIX,
    Saved,
    SaveStore,
    UnreadableSave,
    record_seed,
)
from web.game.settings import (
    Settings,
    choices_from_query,
    clean_name,
    page_query,
    parse_seed,
    rules_from_query,
    seed_from_query,
)
from web.game.sound import Sounds
from web.game.tabs import TabLock
from web.languages.i18n import Catalog
from web.languages.words import announcement, hint_text, refusal, rules_link
from web.languages.words import said as say
from web.runtime.codecache import compiled_from_source, read_sources
from web.table.menu import language_list
from web.table.props import (
    Notice,
    TableState,
    language_links,
    menu_props,
    table_props,
    toolbar_props,
    turn_of,
)
from web.table.status import turn_text
from web.table.view import TableView

__all__ = ["PageController", "UpdateGate", "new_seed", "page_query", "seed_from_query", "start"]

FOLLOWER_ACTIONS = frozenset({"take-over", "dismiss-notice", "download-kept"})
"""What a tab that only shows the game (another tab plays it) still lets the player do."""

SWEEP = 0.2
"""Seconds a finished trick takes to slide to its winner (web/game/style.css, .trick.sweep)."""

ANNOUNCE_GATHER = 0.15
"""Seconds during which sentences are gathered into one announcement."""

RANK_KEYS = {"a": "A", "k": "K", "q": "Q", "j": "J", "t": "T", "0": "T"}


def new_seed() -> int:
    """A fresh seed, short enough to read aloud."""
    return random.SystemRandom().randrange(1, 1_000_000)


class UpdateGate:
    """Python face of the update hook: keep the 'new version' banner away during a deal.

    ``hold()`` when a deal starts, ``release()`` between deals; a version published meanwhile
    is offered on release. See README, "Updates".
    """

    def __init__(self, updates: Any) -> None:
        self._updates = updates

    def hold(self) -> None:
        """Defer the banner until ``release()``."""
        self._updates.hold()

    def release(self) -> None:
        """Allow the banner again, showing it now if a new version is waiting."""
        self._updates.release()

    @property
    def available(self) -> bool:
        """Whether a new version is installed and waiting for a reload."""
        return bool(self._updates.available)


class PageController:
    """Holds the page's UI state and reacts to the player; one per page."""

    def __init__(self, window: Any, boot: Any, catalog: Catalog, query: str) -> None:
        self.window = window
        self.document = window.document
        self.performance = window.performance  # draw and save times: "barbu:draw", "barbu:save"
        self.boot = boot
        self.base_catalog = self.catalog = catalog
        self.query = query
        self.updates = UpdateGate(boot.updates)
        self.holding_updates = False
        self.store = SaveStore(_local_storage(window))
        self.known: str | None = None
        """The save as this tab last read or wrote it: another text in the slot means that
        another tab wrote there since."""
        self.tab = TabLock(window, self.on_tab_granted, self.on_tab_lost)
        self.elsewhere = False
        """Whether another tab plays the game, which this one only shows."""
        self.settings = Settings.from_json(self.store.settings_text()).with_choices(
            choices_from_query(query)
        )
        self.table = TableView(self.document, catalog)
        self.bots = ComputerPlayers(boot.bots)
        self.sounds = Sounds(window)
        # The game and what the screen shows of it
        self.game: Game | None = None
        self.names: list[str] = []
        self.summary: int | None = None
        self.closing = False
        """The deal just ended and its last trick (or Domino card) is still shown: the summary
        comes after the same pause as any finished trick."""
        self.picking: Contract | None = None
        self.selected_doubles: set[int] = set()
        self.shown_trick: Any = None
        self.passed: set[int] = set()
        self.thinking: int | None = None
        self.hint: Any = None
        """The expert's suggestion for the player's current decision (an action), once asked."""
        self.hint_waiting: str | None = None
        """The position a hint was asked for, until the answer comes."""
        self.refusal: str | None = None
        self.refusal_link: str | None = None
        """The rules section explaining the refusal shown (``web.languages.words.rules_link``)."""
        self.card_reasons: dict[str, str] = {}
        self.last_trick_open = False
        self.menu_open = False
        self.said: list[str] = []
        """What the live region will say next: the sentences of the last moment, each once."""
        self.saying = False
        self.notices: list[Notice] = []
        self.previous_seed: int | None = None
        # The computer players' loop
        self.generation = 0
        self.running = False
        self.proxies: list[Any] = []
        self.tasks: set[Any] = set()

    # -- starting ----------------------------------------------------------------------------

    @property
    def bots_ready(self) -> bool:
        """Whether the computer players' worker answers (the expert's hint needs it)."""
        return self.bots.ready

    @property
    def bots_can_play(self) -> bool:
        """Whether a computer player can decide now (in the worker, or in the page while the
        worker starts: web.game.bots)."""
        return self.bots.can_decide(self.settings.level)

    @property
    def seed(self) -> int | None:
        """The seed of the session on the table."""
        return self.game.seed if self.game else None

    def start(self) -> None:
        """Open the saved or asked-for session, draw it, then mark the page interactive."""
        self.boot.stage("deal")
        self.open_session()
        self.table.build()
        self.listen()
        self.draw_header()
        self.draw()
        self.table.draw_notices(self.notices)
        if self.elsewhere:
            self.table.draw_elsewhere(True)
            self.tab.wait()
        self.boot.showTable()
        self.place_focus(self.screen_view())  # only now can the focus go to a shown button
        self.document.documentElement.classList.add("ready")
        self.boot.interactive()
        if self.bots_can_play:
            self.boot.bots.pageDecides()
        self.spawn(self.connect_bots())
        self.kick()

    def open_session(self) -> None:
        """Resume the save, or start the session the address asks for (keeping the save aside):
        its seed (``?seed=``) and its game (``?rules=``)."""
        asked = seed_from_query(self.query)
        asked_rules = rules_from_query(self.query)
        text = self.store.read()
        self.known = text  # seen: replacing it below is this tab's doing, not another's
        saved: Saved | None = None
        game: Game | None = None
        if text is not None:
            try:
                saved, game = read_save(text)
            except Exception as error:  # whatever the cause: the page must start
                if not self.elsewhere:  # else the tab that plays has the save to deal with
                    self.set_aside(text, error)
                saved = game = None
        previous = self.store.read(PREVIOUS_KEY)
        if previous is not None:
            try:
                self.previous_seed = record_seed(Saved.from_json(previous).record)
            except UnreadableSave:
                self.previous_seed = None
        rules = preset(asked_rules) if asked_rules else STANDARD
        if self.elsewhere:  # another tab plays: show its game (whatever the address asks)
            if game is not None:
                self.use(game, saved.names, saved.summary)
            else:  # nothing readable saved yet: a game to look at until that tab saves
                self.use(Game.new(new_seed() if asked is None else asked, rules))
            return
        if (
            game is not None
            and (asked is None or asked == game.seed)
            and (asked_rules is None or asked_rules == game.rules.name)
        ):
            self.use(game, saved.names, saved.summary)
            return
        if game is not None:
            self.store.keep_previous()
            self.previous_seed = game.seed
        self.use(Game.new(new_seed() if asked is None else asked, rules))
        self.save()

    def set_aside(self, text: str, error: Exception) -> None:
        """Keep an unreadable save under a key of its own and tell the player."""
        key = self.store.set_aside(text, int(self.window.Date.now()))
        t = self.catalog.text
        if key is None:
            self.notices.append(Notice("save-unreadable", t("notice.save_unreadable_lost")))
        else:
            self.notices.append(
                Notice("save-unreadable", t("notice.save_unreadable", key=key), kept=key)
            )
        self.window.console.warn(
            f"Barbu: the saved session could not be read ({error}); kept as {key}"
        )

    def use(self, game: Game, names: Any = None, summary: int | None = None) -> None:
        """Put ``game`` on the table with a fresh UI state (and its game's words)."""
        self.generation += 1
        self.game = game
        self.catalog = self.table.catalog = self.base_catalog.for_rules(game.rules.name)
        default = self.default_names()
        self.names = (
            [clean_name(n) or default[i] for i, n in enumerate(names)] if names else default
        )
        session = game.session
        shown = summary is not None and summary == session.number and session.deal.is_over
        if session.between_deals and not shown:  # the player had left that summary already
            game.next_deal()
        self.summary = session.number if shown else None
        self.closing = False
        self.picking = None
        self.selected_doubles = set()
        self.shown_trick = None
        self.passed = set()
        self.thinking = None
        self.hint = None
        self.hint_waiting = None
        self.refusal = None
        self.last_trick_open = False
        self.said = []
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
        """Wait for the computer players' worker, then let them play; then, if this start compiled
        any module from source, have the worker keep the bytecode for the next start
        (web/runtime/codecache.py)."""
        compiled = compiled_from_source()
        try:
            await self.bots.start()
        except Exception as error:  # the worker failed to boot: say so, the table stays usable
            self.bots.error = str(error)
            self.notices.append(Notice("bots-failed", self.catalog.text("notice.bots_failed")))
            self.table.draw_notices(self.notices)
            self.boot.codeKept(compiled, False)
            return
        self.performance.mark("barbu:bots-ready")
        self.draw()
        self.kick()
        stored = False
        if compiled:  # the worker compiles this start's modules for the next start
            code = self.boot.code
            try:
                answer = await self.bots.keep_code(code.cache, code.url, read_sources())
                stored = answer["stored"]
            except Exception as error:  # not kept: the next start compiles again, nothing lost
                self.window.console.warn(f"Barbu: Python bytecode not kept: {error}")
        self.boot.codeKept(compiled, stored)

    # -- drawing -------------------------------------------------------------------------------

    def draw_header(self) -> None:
        """The title, the game played (also ``<html data-rules>``), the session's seed with a
        link to it, and the language switch."""
        d, t = self.table.dom, self.catalog.text
        rules = self.game.rules
        game = t(REGISTRY[rules.name].label)
        if rules.options:
            game = self.catalog.plural("rules.with_options", len(rules.options), rules=game)
        seed_link = d.el(
            "a",
            t("table.seed", seed=self.seed),
            href=page_query(self.seed, self.catalog.lang, rules=rules.name),
            title=t("table.seed_link"),
            data_seed=self.seed,
            id="seed",
        )
        language = d.el(
            "details",
            None,
            d.el(
                "summary",
                None,
                d.el("span", f"{t('table.language')}: ", class_="sr-only"),
                self.catalog.lang.upper(),
                title=t("table.language"),
            ),
            language_list(d, language_links(self.seed, self.catalog.lang, self.query, rules.name)),
            id="language",
        )
        self.document.getElementById("table-title").textContent = t("app.title")
        self.document.getElementById("table-meta").replaceChildren(
            d.el("span", game, id="game-rules", data_rules=rules.name), seed_link, language
        )
        self.document.documentElement.setAttribute("data-rules", rules.name)

    def screen_view(self) -> Any:
        """What the screen shows: the deal being played, or the finished one being summed up."""
        return self.game.view()

    def table_state(self) -> TableState:
        """The UI state the table shows, as one frozen value (``web.table.props``)."""
        return TableState(
            names=tuple(self.names),
            seed=self.seed,
            query=self.query,
            lang=self.catalog.lang,
            settings=self.settings,
            summary=self.summary,
            closing=self.closing,
            picking=self.picking,
            selected_doubles=frozenset(self.selected_doubles),
            shown_trick=self.shown_trick,
            passed=frozenset(self.passed),
            thinking=self.thinking,
            hint=self.hint,
            hint_waiting=self.hint_waiting is not None,
            refusal=self.refusal,
            refusal_link=self.refusal_link,
            card_reasons=tuple(self.card_reasons.items()),
            last_trick_open=self.last_trick_open,
            menu_open=self.menu_open,
            bots_ready=self.bots_ready,
            bots_can_play=self.bots_can_play,
            previous_seed=self.previous_seed,
        )

    def gate_updates(self) -> None:
        """Keep the "new version" banner away while the player is in the middle of a deal
        (from his first card to the deal's end); offer it between deals. A tab that only
        follows another tab's game never holds it (a reload there loses nothing)."""
        deal = self.game.session.deal
        busy = (
            not self.elsewhere
            and self.summary is None
            and not self.game.is_over
            and any(seat == HUMAN for seat, _ in deal.played)
        )
        if busy != self.holding_updates:
            self.holding_updates = busy
            if busy:
                self.updates.hold()
            else:
                self.updates.release()

    def draw(self) -> None:
        """Redraw the table from the engine's view and the UI state."""
        self.performance.mark("barbu:draw")
        view = self.screen_view()
        deal = view.deal
        if (
            deal.to_move == HUMAN
            and deal.phase is Phase.DOUBLING
            and deal.must_double
            and self.summary is None
        ):  # the double owed comes selected: the player confirms it (or adds others)
            self.selected_doubles.add(deal.declarer)
        self.card_reasons = {}
        if deal.to_move == HUMAN and deal.phase is Phase.PLAY and self.summary is None:
            playable = {a.card for a in deal.legal}
            for card in deal.hand:
                if card not in playable:
                    error = self.game.reason(Play(card))
                    if error is not None:
                        self.card_reasons[str(card)] = refusal(self.catalog, error)
        self.table.draw(table_props(view, self.table_state()))
        self.place_focus(view)
        self.performance.measure("barbu:draw", "barbu:draw")

    def place_focus(self, view: Any) -> None:
        """Give the keyboard a place to start: a new choice or summary takes the focus, and a
        focus lost in a redraw (a played card) goes to the first playable card."""
        if self.table.table.hidden:  # before the boot loader shows the table: nothing can focus
            return
        active = self.document.activeElement
        lost = (
            not active
            or active.isSameNode(self.document.body)
            or not active.isConnected
            or active.hasAttribute("disabled")
        )
        inside = lambda selector: bool(active) and bool(active.closest(selector))  # noqa: E731
        prompt = self.document.querySelector(
            '#center [data-action="next"], #center .prompt button:not([disabled])'
        )
        target = None
        if prompt and self.table.fresh_prompt and not inside("#center, #menu-panel"):
            target = prompt
        elif lost and view.deal.to_move == HUMAN:
            target = self.document.querySelector("#hand button[data-card].playable")
        elif lost and view.is_over:
            target = self.document.querySelector('#center [data-action="new-session"]')
        self.table.fresh_prompt = False
        if target:
            target.focus(_options(self.window, preventScroll=True))

    def announce(self, text: str) -> None:
        """Tell screen readers what just happened: the sentences of one moment are said together,
        once each (at instant speed three plays land at once: the last must not hide the
        others, and nothing said is said again)."""
        if not text:
            return
        self.said.append(text)
        if not self.saying:
            self.saying = True
            self.spawn(self.say_soon())

    async def say_soon(self) -> None:
        """Put what was said in the last moment in the live region."""
        await asyncio.sleep(ANNOUNCE_GATHER)
        self.saying = False
        said, self.said = self.said, []
        self.table.announce(" ".join(said))

    # -- events --------------------------------------------------------------------------------

    def listen(self) -> None:
        """Hear clicks and changes on the table container, keys on the document."""
        from pyodide.ffi import create_proxy

        click = create_proxy(self.on_click)
        change = create_proxy(self.on_change)
        key = create_proxy(self.on_key)
        storage = create_proxy(self.on_storage)
        self.proxies += [click, change, key, storage]
        container = self.document.getElementById("table")
        container.addEventListener("click", click)
        container.addEventListener("change", change)
        self.document.addEventListener("keydown", key)
        self.window.addEventListener("storage", storage)

    def on_click(self, event: Any) -> None:
        """A click (or Enter/Space) on a button of the table."""
        target = event.target.closest(
            "[data-card], [data-contract], [data-trump], [data-rank], [data-double], [data-action]"
        )
        if not target or target.hasAttribute("disabled"):
            return
        if self.elsewhere and attribute(target, "data-action") not in FOLLOWER_ACTIONS:
            return  # only shown here (the table is inert too)
        try:
            if (card := attribute(target, "data-card")) is not None:
                self.play_card(card)
            elif (contract := attribute(target, "data-contract")) is not None:
                self.pick_contract(contract)
            elif (trump := attribute(target, "data-trump")) is not None:
                self.human(ChooseContract(self.chosen(), trump=_suit(trump)))
            elif (rank := attribute(target, "data-rank")) is not None:
                self.human(ChooseContract(self.chosen(), start_rank=_rank(rank)))
            elif (seat := attribute(target, "data-double")) is not None:
                self.toggle_double(int(seat))
            elif (action := attribute(target, "data-action")) is not None:
                self.on_action(action, target)
        except Exception as error:  # a bug: keep the page alive and leave a trace
            self.window.console.error(f"Barbu: {type(error).__name__}: {error}")
            raise

    def on_action(self, action: str, target: Any) -> None:
        """The table's other buttons."""
        if action == "take-over":
            self.take_over()
        elif action == "shortcut":
            name = attribute(target, "data-shortcut")
            shortcuts = dict(self.game.session.deal.view(HUMAN).shortcuts)
            if name in shortcuts:
                self.selected_doubles = set(shortcuts[name])
                self.draw()
        elif action == "doubles-done":
            self.human(Double(frozenset(self.selected_doubles)))
        elif action == "next":
            self.next_deal()
        elif action == "hint":
            self.ask_hint()
        elif action == "last-trick":
            self.last_trick_open = not self.last_trick_open
            self.draw()
        elif action == "menu":
            if self.menu_open:
                self.close_menu()
                # back where the player opened it
                self.table.toolbar.querySelector('[data-action="menu"]').focus()
            else:
                self.open_menu()
        elif action == "export":
            self.export(target)
        elif action == "start-new":
            self.start_new_from_menu()
        elif action == "start-new-confirmed":
            self.start_new_from_menu(confirmed=True)
        elif action == "start-new-cancel":
            self.table.confirm_new_session(False)
            self.document.querySelector('#menu-panel [data-action="start-new"]').focus()
        elif action == "new-session":
            self.new_session(new_seed(), rules=self.game.rules)
        elif action == "replay":
            self.new_session(self.seed, rules=self.game.rules)
        elif action == "resume-previous":
            self.resume_previous()
        elif action == "download-kept":
            self.download_kept(attribute(target, "data-key") or "")
        elif action == "dismiss-notice":
            index = int(attribute(target, "data-index") or -1)
            if 0 <= index < len(self.notices):
                self.notices.pop(index)
            self.table.draw_notices(self.notices)

    def open_menu(self) -> None:
        """Open the menu: a modal dialog (the table behind it inert), focus on its first field."""
        self.menu_open = True
        self.table.show_menu(True, self.elsewhere)
        view, state = self.screen_view(), self.table_state()
        self.table.draw_toolbar(toolbar_props(view, state))
        self.table.draw_menu(menu_props(view, state))
        first = self.table.menu.querySelector("select, input, button")
        if first:
            first.focus()

    def close_menu(self) -> None:
        """Close the menu (the caller puts the focus where it belongs)."""
        if self.menu_open:
            self.menu_open = False
            self.table.show_menu(False, self.elsewhere)
            self.table.draw_toolbar(toolbar_props(self.screen_view(), self.table_state()))

    def on_change(self, event: Any) -> None:
        """A setting changed, or a file was chosen for import."""
        target = event.target
        name = attribute(target, "data-setting") or ""
        if self.elsewhere:
            return
        if name == "speed" or name == "level":
            self.change_settings({name: str(target.value)})
        elif name == "autoplay":
            self.change_settings({"autoplay": bool(target.checked)})
            self.kick()
        elif name == "sound":
            self.change_settings({"sound": bool(target.checked)})
            if self.settings.sound:
                self.sounds.play("card")  # what it sounds like (and Web Audio may start now)
        elif name == "hints":
            self.change_settings({"hints": bool(target.checked)})
            self.draw()
        elif name == "new-rules":  # a game's options show while that game is chosen
            for options in self.document.querySelectorAll("[data-options-for]"):
                options.hidden = str(options.getAttribute("data-options-for")) != str(target.value)
        elif name == "import":
            files = target.files
            if files and files.length:
                self.spawn(self.import_file(files.item(0)))
                target.value = ""

    def on_key(self, event: Any) -> None:
        """Keyboard play: arrows move between playable cards, digits pick one, Escape closes."""
        key = str(event.key)
        active = self.document.activeElement
        tag = str(active.tagName).lower() if active else ""
        if key == "Tab" and self.menu_open:  # the focus stays inside the menu
            self.table.keep_focus_in_menu(event)
            return
        if key == "Escape" and not self.elsewhere:  # from anywhere, a menu field too
            if self.menu_open:
                self.on_action("menu", None)
            elif self.last_trick_open:
                self.on_action("last-trick", None)
            return
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if self.elsewhere:
            return
        enabled = list(self.document.querySelectorAll("#hand button[data-card].playable"))
        if key in ("ArrowLeft", "ArrowRight") and enabled:
            codes = [attribute(b, "data-card") for b in enabled]
            current = attribute(active, "data-card") if active else None
            if current in codes:
                index = codes.index(current) + (1 if key == "ArrowRight" else -1)
            else:
                index = 0 if key == "ArrowRight" else len(codes) - 1
            enabled[index % len(enabled)].focus()
            event.preventDefault()
        elif (
            key.isdigit()
            and key != "0"
            and not self.menu_open
            and not self.document.querySelector("#center .prompt")
        ):
            index = int(key) - 1
            if index < len(enabled):
                enabled[index].click()
                event.preventDefault()

    # -- the player's actions ------------------------------------------------------------------

    def pick_contract(self, value: str) -> None:
        """A contract button: most are chosen at once; one with a trump suit or a starting rank
        to name opens that row first."""
        crules = self.game.session.rules.contract(value)
        contract = crules.contract
        if crules.has_trump or crules.names_rank:
            self.picking = None if self.picking == contract else contract
            self.draw()
            selector = "[data-trump]" if crules.has_trump else "[data-rank]"
            first = self.document.querySelector(f"#center {selector}")
            if first:
                first.focus()
            return
        self.human(ChooseContract(contract))

    def chosen(self) -> Contract:
        """The contract whose trump suit or starting rank the player is naming."""
        if self.picking is None:
            raise RuleError("choose a contract first", "no-contract")
        return self.picking

    def toggle_double(self, seat: int) -> None:
        """Select or unselect a seat to double (or redouble) on the player's turn (a double
        the player must make stays selected)."""
        deal = self.game.session.deal.view(HUMAN)
        if seat in self.selected_doubles and deal.must_double and seat == deal.declarer:
            error = self.game.reason(Double(frozenset(self.selected_doubles - {seat})))
            self.refusal = refusal(self.catalog, error) if error else None
            self.refusal_link = rules_link(self.catalog.lang, error)
            self.draw()
            return
        if seat in self.selected_doubles:
            self.selected_doubles.discard(seat)
        else:
            self.selected_doubles.add(seat)
        self.refusal = None
        self.draw()
        button = self.document.querySelector(f'#center [data-double="{seat}"]')
        if button:
            button.focus()

    def play_card(self, code: str) -> None:
        """A card of the hand."""
        from barbu import Card

        self.human(Play(Card.parse(code)))

    def human(self, action: Any) -> None:
        """The player's action: the engine applies it, or says why not."""
        if self.game.session.to_move != HUMAN or self.summary is not None or self.elsewhere:
            return
        try:
            event = self.game.apply(action)
        except RuleError as error:
            self.refusal = refusal(self.catalog, error)
            self.refusal_link = rules_link(self.catalog.lang, error)
            self.announce(self.refusal)
            self.draw()
            return
        self.after(event)
        self.kick()

    def ask_hint(self) -> None:
        """Ask the expert computer player, in the worker, what it would do in the player's place."""
        if (
            not self.bots_ready
            or self.hint_waiting
            or self.summary is not None
            or self.game.session.to_move != HUMAN
        ):
            return
        position = self.game.position_json()
        self.hint_waiting = position
        self.draw()
        self.spawn(self.fetch_hint(self.generation, position))

    async def fetch_hint(self, generation: int, position: str) -> None:
        """Show the expert's suggestion if the position is still the one it was asked about."""
        try:
            data = await self.bots.hint(position, HUMAN, self.game.bot_seed())
            hint = action_from_data(data)
        except Exception as error:  # the worker failed: the player can still decide alone
            self.window.console.error(f"Barbu: no hint: {error}")
            hint = None
        if generation != self.generation or self.hint_waiting != position:
            return  # the player acted meanwhile (and may have asked again): not this answer
        self.hint_waiting = None
        self.hint = hint
        self.draw()
        if hint is None:
            self.notices.append(Notice("hint-failed", self.catalog.text("hint.failed")))
            self.table.draw_notices(self.notices)
        else:  # the hint line says it
            declarer = self.screen_view().deal.declarer
            self.announce(hint_text(self.catalog, self.names, hint, declarer))

    def after(self, event: Event) -> None:
        """Show what an action did, save, redraw."""
        self.hint = None
        self.hint_waiting = None
        self.refusal = None
        self.picking = None
        self.selected_doubles = set()
        said = [
            announcement(
                self.catalog, self.names, event.seat, event.action, self.game.session.deal.declarer
            )
        ]
        if isinstance(event.action, Play):
            if self.settings.sound:
                self.sounds.play("card" if event.trick is None else "trick")
            self.shown_trick = event.trick
            if event.trick is not None:
                said.append(say(self.catalog, "trick.won", event.trick.winner, self.names))
                if not event.over:  # the deal's last trick stays until the summary
                    self.spawn(self.gather_later(event.trick))
            self.passed.discard(event.seat)
            self.passed.update(event.skipped)
            self.passed.discard(self.game.session.to_move)  # its turn again: it may play now
            said += [say(self.catalog, "say.pass", seat, self.names) for seat in event.skipped]
        if event.summary is not None:
            number = event.summary.number
            self.summary = number
            self.closing = self.settings.trick_pause > 0
            if self.closing:
                self.spawn(self.close_later(self.generation, number))
            self.passed = set()
            self.last_trick_open = False
            said.append(self.catalog.text("say.deal_over", number=number))
        self.save()
        self.gate_updates()
        self.draw()
        if self.summary is None and not self.elsewhere and self.game.session.to_move == HUMAN:
            turn = turn_of(self.screen_view(), self.table_state())
            said.append(turn_text(self.catalog, turn))  # "Your turn: ..."
        self.announce(" ".join(s for s in said if s))

    async def gather_later(self, trick: Any) -> None:
        """Leave a finished trick on the table for a moment, then gather it."""
        pause = self.settings.trick_pause
        if pause <= 0:
            return
        await asyncio.sleep(pause)
        if self.shown_trick is trick and self.table.sweep(trick.winner):
            await asyncio.sleep(SWEEP)
        if self.shown_trick is trick:
            self.shown_trick = None
            self.draw()

    async def close_later(self, generation: int, number: int) -> None:
        """Leave the deal's last trick on the table for a moment, then show the summary."""
        await asyncio.sleep(self.settings.trick_pause)
        if self.shown_trick is not None and self.table.sweep(self.shown_trick.winner):
            await asyncio.sleep(SWEEP)
        if generation == self.generation and self.closing and self.summary == number:
            self.closing = False
            self.shown_trick = None
            self.draw()

    def next_deal(self) -> None:
        """Leave the deal summary for the next deal (or the final ranking)."""
        if self.summary is None or self.closing:
            return
        self.summary = None
        self.shown_trick = None
        if self.game.between_deals:
            self.game.next_deal()
        self.save()
        self.draw()
        self.kick()

    # -- the computer players ------------------------------------------------------------------

    def kick(self) -> None:
        """Let the computer players act if it is their turn (or auto-play the player's card)."""
        if not self.running and not self.elsewhere:
            self.spawn(self.advance())

    async def advance(self) -> None:
        """Play the computer players' turns until the player or a summary is due."""
        if self.running:
            return
        self.running = True
        generation = self.generation
        try:
            while generation == self.generation and not self.game.is_over and self.summary is None:
                seat = self.game.session.to_move
                if seat is None:
                    break
                if seat == HUMAN:
                    await self.autoplay(generation)
                    break
                if not self.bots_can_play:
                    self.thinking = seat  # waits for the worker; connect_bots() resumes the loop
                    self.draw()
                    break
                await self.bot_turn(seat, generation)
        except Exception as error:  # a bug or a dead worker: tell the player, keep the page
            self.window.console.error(f"Barbu: the computer players stopped: {error}")
            self.notices.append(Notice("bots-failed", self.catalog.text("notice.bots_failed")))
            self.table.draw_notices(self.notices)
        else:
            if self.bots_can_play and self.bot_to_move():
                # The loop ended while a computer player still has to act: another session was
                # put on the table meanwhile, or the player played the card auto-play was about
                # to play. A kick() made then found this loop still running: resume now.
                self.spawn(self.advance_soon())
        finally:
            self.running = False
            if generation == self.generation and self.thinking is not None and self.bots_can_play:
                self.thinking = None
                self.draw()

    def bot_to_move(self) -> bool:
        """Whether a computer player is to act now (no summary waiting for the player)."""
        seat = self.game.session.to_move
        return seat is not None and seat != HUMAN and self.summary is None and not self.game.is_over

    async def bot_turn(self, seat: int, generation: int) -> None:
        """One computer player's action, decided in the worker (or by the page while the worker
        starts: web.game.bots)."""
        delay = self.settings.bot_delay
        if delay > 0:
            self.thinking = seat
            self.draw()
        if self.shown_trick is not None and self.settings.trick_pause > 0:
            await asyncio.sleep(self.settings.trick_pause + SWEEP)  # the trick gathered first
        elif delay > 0:
            await asyncio.sleep(delay)
        if generation != self.generation or self.game.session.to_move != seat:
            return  # another session, or another turn, came during the pause
        position, bot_seed = self.game.position_json(), self.game.bot_seed()
        data = await self.bots.decide(position, seat, self.settings.level, bot_seed)
        if generation != self.generation or self.game.session.to_move != seat:
            return
        self.thinking = None
        event = self.game.apply(action_from_data(data))
        self.performance.mark("barbu:bot-action")
        self.after(event)
        if not self.settings.bot_delay:
            await asyncio.sleep(0)  # let the page paint and hear the player between actions

    async def autoplay(self, generation: int) -> None:
        """Play the player's only legal card for him, when he asked for it."""
        session = self.game.session
        if not self.settings.autoplay or session.deal.phase is not Phase.PLAY:
            return
        legal = session.legal_actions()
        if len(legal) != 1:
            return
        played = len(session.deal.played)
        await asyncio.sleep(max(self.settings.bot_delay, 0.3))
        if (
            generation == self.generation
            and session.to_move == HUMAN
            and len(session.deal.played) == played
            and self.summary is None
        ):
            event = self.game.apply(legal[0])
            self.after(event)
            self.spawn(self.advance_soon())

    async def advance_soon(self) -> None:
        """Resume the loop once the current one has ended."""
        await asyncio.sleep(0)
        self.kick()

    def spawn(self, coroutine: Any) -> None:
        """Run a coroutine in the background, keeping a reference until it ends."""
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- saving, sessions, records -------------------------------------------------------------

    def save(self) -> None:
        """Write the session to the browser's storage (after every action), unless another tab
        wrote there since this one last did: then that tab's game is followed, not overwritten."""
        if self.elsewhere:
            return
        current = self.store.read()
        if current is not None and current != self.known:
            self.enter_elsewhere()
            self.follow(current)
            return
        self.performance.mark("barbu:save")
        # Default names are saved empty, so that the session resumed in the other language
        # takes that language's names (only a name the player typed is kept).
        names = tuple(
            "" if name == default else name
            for name, default in zip(self.names, self.default_names(), strict=True)
        )
        text = Saved(self.game.record(), names, self.summary).to_json()
        written = self.store.write(text)
        if written:
            self.known = text
        self.performance.measure("barbu:save", "barbu:save")
        if not written and not any(n.kind == "save-failed" for n in self.notices):
            self.notices.append(Notice("save-failed", self.catalog.text("notice.save_failed")))
            self.table.draw_notices(self.notices)

    # -- another tab -------------------------------------------------------------------------

    def on_storage(self, event: Any) -> None:
        """Another tab wrote the save (``storage`` events come only from other tabs): follow
        that tab's game."""
        key = event.key
        if isinstance(key, str) and key != SAVE_KEY:
            return  # settings, kept saves: not the game
        text = event.newValue
        if not isinstance(text, str) or text == self.known:
            return  # removed (set aside, cleared), or what this tab wrote itself
        self.enter_elsewhere()
        self.follow(text)

    def enter_elsewhere(self) -> None:
        """Another tab plays the game: stop playing here, show it read-only."""
        if self.elsewhere:
            return
        self.elsewhere = True
        self.generation += 1  # the computer players' loop and pending answers stop
        self.close_menu()
        self.table.draw_elsewhere(True)
        self.gate_updates()
        self.tab.wait()  # this tab plays again once the other one closes
        self.announce(self.catalog.text("tab.elsewhere"))

    def follow(self, text: str) -> None:
        """Show the game as the playing tab saved it (a save this tab cannot read is that tab's
        to deal with: the screen keeps the last one)."""
        try:
            saved, game = read_save(text)
        except Exception as error:
            self.window.console.warn(f"Barbu: the other tab's save could not be read: {error}")
            return
        self.known = text
        self.use(game, saved.names, saved.summary)
        self.draw_header()
        self.draw()

    def take_over(self) -> None:
        """The player wants to play in this tab: take the lock from the playing tab."""
        self.tab.take_over()

    def on_tab_granted(self) -> None:
        """This tab plays now (taken over, or the playing tab closed): go on from the last save."""
        if not self.elsewhere:
            return
        self.elsewhere = False
        self.table.draw_elsewhere(False)
        self.gate_updates()
        text = self.store.read()
        if text is not None and text != self.known:
            self.follow(text)
        self.generation += 1
        self.draw()
        self.place_focus(self.screen_view())
        self.announce(self.catalog.text("tab.taken_over"))
        self.kick()

    def on_tab_lost(self) -> None:
        """Another tab took the game over."""
        self.enter_elsewhere()

    def change_settings(self, choices: dict) -> None:
        """Apply and store a changed setting."""
        self.settings = self.settings.with_choices(choices)
        self.store.write_settings(self.settings.to_json())

    def new_session(self, seed: int, name: str | None = None, rules: Rules = STANDARD) -> None:
        """Start another session of ``rules`` (the current save is kept as the previous one)."""
        self.store.keep_previous()
        self.previous_seed = self.seed
        if name:
            self.settings = replace(self.settings, name=name)
            self.store.write_settings(self.settings.to_json())
        names = [name or self.names[HUMAN], *self.names[1:]]
        self.use(Game.new(seed, rules), names)
        self.close_menu()
        self.save()
        self.draw_header()
        self.draw()
        self.announce(self.catalog.text("say.new_session", seed=seed))
        self.kick()

    def start_new_from_menu(self, confirmed: bool = False) -> None:
        """The menu's "start": the name and seed typed (a random seed when left empty); a session
        under way is replaced only once the player confirms (it is kept as the previous one)."""
        name = clean_name(str(self.document.getElementById("new-name").value))
        text = str(self.document.getElementById("new-seed").value).strip()
        seed = parse_seed(text)
        if text and seed is None:  # said beside the field, which keeps what was typed
            self.table.field_error("new-seed", self.catalog.text("notice.bad_seed"))
            return
        self.table.field_error("new-seed", None)
        if not confirmed and self.under_way():
            self.table.confirm_new_session(True)
            return
        self.new_session(new_seed() if seed is None else seed, name or None, self.chosen_rules())

    def under_way(self) -> bool:
        """Whether the session on the table has begun and is not over (losing it would hurt)."""
        view = self.game.view()
        return not self.game.is_over and (
            bool(view.history) or view.deal.phase is not Phase.CONTRACT
        )

    def chosen_rules(self) -> Rules:
        """The game chosen in the menu, with its options as set there (by its schema)."""
        chosen = self.document.querySelector('input[name="new-rules"]:checked')
        entry = registered(str(chosen.value) if chosen else self.game.rules.name)
        options: dict[str, Any] = {}
        fields = self.document.getElementById(f"options-{entry.name}")
        for option in entry.options:
            node = fields.querySelector(f'[data-option="{option.name}"]') if fields else None
            if node is None:
                continue
            if option.type == "bool":
                options[option.name] = bool(node.checked)
            else:
                options[option.name] = json.loads(str(node.value))
        return preset(entry.name, options)

    def resume_previous(self) -> None:
        """Swap back to the session kept before the current one."""
        text = self.store.read(PREVIOUS_KEY)
        if text is None:
            return
        try:
            saved, game = read_save(text)
        except Exception as error:  # whatever the cause: kept aside, the game goes on
            self.store.remove(PREVIOUS_KEY)
            self.set_aside(text, error)
            self.previous_seed = None
            self.table.draw_notices(self.notices)
            return
        self.store.keep_previous()
        self.previous_seed = self.seed
        self.use(game, saved.names, saved.summary)
        self.close_menu()
        self.save()
        self.draw_header()
        self.draw()
        self.kick()

    def export(self, button: Any) -> None:
        """Download the engine's session record as a JSON file, and say so beside ``button``."""
        name = f"barbu-{self.seed}.json"
        self.download(self.game.record_json(indent=1), name)
        self.table.note_after(button, self.catalog.text("say.exported_as", name=name))

    def download_kept(self, key: str) -> None:
        """Download a save kept aside (unreadable here), as it was stored."""
        text = self.store.read(key)
        if key.startswith(UNREADABLE_PREFIX) and text is not None:
            self.download(text, f"barbu-{key.removeprefix('barbu.')}.json")

    def download(self, text: str, name: str) -> None:
        """Have the browser save ``text`` as a file called ``name``."""
        from pyodide.ffi import to_js

        blob = self.window.Blob.new(to_js([text]), _options(self.window, type="application/json"))
        url = self.window.URL.createObjectURL(blob)
        link = self.table.dom.el("a", None, href=url, download=name)
        self.document.body.append(link)
        link.click()
        link.remove()
        self.window.setTimeout(_once(lambda: self.window.URL.revokeObjectURL(url)), 10_000)

    async def import_file(self, file: Any) -> None:
        """Open a session record chosen by the player (the engine checks every action)."""
        t = self.catalog.text
        try:
            if int(file.size) > JSON_MAX_CHARS * 4:  # refused at once: no read of a huge file
                raise JsonRefused(f"too long to read ({int(file.size):,} bytes)")
            text = str(await file.text())
            game = Game.from_record(load_json(text))
        except RuleError as error:
            self.notices.append(
                Notice("import-failed", t("notice.import_failed", detail=str(error)))
            )
            self.table.draw_notices(self.notices)
            return
        except (ValueError, TypeError):  # JsonRefused: too long, too deep, not JSON
            self.notices.append(Notice("import-failed", t("notice.import_not_json")))
            self.table.draw_notices(self.notices)
            return
        self.store.keep_previous()
        self.previous_seed = self.seed
        summary = len(game.view().history) if game.is_over else None
        self.use(game, self.names, summary)
        self.close_menu()
        self.save()
        self.draw_header()
        self.draw()
        self.announce(t("say.imported"))
        self.kick()


def read_save(text: str) -> tuple[Saved, Game]:
    """A stored save and its game, checked by the engine (raises whatever makes it unreadable)."""
    saved = Saved.from_json(text)
    return saved, Game.from_record(saved.record)


def attribute(node: Any, name: str) -> str | None:
    """An element's attribute as a string, or None when it has none (JavaScript's null)."""
    value = node.getAttribute(name) if node else None
    return value if isinstance(value, str) else None


def _suit(char: str) -> Any:
    from barbu import Suit

    return Suit.parse(char)


def _rank(char: str) -> Any:
    from barbu import Rank

    return Rank.parse(RANK_KEYS.get(char.lower(), char))


def _local_storage(window: Any) -> Any:
    """The page's localStorage, or None where the browser forbids it."""
    try:
        return window.localStorage
    except Exception:
        return None


def _options(window: Any, **values: Any) -> Any:
    """A plain JavaScript object of options."""
    from pyodide.ffi import to_js

    return to_js(values, dict_converter=window.Object.fromEntries)


def _once(function: Any) -> Any:
    """A JavaScript callback that runs once and then frees itself."""
    from pyodide.ffi import create_once_callable

    return create_once_callable(function)


async def start(boot: Any, document: Any, query: str) -> PageController:
    """Wait for the catalog chosen by the boot loader, then build and start the controller."""
    catalog_source = await boot.catalog
    catalog = Catalog.from_json(catalog_source.lang, catalog_source.text)
    controller = PageController(document.defaultView, boot, catalog, query)
    controller.elsewhere = not await controller.tab.claim()
    controller.start()
    return controller
