"""May I play this card? One position per rule of play; the reader taps any card of the hand
and the engine answers yes, or no with its reason, in the page's language.

Each position is a real deal of the standard game, played by the engine up to the reader's turn
(seat 0): the hands the rule needs, dealt out in full by a fixed shuffle, the contract, passes
for doubles, then the cards already played. The answer is ``Deal.check``'s; a card that ends the
deal early (the last scoring card taken) is played on a copy to say so.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from barbu import (
    FULL_DECK,
    Card,
    ChooseContract,
    Deal,
    Double,
    Phase,
    Play,
    Rank,
    RuleError,
    Suit,
    cards,
    mask_of,
)
from barbu.presets import STANDARD
from barbu.rules import Contract
from web.components.cards import hand_to_play
from web.components.dom import Dom
from web.components.domino import domino_rows
from web.components.trick import trick_cards
from web.languages.i18n import Catalog
from web.languages.words import card_refusal, card_text, contract_line, trick_said

READER = 0
"""The reader's seat: the player at the bottom, as in the game."""


@dataclass(frozen=True)
class Position:
    """A deal set up for one rule, the reader to play."""

    key: str
    contract: Contract
    declarer: int
    hand: str
    """The reader's thirteen cards."""
    plays: tuple[tuple[int, str], ...]
    """The cards played before the reader's turn, by seat."""
    trump: Suit | None = None
    start_rank: Rank | None = None
    voids: tuple[tuple[int, str], ...] = ()
    """Seats that must hold no card of a suit (to have discarded or trumped)."""


POSITIONS = (
    Position("follow", Contract.NO_TRICKS, 1, "AS 5S QH 7H 3H KD 9D 4D 2D JC 8C 6C 3C",
             ((1, "KS"), (2, "2S"), (3, "9S"))),
    Position("heart_lead", Contract.NO_HEARTS, 0, "AH 9H 4H 2H KS 8S 3S QD 6D JC TC 5C 2C", ()),
    Position("overtrump", Contract.TRUMPS, 1, "QS 2S AH KH 4H 7D 6D 5D KC QC 8C 7C 4C",
             ((1, "5S"), (2, "9S"), (3, "JS")), trump=Suit.SPADES),
    Position("must_win", Contract.TRUMPS, 1, "JH 5H AS QS 8S 4S 2S KD JD 9D 6D 4D 3D",
             ((1, "KC"), (2, "3C"), (3, "9H")), trump=Suit.HEARTS, voids=((3, "C"),)),
    Position("domino", Contract.DOMINO, 1, "9D 6D 9S 7S 8H 8C KD QD 2C 3C AH 4S 5S",
             ((1, "8D"), (2, "7D"), (3, "8S")), start_rank=Rank.EIGHT),
    Position("early_end", Contract.NO_KING_OF_HEARTS, 1, "QC 7C 2C AS 9S 6S KD 8D 5D JH 4H TS 3D",
             ((1, "AC"), (2, "3C"), (3, "KH")), voids=((3, "C"),)),
)  # fmt: skip
"""The positions, in the order the demo offers them."""


@cache
def deal_of(position: Position) -> Deal:
    """The position's deal, played by the engine up to the reader's turn."""
    hands = _hands(position)
    deal = Deal(hands, position.declarer, STANDARD)
    deal.apply(ChooseContract(position.contract, position.trump, position.start_rank))
    while deal.phase is Phase.DOUBLING:
        deal.apply(Double())
    for seat, code in position.plays:
        assert deal.to_move == seat, (position.key, seat, deal.to_move)
        deal.apply(Play(Card.parse(code)))
    assert deal.to_move == READER, position.key
    return deal


def _hands(position: Position) -> list[int]:
    """Four full hands: the reader's as given, each card played by its player, the rest shuffled
    out (a fixed shuffle), seats with a void served first from the cards they may hold."""
    hands = [0, 0, 0, 0]
    hands[READER] = mask_of(cards(position.hand))
    for seat, code in position.plays:
        hands[seat] |= 1 << Card.parse(code)
    rest = [Card(i) for i in range(52) if FULL_DECK >> i & 1 and not any(h >> i & 1 for h in hands)]
    random.Random(position.key).shuffle(rest)
    voids = dict(position.voids)
    for seat in sorted(range(4), key=lambda s: s not in voids):
        allowed = [c for c in rest if seat not in voids or c.suit.char != voids[seat]]
        for card in allowed[: 13 - hands[seat].bit_count()]:
            hands[seat] |= 1 << card
            rest.remove(card)
    return hands


