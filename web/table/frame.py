"""The page around the table's regions, as the controller asks for it: the header's title,
``<html>``'s attributes, where the keyboard focus goes, the menu's form read, the practice's
banner, the containers the events are heard on.

``TableView`` is a ``PageFrame`` (a mixin, kept apart for size): the controller and its
collaborators (``web.game``) touch the document only through these methods, so that the view is
the one place that knows the page's ids and selectors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from barbu.rules import Rules
from web.components.browser import attribute
from web.components.dom import Dom
from web.components.trick import position
from web.languages.i18n import Catalog
from web.table.heard import Change, Click, Key, read_change, read_click, read_key
from web.table.menu_form import FriendsForm, NewSession, read_friends_form, read_new_session

__all__ = ["PageFrame"]

PLAYABLE = "#hand button[data-card].playable"
"""The hand's cards the player may play now."""


class PageFrame:
    """What the controller asks of the page outside the regions' drawing."""

    document: Any
    dom: Dom
    menu: Any
    toolbar: Any
    elsewhere: Any
    practice_banner: Any = None
    play: Any
    scores: Any
    seats: list[Any]
    board: Any
    center: Any
    drawn: dict[str, object]
    me: int
    listeners: tuple[Any, ...] = ()
    """The listeners of ``listen`` (kept, so that they live as long as the page)."""

    # -- the page ---------------------------------------------------------------------------

    def draw_title(self, title: str, meta: list[Any], rules: str) -> None:
        """The header: the page's title, the game played and the session (``meta``, drawn by
        ``web.table.header``); ``<html data-rules>``."""
        self.document.getElementById("table-title").textContent = title
        self.document.getElementById("table-meta").replaceChildren(*meta)
        self.mark_root("data-rules", rules)

    def mark_root(self, name: str, value: str | None) -> None:
        """Set (or remove: None) an attribute of ``<html>``, which the stylesheet and the tests
        read."""
        root = self.document.documentElement
        if value is None:
            root.removeAttribute(name)
        else:
            root.setAttribute(name, value)

    def mark_ready(self) -> None:
        """``<html class="ready">``: the page answers the player now."""
        self.document.documentElement.classList.add("ready")

    def listen(
        self,
        click: Callable[[Click], None],
        change: Callable[[Change], bool],
        key: Callable[[Key], bool],
    ) -> None:
        """Hear clicks and changes on the stable ``#table`` container (they survive redraws),
        keys on the document, each read as a plain value (``web.table.heard``): a click on a
        button of the table; a change (a file chosen and taken, ``change`` true, leaves its
        field, so that the same file may be chosen again); a key (used, ``key`` true: the
        browser does not do its own with it)."""
        from pyodide.ffi import create_proxy

        def clicked(event: Any) -> None:
            found = read_click(event)
            if found is not None:
                click(found)

        def changed(event: Any) -> None:
            read = read_change(event)
            if change(read) and read.file is not None:
                event.target.value = ""

        def pressed(event: Any) -> None:
            if key(read_key(event, self.focused_tag())):
                event.preventDefault()

        self.listeners = tuple(create_proxy(f) for f in (clicked, changed, pressed))
        container = self.document.getElementById("table")
        container.addEventListener("click", self.listeners[0])
        container.addEventListener("change", self.listeners[1])
        self.document.addEventListener("keydown", self.listeners[2])

    # -- the focus --------------------------------------------------------------------------

    def focus_first(self, selector: str) -> None:
        """Put the focus on the first node ``selector`` finds, if any."""
        node = self.document.querySelector(selector)
        if node:
            node.focus()

    def focus_menu_button(self) -> None:
        """The focus back on the toolbar's menu button."""
        self.toolbar.querySelector('[data-action="menu"]').focus()

    def focus_menu_field(self) -> None:
        """The focus on the menu's first field."""
        first = self.menu.querySelector("select, input, button")
        if first:
            first.focus()

    def focus_again(self, node: Any) -> bool:
        """Put the focus back on ``node`` (a button that opened something) if it is still in the
        page; whether it was."""
        if node is not None and node.isConnected:
            node.focus()
            return True
        return False

    def focused_tag(self) -> str:
        """The focused element's tag name, in lower case ("" when none)."""
        active = self.document.activeElement
        return str(active.tagName).lower() if active else ""

    def has_prompt(self) -> bool:
        """Whether the centre asks the player something now."""
        return bool(self.document.querySelector("#center .prompt"))

    def playable_codes(self) -> list[str | None]:
        """The codes of the hand's playable cards, in the hand's order."""
        return [attribute(b, "data-card") for b in self.document.querySelectorAll(PLAYABLE)]

    def focused_card(self) -> str | None:
        """The code of the card that has the focus, if a card has it."""
        active = self.document.activeElement
        return attribute(active, "data-card") if active else None

    def click_playable(self, index: int) -> None:
        """Play the hand's ``index``-th playable card as a tap would."""
        list(self.document.querySelectorAll(PLAYABLE))[index].click()

    def focus_playable(self, index: int) -> None:
        """Put the focus on the hand's ``index``-th playable card."""
        list(self.document.querySelectorAll(PLAYABLE))[index].focus()

    # -- the menu and the banners -----------------------------------------------------------

    def read_new_session(self, current: Rules) -> NewSession:
        """The menu's new-session form as the player left it (``web.table.menu_form``)."""
        return read_new_session(self.document, current)

    def read_friends_form(self) -> FriendsForm:
        """The menu's "play with friends" part as the player left it."""
        return read_friends_form(self.document)

    def show_options_for(self, rules: str) -> None:
        """Show the options of the game ``rules`` chosen in the menu, hide the others'."""
        for options in self.document.querySelectorAll("[data-options-for]"):
            options.hidden = str(options.getAttribute("data-options-for")) != rules

    def call_elsewhere(self) -> None:
        """Point at the banner saying another tab plays (its pulse played again), and put the
        focus on its button to play here instead."""
        banner = self.document.getElementById("elsewhere")
        if banner:
            banner.classList.remove("called")
            _ = banner.offsetWidth  # a reflow, so that the pulse plays again
            banner.classList.add("called")
            banner.scrollIntoView()
        self.focus_first('[data-action="take-over"]')

    def draw_practice(self, catalog: Catalog, where: tuple[int, int] | None) -> None:
        """Show the practice's banner, played on from deal and step ``where`` (None: hide it),
        and ``<html data-practice>``."""
        if where is None:
            self.mark_root("data-practice", None)
            if self.practice_banner is not None:
                self.practice_banner.hidden = True
            return
        self.mark_root("data-practice", "true")
        if self.practice_banner is None:
            self.practice_banner = self.dom.el(
                "aside", None, id="practice", class_="notice practice"
            )
            self.elsewhere.after(self.practice_banner)
        self.practice_banner.replaceChildren(*self.practice_content(catalog, where))
        self.practice_banner.setAttribute("aria-label", catalog.text("practice.label"))
        self.practice_banner.hidden = False

    def practice_content(self, catalog: Catalog, where: tuple[int, int]) -> list[Any]:
        """The practice banner's text and its button back."""
        d, t = self.dom, catalog.text
        number, step = where
        return [
            d.el(
                "p",
                None,
                d.el("strong", t("practice.label")),
                " ",
                d.el(
                    "span",
                    t("practice.banner", number=number, step=step),
                    class_="practice-more",
                ),
            ),
            d.el(
                "button",
                t("practice.leave"),
                type="button",
                class_="action",
                data_action="practice-leave",
            ),
        ]

    def show_play(self, shown: bool) -> None:
        """Show the table's play and scores, or hide them (a friend's page before it joins)."""
        self.play.hidden = not shown
        self.scores.hidden = not shown

    def seat_at_bottom(self, me: int) -> None:
        """Draw seat ``me`` at the bottom, the others clockwise from its left (a friend's page
        sits at its own seat); the board's order follows, for the keyboard and screen readers."""
        self.me = me
        for index, node in enumerate(self.seats):
            node.className = f"seat pos-{position(index, me)}"
        top, left, right = (me + 2) % 4, (me + 1) % 4, (me + 3) % 4
        self.board.replaceChildren(
            self.seats[top], self.seats[left], self.center, self.seats[right], self.seats[me]
        )
        self.drawn.clear()
