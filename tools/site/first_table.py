"""The first visit's table, drawn at build time: a few first deals, in each language, as the page
would draw them, put in index.html as ``<script type="text/html">`` data blocks.

A first visit (no save, no address asking for a session) shows one of them at once, picked at
random by web/runtime/first-table.js, while Python downloads behind it. Each is drawn by the
page's own table view (``web.table.view.TableView``) and regions, into a
``web.components.plain_dom.Document`` instead of the browser's, from the engine's view of a new
session of that seed with the state the page starts with: what Python draws when it takes over
is the same markup. The seeds are ones where the player declares first, so that there is
something to do at once: open the contract menu and choose (a contract with a trump suit or a
starting rank shows that row: its centre is drawn too, ``data-picking``). A choice made there is
answered at once, before Python is up: the words saying that the game is starting, and the
download's label, travel with each table (``data-starting``, ``data-progress-label``), since the
catalog may still be on its way.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

from barbu.presets import STANDARD
from web.components.dom import Dom
from web.components.plain_dom import Document, Element
from web.game.engine import Game
from web.languages.i18n import SUPPORTED, Catalog
from web.model.seats import HUMAN
from web.model.settings import Settings
from web.model.state import UiState
from web.table.centre import centre
from web.table.header import header
from web.table.props import table_props
from web.table.table_state import TableState
from web.table.view import TableView

ROOT = Path(__file__).resolve().parents[2]
COUNT = 4
"""How many first deals the build draws (per language)."""
SEED_SOURCE = "barbu first tables"
"""Seeds the candidate seeds' generator, so that the build stays deterministic."""
MARK = "<!-- first tables -->"
"""Where index.html takes the templates (the build replaces this comment)."""


def first_seeds(count: int = COUNT) -> list[int]:
    """``count`` seeds, as a new session's would be, whose first deal the player declares."""
    chooser = random.Random(SEED_SOURCE)
    seeds: list[int] = []
    while len(seeds) < count:
        seed = chooser.randrange(1, 1_000_000)
        if Game.new(seed, STANDARD).to_move == HUMAN and seed not in seeds:
            seeds.append(seed)
    return seeds


def load_catalog(lang: str) -> Catalog:
    """The game's catalog of ``lang``, as the game's rules word it."""
    path = ROOT / "web" / "languages" / "catalogs" / f"{lang}.json"
    base = Catalog.from_json(lang, path.read_text(encoding="utf-8"))
    return base.for_rules(STANDARD.name)


def skeleton() -> tuple[Element, Element]:
    """``<main id="table">`` as index.html has it (inside a body), and that body."""
    d = Dom(Document())
    main = d.el(
        "main",
        None,
        d.el(
            "header",
            None,
            d.el("h1", None, id="table-title"),
            d.el("div", None, id="table-meta"),
            class_="table-header",
        ),
        d.el("section", None, id="hand", class_="hand", aria_labelledby="hand-heading"),
        id="table",
    )
    return main, d.el("body", None, main)


@dataclass(frozen=True)
class FirstTable:
    """One first deal drawn in one language: the table's markup, and the centre's while the
    player names a trump suit or a starting rank, by contract."""

    lang: str
    seed: int
    table: str
    picking: tuple[tuple[str, str], ...]
    starting: str
    """What the page says once the player has chosen, while Python starts."""
    progress: str
    """The download progress bar's label."""

    def templates(self) -> str:
        """The deal's markup as ``<script type="text/html">`` data blocks: the browser only scans
        their text (parsing the 48 of a build as ``<template>`` DOM cost some 0.3 s of a phone's
        main thread before the first paint); web/runtime/first-table.js parses the one shown."""
        attributes = f'data-first-table lang="{self.lang}" data-seed="{self.seed}"'
        words = (
            f' data-starting="{escape(self.starting)}"'
            f' data-progress-label="{escape(self.progress)}"'
        )
        parts = [data_block(attributes + words, self.table)]
        parts += [
            data_block(f'{attributes} data-picking="{contract}"', html)
            for contract, html in self.picking
        ]
        return "\n".join(parts)


def data_block(attributes: str, html: str) -> str:
    """A ``<script type="text/html">`` holding ``html`` (which must not end it early)."""
    if re.search(r"</script|<!--|<script", html, re.I):
        raise ValueError("a first table's markup cannot be held in a script element")
    return f'<script type="text/html" {attributes}>{html}</script>'


def state(seed: int, catalog: Catalog, ui: UiState) -> TableState:
    """The table state a new session starts with (``PageController.table_state``): default
    names and settings, no worker yet, the address without a query."""
    t = catalog.text
    return TableState(
        ui=ui,
        names=(t("player.you"), t("player.1"), t("player.2"), t("player.3")),
        seed=seed,
        query="",
        lang=catalog.lang,
        settings=Settings(),
    )


def draw(seed: int, catalog: Catalog) -> FirstTable:
    """The first deal of ``seed`` drawn in ``catalog``'s language."""
    main, body = skeleton()
    game = Game.new(seed, STANDARD)
    view = game.view()
    table = TableView(Document(body), catalog)
    table.build()
    d = table.dom
    title, meta = body.querySelector("#table-title"), body.querySelector("#table-meta")
    assert title is not None and meta is not None
    title.textContent = catalog.text("app.title")
    meta.replaceChildren(*header(d, catalog, game.rules, seed, "", level=Settings().level))
    # The page's own draw(); the scores at once (the page draws them in a later task, and
    # scrolls the diagram after a layout: nothing to scroll in a built page).
    table.scores_later = table.draw_scores  # type: ignore[method-assign]
    table.keep_in_view = lambda x: None  # type: ignore[method-assign]
    table.draw(table_props(view, state(seed, catalog, UiState())))
    picking = []
    for crules in game.rules.contracts:
        if crules.has_trump or crules.names_rank:
            ui = UiState().pick(crules.contract)
            centre_props = table_props(view, state(seed, catalog, ui)).centre
            box = d.el("div")
            TableView.fill(box, centre(d, catalog, centre_props))
            picking.append((crules.contract.value, inner(box)))
    t = catalog.text
    return FirstTable(
        catalog.lang,
        seed,
        inner(main),
        tuple(picking),
        t("boot.first_choice"),
        t("boot.progress"),
    )


def inner(node: Element) -> str:
    """An element's children as HTML text."""
    html = node.html()
    return html[html.index(">") + 1 : html.rindex("<")]


def first_tables(seeds: list[int] | None = None) -> list[FirstTable]:
    """Every first table: each seed in each language."""
    tables = []
    for lang in SUPPORTED:
        catalog = load_catalog(lang)
        tables += [draw(seed, catalog) for seed in seeds or first_seeds()]
    return tables


def with_first_tables(page: str, tables: list[FirstTable]) -> str:
    """index.html's text with the templates in place of its mark."""
    if page.count(MARK) != 1:
        raise ValueError(f"index.html must carry {MARK!r} once, where the first tables go")
    return page.replace(MARK, "\n".join(t.templates() for t in tables))
