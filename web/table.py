"""Drawing the table: seats, the trick or the Domino rows, the choices, the hand, the scores.

``TableView`` builds the page's regions once (inside ``<main id="table">``) and redraws each one
whole from the engine's view and the controller's UI state; only the hand is updated in place,
so that the card that has the keyboard focus keeps it. It holds DOM references, never game
state: what to draw always comes from ``view`` (``SessionView`` of seat 0) and ``ui`` (the
``PageController``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from barbu import ChooseContract, Double, Phase, Play, Rank, Suit
from barbu.rules import REGISTRY, Preset
from web.cards_view import card_button, mini_card
from web.dom import Dom
from web.domino_view import domino_rows
from web.game import HUMAN
from web.i18n import Catalog
from web.scores import draw_diagram, draw_legend, draw_sheet
from web.settings import LEVELS, SPEEDS
from web.settlement_view import doubles_map, pair_lines, settlement_table
from web.trick_view import POSITIONS, trick_cards
from web.words import (
    card_name,
    contract_line,
    contract_name,
    explanation,
    hint_text,
    join_names,
    object_list,
    place_name,
    rank_short,
    said,
)

HINT_TITLES = {
    "ready": "toolbar.hint_title",
    "waiting": "toolbar.hint_title",
    "idle": "toolbar.hint_idle",
    "off": "toolbar.hint_starting",
}
"""What the Hint button's tooltip says in each state."""


class Notice(NamedTuple):
    """A message that stays until dismissed: its kind (a CSS class), its text, and the storage
    key of a save kept aside that the player may download."""

    kind: str
    text: str
    kept: str | None = None


