"""The settlement explorer: RULES.md §5's No Queens deal, its four raw scores fixed, a toggle for
every double the rules allow, and the transfers and deal scores redrawn at each click.

Nothing is decided here: which doubles are allowed is the engine's answer to the doubling round
that the toggles spell out (a ``Deal`` in its doubling phase, each seat's turn replayed in
order), with the engine's reason for a toggle it refuses; the settlement is ``barbu.scoring``'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from barbu import (
    Card,
    ChooseContract,
    Deal,
    Double,
    RuleError,
    deal_masks,
    final_scores,
    settlements,
)
from barbu.presets import STANDARD
from barbu.rules import Contract, Rules
from web.components.dom import Dom
from web.components.settlement import doubles_map, pair_lines, settlement_table
from web.languages.i18n import Catalog
from web.languages.words import contract_name, refusal, signed

QUEENS_TAKEN = (2, 1, 1, 0)
EXAMPLE_DOUBLES = ((1, 0),)
"""RULES.md §5's example: the queens each player took; the second player doubled the first."""
DECLARER = 0
HANDS = deal_masks(random.Random("settlement"))
"""Any deal will do: only its doubling round is played."""


def raw_scores(rules: Rules = STANDARD) -> list[int]:
    """The example's raw scores, from the rules' value of a queen."""
    crules = rules.contract(Contract.NO_QUEENS)
    queen = sum(v for mask, v in crules.card_values if mask >> Card.parse("QS") & 1)
    return [queen * taken for taken in QUEENS_TAKEN]


def replay(doubles: set[tuple[int, int]], rules: Rules = STANDARD) -> Deal:
    """The doubling round that makes ``doubles``, played by the engine: each seat's turn in
    order; ``RuleError`` (with the engine's reason) if the rules do not allow it."""
    deal = Deal(HANDS, DECLARER, rules)
    deal.apply(ChooseContract(Contract.NO_QUEENS))
    for _ in range(4):
        seat = deal.to_move
        assert seat is not None  # in the doubling round
        deal.apply(Double(frozenset(b for a, b in doubles if a == seat)))
    return deal


class SettlementExplorer:
    """The explorer's state (the doubles made) and its drawing."""

    name = "settlement"

    def __init__(self, catalog: Catalog, names: Sequence[str], uid: str) -> None:
        self.catalog = catalog
        self.names = list(names)
        self.uid = uid
        self.doubles: set[tuple[int, int]] = set()
        self.said: str | None = None
        """The engine's reason for the last toggle it refused."""

    def order(self) -> tuple[int, ...]:
        """The seats in the doubling round's order: the declarer's left first, him last."""
        return tuple((DECLARER + k) % 4 for k in (1, 2, 3, 4))

    def refusal_of(self, pair: tuple[int, int]) -> RuleError | None:
        """Why the engine refuses this double on top of the others, or None."""
        try:
            replay(self.doubles | {pair})
        except RuleError as error:
            return error
        return None

    def act(self, act: str) -> None:
        """A toggle clicked: ``"a-b"``, seat ``a`` doubles seat ``b``; ``"clear"``."""
        self.said = None
        if act == "clear":
            self.doubles.clear()
            return
        a, _, b = act.partition("-")
        pair = (int(a), int(b))
        if pair in self.doubles:
            self.doubles.discard(pair)
            if pair[1] == DECLARER:  # the declarer's redouble of it goes with it
                self.doubles.discard((DECLARER, pair[0]))
            return
        error = self.refusal_of(pair)
        if error is None:
            self.doubles.add(pair)
        else:
            self.said = refusal(self.catalog, error)

    def seat_toggles(self, d: Dom, seat: int) -> Any:
        """One seat's doubles (the declarer's redoubles), a toggle per other seat; a double the
        rules refuse says why."""
        buttons = []
        for target in range(4):
            if target == seat:
                continue
            pair = (seat, target)
            made = pair in self.doubles
            error = None if made else self.refusal_of(pair)
            buttons.append(
                d.el(
                    "button",
                    self.names[target],
                    type="button",
                    class_="toggle",
                    aria_pressed="true" if made else "false",
                    aria_disabled="true" if error else None,
                    title=refusal(self.catalog, error) if error else None,
                    data_act=f"{seat}-{target}",
                )
            )
        key = "demo.settlement.redoubles" if seat == DECLARER else "demo.settlement.doubles"
        legend = d.el("legend", self.catalog.text(key, name=self.names[seat]))
        return d.el("fieldset", None, legend, *buttons, class_="toggles")

    def draw(self, dom: Dom) -> Any:
        """The whole explorer as it stands."""
        d, t = dom, self.catalog.text
        raw = raw_scores()
        deal = replay(self.doubles)
        final = final_scores(raw, deal.doubles, STANDARD)
        scores = ", ".join(f"{self.names[s]} {signed(raw[s])}" for s in range(4))
        intro = t(
            "demo.settlement.deal",
            contract=contract_name(self.catalog, Contract.NO_QUEENS),
            name=self.names[DECLARER],
            scores=scores,
        )
        groups = [self.seat_toggles(d, seat) for seat in self.order()]
        pairs = pair_lines(d, self.catalog, self.names, settlements(raw, deal.doubles, STANDARD))
        return d.el(
            "div",
            None,
            d.el("p", intro, class_="demo-intro"),
            d.el("div", None, *groups, class_="toggle-groups"),
            d.el(
                "div",
                None,
                settlement_table(d, self.catalog, self.names, raw, final),
                doubles_map(d, self.catalog, deal.doubles, self.names, uid=self.uid),
                class_="demo-result",
            ),
            d.el("ul", None, *pairs, class_="pairs") if pairs else d.el("p", t("doubles.none")),
            d.el("p", self.said or "", class_="demo-said refusal", aria_live="polite"),
            d.el(
                "button",
                t("demo.settlement.clear"),
                type="button",
                class_="quiet",
                data_act="clear",
            ),
            class_="demo-body",
        )
