"""The menu: settings, a new session (name, seed, game and its options), the record, the
previous session; the language list it shares with the header; the notes the menu's buttons
leave beside themselves."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from barbu.presets import REGISTRY, Preset
from barbu.rules import Rules
from web.components.dom import Dom
from web.components.trick import POSITIONS
from web.languages.i18n import Catalog, shown
from web.languages.presets import OPTIONS_HEADING, option_label, preset_words, value_labels
from web.model.friends import FRIEND_WAITS
from web.model.settings import LEVELS, SPEEDS
from web.table.content import Content
from web.table.menu_props import LanguageLink, MenuProps


def menu(d: Dom, catalog: Catalog, props: MenuProps) -> Content:
    """The menu's content."""
    t = catalog.text
    section = preset_words(props.rules.name).section
    rules_link = d.el(
        "a",
        t("menu.rules"),
        href=f"./rules/{catalog.lang}/#{section}",
        target="_blank",
        rel="noopener",
        id="menu-rules",
    )
    keeper_link = d.el(
        "a", t("menu.keeper"), href=f"./keeper/?lang={catalog.lang}", id="menu-keeper"
    )
    stats_link = d.el("a", t("menu.stats"), href=f"./stats/?lang={catalog.lang}", id="menu-stats")
    parts = [
        d.el("h2", t("menu.title"), id="menu-heading"),
        d.el("p", None, rules_link, class_="menu-rules"),
        d.el("p", None, keeper_link, class_="menu-rules"),
        d.el("p", None, stats_link, class_="menu-rules"),
        settings_fields(d, catalog, props),
        new_session_fields(d, catalog, props),
        friends_fields(d, catalog, props),
        record_fields(d, catalog),
    ]
    if props.previous_seed is not None:
        parts.append(
            d.el(
                "fieldset",
                None,
                d.el("legend", t("menu.previous_title")),
                d.el(
                    "button",
                    t("menu.previous", seed=props.previous_seed),
                    type="button",
                    class_="quiet",
                    data_action="resume-previous",
                ),
                d.el(
                    "button",
                    t("menu.previous_replay"),
                    type="button",
                    class_="quiet",
                    data_action="replay-previous",
                ),
            )
        )
    parts.append(d.el("button", t("menu.close"), type="button", class_="quiet", data_action="menu"))
    return Content(tuple(parts))


def settings_fields(d: Dom, catalog: Catalog, props: MenuProps) -> Any:
    """Speed, level, auto-play, hints, sounds, language."""
    t, s = catalog.text, props.settings
    return d.el(
        "fieldset",
        None,
        d.el("legend", t("menu.settings")),
        d.el("label", t("menu.speed"), for_="setting-speed"),
        select(d, catalog, "speed", SPEEDS, s.speed, "speed"),
        d.el("label", t("menu.level"), for_="setting-level"),
        select(d, catalog, "level", LEVELS, s.level, "level"),
        check(d, catalog, "autoplay", s.autoplay),
        check(d, catalog, "hints", s.hints),
        check(d, catalog, "sound", s.sound),
        d.el(
            "div",
            None,
            d.el("span", t("table.language"), id="menu-languages"),
            language_list(d, props.languages),
            role="group",
            aria_labelledby="menu-languages",
            class_="menu-languages",
        ),
        class_="settings",
    )


def select(
    d: Dom, catalog: Catalog, name: str, options: Sequence[str], current: str, prefix: str
) -> Any:
    """A setting chosen from a list."""
    node = d.el("select", None, id=f"setting-{name}", data_setting=name)
    for value in options:
        node.append(
            d.el(
                "option",
                catalog.text(f"{prefix}.{value}"),
                value=value,
                selected=value == current,
            )
        )
    return node


def check(d: Dom, catalog: Catalog, name: str, checked: bool) -> Any:
    """A yes-or-no setting, with its label."""
    box = d.el(
        "input",
        None,
        type="checkbox",
        id=f"setting-{name}",
        data_setting=name,
        checked=checked,
    )
    label = d.el("label", catalog.text(f"menu.{name}"), for_=f"setting-{name}")
    return d.el("div", None, box, label, class_="check")


def new_session_fields(d: Dom, catalog: Catalog, props: MenuProps) -> Any:
    """The player's name, a seed, the game, and Start."""
    t = catalog.text
    return d.el(
        "fieldset",
        None,
        d.el("legend", t("menu.new_title")),
        d.el("label", t("menu.name"), for_="new-name"),
        d.el(
            "input",
            None,
            id="new-name",
            type="text",
            maxlength="24",
            autocomplete="nickname",
            value=props.name,
        ),
        d.el("label", t("menu.seed"), for_="new-seed"),
        d.el(
            "input",
            None,
            id="new-seed",
            type="text",
            inputmode="numeric",
            placeholder=t("menu.seed_placeholder"),
        ),
        game_choice(d, catalog, props.rules),
        d.el("button", t("menu.start"), type="button", class_="action", data_action="start-new"),
        class_="new-session",
    )


