"""The page's header: the game played (its options counted), the session's seed as a link to it,
the computer players' level, and the language switch."""

from __future__ import annotations

from typing import Any

from barbu.rules import Rules
from web.components.dom import Dom
from web.languages.i18n import Catalog
from web.languages.presets import preset_words
from web.model.settings import page_query
from web.table.menu import language_list
from web.table.menu_props import language_links

__all__ = ["header"]


def header(
    d: Dom,
    catalog: Catalog,
    rules: Rules,
    seed: int | None,
    query: str,
    practised: bool = False,
    level: str | None = None,
) -> list[Any]:
    """The header's items: the game (``#game-rules``, ``data-rules``), the seed (``#seed``), the
    computer players' level if given (``#game-level``, ``data-level``), a practice mark once the
    player took a decision back (``[data-practised]``) and the language switch (``#language``).
    A friends' table has no seed and no language switch (a reload would leave the table): "with
    friends" stands in their place."""
    t = catalog.text
    game = t(preset_words(rules.name).label)
    if rules.options:
        game = catalog.plural("rules.with_options", len(rules.options), rules=game)
    seed_link = d.el(
        "a",
        t("table.seed", seed=seed),
        href=page_query(seed, catalog.lang, rules=rules.name),
        title=t("table.seed_link"),
        data_seed=seed,
        id="seed",
    )
    language = d.el(
        "details",
        None,
        d.el(
            "summary",
            None,
            d.el("span", f"{t('table.language')}: ", class_="sr-only"),
            catalog.lang.upper(),
            title=t("table.language"),
        ),
        language_list(d, language_links(seed, catalog.lang, query, rules.name)),
        id="language",
    )
    mark = d.el(
        "span",
        t("table.practised"),
        class_="practised",
        title=t("table.practised_title"),
        data_practised="",
    )
    if seed is None:  # a friends' table: its deals come from no seed, and a reload leaves it
        friends = d.el("span", t("friends.header"), id="seed", class_="friends-mark")
        return [d.el("span", game, id="game-rules", data_rules=rules.name), friends]
    items = [d.el("span", game, id="game-rules", data_rules=rules.name), seed_link]
    if level is not None:
        words = t("table.level", level=t(f"level.{level}"))
        items.append(d.el("span", words, id="game-level", data_level=level))
    return [*items, mark, language] if practised else [*items, language]
