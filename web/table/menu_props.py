"""The menu's props: the settings, a new session, the record, the previous session, the
languages (``web.table.menu`` draws them; the header's language list is ``language_links`` too)."""

from __future__ import annotations

from dataclasses import dataclass

from barbu import Rules, SessionView
from web.languages.i18n import NAMES, SUPPORTED
from web.model.friends import friend_seats
from web.model.settings import Settings, page_query, query_values
from web.table.table_state import TableState

__all__ = ["LanguageLink", "MenuProps", "language_links", "menu_props"]


@dataclass(frozen=True)
class LanguageLink:
    """A language of the language lists: a link to this session in it (None: the current
    one)."""

    lang: str
    name: str
    href: str | None


@dataclass(frozen=True)
class MenuProps:
    """The menu: settings, a new session, the record, the previous session."""

    settings: Settings
    name: str
    rules: Rules
    previous_seed: int | None
    languages: tuple[LanguageLink, ...]
    friend_seats: tuple[int, ...] = ()
    """The seats "play with friends" offers ticked (``?friends=1,2``)."""


def menu_props(view: SessionView, state: TableState) -> MenuProps:
    """The menu."""
    rules = view.deal.rules
    return MenuProps(
        state.settings,
        state.names[state.seat],
        rules,
        state.previous_seed,
        language_links(state.seed, state.lang, state.query, rules.name),
        friend_seats(query_values(state.query).get("friends", "")),
    )


def language_links(
    seed: int | None, current: str, query: str, rules: str
) -> tuple[LanguageLink, ...]:
    """The four languages, each a link to this session in it (the current one not a link)."""
    return tuple(
        LanguageLink(
            lang, NAMES[lang], None if lang == current else page_query(seed, lang, query, rules)
        )
        for lang in SUPPORTED
    )
