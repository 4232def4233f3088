"""Messages that stay until dismissed (an unreadable save, storage refused...)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from web.components.dom import Dom
from web.languages.i18n import Catalog
from web.table.content import Content
from web.table.table_state import Notice


def notices(d: Dom, catalog: Catalog, props: Sequence[Notice]) -> Content:
    """Each notice with its Dismiss button (and Download, for a save kept aside)."""
    return Content(tuple(notice(d, catalog, index, item) for index, item in enumerate(props)))


ACTIONS = {"asked-game": ("start-asked", "notice.asked_start")}
"""The notices that ask something: their kind → the button that says yes (its action and its
catalog key); Dismiss says no."""


def notice(d: Dom, catalog: Catalog, index: int, item: Notice) -> Any:
    """One notice; ``index`` is its place, which its Dismiss button names."""
    t = catalog.text
    buttons = []
    if item.kept:  # a save kept aside: the player can take a copy of it
        buttons.append(
            d.el(
                "button",
                t("notice.download_kept"),
                type="button",
                class_="quiet",
                data_action="download-kept",
                data_key=item.kept,
            )
        )
    if item.kind in ACTIONS:
        action, label = ACTIONS[item.kind]
        yes = d.el("button", t(label), type="button", class_="action", data_action=action)
        buttons.append(yes)
    return d.el(
        "div",
        None,
        d.el("p", item.text),
        *buttons,
        d.el(
            "button",
            t("notice.dismiss"),
            type="button",
            class_="quiet",
            data_action="dismiss-notice",
            data_index=index,
        ),
        class_=f"notice {item.kind}",
        role="alert",
        data_notice=item.kind,
    )
