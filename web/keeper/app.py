"""The score keeper's page (keeper/): the controller that connects the page to the keeper's
engine (``barbu.keeper.KeptGame``) and its store.

web/keeper/keeper.js starts Python on the page (the runtime of the rules pages' demos,
web/runtime/runtime.mjs), calls ``start`` and hands it every click, change, input and submit
on the page's root (one listener each, which survive redraws), and the text of an imported
file. The page is redrawn whole after each change that shows (``draw``); what is typed in a
field is kept in the deal as typed (``web.keeper.entry.Entry``) without a redraw. The engine
checks everything and says why it refuses; the page only shows it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from barbu import RuleError
from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.keeper import NAME_LIMIT, KeeperError, KeptGame
from web.components.browser import attribute, download
from web.components.dom import Dom
from web.game.save import local_storage
from web.keeper.entry import Entry, EntryError
from web.keeper.form import deal_form
from web.keeper.results import block_sheets, diagram_box, ending, print_heading, totals_bar
from web.keeper.setup import games_panel, header, rename_form
from web.keeper.store import KeeperStore, Kept
from web.keeper.wording import miscount
from web.languages.i18n import Catalog
from web.languages.words import refusal
from web.table.menu_form import chosen_rules

__all__ = ["KeeperPage", "start"]


class KeeperPage:
    """The page's state: the kept games, the deal being typed, the last refusal."""

    def __init__(self, window: Any, root: Any, catalog: Catalog, storage: Any) -> None:
        self.window = window
        self.root = root
        self.catalog = catalog
        self.dom = Dom(window.document)
        self.store = KeeperStore(storage)
        self.kept: Kept = self.store.read(self.now())
        self.notices = [catalog.text("keeper.set_aside", key=k) for k in self.kept.set_aside]
        self.entry = Entry()
        self.editing: int | None = None
        self.alert = ""
        self.alert_in_form = True
        self.deleting: str | None = None

    def now(self) -> int:
        """The time in milliseconds (stamps and new games' keys)."""
        return int(self.window.Date.now())

    @property
    def game(self) -> KeptGame | None:
        """The game on the page."""
        return self.kept.games.get(self.kept.current or "")

    def names(self, game: KeptGame) -> list[str]:
        """The game's players' names, or "Player 1".. when it has none."""
        if game.names:
            return list(game.names)
        return [self.catalog.text("keeper.seat", n=seat + 1) for seat in range(4)]

    def typed_names(self) -> list[str]:
        """The names to offer for a new game: those kept from the last one."""
        return list(self.kept.names) if self.kept.names else ["", "", "", ""]

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        """Redraw the page whole."""
        d = self.dom
        game = self.game
        games = {key: (g, self.names(g)) for key, g in self.kept.games.items()}
        notices = list(self.notices)
        if self.store.failed:
            notices.append(self.catalog.text("keeper.storage_failed"))
        panel = games_panel(
            d, self.catalog, games, self.kept.current, self.typed_names(), notices, self.deleting
        )
        if self.alert and not self.alert_in_form:
            panel.prepend(d.el("p", self.alert, role="alert", class_="keeper-alert"))
        parts = [header(d, self.catalog), panel]
        if game is not None:
            parts.append(self.game_part(game))
        self.root.replaceChildren(*parts)

    def game_part(self, game: KeptGame) -> Any:
        """The current game: totals, the deal form (or the end), the sheet, the diagram."""
        d = self.dom
        catalog = self.catalog.for_rules(game.rules.name)
        names = self.names(game)
        alert = self.alert if self.alert_in_form else ""
        form = None
        if not game.is_over or self.editing:
            form = deal_form(d, catalog, game, names, self.entry, self.editing, alert)
        undo = d.el(
            "button",
            catalog.text("keeper.undo"),
            type="button",
            data_action="undo",
            disabled=not game.can_undo,
        )
        return d.el(
            "main",
            None,
            print_heading(d, catalog, game, names, self.started()),
            totals_bar(d, catalog, game, names),
            d.el("div", None, undo, class_="buttons no-print"),
            form,
            ending(d, catalog, game, names),
            block_sheets(d, catalog, game, names, self.editing),
            rename_form(d, catalog, names),
            diagram_box(d, catalog, game, names),
            id="main",
            class_="keeper-game",
        )

    def started(self) -> str:
        """The day the current game was started (its key is the time it was kept at), as the
        browser writes a date in the page's language; empty if the key is not a time."""
        stamp = (self.kept.current or "").split("-", 1)[0]
        if not stamp.isdigit():
            return ""
        return str(self.window.Date.new(int(stamp)).toLocaleDateString(self.catalog.lang))

    def focus(self, selector: str) -> None:
        """Put the keyboard focus on the first element ``selector`` finds, if any."""
        node = self.root.querySelector(selector)
        if node:
            node.focus()

    def reveal(self, selector: str) -> None:
        """Scroll the page so the element ``selector`` finds starts at the top of the window
        (below the sticky totals: its ``scroll-margin-top``), if there is one."""
        node = self.root.querySelector(selector)
        if node:
            node.scrollIntoView(True)

    # -- events -----------------------------------------------------------------------------

    def on(self, kind: str, event: Any) -> None:
        """One event on the page's root (``click``, ``change``, ``input``, ``submit``)."""
        target = event.target
        if kind == "submit":
            event.preventDefault()
            self.submit(attribute(target, "id") or "")
        elif kind == "click":
            self.click(target)
        elif kind in ("change", "input"):
            self.changed(target, kind)

    def submit(self, form: str) -> None:
        """A form sent: the deal, or a new game."""
        if form == "deal-form":
            self.enter()
        elif form == "new-game":
            self.new_game()
        elif form == "rename":
            self.rename()

    def click(self, target: Any) -> None:
        """A button pressed."""
        shortcut = target.closest("[data-shortcut]")
        if shortcut:
            seat, name = (attribute(shortcut, "data-shortcut") or "0:").split(":", 1)
            self.shortcut(int(seat), name)
            return
        button = target.closest("button[data-action]")
        if not button or attribute(button, "type") == "submit":
            return
        action = attribute(button, "data-action") or ""
        deal = attribute(button, "data-deal")
        handlers = {
            "open": lambda: self.open(attribute(button, "data-game") or ""),
            "export": self.export,
            "print": self.window.print,
            "undo": self.undo,
            "edit": lambda: self.edit(int(deal or 0)),
            "remove": lambda: self.remove(int(deal or 0)),
            "cancel-edit": self.cancel_edit,
            "delete": lambda: self.delete(attribute(button, "data-game"), False),
            "delete-confirm": lambda: self.delete(attribute(button, "data-game"), True),
            "delete-cancel": lambda: self.delete(None, False),
        }
        if action in handlers:
            handlers[action]()

    def changed(self, target: Any, kind: str) -> None:
        """A field changed: the deal as typed follows; a choice that changes the form redraws."""
        value = str(target.value) if hasattr(target, "value") else ""
        for name in ("data-raw", "data-count", "data-double"):
            spot = attribute(target, name)
            if spot is not None:
                self.typed(name, spot, value, bool(getattr(target, "checked", False)))
                return
        if kind != "change":
            return
        if attribute(target, "name") == "new-rules":
            for box in self.root.querySelectorAll("[data-options-for]"):
                box.hidden = attribute(box, "data-options-for") != value
            return
        if attribute(target, "data-contract") is not None:
            self.entry = self.entry.choose(value)
        elif attribute(target, "data-trump") is not None:
            self.entry = replace(self.entry, trump=value or None)
        elif attribute(target, "data-rank") is not None:
            self.entry = replace(self.entry, rank=value or None)
        elif attribute(target, "data-mode") is not None:
            self.entry = replace(self.entry, counted=value == "counted")
        else:
            return
        self.draw()
        node = attribute(target, "id")
        self.focus(f"#{node}" if node else f'[name="{attribute(target, "name")}"][value="{value}"]')

    def typed(self, name: str, spot: str, value: str, checked: bool) -> None:
        """A score, a count or a double typed (no redraw)."""
        if name == "data-raw":
            self.entry = self.entry.with_raw(int(spot), value)
        elif name == "data-count":
            key, seat = spot.rsplit(":", 1)
            self.entry = self.entry.with_count(key, int(seat), value)
        else:
            doubler, target = spot.split("-")
            self.entry = self.entry.toggle(int(doubler), int(target), checked)

    # -- changes ----------------------------------------------------------------------------

    def refused(self, error: RuleError | KeeperError, number: int) -> str:
        """A refusal in words, naming the deal it stops at."""
        game = self.game
        catalog = self.catalog.for_rules(game.rules.name) if game else self.catalog
        at = error.params.get("deal", number)
        reason = refusal(catalog, error)
        seat = error.params.get("seat")
        key = f"keeper.refusal.{error.code}"
        if game is not None and isinstance(seat, int) and catalog.has(key):
            # A doubling turn refused: said of its player, not of "you" as in the game.
            owed, left = (int(str(error.params.get(k, 0))) for k in ("owed", "left"))
            reason = catalog.text(
                key,
                name=self.names(game)[seat],
                owed=catalog.plural("count.doubles", owed),
                left=catalog.plural("count.deals", left),
            )
        elif game is not None and isinstance(error, KeeperError):
            reason = miscount(catalog, error, self.names(game)) or reason
        return catalog.text("keeper.refused", number=at, reason=reason)

    def enter(self) -> None:
        """Enter the deal typed (or save the deal edited); the engine's refusal otherwise."""
        game = self.game
        if game is None:
            return
        number = self.editing or game.number + 1
        self.alert_in_form = True
        try:
            deal = self.entry.deal(game.rules)
            if self.editing:
                game.edit(self.editing, deal)
            else:
                game.add(deal)
        except EntryError as error:
            self.alert = self.catalog.text(error.key)
        except (RuleError, KeeperError) as error:
            self.alert = self.refused(error, number)
        else:
            self.alert = ""
            self.entry = Entry()
            self.editing = None
            self.save()
        self.draw()
        self.focus('[role="alert"]' if self.alert else "[data-contract]:not([disabled])")

    def shortcut(self, seat: int, name: str) -> None:
        """A doubling shortcut: ``seat``'s doubles become its targets (RULES.md §7), as the
        engine reads them given the rows above."""
        game = self.game
        if game is None or self.entry.contract is None:
            return
        try:
            turn = game.turn(self.entry.choice(), sorted(self.entry.doubles), seat, self.editing)
        except (RuleError, KeeperError) as error:
            self.alert = self.refused(error, self.editing or game.number + 1)
            self.alert_in_form = True
            self.draw()
            return
        targets = dict(turn.shortcuts).get(name, frozenset())
        self.entry = self.entry.with_targets(seat, targets)
        self.draw()
        self.focus(f'[data-shortcut="{seat}:{name}"]')

    def change(self, apply: Any) -> None:
        """Apply a change to the game (edit, remove, undo), refused with its reason."""
        game = self.game
        if game is None:
            return
        try:
            apply(game)
        except (RuleError, KeeperError) as error:
            self.alert_in_form = True
            self.alert = self.refused(error, game.number)
        else:
            self.alert = ""
            self.save()
        self.draw()

    def edit(self, number: int) -> None:
        """Put deal ``number`` in the form, to change it."""
        game = self.game
        if game is None or not 1 <= number <= game.number:
            return
        self.editing = number
        self.entry = Entry.of_deal(game.deals[number - 1])
        self.alert = ""
        self.draw()
        self.focus("#deal-form [data-contract]:checked")

    def cancel_edit(self) -> None:
        """Leave the deal as it was."""
        self.editing = None
        self.entry = Entry()
        self.alert = ""
        self.draw()

    def remove(self, number: int) -> None:
        """Remove deal ``number``: the later ones move up and are checked again."""
        self.editing = None
        self.entry = Entry()
        self.change(lambda game: game.remove(number))

    def undo(self) -> None:
        """Take back the last change."""
        self.editing = None
        self.change(lambda game: game.undo())
        self.focus('[data-action="undo"]')

    def open(self, key: str) -> None:
        """Put another kept game on the page."""
        if key in self.kept.games:
            self.kept.current = key
            self.entry, self.editing, self.alert = Entry(), None, ""
            self.save()
            self.draw()
            self.focus("#main")

    def rename(self) -> None:
        """Correct the players' names (an empty field keeps its name)."""
        game = self.game
        if game is None:
            return
        document, names = self.window.document, self.names(game)
        typed = [str(document.getElementById(f"rename-name-{s}").value).strip() for s in range(4)]
        new = [text[:NAME_LIMIT] or names[seat] for seat, text in enumerate(typed)]
        self.kept.names = tuple(new)
        self.change(lambda game: game.rename(new))

    def delete(self, key: str | None, confirmed: bool) -> None:
        """Ask to delete a kept game (``confirmed``: delete it), or cancel."""
        self.deleting = None if confirmed else key
        if confirmed and key in self.kept.games:
            del self.kept.games[key]
            if self.kept.current == key:
                self.kept.current = None
                self.entry, self.editing, self.alert = Entry(), None, ""
            self.save()
        self.draw()
        self.focus('[data-action="delete-cancel"]' if self.deleting else "#games-heading")

    def new_game(self) -> None:
        """Start keeping a new game, as the form says."""
        document = self.window.document
        typed = [str(document.getElementById(f"keeper-name-{s}").value).strip() for s in range(4)]
        names = [
            n[:NAME_LIMIT] or self.catalog.text("keeper.seat", n=s + 1) for s, n in enumerate(typed)
        ]
        first = int(str(document.getElementById("keeper-first").value) or 0)
        stake = str(document.getElementById("keeper-stake").value).strip().replace(",", ".")
        try:
            rules = chosen_rules(document, KeptGame().rules)
            game = KeptGame(rules, first, names, stake or None)
        except (RuleError, KeeperError) as error:
            self.alert, self.alert_in_form = refusal(self.catalog, error), False
            self.draw()
            return
        self.kept.names = tuple(typed) if any(typed) else self.kept.names
        self.add_game(game)

    def add_game(self, game: KeptGame) -> None:
        """Keep ``game`` beside the others and show it."""
        key = str(self.now())
        while key in self.kept.games:
            key += "-1"
        self.kept.games[key] = game
        self.kept.current = key
        self.entry, self.editing, self.alert = Entry(), None, ""
        self.save()
        self.draw()
        self.focus("[data-contract]:not([disabled])")
        self.reveal("#deal-form")

    def import_text(self, text: str) -> None:
        """A record read from a file: a kept game's, or a played session's as it is."""
        try:
            game = KeptGame.from_record(load_json(str(text)))
        except JsonRefused:
            self.alert = self.catalog.text("keeper.import_failed", reason="JSON")
        except (RuleError, KeeperError) as error:
            reason = refusal(self.catalog, error)
            self.alert = self.catalog.text("keeper.import_failed", reason=reason)
        else:
            self.add_game(game)
            return
        self.alert_in_form = False
        self.draw()
        self.focus('[role="alert"]')

    def export(self) -> None:
        """Download the current game's record."""
        game = self.game
        if game is not None:
            text = json.dumps(game.record(), ensure_ascii=False, indent=1)
            download(self.window, text, f"barbu-kept-{self.kept.current}.json")

    def save(self) -> None:
        """Store the games (the page says so once if the browser refuses)."""
        self.store.write(self.kept)


def start(root: Any, lang: str, catalog_text: str) -> KeeperPage:
    """Draw the keeper in ``root`` and mark the page ready (``html.ready``)."""
    import js  # the page's JavaScript globals (Pyodide)

    window = js.window
    catalog = Catalog.from_json(str(lang), str(catalog_text))
    page = KeeperPage(window, root, catalog, local_storage(window))
    page.draw()
    window.document.documentElement.classList.add("ready")
    return page
