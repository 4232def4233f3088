"""The table's containers, and each region redrawn when its props change.

``TableView`` builds the page's regions once (inside ``<main id="table">``); ``draw(props)``
then replaces a region's content with its renderer's (``web.table.toolbar``, ``status``,
``seats``, ``centre``, ``menu``...) only when the region's props differ from those it drew
last. Only the hand is updated in place, so that the card that has the keyboard focus keeps it.
What is not drawing stays here: the slide of the cards just played and the sweep of a finished
trick, scrolling the diagram, the live region, the menu as a modal dialog. It holds DOM
references and the props last drawn, never game state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from web.components.browser import js_object
from web.components.dom import Dom
from web.components.trick import POSITIONS, position
from web.languages.i18n import Catalog
from web.table.centre import centre
from web.table.centre_props import CentreProps, TrickProps
from web.table.content import Content
from web.table.frame import PageFrame
from web.table.friends import FriendsPanel
from web.table.hand import card_buttons, card_state, hand_row, heading
from web.table.hand_props import HandProps
from web.table.joining import JoinPanel
from web.table.menu import confirm_new, field_error, menu, note
from web.table.menu_props import MenuProps
from web.table.notices import notices
from web.table.props import TableProps
from web.table.replay import replay_region
from web.table.replay_props import ReplayProps
from web.table.scores import current_x, diagram, legend, sheet
from web.table.scores_props import ScoresProps
from web.table.seats import seat
from web.table.status import status
from web.table.table_state import Notice
from web.table.toolbar import toolbar
from web.table.toolbar_props import ToolbarProps

P = TypeVar("P")

HEADING_ROOM = 48
"""How much of a decision (in CSS pixels: its heading) the page's first screen shows at least."""
FOCUS_NEXT = ("replay-forward", "replay-back", "replay-close")
"""Where the focus goes in a replay when its control is gone (a step button turned off)."""


