"""The score keeper's header, its kept games and the form of a new game (the game chosen as in
the game's menu, ``web.table.menu.game_choice``; the players' names; who declares first; a
stake per point), and the record's import and export.

Components: values and the catalog in, nodes out. Hooks: ``input[type=file][data-import]``
(kept stable: tests outside the repository use it), ``data-action``, ``data-game``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from barbu.keeper import NAME_LIMIT, KeptGame
from barbu.presets import STANDARD
from web.components.dom import Dom
from web.components.page_header import page_header
from web.languages.i18n import Catalog
from web.languages.presets import preset_words
from web.table.menu import game_choice


def header(d: Dom, catalog: Catalog) -> Any:
    """The site's header: the game, the keeper's title, the languages, the rules, the
    statistics."""
    t, lang = catalog.text, catalog.lang
    links = [
        (t("menu.rules"), f"../rules/{lang}/"),
        (t("stats.title"), f"../stats/?lang={lang}"),
    ]
    return page_header(d, catalog, t("keeper.title"), links, "rules-header keeper-header no-print")


def rules_words(catalog: Catalog, game: KeptGame) -> str:
    """The game a kept game follows: its preset's name, with how many options it changes."""
    rules = catalog.text(preset_words(game.rules.name).label)
    if game.rules.options:
        rules = catalog.plural("rules.with_options", len(game.rules.options), rules=rules)
    return rules


def game_title(catalog: Catalog, game: KeptGame, names: Sequence[str]) -> str:
    """A kept game in a line: its rules, players and progress."""
    return catalog.text(
        "keeper.game_line",
        rules=rules_words(catalog, game),
        names=", ".join(names),
        count=game.number,
        deals=game.rules.deals,
    )


def games_panel(
    d: Dom,
    catalog: Catalog,
    games: Mapping[str, tuple[KeptGame, Sequence[str]]],
    current: str | None,
    names: Sequence[str],
    notices: Sequence[str],
    deleting: str | None = None,
) -> Any:
    """The kept games (one to open, the current one marked, each to delete after a second
    click), a new game, import and export."""
    t = catalog.text
    items = [
        kept_game(d, catalog, key, game, shown, key == current, key == deleting)
        for key, (game, shown) in games.items()
    ]
    kept = d.el("ul", None, *items, class_="kept-games") if items else None
    return d.el(
        "section",
        None,
        *(d.el("p", text, class_="keeper-notice", role="status") for text in notices),
        d.el("h2", t("keeper.games"), id="games-heading", tabindex="-1"),
        kept or d.el("p", t("keeper.no_game")),
        new_game(d, catalog, names, open_=not games),
        record_tools(d, catalog, current is not None),
        class_="games-panel no-print",
        aria_labelledby="games-heading",
    )


def kept_game(
    d: Dom,
    catalog: Catalog,
    key: str,
    game: KeptGame,
    names: Sequence[str],
    here: bool,
    deleting: bool,
) -> Any:
    """One kept game: open it; delete it (a second button confirms)."""
    t = catalog.text
    title = game_title(catalog, game, names)
    if deleting:
        actions = [
            d.el(
                "button",
                t("keeper.delete_confirm"),
                type="button",
                class_="quiet danger",
                data_action="delete-confirm",
                data_game=key,
            ),
            d.el(
                "button",
                t("keeper.delete_keep"),
                type="button",
                class_="quiet",
                data_action="delete-cancel",
            ),
        ]
    else:
        actions = [
            d.el(
                "button",
                t("keeper.delete"),
                type="button",
                class_="quiet",
                data_action="delete",
                data_game=key,
                aria_label=t("keeper.delete_game", game=title),
            ),
        ]
    return d.el(
        "li",
        None,
        d.el(
            "button",
            title,
            type="button",
            class_="quiet game-open",
            data_action="open",
            data_game=key,
            aria_current="true" if here else None,
        ),
        *actions,
    )


def new_game(d: Dom, catalog: Catalog, names: Sequence[str], open_: bool) -> Any:
    """The form of a new game: the game and its options, the names, the first declarer, the
    stake."""
    t = catalog.text
    first = d.el("select", None, id="keeper-first")
    for seat in range(4):
        first.append(d.el("option", t("keeper.seat", n=seat + 1), value=str(seat)))
    stake = d.el(
        "input",
        None,
        type="text",
        id="keeper-stake",
        inputmode="decimal",
        autocomplete="off",
        size=6,
        placeholder=f"0{t('keeper.decimal_point')}10",
    )
    form = d.el(
        "form",
        None,
        game_choice(d, catalog, STANDARD),
        name_fields(d, catalog, names, "keeper-name"),
        d.el("p", None, d.el("label", t("keeper.first"), for_="keeper-first"), " ", first),
        d.el("p", None, d.el("label", t("keeper.stake"), for_="keeper-stake"), " ", stake),
        d.el("button", t("keeper.start"), type="submit", class_="primary", data_action="new"),
        id="new-game",
        novalidate=True,
    )
    return d.el(
        "details", None, d.el("summary", t("keeper.new")), form, class_="new-game", open=open_
    )


def name_fields(d: Dom, catalog: Catalog, names: Sequence[str], prefix: str) -> Any:
    """The four players' names, clockwise (fields ``<prefix>-<seat>``)."""
    fields = [
        d.el(
            "label",
            None,
            d.el("span", catalog.text("keeper.seat", n=seat + 1)),
            d.el(
                "input",
                None,
                type="text",
                id=f"{prefix}-{seat}",
                value=names[seat],
                maxlength=NAME_LIMIT,
                autocomplete="off",
                data_name=seat,
            ),
            class_="name-field",
        )
        for seat in range(4)
    ]
    return d.el(
        "fieldset", None, d.el("legend", catalog.text("keeper.names")), *fields, class_="names"
    )


def rename_form(d: Dom, catalog: Catalog, names: Sequence[str]) -> Any:
    """The current game's players' names, to correct."""
    t = catalog.text
    form = d.el(
        "form",
        None,
        name_fields(d, catalog, names, "rename-name"),
        d.el("button", t("keeper.rename"), type="submit", data_action="rename"),
        id="rename",
        novalidate=True,
    )
    return d.el("details", None, d.el("summary", t("keeper.names_edit")), form, class_="no-print")


def record_tools(d: Dom, catalog: Catalog, has_game: bool) -> Any:
    """Import a record (a played session's export as it is, or a kept game's), export the
    current game's, print the sheet."""
    t = catalog.text
    return d.el(
        "div",
        None,
        d.el(
            "label",
            None,
            t("keeper.import"),
            d.el(
                "input",
                None,
                type="file",
                accept=".json,application/json",
                data_import="",
                class_="file",
            ),
            class_="button-like",
        ),
        d.el("button", t("keeper.export"), type="button", data_action="export")
        if has_game
        else None,
        d.el("button", t("keeper.print"), type="button", data_action="print") if has_game else None,
        class_="buttons record-tools",
    )
