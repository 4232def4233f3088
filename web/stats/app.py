"""The statistics page (stats/): the controller between the page, the stored statistics and the
figures the engine computes (``web.stats.figures``).

web/stats/stats.js starts Python on the page (the runtime of the score keeper and the rules
pages' demos, web/runtime/runtime.mjs), reads every entry of the statistics store (IndexedDB,
web/stats/statsdb.js) and calls ``start``; it hands ``StatsPage.on`` every change and click on
the page's root, and ``import_text`` the text of an imported file. After each of these it draws
the plots Python lists (``charts_json``) with the vendored chart library. The page is redrawn
whole after each change.

Two parts: the sessions against the computer players, per game (preset and options) and
level, and beside the levels those played at friends' tables (from the player's seat); the games
kept at a real table (``web.keeper.store``), per named player and game. An
unreadable entry or kept game is kept aside and reported (``web.stats.store``); an imported
file that is not a statistics file is refused with the reason, and nothing stored changes.
"""

from __future__ import annotations

import json
from typing import Any

from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.keeper import KeptGame
from web.components.browser import attribute, download
from web.components.dom import Dom
from web.game.save import local_storage
from web.languages.i18n import Catalog
from web.stats.figures import (
    FRIENDS,
    LEVELS,
    Entry,
    StatsRefused,
    against_bots,
    figures,
    file_data,
    file_entries,
    named_players,
    of_named,
    read_entry,
    rules_key,
    with_friends,
)
from web.stats.store import Database, StatsStore, Stored
from web.stats.view import Chart, figures_part, header, rules_label, select

__all__ = ["StatsPage", "start"]


