"""A guided first deal: one No Hearts deal, always the same cards, that the reader (seat 0) plays
against three computer players, with a short prompt at each new idea: following suit, discarding
when void, a penalty card taken, leading, and the score.

The prompts are read from the engine's state at the reader's turn (the suit led, whether he holds
it, the tricks taken since his last card); the numbers in them are the rules object's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from barbu import (
    STANDARD,
    Card,
    ChooseContract,
    Contract,
    Deal,
    Double,
    Phase,
    Play,
    RuleError,
    deal_masks,
)
from barbu.bots import Bot
from web.components.cards import hand_to_play, mini_card
from web.components.dom import Dom
from web.components.settlement import settlement_table
from web.components.trick import trick_cards
from web.languages.i18n import Catalog
from web.languages.words import card_refusal, contract_name, signed, suit_name, trick_said

READER = 0
DECLARER = 1
CONTRACT = Contract.NO_HEARTS
SEED = "first-deal"


def points(cards: Sequence[Card]) -> int:
    """What capturing ``cards`` scores in the contract."""
    crules = STANDARD.contract(CONTRACT)
    return sum(v for card in cards for mask, v in crules.card_values if mask >> card & 1)


class FirstDeal:
    """The deal, the computer players, and the ideas already explained."""

    name = "first-deal"

    def __init__(self, catalog: Catalog, names: Sequence[str], uid: str) -> None:
        self.catalog = catalog
        self.names = list(names)
        self.uid = uid
        self.start()

    def start(self) -> None:
        """The deal from its first card (the computer players play up to the reader's turn)."""
        self.bots = [Bot("standard", seed=f"{SEED}/{seat}") for seat in range(4)]
        self.deal = Deal(deal_masks(random.Random(SEED)), DECLARER, STANDARD)
        self.deal.apply(ChooseContract(CONTRACT))
        while self.deal.phase is Phase.DOUBLING:
            self.deal.apply(Double())
        self.seen: set[str] = set()
        self.counted = 0
        """The tricks already looked at for a prompt."""
        self.tips: list[str] = []
        self.said = ""
        self.advance(first=True)

    def advance(self, first: bool = False) -> None:
        """The computer players play up to the reader's turn; then the prompts for what happened
        since his last card and for what he must do now."""
        deal, t = self.deal, self.catalog.text
        while not deal.is_over and deal.to_move != READER:
            seat = deal.to_move
            assert seat is not None  # the deal is under way
            deal.apply(self.bots[seat].decide(deal.view(seat)))
        tips = []
        if first:
            tips.append(
                t(
                    "demo.first_deal.start",
                    name=self.names[READER],
                    declarer=self.names[DECLARER],
                    contract=contract_name(self.catalog, CONTRACT),
                    heart=signed(points([Card.parse("2H")])),
                    ace=signed(points([Card.parse("AH")])),
                )
            )
        for trick in deal.tricks[self.counted :]:
            cost = points(trick.cards)
            if cost and "taken" not in self.seen:
                self.seen.add("taken")
                name = self.names[trick.winner]
                tips.append(t("demo.first_deal.taken", name=name, points=signed(cost)))
        self.counted = len(deal.tricks)
        if deal.is_over:
            tips.append(t("demo.first_deal.over"))
        elif deal.trick:
            suit = deal.trick[0][1].suit
            idea = "follow" if any(c.suit is suit for c in deal.hand(READER)) else "discard"
            if idea not in self.seen:
                self.seen.add(idea)
                tips.append(t(f"demo.first_deal.{idea}", suit=suit_name(self.catalog, suit)))
        elif "lead" not in self.seen and not first:
            self.seen.add("lead")
            tips.append(t("demo.first_deal.lead"))
        self.tips = tips

    def act(self, act: str) -> None:
        """``card:QS`` plays a card; ``again`` starts the deal over."""
        kind, _, value = act.partition(":")
        self.said = ""
        if kind == "again":
            self.start()
        elif kind == "card" and not self.deal.is_over and self.deal.to_move == READER:
            card = Card.parse(value)
            try:
                self.deal.apply(Play(card))
            except RuleError as error:
                self.said = card_refusal(self.catalog, card, error)
                return
            self.advance()

    def draw(self, dom: Dom) -> Any:
        """The prompts, the trick, the hearts taken, the reader's hand or the scores."""
        d, t, cat = dom, self.catalog.text, self.catalog
        deal = self.deal
        view = deal.view(READER)
        taken = []
        for seat in range(4):
            cards = [mini_card(d, cat, card) for card in view.captured[seat]]
            taken.append(d.el("li", None, d.el("span", self.names[seat]), " ", *cards))
        parts: list[Any] = [
            d.el("ul", None, *(d.el("li", tip) for tip in self.tips), class_="demo-tips"),
        ]
        table: list[Any] = []
        last = deal.tricks[-1] if deal.tricks and deal.is_over else None
        shown = list(deal.trick) or (
            [((last.leader + k) % 4, c) for k, c in enumerate(last.cards)] if last else []
        )
        if shown:
            by = trick_said(cat, self.names, shown)
            seats = t("demo.seats", left=self.names[1], top=self.names[2], right=self.names[3])
            table.append(
                d.el(
                    "div",
                    None,
                    trick_cards(d, cat, shown, by),
                    d.el("p", seats, class_="trick-caption", aria_hidden="true"),
                    class_="trick-area",
                )
            )
        table.append(
            d.el(
                "ul", None, *taken, class_="demo-taken", aria_label=t("demo.first_deal.taken_title")
            )
        )
        parts.append(d.el("div", None, *table, class_="demo-table"))
        if deal.is_over:
            raw = view.raw or (0, 0, 0, 0)
            parts.append(settlement_table(d, cat, self.names, raw, view.final or raw))
        else:
            legal = {a.card for a in view.legal if isinstance(a, Play)}
            hand = hand_to_play(d, cat, view.hand, legal)
            parts += [
                d.el(
                    "p",
                    t("demo.first_deal.your_turn", name=self.names[READER]),
                    class_="demo-hand-title",
                ),
                d.el("div", None, *hand, class_="demo-hand"),
            ]
        parts += [
            d.el("p", self.said, class_="demo-said refusal", aria_live="polite"),
            d.el(
                "button",
                t("demo.first_deal.again"),
                type="button",
                class_="quiet",
                data_act="again",
            ),
        ]
        return d.el("div", None, *parts, class_="demo-body")
