"""A friend's side of a friends' table, before and around the game: the invitation read, the name
asked, the reply to send back, then the seats and each deal's check (``JoinPanel``).

One screen per stage, each saying in one sentence what to do: ``reading`` (the invitation is
read), ``invited`` (who invites, the game, the seat; the friend's name and Join), ``replying``
(the reply's link and code, copy, share, QR; waiting for the host), ``playing`` (the table is
below: the panel keeps the last deal's check), ``lost`` (the host is gone: ask for a new
invitation), ``error`` (a damaged or stale invitation: nothing else happens).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from web.components.dom import Dom
from web.components.trick import POSITIONS
from web.languages.i18n import Catalog
from web.languages.presets import preset_words
from web.model.settings import NAME_LIMIT

__all__ = ["JoinPanel", "JoinProps", "join_panel"]


@dataclass(frozen=True)
class JoinProps:
    """What the friend's page shows of the friends' table."""

    stage: str
    host: str = ""
    rules: str = ""
    """The game's preset id (``barbu.presets``)."""
    options: int = 0
    """How many of its options differ from the preset's."""
    seat: int = 0
    name: str = ""
    reply_url: str = ""
    reply_code: str = ""
    error: str | None = None
    """What is wrong (a catalog key)."""
    verified: bool | None = None
    """The last finished deal's check (None before the first)."""
    reason: str = ""
    checked: int = 0
    """The number of the deal checked (``data-verified-deal``)."""


def game_name(catalog: Catalog, props: JoinProps) -> str:
    """The game the host chose, as the header names it."""
    game = catalog.text(preset_words(props.rules).label)
    if props.options:
        game = catalog.plural("rules.with_options", props.options, rules=game)
    return game


def join_panel(d: Dom, catalog: Catalog, props: JoinProps) -> list[Any]:
    """The panel's nodes for its stage."""
    t = catalog.text
    if props.stage == "reading":
        return [d.el("p", t("friends.making"), role="status")]
    if props.stage in ("error", "lost"):
        key = props.error or "friends.lost"
        return [
            d.el("h2", t("friends.join_title"), id="friends-heading"),
            d.el("p", t(key), role="alert", class_="field-error"),
        ]
    if props.stage == "invited":
        return invited(d, catalog, props)
    if props.stage == "replying":
        return replying(d, catalog, props)
    return playing(d, catalog, props)


def invited(d: Dom, catalog: Catalog, props: JoinProps) -> list[Any]:
    """Who invites, the game, the seat; the name; Join."""
    t = catalog.text
    where = t(f"friends.seat.{POSITIONS[props.seat]}")
    return [
        d.el("h2", t("friends.join_title"), id="friends-heading"),
        d.el(
            "p",
            t("friends.invited_by", host=props.host, game=game_name(catalog, props), seat=where),
        ),
        d.el("label", t("friends.name_label"), for_="friend-name"),
        d.el(
            "input",
            None,
            id="friend-name",
            type="text",
            maxlength=str(NAME_LIMIT),
            autocomplete="nickname",
            value=props.name,
            data_friend_name=True,
        ),
        d.el("button", t("friends.join"), type="button", class_="action", data_action="join"),
        *([d.el("p", t(props.error), role="alert", class_="field-error")] if props.error else []),
    ]


def replying(d: Dom, catalog: Catalog, props: JoinProps) -> list[Any]:
    """The reply to send back, and that the page waits for the host."""
    t = catalog.text
    return [
        d.el("h2", t("friends.reply_title"), id="friends-heading"),
        d.el("p", t("friends.reply_explain", host=props.host)),
        d.el("label", t("friends.reply_link_label"), for_="reply-url"),
        d.el(
            "input",
            None,
            id="reply-url",
            readonly=True,
            value=props.reply_url,
            class_="invite-url",
            data_reply_url=props.reply_url,
        ),
        d.el(
            "div",
            None,
            d.el(
                "button",
                t("friends.copy"),
                type="button",
                class_="action",
                data_action="reply-copy",
            ),
            d.el(
                "button",
                t("friends.share"),
                type="button",
                class_="quiet",
                data_action="reply-share",
            ),
            class_="friend-buttons",
        ),
        d.el("label", t("friends.reply_code_label"), for_="reply-code"),
        d.el(
            "textarea",
            props.reply_code,
            id="reply-code",
            readonly=True,
            rows="3",
            class_="reply-code",
            data_reply_code=props.reply_code,
        ),
        d.el(
            "details",
            None,
            d.el("summary", t("friends.qr")),
            d.el("div", None, class_="qr", data_qr="reply"),
        ),
        d.el("p", t("friends.waiting_host"), role="status", class_="friend-note"),
    ]


def playing(d: Dom, catalog: Catalog, props: JoinProps) -> list[Any]:
    """Above the friend's table: the last deal's check, once a deal has ended."""
    t = catalog.text
    if props.verified is None:
        return []
    text = (
        t("friends.verified.true")
        if props.verified
        else t("friends.verified.false", reason=props.reason)
    )
    role = "status" if props.verified else "alert"
    return [
        d.el(
            "p",
            text,
            class_="deal-check ok" if props.verified else "deal-check failed",
            role=role,
            data_deal_verified="true" if props.verified else "false",
            data_verified_deal=props.checked,
        )
    ]


class JoinPanel:
    """The friend's panel in its container (redrawn when its props change)."""

    def __init__(self, dom: Dom, container: Any) -> None:
        self.dom = dom
        self.container = container
        self.drawn: object = None

    def draw(
        self, catalog: Catalog, props: JoinProps, qr: Callable[[str, str], Any] | None
    ) -> None:
        """Show the panel for ``props``."""
        key = (catalog.lang, props)
        if self.drawn == key:
            return
        self.drawn = key
        nodes = join_panel(self.dom, catalog, props)
        self.container.hidden = not nodes
        self.container.replaceChildren(*nodes)
        box = self.container.querySelector('[data-qr="reply"]')
        if box and qr is not None and props.reply_url:
            box.append(qr(props.reply_url, catalog.text("friends.qr_label")))

    def name(self) -> str:
        """The name typed in the join form."""
        field = self.container.querySelector("[data-friend-name]")
        return str(field.value) if field else ""
