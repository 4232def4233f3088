"""The Domino board: one Domino deal of the standard game that the reader (seat 0) plays out
against three computer players, then another deal if he likes.

The engine deals, applies each card and says which cards may be played; the computer players
are the game's (``barbu.bots``, standard level), thinking in the page itself: a Domino decision
takes them milliseconds. The doubling round is passed, to keep the demo on the rows.
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
    Rank,
    RuleError,
    deal_masks,
)
from barbu.bots import Bot
from web.components.cards import hand_to_play
from web.components.dom import Dom
from web.components.domino import domino_rows
from web.components.settlement import settlement_table
from web.languages.i18n import Catalog
from web.languages.words import card_refusal, contract_line, join_names, place_name

READER = 0
DECLARER = 1
START_RANKS = (Rank.EIGHT, Rank.SEVEN, Rank.NINE, Rank.TEN, Rank.SIX)
"""The ranks the declarer, a computer player, prefers to name, the first one of each deal in turn
(a rank of the middle opens rows that run both ways); he names the rank he holds in most suits,
as the rules pages advise (#tips-domino-rank), the first preferred one among equals."""


def start_rank(hand: int, number: int) -> Rank:
    """The rank the demo's declarer names for deal ``number`` with ``hand`` (a mask of cards):
    one he holds in as many suits as he can."""
    turn = number % len(START_RANKS)
    preferred = START_RANKS[turn:] + START_RANKS[:turn]
    ranks = preferred + tuple(r for r in Rank if r not in preferred)
    return max(ranks, key=lambda r: sum(hand >> c & 1 for c in range(52) if Card(c).rank is r))


class DominoBoard:
    """The deal being played, the computer players, and what the last tap was answered."""

    name = "domino"

    def __init__(self, catalog: Catalog, names: Sequence[str], uid: str) -> None:
        self.catalog = catalog
        self.names = list(names)
        self.uid = uid
        self.number = 0
        self.said = ""
        self.deal = self.new_deal()

    def new_deal(self) -> Deal:
        """Deal number ``self.number``: dealt, its rank named, doubles passed, and played by
        the computer players up to the reader's first turn."""
        rng = random.Random(f"domino/{self.number}")
        self.bots = [Bot("standard", seed=f"domino/{self.number}/{seat}") for seat in range(4)]
        hands = deal_masks(rng)
        deal = Deal(hands, DECLARER, STANDARD)
        rank = start_rank(hands[DECLARER], self.number)
        deal.apply(ChooseContract(Contract.DOMINO, start_rank=rank))
        while deal.phase is Phase.DOUBLING:
            deal.apply(Double())
        self.deal = deal
        self.play_bots()
        return deal

    def play_bots(self) -> None:
        """The computer players play until the reader can, or the deal is over."""
        deal = self.deal
        while not deal.is_over and deal.to_move != READER:
            seat = deal.to_move
            assert seat is not None  # the deal is under way
            deal.apply(self.bots[seat].decide(deal.view(seat)))

    def act(self, act: str) -> None:
        """``card:QS`` plays a card of the reader's hand; ``next`` deals again."""
        kind, _, value = act.partition(":")
        self.said = ""
        if kind == "next":
            self.number += 1
            self.new_deal()
        elif kind == "card" and not self.deal.is_over and self.deal.to_move == READER:
            card = Card.parse(value)
            try:
                self.deal.apply(Play(card))
            except RuleError as error:
                self.said = card_refusal(self.catalog, card, error)
                return
            self.play_bots()

    def draw(self, dom: Dom) -> Any:
        """The rows, who is out, the reader's hand (playable cards marked), or the result."""
        d, t, cat = dom, self.catalog.text, self.catalog
        deal = self.deal
        view = deal.view(READER)
        line = contract_line(cat, Contract.DOMINO, None, deal.start_rank)
        left = [
            t("demo.domino.left", name=self.names[s], cards=cat.plural("count.cards", size))
            for s, size in enumerate(view.hand_sizes)
            if s != READER
        ]
        board = [
            d.el("p", t("demo.deal", contract=line, name=self.names[deal.declarer])),
            domino_rows(d, cat, view.domino_rows, deal.start_rank),
            d.el("p", " · ".join(left), class_="demo-counts"),
        ]
        if view.out_order:
            out = [
                f"{self.names[s]} ({place_name(cat, i + 1)})" for i, s in enumerate(view.out_order)
            ]
            board.append(d.el("p", t("domino.out", names=join_names(cat, out))))
        parts: list[Any] = [d.el("div", None, *board, class_="demo-table")]
        if deal.is_over:
            raw = view.raw or (0, 0, 0, 0)
            parts += [
                d.el("p", t("demo.domino.over"), class_="demo-hand-title"),
                settlement_table(d, cat, self.names, raw, view.final or raw),
            ]
        else:
            legal = {a.card for a in view.legal if isinstance(a, Play)}
            hand = hand_to_play(d, cat, view.hand, legal)
            parts += [
                d.el(
                    "p",
                    t("demo.domino.your_turn", name=self.names[READER]),
                    class_="demo-hand-title",
                ),
                d.el("div", None, *hand, class_="demo-hand"),
            ]
        parts += [
            d.el("p", self.said, class_="demo-said refusal", aria_live="polite"),
            d.el("button", t("demo.domino.next"), type="button", class_="quiet", data_act="next"),
        ]
        return d.el("div", None, *parts, class_="demo-body")
