"""The friends' seats of a table this page hosts: each friend's invitation, the reply field, the
seat's state; drawn above the table (``FriendsPanel``).

Before the first deal the panel is the page's main content: one sentence says what to do, then
one block per friend's seat with its invitation (the link to send, a copy button, the system's
share sheet where there is one, a QR code for a phone in the same room), the field where the
friend's reply goes and its Connect button. Once the game runs, a connected seat shows only its
name and state; a seat that is not connected keeps its invitation (a new one on request), so a
friend who dropped can come back.

Each seat is its own region, redrawn only when its props change, and a reply being typed in a
seat's field is kept across a redraw of that seat with the same invitation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from web.components.dom import Dom
from web.components.trick import POSITIONS
from web.languages.i18n import Catalog
from web.model.friends import FriendSeat, FriendsProps

__all__ = ["FriendsPanel", "friend_seat", "panel_head"]

QrMaker = Callable[[str, str], Any]
"""Draws a QR code of a text, with its label, as an SVG node (``web/runtime/friends.js``)."""


def seat_label(catalog: Catalog, seat: int) -> str:
    """The seat's place at the table, as the seats' own headings say it."""
    return catalog.text(f"seat.where.{POSITIONS[seat]}")


def panel_head(d: Dom, catalog: Catalog, props: FriendsProps) -> list[Any]:
    """The panel's heading and what to do now, in one sentence; before the first deal, the
    button that starts without the friends who have not joined."""
    t = catalog.text
    nodes = [
        d.el("h2", t("friends.title"), id="friends-heading"),
        d.el("p", t("friends.explain_started" if props.started else "friends.explain")),
    ]
    if not props.started:
        nodes.append(
            d.el(
                "button",
                t("friends.start_now"),
                type="button",
                class_="quiet",
                data_action="friends-start",
            )
        )
    return nodes


def friend_seat(d: Dom, catalog: Catalog, props: FriendSeat, started: bool) -> list[Any]:
    """One friend's seat: its heading and state, then its invitation and reply while it is not
    connected."""
    t, s = catalog.text, props.seat
    status = d.el(
        "span",
        t(f"friends.status.{props.status}"),
        class_=f"friend-status {props.status}",
        data_seat_status=props.status,
        data_seat=s,
    )
    heading = d.el("h3", f"{props.name} · {seat_label(catalog, s)} ", status)
    nodes = [heading]
    if props.status != "connected":
        nodes += invitation(d, catalog, props)
    if started or props.status != "invited":
        nodes.append(
            d.el(
                "button",
                t("friends.reinvite"),
                type="button",
                class_="quiet",
                data_action="reinvite",
                data_seat=s,
            )
        )
    return nodes


def invite_link(d: Dom, catalog: Catalog, seat: int, url: str) -> Any:
    """Seat ``seat``'s invitation link, its copy and share buttons and its QR code."""
    t, link_id = catalog.text, f"invite-link-{seat}"
    return d.el(
        "div",
        None,
        d.el("label", t("friends.invite_label"), for_=link_id),
        d.el("input", None, id=link_id, readonly=True, value=url, class_="invite-url"),
        d.el(
            "div",
            None,
            seat_button(d, t("friends.copy"), "action", "invite-copy", seat),
            seat_button(d, t("friends.share"), "quiet", "invite-share", seat),
            class_="friend-buttons",
        ),
        d.el(
            "details",
            None,
            d.el("summary", t("friends.qr")),
            d.el("div", None, class_="qr", data_qr=seat),
        ),
        data_invite=True,
        data_seat=seat,
        data_invite_url=url,
        class_="invite",
    )


def seat_button(d: Dom, text: str, kind: str, action: str, seat: int) -> Any:
    """A button of seat ``seat``'s part of the panel (``data-action``, ``data-seat``)."""
    return d.el("button", text, type="button", class_=kind, data_action=action, data_seat=seat)


def invitation(d: Dom, catalog: Catalog, props: FriendSeat) -> list[Any]:
    """The invitation to send, and the field for the reply that comes back."""
    t, s, inv = catalog.text, props.seat, props.invitation
    nodes: list[Any] = []
    if inv.making or not inv.url:
        nodes.append(d.el("p", t("friends.making"), class_="friend-note"))
    else:
        nodes.append(invite_link(d, catalog, s, inv.url))
    reply_id = f"reply-{s}"
    nodes += [
        d.el("label", t("friends.reply_label"), for_=reply_id),
        d.el(
            "input",
            None,
            id=reply_id,
            type="text",
            autocomplete="off",
            spellcheck="false",
            data_reply_input=True,
            data_seat=s,
        ),
        seat_button(d, t("friends.connect"), "action", "accept-reply", s),
    ]
    if inv.error:
        nodes.append(d.el("p", t(inv.error), class_="field-error", role="alert"))
    elif inv.accepted:
        nodes.append(d.el("p", t("friends.connecting"), class_="friend-note", role="status"))
    return nodes


class FriendsPanel:
    """The panel's container and one region per friend's seat (see the module's docstring)."""

    def __init__(self, dom: Dom, container: Any) -> None:
        self.dom = dom
        self.container = container
        self.head = dom.el("div", None, class_="friends-head")
        self.list = dom.el("div", None, class_="friend-seats")
        container.append(self.head, self.list)
        self.seats: dict[int, Any] = {}
        self.drawn: dict[Any, object] = {}

    def draw(self, catalog: Catalog, props: FriendsProps | None, qr: QrMaker | None) -> None:
        """Show the panel for ``props`` (hide it for None), redrawing only what changed."""
        self.container.hidden = props is None
        if props is None:
            return
        self.container.classList.toggle("started", props.started)
        if self.drawn.get("head") != (catalog.lang, props.started):
            self.drawn["head"] = (catalog.lang, props.started)
            self.head.replaceChildren(*panel_head(self.dom, catalog, props))
        for seat in props.seats:
            self.draw_seat(catalog, seat, props.started, qr)

    def draw_seat(
        self, catalog: Catalog, props: FriendSeat, started: bool, qr: QrMaker | None
    ) -> None:
        """One seat's region, redrawn if its props changed (a reply being typed is kept)."""
        key = (catalog.lang, props, started)
        if self.drawn.get(props.seat) == key:
            return
        node = self.seats.get(props.seat)
        if node is None:
            node = self.dom.el("article", None, class_="friend-seat", data_friend_seat=props.seat)
            self.seats[props.seat] = node
            self.list.append(node)
        field = node.querySelector("[data-reply-input]")
        typed = str(field.value) if field else ""
        before = self.drawn.get(props.seat)
        same_invitation = isinstance(before, tuple) and before[1].invitation.url == (
            props.invitation.url
        )
        self.drawn[props.seat] = key
        node.replaceChildren(*friend_seat(self.dom, catalog, props, started))
        field = node.querySelector("[data-reply-input]")
        if field and typed and same_invitation:
            field.value = typed
        box = node.querySelector("[data-qr]")
        if box and qr is not None and props.invitation.url:
            box.append(qr(props.invitation.url, catalog.text("friends.qr_label")))

    def reply_text(self, seat: int) -> str:
        """What is in ``seat``'s reply field."""
        field = self.container.querySelector(f'[data-reply-input][data-seat="{seat}"]')
        return str(field.value) if field else ""

    def put_reply(self, seat: int, text: str) -> None:
        """Fill ``seat``'s reply field (a reply picked up from another tab)."""
        field = self.container.querySelector(f'[data-reply-input][data-seat="{seat}"]')
        if field:
            field.value = text
