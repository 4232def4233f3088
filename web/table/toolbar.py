"""The toolbar: Take back, Hint, Last trick, Scores, Menu."""

from __future__ import annotations

from typing import Any

from web.components.dom import Dom
from web.languages.i18n import Catalog
from web.table.content import Content
from web.table.toolbar_props import ToolbarProps

HINT_TITLES = {
    "ready": "toolbar.hint_title",
    "waiting": "toolbar.hint_title",
    "idle": "toolbar.hint_idle",
    "off": "toolbar.hint_starting",
}
"""What the Hint button's tooltip says in each state."""


def toolbar(d: Dom, catalog: Catalog, props: ToolbarProps) -> Content:
    """The toolbar's buttons; Hint kept in place between turns (the toolbar never moves)."""
    t = catalog.text
    tools = [] if props.take_back is None else [take_back_button(d, catalog, props.take_back)]
    tools += [] if props.hint is None else [hint_button(d, catalog, props)]
    return Content(
        (
            *tools,
            d.el(
                "button",
                t("toolbar.last_trick"),
                type="button",
                class_="tool",
                data_action="last-trick",
                aria_pressed="true" if props.last_trick_open else "false",
                disabled=not props.has_trick,
            ),
            d.el("a", t("toolbar.scores"), href="#scores", class_="tool"),
            d.el(
                "button",
                t("toolbar.menu"),
                type="button",
                class_="tool",
                data_action="menu",
                aria_expanded="true" if props.menu_open else "false",
                aria_controls="menu-panel",
            ),
        )
    )


def take_back_button(d: Dom, catalog: Catalog, enabled: bool) -> Any:
    """Take back: the player's last decision against the computer players (the session is then
    marked as practised, which the tooltip says)."""
    t = catalog.text
    return d.el(
        "button",
        None,
        d.el("span", "↶", class_="tool-icon", aria_hidden="true"),
        d.el("span", t("toolbar.undo"), class_="tool-label"),
        type="button",
        class_="tool",
        data_action="undo",
        title=t("toolbar.undo_title"),
        disabled=not enabled,
    )


def hint_button(d: Dom, catalog: Catalog, props: ToolbarProps) -> Any:
    """Hint; "Hint…" while the expert thinks or is still starting (the grey says why): the dots
    sit in the button's padding, the toolbar keeps its width."""
    t, hint = catalog.text, props.hint
    assert hint is not None
    return d.el(
        "button",
        None,
        d.el(
            "span",
            t("toolbar.hint"),
            d.el("span", "…", class_="busy-dots", aria_hidden="true"),
            class_="tool-label",
        ),
        type="button",
        class_="tool",
        data_action="hint",
        title=t(HINT_TITLES[hint]),
        # not disabled: a tap on it while it waits says why (in the hint line)
        aria_disabled=None if hint == "ready" else "true",
        aria_busy="true" if hint in ("waiting", "off") else None,
    )