class StatsPage:
    """The page's state: the statistics read, the filters chosen, the alerts to show."""

    def __init__(
        self,
        window: Any,
        root: Any,
        catalog: Catalog,
        storage: Any,
        database: Database,
        pairs: list[tuple[str, str]],
    ) -> None:
        self.window = window
        self.root = root
        self.catalog = catalog
        self.dom = Dom(window.document)
        self.store = StatsStore(storage, database)
        self.stored: Stored = self.store.read(pairs, self.now())
        self.unstored = False
        """Whether the statistics store could not be read (no IndexedDB, or refused)."""
        self.refused = False
        """Whether the store refused to keep an entry (its disk full): shown for this visit."""
        self.alerts = self.standing_alerts()
        self.notes: list[str] = []
        self.chosen: dict[str, str] = {}
        self.charts: list[Chart] = []

    def standing_alerts(self) -> list[str]:
        """What stays reported until the page is left: entries kept aside (or that could not
        be), a store the browser refuses."""
        t = self.catalog.text
        alerts = [t("stats.set_aside", key=k) for k in self.stored.set_aside]
        if self.stored.stuck:
            alerts.append(t("stats.not_set_aside", count=self.stored.stuck))
        if self.unstored:
            alerts.append(t("stats.store_failed"))
        if self.refused:
            alerts.append(t("stats.not_stored"))
        return alerts

    def store_refused(self) -> None:
        """The store refused an entry (web/stats/stats.js): said once, redrawn."""
        if not self.refused:
            self.refused = True
            self.alerts = [*self.alerts, self.catalog.text("stats.not_stored")]
            self.draw()

    def now(self) -> int:
        """The time in milliseconds (the stamps of what is kept aside)."""
        return int(self.window.Date.now())

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        """Redraw the page whole (stats.js then draws the plots of ``charts_json``)."""
        d, t = self.dom, self.catalog.text
        self.charts = []
        alerts = [d.el("p", text, role="alert", class_="keeper-alert") for text in self.alerts]
        notes = [d.el("p", text, role="status", class_="keeper-notice") for text in self.notes]
        parts: list[Any] = [*alerts, *notes]
        entries = self.stored.ordered()
        players = named_players(self.stored.kept)
        if not entries and not players:
            parts.append(self.empty())
        parts.append(self.played_part(entries))
        parts.append(self.kept_part(players))
        parts.append(self.file_part(bool(entries)))
        main = d.el("main", None, *parts, id="main", class_="stats-main")
        skip = d.el("a", t("stats.skip"), href="#main", class_="skip-link")
        self.root.replaceChildren(skip, header(d, self.catalog), main)

    def empty(self) -> Any:
        """How to get statistics, when there are none."""
        d, t, lang = self.dom, self.catalog.text, self.catalog.lang
        return d.el(
            "div",
            None,
            d.el("p", t("stats.empty")),
            d.el(
                "p",
                None,
                d.el("a", t("stats.play"), href=f"../?lang={lang}"),
                " · ",
                d.el("a", t("rules_page.keeper"), href=f"../keeper/?lang={lang}"),
            ),
            class_="stats-empty",
            data_empty="",
        )

    def played_part(self, entries: list[Entry]) -> Any:
        """The sessions against the computer players of the game and level chosen."""
        d, t = self.dom, self.catalog.text
        heading = d.el("h2", t("stats.played"), id="played-heading")
        if not entries:
            return d.el("section", None, heading, d.el("p", t("stats.no_played"), class_="help"))
        games: dict[str, Entry] = {}
        for entry in entries:
            games[entry.group] = entry  # the latest of each game
        game = self.choice("game", list(games), entries[-1].group)
        in_game = [e for e in entries if e.group == game]
        levels = [x for x in LEVELS if any(e.level == x and not e.friends for e in in_game)]
        if any(e.friends for e in in_game):  # counted apart, whatever the level
            levels.append(FRIENDS)
        latest = FRIENDS if in_game[-1].friends else in_game[-1].level
        level = self.choice("level", levels, latest)
        if level == FRIENDS:
            plays = with_friends(in_game)
        else:
            plays = against_bots([e for e in in_game if e.level == level])
        rules = games[game].game.rules
        filters = d.el(
            "div",
            None,
            select(
                d,
                t("stats.game"),
                "game",
                [(k, rules_label(self.catalog, e.game.rules)) for k, e in games.items()],
                game,
            ),
            select(d, t("stats.against"), "level", [(x, t(f"level.{x}")) for x in levels], level),
            class_="filters",
        )
        body, charts = figures_part(
            d, self.catalog, figures(plays, rules), rules, "played", t("stats.you")
        )
        self.charts += charts
        return d.el("section", None, heading, filters, body, aria_labelledby="played-heading")

    def kept_part(self, players: list[str]) -> Any:
        """The kept games of the player and game chosen."""
        d, t = self.dom, self.catalog.text
        heading = d.el("h2", t("stats.kept"), id="kept-heading")
        if not players:
            return d.el("section", None, heading, d.el("p", t("stats.no_kept"), class_="help"))
        player = self.choice("player", players, players[0])
        games: dict[str, KeptGame] = {}
        for game in self.stored.kept:
            if game.names and player in game.names and game.number:
                games.setdefault(rules_key(game.rules), game)
        choices = [(k, rules_label(self.catalog, g.rules)) for k, g in games.items()]
        key = self.choice("kept-game", list(games), next(iter(games), ""))
        filters = d.el(
            "div",
            None,
            select(d, t("stats.player"), "player", [(p, p) for p in players], player),
            select(d, t("stats.game"), "kept-game", choices, key),
            class_="filters",
        )
        parts = [heading, filters]
        if key in games:
            rules = games[key].rules
            shown = [g for g in self.stored.kept if rules_key(g.rules) == key]
            body, charts = figures_part(
                d, self.catalog, figures(of_named(shown, player), rules), rules, "kept", player
            )
            self.charts += charts
            parts.append(body)
        return d.el("section", None, *parts, aria_labelledby="kept-heading")

    def file_part(self, has_entries: bool) -> Any:
        """Export every entry as one file; import such a file."""
        d, t = self.dom, self.catalog.text
        file_input = d.el(
            "input",
            None,
            type="file",
            accept=".json,application/json",
            data_import="",
            class_="file",
        )
        return d.el(
            "section",
            None,
            d.el("h2", t("stats.file"), id="file-heading"),
            d.el("p", t("stats.file_help"), class_="help"),
            d.el(
                "div",
                None,
                d.el(
                    "button",
                    t("stats.export"),
                    type="button",
                    data_action="export",
                    disabled=not has_entries,
                ),
                d.el("label", None, t("stats.import"), file_input, class_="button-like"),
                class_="buttons",
            ),
            aria_labelledby="file-heading",
        )

    def choice(self, name: str, values: list[str], default: str) -> str:
        """The value chosen for filter ``name`` if it is still offered, else ``default``."""
        value = self.chosen.get(name)
        return value if value in values else default

    def charts_json(self) -> str:
        """The plots of the page as drawn last, for stats.js."""
        return json.dumps([chart.data() for chart in self.charts], ensure_ascii=False)

    # -- events -----------------------------------------------------------------------------

    def on(self, kind: str, event: Any) -> None:
        """One event on the page's root (``change`` or ``click``)."""
        target = event.target
        if kind == "change":
            name = attribute(target, "data-filter")
            if name:
                self.chosen[name] = str(target.value)
                self.draw()
                self.focus(f"#filter-{name}")
        elif kind == "click":
            button = target.closest("[data-action]") if target else None
            if button and attribute(button, "data-action") == "export":
                self.export()

    def focus(self, selector: str) -> None:
        """Put the keyboard focus on the first element ``selector`` finds, if any."""
        node = self.root.querySelector(selector)
        if node:
            node.focus()

    def export(self) -> None:
        """Download every entry as one statistics file."""
        data = file_data(self.stored.ordered())
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        download(self.window, text, "barbu-stats.json")

    def import_text(self, text: str) -> None:
        """A statistics file read from disk: its entries are added (those the engine refuses are
        kept aside); a file that is not one changes nothing and says why."""
        self.notes = []
        try:
            items = file_entries(load_json(str(text)))
        except (JsonRefused, StatsRefused):
            self.alerts = [self.catalog.text("stats.import_failed"), *self.standing_alerts()]
            self.draw()
            self.focus('[role="alert"]')
            return
        added = refused = 0
        stamp = self.now()
        for item in items:
            try:
                entry = read_entry(item)
            except StatsRefused:
                refused += 1
                self.store.keep_aside(self.stored, json.dumps(item), stamp)
                continue
            self.store.add(self.stored, entry)
            added += 1
        self.alerts = self.standing_alerts()
        self.notes = [self.catalog.text("stats.imported", added=added, refused=refused)]
        self.draw()
        self.focus('[role="status"]')


def start(
    root: Any, lang: str, catalog_text: str, database: Any, entries_json: str, readable: bool
) -> StatsPage:
    """Draw the statistics in ``root`` (stats.js then draws the plots and marks the page
    ready, ``html.ready``)."""
    import js  # the page's JavaScript globals (Pyodide)

    window = js.window
    catalog = Catalog.from_json(str(lang), str(catalog_text))
    pairs = [(str(k), str(v)) for k, v in json.loads(str(entries_json))]
    page = StatsPage(window, root, catalog, local_storage(window), database, pairs)
    if not readable:  # no IndexedDB, or the browser refuses it
        page.unstored = True
        page.alerts = page.standing_alerts()
    for reason in page.stored.refused:
        window.console.warn(f"Barbu statistics: an entry was set aside: {reason}")
    page.draw()
    return page