class TableView:
    """The page's regions and how each is drawn."""

    def __init__(self, document: Any, catalog: Catalog) -> None:
        self.document = document
        self.dom = Dom(document)
        self.catalog = catalog
        self.hand_buttons: dict[str, Any] = {}
        self.hand_codes: list[str] = []
        self.keys: dict[str, tuple] = {}
        self.trick_drawn: frozenset = frozenset()
        """The trick's cards last drawn (seat, card): the ones not in it slide in."""
        """What each region shows now: a region whose key is unchanged is not redrawn."""
        self.menu_key: tuple | None = None
        self.turn: Any = None
        self.hint: Any = None
        self.scores_pending = False
        self.scores_view: tuple[Any, Any] | None = None
        self.fresh_prompt = False
        """A choice or summary was just drawn in the centre: the controller gives it the focus."""

    # -- the skeleton ----------------------------------------------------------------------

    def build(self) -> None:
        """Create the regions inside ``#table`` (the header and ``#hand`` exist in the page)."""
        d, t = self.dom, self.catalog.text
        doc = self.document
        self.table = doc.getElementById("table")
        self.hand_region = doc.getElementById("hand")
        header = self.table.querySelector(".table-header")
        self.toolbar = d.el("nav", None, class_="toolbar", aria_label=t("toolbar.label"))
        header.append(self.toolbar)
        self.notices = d.el("div", None, id="notices", class_="notices")
        self.elsewhere = d.el(
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
        self.scores = d.el(
            "section",
            None,
            d.el("h2", t("scores.title"), id="scores-heading"),
            self.sheet_box,
            d.el(
                "p",
                None,
                *d.fill(
                    t("sheet.legend"),
                    mark=d.el("span", "A", class_="mark", aria_hidden="true"),
                    mutual=d.el("span", "A", class_="mark mutual", aria_hidden="true"),
                ),
                class_="sheet-legend",
            ),
            d.el("h3", t("diagram.title")),
            self.legend_box,
            self.diagram_box,
            id="scores",
            class_="scores",
            aria_labelledby="scores-heading",
        )
        self.live = d.el(
            "div", None, id="live", class_="sr-only", aria_live="polite", role="status"
        )
        self.table.append(
            self.elsewhere, self.notices, self.menu, self.play, self.scores, self.live
        )

    # -- the whole screen ------------------------------------------------------------------

    def changed(self, region: str, key: tuple) -> bool:
        """Whether ``region`` must be redrawn to show ``key`` (and remember that it will be)."""
        if self.keys.get(region) == key:
            return False
        self.keys[region] = key
        return True

    def forget(self) -> None:
        """Redraw every region next time (another session, another language)."""
        self.keys.clear()
        self.menu_key = None

    def draw(self, view: Any, ui: Any) -> None:
        """Redraw the regions whose content changed, from the view and the UI state."""
        self.draw_toolbar(view, ui)
        self.draw_status(view, ui)
        for seat in range(4):
            self.draw_seat(seat, view, ui)
        self.draw_center(view, ui)
        self.draw_hand(view, ui)
        self.scores_later(view, ui)
        if ui.menu_open:
            self.draw_menu(ui)

    def draw_toolbar(self, view: Any, ui: Any) -> None:
        """Last trick, scores and menu buttons."""
        d, t = self.dom, self.catalog.text
        has_trick = bool(view.deal.tricks)
        hint = self.hint_state(view, ui)
        if not self.changed("toolbar", (has_trick, ui.last_trick_open, ui.menu_open, hint)):
            return
        tools = []
        if hint is not None:  # kept in place between turns: the toolbar never moves
            tools.append(
                d.el(
                    "button",
                    None,
                    # "Hint…" while the expert thinks or is still starting (the grey says why);
                    # the dots sit in the button's padding: the toolbar keeps its width
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
                    disabled=hint != "ready",
                    aria_busy="true" if hint in ("waiting", "off") else None,
                )
            )
        self.toolbar.replaceChildren(
            *tools,
            d.el(
                "button",
                t("toolbar.last_trick"),
                type="button",
                class_="tool",
                data_action="last-trick",
                aria_pressed="true" if ui.last_trick_open else "false",
                disabled=not has_trick,
            ),
            d.el("a", t("toolbar.scores"), href="#scores", class_="tool"),
            d.el(
                "button",
                t("toolbar.menu"),
                type="button",
                class_="tool",
                data_action="menu",
                aria_expanded="true" if ui.menu_open else "false",
                aria_controls="menu-panel",
            ),
        )

    @staticmethod
    def hint_state(view: Any, ui: Any) -> str | None:
        """The Hint button: None (hidden: hints turned off), "idle" (not the player's decision),
        "ready", "waiting" (the expert is thinking) or "off" (the computer players are not
        started yet)."""
        deal = view.deal
        if not ui.settings.hints:
            return None
        if view.is_over or ui.summary is not None or deal.to_move != HUMAN:
            return "idle"
        if ui.hint_waiting:
            return "waiting"
        return "ready" if ui.bots_ready else "off"

    # -- status line -----------------------------------------------------------------------

    def draw_status(self, view: Any, ui: Any) -> None:
        """Block and deal numbers, the contract, whose turn it is, the doubles of this deal."""
        d, t, cat = self.dom, self.catalog.text, self.catalog
        deal = view.deal
        turn_text = self.turn_text(view, ui)
        if self.changed("turn", (turn_text,)) and self.turn is not None:
            self.turn.textContent = turn_text
        advice = hint_text(self.catalog, ui.names, ui.hint, deal.declarer) if ui.hint else ""
        if self.changed("hint", (advice,)) and self.hint is not None:
            self.hint.textContent = advice
            self.hint.hidden = not advice
        key = (
            view.number,
            view.block,
            deal.contract,
            deal.trump,
            deal.start_rank,
            deal.declarer,
            deal.deals_left,
            deal.doubles,
            tuple(ui.names),
        )
        if not self.changed("status", key):
            return
        where = d.el("p", None, class_="where")
        one_block = view.blocks == 1  # fr32: seven deals, no blocks
        where.append(
            *d.fill(
                t("status.where_deals" if one_block else "status.where"),
                block=d.el("span", str(view.block), data_block=view.block),
                blocks=str(view.blocks),
                deal=d.el("strong", str(view.number), data_deal=view.number),
                deals=str(view.deals),
            )
        )
        names = ui.names
        if deal.contract is not None:
            contract = said(
                cat,
                "status.contract",
                deal.declarer,
                names,
                contract=contract_line(cat, deal.contract, deal.trump, deal.start_rank),
            )
        else:
            contract = said(cat, "status.no_contract", deal.declarer, names)
        left = cat.plural(
            "status.deals_left_session" if one_block else "status.deals_left", deal.deals_left
        )
        turn = self.turn = d.el("p", turn_text, class_="turn")
        hint = self.hint = d.el("p", advice, id="hint", class_="hint", hidden=not advice)
        self.status.replaceChildren(
            d.el(
                "div",
                None,
                where,
                d.el("p", contract, class_="contract-now"),
                d.el("p", left, class_="left"),
                turn,
                hint,
                class_="status-text",
            ),
            *([self.doubles_map(deal.doubles, names)] if deal.rules.doubling else []),
        )

    def turn_text(self, view: Any, ui: Any) -> str:
        """Who acts now, or what the table waits for."""
        t = self.catalog.text
        deal = view.deal
        if view.is_over:
            return t("turn.session_over")
        if ui.summary is not None:
            return t("turn.closing" if ui.closing else "turn.summary")
        seat = deal.to_move
        if seat is None:
            return ""
        if seat == HUMAN:
            return {
                Phase.CONTRACT: t("turn.you_contract"),
                Phase.DOUBLING: t(
                    "turn.you_redouble" if deal.declarer == HUMAN else "turn.you_double"
                ),
                Phase.PLAY: t("turn.you_play"),
            }[deal.phase]
        if ui.thinking == seat and not ui.bots_can_play:
            return t("turn.waiting_bots", name=ui.names[seat])
        return t("turn.thinking", name=ui.names[seat])

    def doubles_map(self, doubles: Sequence[tuple[int, int]], names: Sequence[str]) -> Any:
        """The doubles of this deal drawn between the seats, the player addressed as "you"."""
        return doubles_map(self.dom, self.catalog, doubles, names, uid="table", you=HUMAN)

    # -- seats -----------------------------------------------------------------------------

    def draw_seat(self, seat: int, view: Any, ui: Any) -> None:
        """A seat: name, declarer/dealer marks, total, tricks, captured cards, obligation."""
        d, t, cat = self.dom, self.catalog.text, self.catalog
        deal = view.deal
        node = self.seats[seat]
        name = ui.names[seat]
        roles = []
        if seat == deal.declarer:
            roles.append((t("seat.declarer"), "badge declarer"))
        if seat == deal.dealer:
            roles.append((t("seat.dealer"), "badge dealer"))
        moving = deal.to_move == seat and ui.summary is None and not view.is_over
        if moving:
            roles.append(
                (t("seat.to_move") if seat != ui.thinking else t("seat.thinking"), "badge turn")
            )
        facts = []
        domino = deal.contract is not None and deal.rules.contract(deal.contract).is_domino
        if deal.phase in (Phase.PLAY, Phase.DONE) and deal.contract is not None:
            if domino:
                if seat in deal.out_order:
                    place = deal.out_order.index(seat) + 1
                    facts.append(t("seat.place", place=place_name(cat, place)))
                elif seat in ui.passed:
                    facts.append(said(cat, "seat.passes", seat, ui.names))
            else:
                facts.append(cat.plural("count.tricks", deal.tricks_won[seat]))
            if seat != HUMAN:
                facts.append(cat.plural("count.cards", deal.hand_sizes[seat]))
        if deal.phase is Phase.DOUBLING or (deal.phase is Phase.PLAY and not deal.played):
            facts.extend(self.doubling_facts(seat, deal, ui.names))
        owed = deal.still_owed[seat]
        if owed:
            if seat == HUMAN:
                key = "seat.owes_you"  # you owe Alice
            elif deal.declarer == HUMAN:
                key = "seat.owes_to_you"  # Alice owes you ("vous doit", not "doit ... à vous")
            else:
                key = "seat.owes"
            facts.append(cat.plural(key, owed, name=ui.names[deal.declarer]))
        captured = deal.captured[seat] if deal.contract is not None and not domino else ()
        key = (
            name,
            tuple(roles),
            view.totals[seat],
            tuple(facts),
            captured,
            moving,
            seat == deal.declarer,
            ui.thinking == seat,
        )
        if not self.changed(f"seat-{seat}", key):
            return
        head = d.el(
            "div",
            None,
            d.el("span", name, class_="seat-name"),
            *[d.el("span", text, class_=kind) for text, kind in roles],
            class_="seat-head",
        )
        total = d.el("span", str(view.totals[seat]), data_total=seat, class_="total")
        score = d.el("p", None, *d.fill(t("seat.total"), total=total), class_="seat-total")
        parts = [head, score]
        if facts:
            parts.append(d.el("p", " · ".join(facts), class_="seat-facts"))
        if captured:
            label = t("seat.captured", cards=", ".join(card_name(cat, c) for c in captured))
            parts.append(
                d.el(
                    "div",
                    None,
                    *[mini_card(self.dom, self.catalog, c) for c in captured],
                    class_="captured",
                    role="img",
                    aria_label=label,
                )
            )
        node.replaceChildren(*parts)
        where = t(f"seat.where.{POSITIONS[seat]}")
        node.setAttribute("aria-label", t("seat.label", name=name, where=where))
        node.classList.toggle("declarer", seat == deal.declarer)
        node.classList.toggle("to-move", moving)
        node.classList.toggle("thinking", ui.thinking == seat)

    def doubling_facts(self, seat: int, deal: Any, names: Sequence[str]) -> list[str]:
        """What a seat did in the doubling round, once it had its turn."""
        t = self.catalog.text
        if seat not in deal.double_order[: deal.double_turns]:
            return []
        you = ".you" if seat == HUMAN else ""
        targets = [b for a, b in deal.doubles if a == seat]
        if not targets:
            return [t("seat.passed" + you)]
        return [t("seat.doubled" + you, names=object_list(self.catalog, targets, names))]

    # -- the centre: choices, trick, Domino, summary -----------------------------------------

    def draw_center(self, view: Any, ui: Any) -> None:
        """What the middle of the table shows now."""
        deal = view.deal
        mine = deal.to_move == HUMAN
        key = (
            ui.last_trick_open and len(deal.tricks),
            ui.summary,
            ui.closing,
            view.is_over,
            view.number,
            deal.phase,
            deal.to_move,
            deal.legal if mine else (),
            ui.picking,
            frozenset(ui.selected_doubles),
            ui.refusal,
            deal.doubles,
            deal.trick,
            ui.shown_trick,
            len(deal.tricks),
            deal.domino_rows,
            deal.out_order,
            frozenset(ui.passed),
            tuple(ui.names),
            view.totals,
            self.turn_text(view, ui),
            ui.hint,
        )
        if not self.changed("center", key):
            return
        parts = []
        if ui.last_trick_open and view.deal.tricks:
            parts.append(self.last_trick(view, ui))
        prompt = self.prompt(view, ui)
        if prompt is not None:
            parts.append(prompt)
        elif (
            view.deal.contract is not None
            and view.deal.phase is not Phase.DOUBLING
            and view.deal.rules.contract(view.deal.contract).is_domino
        ):
            parts.append(self.domino(view, ui))
        else:  # also while others choose or double: an empty trick, of the same height
            parts.append(self.trick(view, ui))
        if view.is_over and ui.summary is None:
            parts.append(self.session_over(view, ui))
        self.center.replaceChildren(*parts)
        self.center.classList.toggle("has-prompt", prompt is not None or view.is_over)
        self.fresh_prompt = prompt is not None

    def prompt(self, view: Any, ui: Any) -> Any | None:
        """The player's current choice, or the deal summary; None when there is nothing to do."""
        deal = view.deal
        if ui.summary is not None:
            return None if ui.closing else self.summary(ui.summary, view, ui)
        if view.is_over or deal.to_move != HUMAN:
            return None
        if deal.phase is Phase.CONTRACT:
            return self.contract_choice(view, ui)
        if deal.phase is Phase.DOUBLING:
            return self.doubling_choice(view, ui)
        return None

    def contract_choice(self, view: Any, ui: Any) -> Any:
        """The declarer's menu: the rules' contracts (used ones greyed), then trump or rank."""
        d, t, cat = self.dom, self.catalog.text, self.catalog
        deal = view.deal
        legal = {a.contract for a in deal.legal if isinstance(a, ChooseContract)}
        hint = ui.hint if isinstance(ui.hint, ChooseContract) else None
        buttons = []
        picking = deal.rules.contract(ui.picking) if ui.picking is not None else None
        for crules in deal.rules.contracts:
            contract = crules.contract
            used = contract not in legal
            kind = t("choice.positive") if crules.positive else t("choice.negative")
            buttons.append(
                d.el(
                    "button",
                    None,
                    d.el("span", contract_name(cat, contract), class_="choice-name"),
                    d.el("span", t("choice.used") if used else kind, class_="choice-note"),
                    d.el("span", explanation(cat, crules, deal.rules), class_="choice-explain"),
                    type="button",
                    class_="choice used"
                    if used
                    else "choice hinted"
                    if hint and hint.contract == contract
                    else "choice",
                    data_contract=contract.value,
                    disabled=used,
                    aria_pressed="true" if ui.picking == contract else "false",
                )
            )
        parts = [
            d.el("h2", t("choice.contract_title"), id="prompt-title"),
            d.el("p", t("choice.contract_help"), class_="help"),
            d.el("div", None, *buttons, class_="choices contracts"),
        ]
        if picking is not None and picking.has_trump:
            suits = [
                d.el(
                    "button",
                    None,
                    d.el(
                        "span",
                        s.symbol + "\ufe0e",
                        class_=f"symbol suit-{s.char}",
                        aria_hidden="true",
                    ),
                    d.el("span", t(f"suit_title.{s.char}")),
                    type="button",
                    class_="choice suit hinted" if hint and hint.trump is s else "choice suit",
                    data_trump=s.char,
                )
                for s in Suit
            ]
            parts += [
                d.el("h3", t("choice.trump_title")),
                d.el("div", None, *suits, class_="choices suits-row"),
            ]
        elif picking is not None and picking.names_rank:
            ranks = [
                d.el(
                    "button",
                    rank_short(cat, r),
                    type="button",
                    class_="choice rank hinted" if hint and hint.start_rank is r else "choice rank",
                    data_rank=r.char,
                    # the name starts with what the button shows ("10, Ten")
                    aria_label=t(
                        "label.shown_then_said",
                        shown=rank_short(cat, r),
                        said=t(f"rank.{r.char}"),
                    ),
                )
                for r in reversed(Rank)
            ]
            parts += [
                d.el("h3", t("choice.rank_title")),
                d.el("div", None, *ranks, class_="choices ranks-row"),
            ]
        return d.el("section", None, *parts, class_="prompt", aria_labelledby="prompt-title")

    def doubling_choice(self, view: Any, ui: Any) -> Any:
        """The player's doubling turn: the seats he may double (or redouble), then confirm."""
        d, t, cat = self.dom, self.catalog.text, self.catalog
        deal = view.deal
        declarer = deal.declarer
        scope = sorted({s for a in deal.legal if isinstance(a, Double) for s in a.targets})
        is_declarer = declarer == HUMAN
        contract = contract_line(cat, deal.contract, deal.trump, deal.start_rank)
        parts = [
            d.el(
                "h2",
                t("choice.redouble_title" if is_declarer else "choice.double_title"),
                id="prompt-title",
            ),
            d.el(
                "p",
                said(cat, "choice.double_contract", declarer, ui.names, contract=contract),
                class_="help",
            ),
        ]
        if deal.must_double:
            parts.append(
                d.el(
                    "p",
                    t(
                        "choice.must_double",
                        owed=cat.plural("count.doubles", deal.owed[HUMAN]),
                        left=cat.plural("count.deals", deal.deals_left),
                        name=ui.names[declarer],
                    ),
                    class_="obligation",
                    role="alert",
                )
            )
        elif deal.owed[HUMAN] and not is_declarer:
            parts.append(
                d.el(
                    "p",
                    t(
                        "choice.owed",
                        owed=cat.plural("count.doubles", deal.owed[HUMAN]),
                        left=cat.plural("count.deals", deal.deals_left),
                        name=ui.names[declarer],
                    ),
                    class_="help owed",
                )
            )
        if not scope:
            parts.append(d.el("p", t("choice.nobody"), class_="help"))
        hint = ui.hint if isinstance(ui.hint, Double) else None
        toggles = []
        for seat in scope:
            on = seat in ui.selected_doubles
            verb = "choice.redouble" if is_declarer else "choice.double"
            toggles.append(
                d.el(
                    "button",
                    t(verb, name=ui.names[seat]),
                    type="button",
                    class_="choice toggle hinted"
                    if hint and seat in hint.targets
                    else "choice toggle",
                    data_double=seat,
                    aria_pressed="true" if on else "false",
                )
            )
        if toggles:
            parts.append(d.el("div", None, *toggles, class_="choices doubles-row"))
        shortcuts = [
            d.el(
                "button",
                t(f"choice.shortcut.{name}"),
                type="button",
                class_="quiet shortcut",
                data_action="shortcut",
                data_shortcut=name,
                aria_pressed="true" if ui.selected_doubles == set(targets) else "false",
            )
            for name, targets in deal.shortcuts
        ]
        if shortcuts:
            parts.append(d.el("div", None, *shortcuts, class_="choices shortcuts-row"))
        done = t("choice.pass") if not ui.selected_doubles else t("choice.confirm")
        # The star on Pass/Confirm only while the selection is the advice (it moved off once
        # the player chose otherwise).
        advised = hint is not None and set(hint.targets) == set(ui.selected_doubles)
        parts.append(
            d.el(
                "div",
                None,
                d.el(
                    "button",
                    done,
                    type="button",
                    class_="action hinted" if advised else "action",
                    data_action="doubles-done",
                ),
                class_="prompt-actions",
            )
        )
        if ui.refusal:
            parts.append(d.el("p", ui.refusal, *self.why(ui), class_="refusal", role="alert"))
        return d.el("section", None, *parts, class_="prompt", aria_labelledby="prompt-title")

    def why(self, ui: Any) -> list[Any]:
        """After a refusal, a link to the rules section that explains it (in a new tab: the
        game stays as it is), if there is one."""
        if not ui.refusal_link:
            return []
        link = self.dom.el(
            "a",
            self.catalog.text("refusal.rules_link"),
            href=ui.refusal_link,
            target="_blank",
            rel="noopener",
            class_="rules-link",
        )
        return [" ", link]

    def trick(self, view: Any, ui: Any) -> Any:
        """The trick on the table: each card in front of its player; the winner once complete."""
        d, t = self.dom, self.catalog.text
        deal = view.deal
        cards = list(deal.trick)
        winner = None
        if not cards and ui.shown_trick is not None:
            trick = ui.shown_trick
            cards = [((trick.leader + k) % 4, c) for k, c in enumerate(trick.cards)]
            winner = trick.winner
        # A card just played slides in from its player's side (not a trick drawn again, nor a
        # whole trick shown at once after a reload).
        drawn = frozenset(cards)
        fresh = drawn - self.trick_drawn if len(drawn - self.trick_drawn) <= 3 else frozenset()
        self.trick_drawn = drawn
        if winner is not None:
            caption = said(self.catalog, "trick.won", winner, ui.names)
        elif cards:
            caption = said(self.catalog, "trick.led", cards[0][0], ui.names)
        elif deal.phase is Phase.PLAY and deal.to_move is not None:
            caption = (
                t("trick.lead", name=ui.names[deal.to_move])
                if deal.to_move != HUMAN
                else t("trick.you_lead")
            )
        elif deal.phase in (Phase.CONTRACT, Phase.DOUBLING):
            caption = self.turn_text(view, ui)  # who is choosing or doubling
        else:
            caption = ""
        trick_no = min(len(deal.tricks) + (0 if winner is not None else 1), deal.rules.hand_size)
        label = t("trick.label", number=trick_no)
        return d.el(
            "div",
            None,
            trick_cards(d, self.catalog, cards, label, winner, fresh),
            d.el("p", caption, class_="trick-caption"),
            class_="trick-area",
        )

    def domino(self, view: Any, ui: Any) -> Any:
        """The four Domino rows growing from the starting rank; who went out, who passed."""
        d, t, cat = self.dom, self.catalog.text, self.catalog
        deal = view.deal
        notes = []
        if deal.out_order:
            notes.append(
                t(
                    "domino.out",
                    names=join_names(
                        cat, [f"{ui.names[s]} ({i + 1})" for i, s in enumerate(deal.out_order)]
                    ),
                )
            )
        if ui.passed:
            notes.append(
                t("domino.passed", names=join_names(cat, [ui.names[s] for s in sorted(ui.passed)]))
            )
        return d.el(
            "div",
            None,
            d.el(
                "p",
                t("domino.start", rank=t(f"rank.{deal.start_rank.char}")),
                class_="domino-start",
            ),
            domino_rows(d, cat, deal.domino_rows, deal.start_rank),
            d.el("p", " ".join(notes), class_="trick-caption"),
            class_="domino",
        )

    def last_trick(self, view: Any, ui: Any) -> Any:
        """The last finished trick, for review at any time."""
        d, t = self.dom, self.catalog.text
        trick = view.deal.tricks[-1]
        items = []
        for k, card in enumerate(trick.cards):
            seat = (trick.leader + k) % 4
            items.append(
                d.el(
                    "li",
                    None,
                    d.el("span", ui.names[seat], class_="who"),
                    mini_card(d, self.catalog, card, "winner" if seat == trick.winner else ""),
                )
            )
        return d.el(
            "section",
            None,
            d.el("h2", t("last_trick.title", number=len(view.deal.tricks))),
            d.el("ol", None, *items, class_="last-list"),
            d.el("p", said(self.catalog, "trick.won", trick.winner, ui.names)),
            d.el(
                "button",
                t("last_trick.close"),
                type="button",
                class_="quiet",
                data_action="last-trick",
            ),
            class_="last-trick",
            aria_label=t("toolbar.last_trick"),
        )

    def summary(self, number: int, view: Any, ui: Any) -> Any:
        """A finished deal: raw scores, each pair's transfer, final scores; then "next"."""
        d, t, cat = self.dom, self.catalog.text, self.catalog
        row = ui.game.summary(number)
        latest = number == len(view.history)
        totals = [str(total) if latest else "" for total in view.totals]
        table = settlement_table(d, cat, ui.names, row.raw, row.final, totals)
        pairs = pair_lines(d, cat, ui.names, row.settlement, you=HUMAN)
        if not pairs and view.deal.rules.doubling:
            pairs.append(d.el("li", t("summary.no_doubles")))
        last = number == view.deals
        parts = [
            d.el("h2", t("summary.title", number=number), id="prompt-title"),
            d.el(
                "p",
                said(
                    cat,
                    "summary.contract",
                    row.declarer,
                    ui.names,
                    contract=contract_line(cat, row.contract, row.trump, row.start_rank),
                ),
                class_="help",
            ),
            *self.early_end_line(view),
            table,
            *(
                [d.el("h3", t("summary.pairs")), d.el("ul", None, *pairs, class_="pairs")]
                if pairs
                else []
            ),
            d.el(
                "div",
                None,
                d.el(
                    "button",
                    t("summary.final_next" if last else "summary.next"),
                    type="button",
                    class_="action",
                    data_action="next",
                ),
                class_="prompt-actions",
            ),
        ]
        return d.el(
            "section",
            None,
            *parts,
            class_="prompt summary",
            aria_labelledby="prompt-title",
            data_summary=number,
        )

    def early_end_line(self, view: Any) -> list[Any]:
        """Why a deal stopped with cards still in hand, when it did (every scoring card taken)."""
        deal = view.deal
        if deal.contract is None or deal.rules.contract(deal.contract).is_domino:
            return []
        tricks = len(deal.tricks)
        if tricks >= deal.rules.hand_size:
            return []
        return [
            self.dom.el(
                "p",
                self.catalog.text("explain.early_title", tricks=tricks),
                class_="help early-end",
            )
        ]

    def session_over(self, view: Any, ui: Any) -> Any:
        """The final ranking, the winners (a tie shares the victory), what to do next."""
        d, t, cat = self.dom, self.catalog.text, self.catalog
        winners = list(view.winners)
        best = view.totals[winners[0]] if winners else 0
        names = [ui.names[s] for s in winners]
        if len(winners) == 1:
            verdict = said(cat, "over.winner", winners[0], ui.names, total=best)
        else:
            verdict = t("over.shared", names=join_names(cat, names), total=best)
        if view.deal.rules.lowest_wins:
            verdict += " " + t("over.lowest")
        goal = view.deal.rules.goal  # the highest total wins, or the lowest (fr32)
        order = sorted(range(4), key=lambda s: (-goal * view.totals[s], s))
        ranking = []
        for seat in order:
            place = 1 + sum(1 for s in range(4) if goal * view.totals[s] > goal * view.totals[seat])
            ranking.append(
                d.el(
                    "li",
                    None,
                    d.el("span", place_name(cat, place), class_="place"),
                    d.el("span", ui.names[seat], class_="who"),
                    d.el("span", str(view.totals[seat]), class_="num"),
                    class_="winner" if seat in winners else None,
                )
            )
        return d.el(
            "section",
            None,
            d.el("h2", t("over.title"), id="over-title"),
            d.el("p", verdict, class_="verdict", data_winners=",".join(map(str, winners))),
            d.el("ol", None, *ranking, class_="ranking"),
            d.el(
                "div",
                None,
                d.el(
                    "button",
                    t("over.new"),
                    type="button",
                    class_="action",
                    data_action="new-session",
                ),
                d.el(
                    "button", t("over.replay"), type="button", class_="quiet", data_action="replay"
                ),
                d.el(
                    "button", t("menu.export"), type="button", class_="quiet", data_action="export"
                ),
                class_="prompt-actions",
            ),
            class_="prompt over",
            data_testid="session-over",
            aria_labelledby="over-title",
        )

    # -- the hand --------------------------------------------------------------------------

    def draw_hand(self, view: Any, ui: Any) -> None:
        """The player's cards as buttons, updated in place. On his turn a card he may not play
        stays focusable and tappable (``aria-disabled``): a tap says why, in place."""
        d, t, cat = self.dom, self.catalog.text, self.catalog
        deal = view.deal
        cards = list(deal.hand)
        codes = [str(c) for c in cards]
        if codes != self.hand_codes:
            if (
                self.hand_codes
                and set(codes) <= set(self.hand_codes)
                and [c for c in self.hand_codes if c in codes] == codes
            ):
                for code in self.hand_codes:
                    if code not in codes:
                        self.hand_buttons.pop(code).remove()
            else:
                self.hand_buttons = {str(c): card_button(d, self.catalog, c) for c in cards}
                row = d.el(
                    "div",
                    None,
                    *self.hand_buttons.values(),
                    class_="cards",
                    role="group",
                    aria_labelledby="hand-heading",
                )
                heading = d.el("h2", None, id="hand-heading")
                self.hand_region.replaceChildren(heading, row)
            self.hand_codes = codes
        my_turn = (
            deal.to_move == HUMAN
            and deal.phase is Phase.PLAY
            and ui.summary is None
            and not view.is_over
        )
        playable = [str(a.card) for a in deal.legal if isinstance(a, Play)] if my_turn else []
        hinted = str(ui.hint.card) if my_turn and isinstance(ui.hint, Play) else None
        key = (
            tuple(codes),
            my_turn,
            tuple(playable),
            tuple(sorted(ui.card_reasons.items())),
            hinted,
            ui.refusal if my_turn else None,
        )
        if not self.changed("hand", key):
            return
        for code in codes:
            button = self.hand_buttons[code]
            ok = code in playable
            button.disabled = not my_turn
            if my_turn and not ok:
                button.setAttribute("aria-disabled", "true")
            else:
                button.removeAttribute("aria-disabled")
            button.classList.toggle("playable", ok)
            button.classList.toggle("hinted", code == hinted)
            key = str(playable.index(code) + 1) if ok and playable.index(code) < 9 else None
            if key:
                button.setAttribute("aria-keyshortcuts", key)
            else:
                button.removeAttribute("aria-keyshortcuts")
            reason = ui.card_reasons.get(code) if my_turn and not ok else None
            if reason:
                button.setAttribute("title", reason)
            else:
                button.removeAttribute("title")
        heading = self.document.getElementById("hand-heading")
        if heading:
            count = d.el("span", cat.plural("count.cards", len(codes)), class_="hand-count")
            parts = [t("table.hand"), " ", count]
            if my_turn and ui.refusal:  # why the card tapped cannot be played
                parts += [" ", d.el("span", ui.refusal, *self.why(ui), class_="hand-hint refusal")]
            elif my_turn:
                parts += [" ", d.el("span", t("hand.play"), class_="hand-hint")]
            heading.replaceChildren(*parts)
        self.hand_region.classList.toggle("my-turn", my_turn)

    # -- scores ----------------------------------------------------------------------------

    def scores_later(self, view: Any, ui: Any) -> None:
        """Draw the score sheet and diagram in a task of their own, right after this one: they
        are the heaviest region (a row and a point per deal), and the table answers sooner
        without them in the same task (no main-thread task over 100 ms while bots play)."""
        self.scores_view = (view, ui)
        if self.scores_pending:
            return
        from pyodide.ffi import create_once_callable

        self.scores_pending = True
        self.document.defaultView.setTimeout(create_once_callable(self.flush_scores), 0)

    def flush_scores(self) -> None:
        """The scores as of the latest redraw."""
        self.scores_pending = False
        self.draw_scores(*self.scores_view)

    def draw_scores(self, view: Any, ui: Any) -> None:
        """The score sheet and diagram, redrawn only when a deal has finished (or names change)."""
        if not self.changed(
            "scores", (len(view.history), view.number, tuple(ui.names), ui.game.seed)
        ):
            return
        d = self.dom
        history = view.history
        current = view.number
        self.sheet_box.replaceChildren(
            draw_sheet(d, self.catalog, ui.names, history, view.totals, current)
        )
        self.legend_box.replaceChildren(draw_legend(d, ui.names, view.totals))
        svg, geo = draw_diagram(
            d, self.catalog, ui.names, history, view.deals, view.deals // view.blocks, current
        )
        self.diagram_box.replaceChildren(svg)
        self.keep_in_view(geo.deal_x[min(current, view.deals)])

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

    # -- menu ------------------------------------------------------------------------------

    def draw_menu(self, ui: Any) -> None:
        """Settings, new session, export/import, the previous session."""
        d, t = self.dom, self.catalog.text
        s = ui.settings
        key = (s, ui.game.seed, ui.game.rules, ui.previous_seed, ui.catalog.lang)
        if key == self.menu_key and self.menu.childElementCount:
            return
        self.menu_key = key

        def select(name: str, options: Sequence[str], current: str, prefix: str) -> Any:
            node = d.el("select", None, id=f"setting-{name}", data_setting=name)
            for value in options:
                node.append(
                    d.el("option", t(f"{prefix}.{value}"), value=value, selected=value == current)
                )
            return node

        autoplay = d.el(
            "input",
            None,
            type="checkbox",
            id="setting-autoplay",
            data_setting="autoplay",
            checked=s.autoplay,
        )
        hints = d.el(
            "input",
            None,
            type="checkbox",
            id="setting-hints",
            data_setting="hints",
            checked=s.hints,
        )
        sound = d.el(
            "input",
            None,
            type="checkbox",
            id="setting-sound",
            data_setting="sound",
            checked=s.sound,
        )
        settings = d.el(
            "fieldset",
            None,
            d.el("legend", t("menu.settings")),
            d.el("label", t("menu.speed"), for_="setting-speed"),
            select("speed", SPEEDS, s.speed, "speed"),
            d.el("label", t("menu.level"), for_="setting-level"),
            select("level", LEVELS, s.level, "level"),
            d.el(
                "div",
                None,
                autoplay,
                d.el("label", t("menu.autoplay"), for_="setting-autoplay"),
                class_="check",
            ),
            d.el(
                "div",
                None,
                hints,
                d.el("label", t("menu.hints"), for_="setting-hints"),
                class_="check",
            ),
            d.el(
                "div",
                None,
                sound,
                d.el("label", t("menu.sound"), for_="setting-sound"),
                class_="check",
            ),
            d.el(
                "div",
                None,
                d.el("span", t("table.language"), id="menu-languages"),
                ui.language_links(),
                role="group",
                aria_labelledby="menu-languages",
                class_="menu-languages",
            ),
            class_="settings",
        )
        new = d.el(
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
                value=ui.names[HUMAN],
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
            self.game_choice(ui.game.rules),
            d.el(
                "button", t("menu.start"), type="button", class_="action", data_action="start-new"
            ),
            class_="new-session",
        )
        record = d.el(
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
        section = REGISTRY[ui.game.rules.name].section
        rules_link = d.el(
            "a",
            t("menu.rules"),
            href=f"./rules/{ui.catalog.lang}/#{section}",
            target="_blank",
            rel="noopener",
            id="menu-rules",
        )
        parts = [
            d.el("h2", t("menu.title"), id="menu-heading"),
            d.el("p", None, rules_link, class_="menu-rules"),
            settings,
            new,
            record,
        ]
        if ui.previous_seed is not None:
            parts.append(
                d.el(
                    "fieldset",
                    None,
                    d.el("legend", t("menu.previous_title")),
                    d.el(
                        "button",
                        t("menu.previous", seed=ui.previous_seed),
                        type="button",
                        class_="quiet",
                        data_action="resume-previous",
                    ),
                )
            )
        parts.append(
            d.el("button", t("menu.close"), type="button", class_="quiet", data_action="menu")
        )
        self.menu.replaceChildren(*parts)

    def game_choice(self, rules: Any) -> Any:
        """The games of RULES.md §7 (``barbu.rules.REGISTRY``), a line each, and each game's
        options (``data-options-for``, shown while that game is chosen); the current session's
        game comes chosen with its options."""
        d, t = self.dom, self.catalog.text
        games = []
        for entry in REGISTRY.values():
            name = entry.name
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
                    d.el("label", t(entry.label), for_=f"new-rules-{name}"),
                    d.el("p", t(entry.about), id=f"new-rules-{name}-about", class_="about"),
                    class_="game-choice",
                )
            )
        return d.el(
            "fieldset",
            None,
            d.el("legend", t("menu.game")),
            *games,
            *(self.option_fields(e, rules) for e in REGISTRY.values() if e.options),
            class_="games",
        )

    def option_fields(self, entry: Preset, rules: Any) -> Any:
        """A game's options as its schema lists them: a check box for a yes-or-no one, else a
        list of its values; set as ``rules`` has them when it is that game."""
        d, t = self.dom, self.catalog.text
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
                fields.append(
                    d.el(
                        "div", None, box, d.el("label", t(option.label), for_=field), class_="check"
                    )
                )
                continue
            select = d.el("select", None, id=field, data_option=option.name)
            for index, value in enumerate(option.values):
                words = t(option.value_labels[index]) if option.value_labels else str(value)
                select.append(
                    d.el("option", words, value=json.dumps(value), selected=value == current)
                )
            fields.append(d.el("label", t(option.label), for_=field))
            fields.append(select)
        assert entry.options_label is not None
        return d.el(
            "fieldset",
            None,
            d.el("legend", t(entry.options_label)),
            *fields,
            id=f"options-{entry.name}",
            data_options_for=entry.name,
            class_="options",
            hidden=rules.name != entry.name,
        )

    # -- notices and announcements -----------------------------------------------------------

    def sweep(self, winner: int) -> bool:
        """Sweep the finished trick towards its winner (CSS, 0.2 s); False when there is no
        trick on the table or the player asked for reduced motion."""
        trick = self.center.querySelector(".trick")
        window = self.document.defaultView
        if not trick or window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return False
        trick.classList.add("sweep", f"to-{POSITIONS[winner]}")
        return True

    # -- the menu as a modal dialog -------------------------------------------------------------

    def show_menu(self, shown: bool, elsewhere: bool) -> None:
        """Open or close the menu; while it is open the table behind it is inert."""
        self.menu.hidden = not shown
        self.play.inert = shown or elsewhere
        self.scores.inert = shown

    def keep_focus_in_menu(self, event: Any) -> None:
        """Tab and Shift+Tab go round the menu's controls instead of leaving it."""
        controls = [
            node
            for node in self.menu.querySelectorAll("button, input, select, a[href]")
            if not node.hasAttribute("disabled") and node.getClientRects().length
        ]
        if not controls:
            return
        active = self.document.activeElement
        inside = bool(active) and self.menu.contains(active)
        first, last = controls[0], controls[-1]
        if event.shiftKey and (not inside or active.isSameNode(first)):
            last.focus()
            event.preventDefault()
        elif not event.shiftKey and (not inside or active.isSameNode(last)):
            first.focus()
            event.preventDefault()

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
        error = self.dom.el("p", text, id=f"{field}-error", class_="field-error", role="alert")
        node.after(error)
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
        d, t = self.dom, self.catalog.text
        box = d.el(
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
        start.after(box)
        box.querySelector('[data-action="start-new-confirmed"]').focus()

    def note_after(self, button: Any, text: str) -> None:
        """A result shown beside the button that produced it (the export's file name)."""
        action = button.getAttribute("data-action")
        old = button.parentElement.querySelector(f'[data-note="{action}"]')
        if old:
            old.remove()
        button.after(self.dom.el("p", text, class_="menu-note", role="status", data_note=action))

    def draw_elsewhere(self, shown: bool) -> None:
        """Say that another tab plays the game (with the button to play here instead), and make
        the table inert meanwhile: it only shows that tab's game."""
        self.elsewhere.hidden = not shown
        for region in (self.play, self.toolbar, self.menu):
            region.inert = shown

    def draw_notices(self, notices: Sequence[Notice]) -> None:
        """Messages that stay until dismissed (an unreadable save, storage refused...)."""
        d, t = self.dom, self.catalog.text
        items = []
        for index, notice in enumerate(notices):
            download = None
            if notice.kept:  # a save kept aside: the player can take a copy of it
                download = d.el(
                    "button",
                    t("notice.download_kept"),
                    type="button",
                    class_="quiet",
                    data_action="download-kept",
                    data_key=notice.kept,
                )
            items.append(
                d.el(
                    "div",
                    None,
                    d.el("p", notice.text),
                    *([download] if download else []),
                    d.el(
                        "button",
                        t("notice.dismiss"),
                        type="button",
                        class_="quiet",
                        data_action="dismiss-notice",
                        data_index=index,
                    ),
                    class_=f"notice {notice.kind}",
                    role="alert",
                    data_notice=notice.kind,
                )
            )
        self.notices.replaceChildren(*items)

    def announce(self, text: str) -> None:
        """Say something in the live region (screen readers read it out)."""
        if text:
            self.live.textContent = text