class MayIPlay:
    """The demo's state (the position shown, the last answer) and its drawing."""

    name = "may-i-play"

    def __init__(self, catalog: Catalog, names: Sequence[str], uid: str) -> None:
        self.catalog = catalog
        self.names = list(names)
        self.uid = uid
        self.position = POSITIONS[0]
        self.answer: tuple[str, bool] | None = None
        """The last answer: its words, and whether the card may be played."""

    def act(self, act: str) -> None:
        """``position:KEY`` shows another position; ``card:QS`` asks about a card."""
        kind, _, value = act.partition(":")
        if kind == "position":
            self.position = next(p for p in POSITIONS if p.key == value)
            self.answer = None
        elif kind == "card":
            self.answer = self.judge(Card.parse(value))

    def judge(self, card: Card) -> tuple[str, bool]:
        """The engine's answer about ``card``, in words."""
        t = self.catalog.text
        deal = deal_of(self.position)
        try:
            deal.check(Play(card))
        except RuleError as error:
            return card_refusal(self.catalog, card, error), False
        after = deal.copy()
        after.apply(Play(card))
        key = "demo.may_i_play.ends" if after.is_over else "demo.may_i_play.yes"
        return t(key, card=card_text(self.catalog, card)), True

    def picker(self, d: Dom) -> Any:
        """The positions to choose from, the one shown pressed."""
        t = self.catalog.text
        return d.el(
            "div",
            None,
            *(
                d.el(
                    "button",
                    t(f"demo.may_i_play.position.{p.key}"),
                    type="button",
                    class_="toggle",
                    aria_pressed="true" if p is self.position else "false",
                    data_act=f"position:{p.key}",
                )
                for p in POSITIONS
            ),
            role="group",
            aria_label=t("demo.may_i_play.positions"),
            class_="positions",
        )

    def table(self, d: Dom, deal: Deal) -> list[Any]:
        """The deal so far: its contract, then the Domino rows, the trick, or the reader's lead."""
        t, cat = self.catalog.text, self.catalog
        assert deal.contract is not None  # every position is in play
        line = contract_line(cat, deal.contract, deal.trump, deal.start_rank)
        table: list[Any] = [
            d.el("p", t("demo.deal", contract=line, name=self.names[deal.declarer]))
        ]
        if deal.crules is not None and deal.crules.is_domino:
            table.append(domino_rows(d, cat, deal.view(READER).domino_rows, deal.start_rank))
        elif deal.trick:
            by = trick_said(cat, self.names, deal.trick)
            seats = t("demo.seats", left=self.names[1], top=self.names[2], right=self.names[3])
            table.append(
                d.el(
                    "div",
                    None,
                    trick_cards(d, cat, deal.trick, by),
                    d.el("p", seats, class_="trick-caption", aria_hidden="true"),
                    class_="trick-area",
                )
            )
        else:
            table.append(d.el("p", t("demo.may_i_play.you_lead")))
        return table

    def draw(self, dom: Dom) -> Any:
        """The position's picker, the deal so far, the reader's hand and the answer."""
        d, t, cat = dom, self.catalog.text, self.catalog
        deal = deal_of(self.position)
        picker, table = self.picker(d), self.table(d, deal)
        hand = hand_to_play(d, cat, deal.hand(READER))
        said, yes = self.answer or ("", False)
        return d.el(
            "div",
            None,
            picker,
            d.el("div", None, *table, class_="demo-table"),
            d.el(
                "p",
                t("demo.may_i_play.your_hand", name=self.names[READER]),
                class_="demo-hand-title",
            ),
            d.el("div", None, *hand, class_="demo-hand"),
            d.el(
                "p", said, class_="demo-said " + ("yes" if yes else "refusal"), aria_live="polite"
            ),
            class_="demo-body",
        )