def friends_fields(d: Dom, catalog: Catalog, props: MenuProps) -> Any:
    """Play with friends: the game above, which seats friends take, how long a dropped friend's
    seat waits for a computer player, and whether the friends are on this network only."""
    t = catalog.text
    seats = []
    for seat in (1, 2, 3):
        box = d.el(
            "input",
            None,
            type="checkbox",
            id=f"friend-seat-{seat}",
            name="friend-seat",
            value=str(seat),
            checked=seat in props.friend_seats,
        )
        label = d.el("label", t(f"seat.where.{POSITIONS[seat]}"), for_=f"friend-seat-{seat}")
        seats.append(d.el("div", None, box, label, class_="check"))
    wait = d.el("select", None, id="friends-wait")
    for seconds in FRIEND_WAITS:
        wait.append(
            d.el(
                "option",
                t("friends.wait_s", seconds=seconds),
                value=str(seconds),
                selected=(seconds == 60),
            )
        )
    local = d.el("input", None, type="checkbox", id="friends-local")
    return d.el(
        "fieldset",
        None,
        d.el("legend", t("friends.title")),
        d.el("p", t("friends.menu_explain"), class_="menu-note"),
        d.el(
            "div", None, *seats, role="group", aria_label=t("friends.seats"), class_="friend-seats"
        ),
        d.el("label", t("friends.wait"), for_="friends-wait"),
        wait,
        d.el(
            "div",
            None,
            local,
            d.el("label", t("friends.local"), for_="friends-local"),
            class_="check",
        ),
        d.el("button", t("friends.host"), type="button", class_="action", data_action="host-table"),
        class_="friends-form",
    )


def record_fields(d: Dom, catalog: Catalog) -> Any:
    """Export and import the session's record."""
    t = catalog.text
    return d.el(
        "fieldset",
        None,
        d.el("legend", t("menu.record")),
        d.el("button", t("menu.export"), type="button", class_="quiet", data_action="export"),
        d.el(
            "label",
            None,
            d.el("span", t("menu.import")),
            d.el(
                "input",
                None,
                type="file",
                accept=".json,application/json",
                id="import-file",
                data_setting="import",
                class_="file",
            ),
            class_="quiet file-label",
        ),
        class_="record",
    )


def game_choice(d: Dom, catalog: Catalog, rules: Rules) -> Any:
    """The games of RULES.md §7 (``barbu.presets.REGISTRY``), a line each, and each game's
    options (``data-options-for``, shown while that game is chosen); the current session's
    game comes chosen with its options."""
    t = catalog.text
    games = []
    for entry in REGISTRY.values():
        name = entry.name
        words = preset_words(name)
        radio = d.el(
            "input",
            None,
            type="radio",
            name="new-rules",
            value=name,
            id=f"new-rules-{name}",
            data_setting="new-rules",
            checked=name == rules.name,
            aria_describedby=f"new-rules-{name}-about",
        )
        games.append(
            d.el(
                "div",
                None,
                radio,
                d.el("label", t(words.label), for_=f"new-rules-{name}"),
                d.el("p", t(words.about), id=f"new-rules-{name}-about", class_="about"),
                class_="game-choice",
            )
        )
    return d.el(
        "fieldset",
        None,
        d.el("legend", t("menu.game")),
        *games,
        *(option_fields(d, catalog, e, rules) for e in REGISTRY.values() if e.options),
        class_="games",
    )


def option_fields(d: Dom, catalog: Catalog, entry: Preset[Any], rules: Rules) -> Any:
    """A game's options as its schema lists them: a check box for a yes-or-no one, else a
    list of its values; set as ``rules`` has them when it is that game."""
    t = catalog.text
    chosen = dict(rules.options) if rules.name == entry.name else {}
    fields = []
    for option in entry.options:
        current = chosen.get(option.name, option.default)
        field = f"new-option-{entry.name}-{option.name}"
        if option.type == "bool":
            box = d.el(
                "input",
                None,
                type="checkbox",
                id=field,
                data_option=option.name,
                checked=bool(current),
            )
            label = d.el("label", t(option_label(option)), for_=field)
            fields.append(d.el("div", None, box, label, class_="check"))
            continue
        choice = d.el("select", None, id=field, data_option=option.name)
        labels = value_labels(option)
        for index, value in enumerate(option.values):
            words = t(labels[index]) if labels else str(shown(value))
            choice.append(d.el("option", words, value=json.dumps(value), selected=value == current))
        fields.append(d.el("label", t(option_label(option)), for_=field))
        fields.append(choice)
    return d.el(
        "fieldset",
        None,
        d.el("legend", t(OPTIONS_HEADING)),
        *fields,
        id=f"options-{entry.name}",
        data_options_for=entry.name,
        class_="options",
        hidden=rules.name != entry.name,
    )


def language_list(d: Dom, languages: Sequence[LanguageLink]) -> Any:
    """The languages as a list of links to this session in each (the current one marked, not a
    link); a click on one is remembered by the boot loader (``data-lang``)."""
    items = []
    for link in languages:
        if link.href is None:
            item = d.el("span", link.name, lang=link.lang, aria_current="true")
        else:
            lang = link.lang
            item = d.el("a", link.name, href=link.href, hreflang=lang, lang=lang, data_lang=lang)
        items.append(d.el("li", None, item))
    return d.el("ul", None, *items, class_="languages")


def confirm_new(d: Dom, catalog: Catalog) -> Any:
    """The question asked beside Start before a session under way is replaced."""
    t = catalog.text
    return d.el(
        "div",
        None,
        d.el("p", t("menu.confirm_new")),
        d.el(
            "button",
            t("menu.confirm_new_yes"),
            type="button",
            class_="action",
            data_action="start-new-confirmed",
        ),
        d.el(
            "button",
            t("menu.confirm_new_no"),
            type="button",
            class_="quiet",
            data_action="start-new-cancel",
        ),
        id="confirm-new",
        class_="confirm",
        role="alert",
    )


def field_error(d: Dom, field: str, text: str) -> Any:
    """What is wrong with a menu field, said beside it."""
    return d.el("p", text, id=f"{field}-error", class_="field-error", role="alert")


def note(d: Dom, action: str, text: str) -> Any:
    """A result shown beside the button that produced it (the export's file name)."""
    return d.el("p", text, class_="menu-note", role="status", data_note=action)