class TableView(PageFrame):
    """The page's regions, each redrawn from its props (and the page around them: ``PageFrame``)."""

    def __init__(self, document: Any, catalog: Catalog) -> None:
        self.document = document
        self.dom = Dom(document)
        self.catalog = catalog
        self.drawn: dict[str, object] = {}
        """Each region's props as last drawn: a region whose props are equal is not redrawn."""
        self.hand_buttons: dict[str, Any] = {}
        self.hand_codes: list[str] = []
        self.hand_heading: Any = None
        self.trick_drawn: frozenset[object] = frozenset()
        """The trick's cards last drawn (seat, card): the ones not in it slide in."""
        self.scores_pending = False
        self.scores_props: ScoresProps | None = None
        self.fresh_prompt = False
        """A choice or summary was just drawn in the centre: the controller gives it the focus."""
        self.built = False
        """Whether the regions exist (``build``): nothing is drawn before."""
        self.me = 0
        """The player's seat, drawn at the bottom (``seat_at_bottom``)."""
        self.reveal_due = False
        """A decision (or the last trick) was just drawn in the centre: it is scrolled into
        view above the pinned hand (``reveal``)."""
        self.opened = False
        """Whether the page's first screen has been shown: it opens at its top (``reveal``)."""

    # -- the skeleton ----------------------------------------------------------------------

    def build(self) -> None:
        """Create the regions inside ``#table`` (the header and ``#hand`` exist in the page)."""
        d, t = self.dom, self.catalog.text
        doc = self.document
        self.built = True
        self.table = doc.getElementById("table")
        self.hand_region = doc.getElementById("hand")
        header = self.table.querySelector(".table-header")
        self.toolbar = d.el("nav", None, class_="toolbar", aria_label=t("toolbar.label"))
        header.append(self.toolbar)
        self.notices = d.el("div", None, id="notices", class_="notices")
        panel = d.el("section", None, id="friends", class_="friends", hidden=True)
        panel.setAttribute("aria-labelledby", "friends-heading")
        self.friends = FriendsPanel(d, panel)
        self.joining = JoinPanel(d, panel)
        self.elsewhere = self.build_elsewhere()
        self.menu = d.el(
            "section",
            None,
            id="menu-panel",
            class_="menu-panel",
            hidden=True,
            role="dialog",
            aria_modal="true",
            aria_labelledby="menu-heading",
        )
        self.build_play()
        self.scores = self.build_scores()
        self.replay = d.el(
            "section",
            None,
            id="replay",
            class_="replay",
            hidden=True,
            aria_labelledby="replay-heading",
        )
        self.live = d.el(
            "div", None, id="live", class_="sr-only", aria_live="polite", role="status"
        )
        self.table.append(self.elsewhere, self.notices, panel, self.menu)
        self.table.append(self.play, self.scores, self.replay, self.live)

    def build_elsewhere(self) -> Any:
        """The notice shown while another tab plays the game."""
        d, t = self.dom, self.catalog.text
        return d.el(
            "aside",
            None,
            d.el("p", t("tab.elsewhere")),
            d.el(
                "button",
                t("tab.take_over"),
                type="button",
                class_="action",
                data_action="take-over",
            ),
            id="elsewhere",
            class_="notice elsewhere",
            hidden=True,
        )

    def build_play(self) -> None:
        """The status line, the board (the seats around the centre) and the hand."""
        d, t = self.dom, self.catalog.text
        self.status = d.el(
            "section", None, id="status", class_="status", aria_label=t("status.label")
        )
        self.seats = [
            d.el(
                "section",
                None,
                id=f"seat-{seat}",
                class_=f"seat pos-{POSITIONS[seat]}",
                data_seat=seat,
            )
            for seat in range(4)
        ]
        self.center = d.el("div", None, id="center", class_="center")
        self.board = d.el(
            "div",
            None,
            self.seats[2],
            self.seats[1],
            self.center,
            self.seats[3],
            self.seats[0],
            id="board",
            class_="board",
        )
        self.hand_region.classList.add("hand")
        self.play = d.el(
            "div", None, self.status, self.board, self.hand_region, id="play", class_="play"
        )

    def build_scores(self) -> Any:
        """The scores section: the sheet, its legend, the diagram."""
        d, t = self.dom, self.catalog.text
        self.sheet_box = d.el(
            "div",
            None,
            class_="sheet-box",
            tabindex="0",
            aria_label=t("sheet.caption"),
            role="region",
        )
        self.legend_box = d.el("div", None, class_="legend-box")
        self.diagram_box = d.el(
            "div",
            None,
            class_="diagram-box",
            tabindex="0",
            role="region",
            aria_label=t("diagram.title"),
            data_testid="score-diagram",
        )
        self.sheet_key = d.el("p", None, class_="sheet-legend")
        return d.el(
            "section",
            None,
            d.el("h2", t("scores.title"), id="scores-heading"),
            self.sheet_box,
            self.sheet_key,
            d.el("h3", t("diagram.title")),
            self.legend_box,
            self.diagram_box,
            id="scores",
            class_="scores",
            aria_labelledby="scores-heading",
        )

    # -- redrawing ---------------------------------------------------------------------------

    def forget(self) -> None:
        """Redraw every region next time (another session, another language)."""
        self.drawn.clear()

    def paint(
        self,
        region: str,
        container: Any,
        props: P,
        render: Callable[[Dom, Catalog, P], Content],
    ) -> bool:
        """Redraw ``region`` in ``container`` if its props changed; whether it was redrawn."""
        if region in self.drawn and self.drawn[region] == props:
            return False
        self.drawn[region] = props
        self.fill(container, render(self.dom, self.catalog, props))
        return True

    @staticmethod
    def fill(container: Any, content: Content) -> None:
        """Put a region's content in its container."""
        container.replaceChildren(*content.nodes)
        for name, value in content.attributes:
            container.setAttribute(name, value)
        for name, on in content.classes:
            container.classList.toggle(name, on)

    def draw(self, props: TableProps) -> None:
        """Redraw the regions whose props changed."""
        self.draw_toolbar(props.toolbar)
        self.paint("status", self.status, props.status, status)
        for node, seat_props in zip(self.seats, props.seats, strict=True):
            self.paint(f"seat-{seat_props.seat}", node, seat_props, seat)
        self.draw_centre(props.centre)
        self.draw_hand(props.hand)
        self.scores_later(props.scores)
        if props.menu is not None:
            self.draw_menu(props.menu)

    def draw_toolbar(self, props: ToolbarProps) -> None:
        """Hint, last trick, scores and menu buttons; the button that had the focus keeps it
        (its new copy): a turn passing, or the computers coming up, redraws them."""
        focused = self.document.activeElement
        inside = bool(focused) and bool(self.toolbar.contains(focused))
        action = focused.getAttribute("data-action") if inside else None
        if self.paint("toolbar", self.toolbar, props, toolbar) and action:
            button = self.toolbar.querySelector(f'[data-action="{action}"]')
            if button:
                button.focus(js_object(self.document.defaultView, preventScroll=True))

    def draw_menu(self, props: MenuProps) -> None:
        """Settings, new session, export/import, the previous session."""
        self.paint("menu", self.menu, props, menu)

    def draw_notices(self, items: Sequence[Notice]) -> None:
        """Messages that stay until dismissed (an unreadable save, storage refused...)."""
        self.paint("notices", self.notices, tuple(items), notices)

    def draw_centre(self, props: CentreProps) -> None:
        """The middle of the table; a card just played slides in from its player's side (not a
        trick drawn again, nor a whole trick shown at once after a reload)."""
        if "centre" in self.drawn and self.drawn["centre"] == props:
            return
        self.drawn["centre"] = props
        if isinstance(props.play, TrickProps):
            cards = frozenset(props.play.cards)
            new = cards - self.trick_drawn
            self.trick_drawn = cards
            fresh = new if len(new) <= 3 else frozenset()
            props = replace(props, play=replace(props.play, fresh=fresh))
        self.fill(self.center, centre(self.dom, self.catalog, props))
        self.fresh_prompt = props.prompt is not None
        self.reveal_due = props.prompt is not None or props.last_trick is not None

    def draw_hand(self, props: HandProps) -> None:
        """The player's cards as buttons, updated in place."""
        if "hand" in self.drawn and self.drawn["hand"] == props:
            return
        self.drawn["hand"] = props
        codes = [str(c) for c in props.cards]
        if codes != self.hand_codes:
            self.new_cards(props, codes)
        for code in codes:
            state = card_state(props, code)
            button = self.hand_buttons[code]
            button.disabled = state.disabled
            set_attribute(button, "aria-disabled", "true" if state.refused else None)
            button.classList.toggle("playable", state.playable)
            button.classList.toggle("hinted", state.hinted)
            set_attribute(button, "aria-keyshortcuts", state.shortcut)
            set_attribute(button, "title", state.reason)
        if self.hand_heading is not None:
            self.hand_heading.replaceChildren(*heading(self.dom, self.catalog, props))
        self.hand_region.classList.toggle("my-turn", props.my_turn)

    def new_cards(self, props: HandProps, codes: list[str]) -> None:
        """Another hand: the cards played since are removed (the others stay, and the focus on
        them); a new deal's hand is drawn anew."""
        old = self.hand_codes
        if old and set(codes) <= set(old) and [c for c in old if c in codes] == codes:
            for code in old:
                if code not in codes:
                    self.hand_buttons.pop(code).remove()
        else:
            self.hand_buttons = card_buttons(self.dom, self.catalog, props.cards)
            self.hand_heading, row = hand_row(self.dom, list(self.hand_buttons.values()))
            self.hand_region.replaceChildren(self.hand_heading, row)
        self.hand_codes = codes

    # -- scores ----------------------------------------------------------------------------

    def scores_later(self, props: ScoresProps) -> None:
        """Draw the score sheet and diagram in a task of their own, right after this one: they
        are the heaviest region (a row and a point per deal), and the table answers sooner
        without them in the same task (no main-thread task over 100 ms while bots play)."""
        self.scores_props = props
        if self.scores_pending:
            return
        from pyodide.ffi import create_once_callable

        self.scores_pending = True
        self.document.defaultView.setTimeout(create_once_callable(self.flush_scores), 0)

    def flush_scores(self) -> None:
        """The scores as of the latest redraw."""
        self.scores_pending = False
        if self.scores_props is not None:
            self.draw_scores(self.scores_props)

    def draw_scores(self, props: ScoresProps) -> None:
        """The score sheet and diagram, redrawn only when a deal has finished (or names change)."""
        if "scores" in self.drawn and self.drawn["scores"] == props:
            return
        self.drawn["scores"] = props
        d, catalog = self.dom, self.catalog
        self.sheet_box.replaceChildren(sheet(d, catalog, props))
        self.sheet_key.replaceChildren(*sheet_key(d, catalog, props.doubling))
        self.legend_box.replaceChildren(legend(d, catalog, props))
        svg, geometry = diagram(d, catalog, props)
        self.diagram_box.replaceChildren(svg)
        self.keep_in_view(current_x(props, geometry))

    def keep_in_view(self, x: float) -> None:
        """Scroll the diagram so that the current deal is visible (centred when possible)."""
        from pyodide.ffi import create_once_callable

        box = self.diagram_box

        def scroll(_time: float = 0) -> None:
            width = box.clientWidth
            if width and box.scrollWidth > width:
                box.scrollLeft = max(0, int(x - width / 2))

        # After the next layout, rather than forcing one in the middle of a redraw.
        self.document.defaultView.requestAnimationFrame(create_once_callable(scroll))

    # -- the trick's sweep, the live region ----------------------------------------------------

    def place_focus(self, my_turn: bool, over: bool) -> None:
        """Give the keyboard a place to start: a new choice or summary takes the focus, and a
        focus lost in a redraw (a played card) goes to the first playable card (or, the session
        over, to "new session")."""
        if self.table.hidden:  # before the boot loader shows the table: nothing can focus
            return
        doc = self.document
        active = doc.activeElement
        lost = (
            not active
            or active.isSameNode(doc.body)
            or not active.isConnected
            or active.hasAttribute("disabled")
        )
        inside = bool(active) and bool(active.closest("#center, #menu-panel"))
        prompt = doc.querySelector(
            '#center [data-action="next"], #center .prompt button:not([disabled])'
        )
        target = None
        if prompt and self.fresh_prompt and not inside:
            target = prompt
        elif lost and my_turn:
            target = doc.querySelector("#hand button[data-card].playable")
        elif lost and over:
            target = doc.querySelector('#center [data-action="new-session"]')
        self.fresh_prompt = False
        if target:
            target.focus(js_object(doc.defaultView, preventScroll=True))
        if self.reveal_due:
            self.reveal(opening=not self.opened)
        self.opened = True

    def reveal(self, opening: bool = False) -> None:
        """Scroll the decision in the centre (a prompt, the summary, the last trick) into view,
        its bottom above the pinned hand: on a phone the hand and the decision fill the screen,
        and the seats above scroll away until the player looks. The bottom comes first: that is
        where the controls asked for now are (a trump or rank row, the doubles, Next). The
        page's first screen (``opening``) stays at its top, where the title, the toolbar and the
        menu are, unless the decision's heading would not show there above the hand: the
        player sees what is asked and scrolls to it. The page's scroll anchoring is off below
        the centre (style.css), so that nothing drawn after (the score sheet, the hand) moves
        the decision away again."""
        self.reveal_due = False
        box = self.center.querySelector(".prompt, .last-trick")
        if not box:
            return
        window = self.document.defaultView
        rect, floor = box.getBoundingClientRect(), window.innerHeight
        if str(window.getComputedStyle(self.hand_region).position) == "sticky":
            floor -= self.hand_region.getBoundingClientRect().height
        below = (rect.top + HEADING_ROOM if opening else rect.bottom + 8) - floor
        if below > 0:
            window.scrollBy(0, below)

    def sweep(self, winner: int) -> bool:
        """Sweep the finished trick towards its winner (CSS, 0.2 s); False when there is no
        trick on the table or the player asked for reduced motion."""
        trick = self.center.querySelector(".trick")
        window = self.document.defaultView
        if not trick or window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return False
        trick.classList.add("sweep", f"to-{position(winner, self.me)}")
        return True

    def announce(self, text: str) -> None:
        """Say something in the live region (screen readers read it out)."""
        if text:
            self.live.textContent = text

    def draw_elsewhere(self, shown: bool) -> None:
        """Say that another tab plays the game (with the button to play here instead), and make
        the table inert meanwhile: it only shows that tab's game. The hand stays tappable (its
        cards ``aria-disabled``): a tap there says why nothing happens."""
        self.elsewhere.hidden = not shown
        for region in (self.status, self.board, self.toolbar, self.menu):
            region.inert = shown

    # -- the replay ------------------------------------------------------------------------------

    def show_replay(self, shown: bool) -> None:
        """Show a replay in place of the game (``<html data-view="replay">``), or the game."""
        self.replay.hidden = not shown
        for region in (self.play, self.scores, self.toolbar):
            region.hidden = shown
        root = self.document.documentElement
        if shown:
            root.setAttribute("data-view", "replay")
        else:
            root.removeAttribute("data-view")
            self.drawn.pop("replay", None)

    def draw_replay(self, props: ReplayProps) -> None:
        """The replay at its step (redrawn when its props change); the control that had the
        focus keeps it (its new copy); just opened, its table is brought into view."""
        focused = self.document.activeElement
        inside = bool(focused) and bool(self.replay.contains(focused))
        action = focused.getAttribute("data-action") if inside else None
        step = (
            focused.getAttribute("data-step") or focused.getAttribute("data-hindsight-step")
            if inside
            else None
        )
        field = focused.id if inside and focused.id in ("replay-jump", "review-big") else None
        opened = "replay" not in self.drawn  # its first drawing since it was shown
        if not self.paint("replay", self.replay, props, replay_region):
            return
        if opened:  # the page kept the game's scroll: the four hands are brought into view
            self.show_replay_board()
        if field:
            self.replay.querySelector(f"#{field}").focus()
        elif action:
            self.focus_replay(action, step)

    def focus_replay(self, action: str = "replay-forward", step: str | None = None) -> None:
        """Put the focus on the replay's ``action`` button (the one of that ``step``, for a
        decision of the review; another if it is now off)."""
        at = "data-hindsight-step" if action == "hindsight-open" else "data-step"
        this = f'[data-action="{action}"]' + (f'[{at}="{step}"]' if step else "")
        for selector in (this, *(f'[data-action="{n}"]' for n in FOCUS_NEXT)):
            button = self.replay.querySelector(f"{selector}:not([disabled])")
            if button:
                button.focus(js_object(self.document.defaultView, preventScroll=True))
                return

    def show_replay_board(self) -> None:
        """Bring the replay's table into view (a decision opened from the review, below it)."""
        board = self.replay.querySelector(".replay-board")
        if board:
            window = self.document.defaultView
            board.scrollIntoView(js_object(window, block="nearest"))

    # -- the menu as a modal dialog -------------------------------------------------------------

    def show_menu(self, shown: bool, elsewhere: bool) -> None:
        """Open or close the menu; while it is open the table behind it is inert."""
        self.menu.hidden = not shown
        self.play.inert = shown
        for region in (self.status, self.board):
            region.inert = shown or elsewhere
        self.scores.inert = shown

    def keep_focus_in_menu(self, backwards: bool) -> bool:
        """Tab and Shift+Tab (``backwards``) go round the menu's controls instead of leaving it;
        whether the focus was moved here (the browser's own move is then not made)."""
        controls = [
            node
            for node in self.menu.querySelectorAll("button, input, select, a[href]")
            if not node.hasAttribute("disabled") and node.getClientRects().length
        ]
        if not controls:
            return False
        active = self.document.activeElement
        inside = bool(active) and self.menu.contains(active)
        first, last = controls[0], controls[-1]
        if backwards and (not inside or active.isSameNode(first)):
            last.focus()
            return True
        if not backwards and (not inside or active.isSameNode(last)):
            first.focus()
            return True
        return False

    def field_error(self, field: str, text: str | None) -> None:
        """Say beside a menu field what is wrong with it (None: nothing), keeping what was typed."""
        node = self.document.getElementById(field)
        old = self.document.getElementById(f"{field}-error")
        if old:
            old.remove()
        if not node:
            return
        if text is None:
            node.removeAttribute("aria-invalid")
            node.removeAttribute("aria-describedby")
            return
        node.after(field_error(self.dom, field, text))
        node.setAttribute("aria-invalid", "true")
        node.setAttribute("aria-describedby", f"{field}-error")
        node.focus()

    def confirm_new_session(self, shown: bool) -> None:
        """Ask, beside the Start button, before a session under way is replaced."""
        old = self.document.getElementById("confirm-new")
        if old:
            old.remove()
        start = self.menu.querySelector('[data-action="start-new"]')
        if not shown or not start:
            return
        box = confirm_new(self.dom, self.catalog)
        start.after(box)
        box.querySelector('[data-action="start-new-confirmed"]').focus()

    def note_after(self, button: Any, text: str) -> None:
        """A result shown beside the control that produced it (the export's file name, a level)."""
        action = button.getAttribute("data-action") or button.getAttribute("data-setting")
        old = button.parentElement.querySelector(f'[data-note="{action}"]')
        if old:
            old.remove()
        button.after(note(self.dom, action, text))

    def note_setting(self, name: str, text: str) -> None:
        """A change of the menu's choice ``name`` said beside it."""
        chosen = self.menu.querySelector(f'[data-setting="{name}"]')
        if chosen:
            self.note_after(chosen, text)


def set_attribute(node: Any, name: str, value: str | None) -> None:
    """Set an attribute, or remove it (None)."""
    if value is None:
        node.removeAttribute(name)
    else:
        node.setAttribute(name, value)


def sheet_key(d: Dom, catalog: Catalog, doubling: bool) -> list[Any]:
    """What the sheet's marks and the doubles map mean; only the rows' sum where the rules have
    no doubles (fr32)."""
    t = catalog.text
    if not doubling:
        return [t("sheet.legend_sum")]
    marks = d.fill(
        t("sheet.legend"),
        mark=d.el("span", "A", class_="mark", aria_hidden="true"),
        mutual=d.el("span", "A", class_="mark mutual", aria_hidden="true"),
    )
    return [*marks, " ", t("sheet.legend_map")]
