"""A deal's read-only surface, and the values the deal builds from it.

``DealState`` names what is read of a deal (``barbu.deal.Deal`` is one): the checks of
``barbu.deal_checks`` and the builders here take it, so that the modules the deal imports do not
import the deal back. ``seat_view`` is ``Deal.view``: what one seat may know, never another
seat's hidden cards before the end (RULES.md §6); ``deal_summary`` is ``Deal.summary`` and
``raw_scores_of`` is ``Deal.raw_scores``.
"""

from __future__ import annotations

from typing import Protocol

from . import domino, tricks
from .actions import Action
from .cards import Card, Mask, Rank, Suit, cards_of, mask_of
from .errors import RuleError, quoted
from .rules import Contract, ContractRules, Rules
from .scoring import final_scores, settlements
from .view import DealSummary, Masks, Phase, Trick, View


class DealState(Protocol):
    """What is read of a deal: its read-only properties and its queries."""

    @property
    def rules(self) -> Rules: ...
    @property
    def number(self) -> int: ...
    @property
    def declarer(self) -> int: ...
    @property
    def dealt(self) -> tuple[Mask, ...]: ...
    @property
    def hands(self) -> list[Mask]: ...
    @property
    def used(self) -> frozenset[Contract]: ...
    @property
    def owed(self) -> tuple[int, ...]: ...
    @property
    def deals_left(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def crules(self) -> ContractRules | None: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def start_rank(self) -> Rank | None: ...
    @property
    def doubles(self) -> list[tuple[int, int]]: ...
    @property
    def double_turns(self) -> int: ...
    @property
    def double_order(self) -> tuple[int, ...]: ...
    @property
    def played(self) -> list[tuple[int, Card]]: ...
    @property
    def trick(self) -> list[tuple[int, Card]]: ...
    @property
    def tricks(self) -> list[Trick]: ...
    @property
    def tricks_won(self) -> list[int]: ...
    @property
    def captured(self) -> list[Mask]: ...
    @property
    def hearts_broken(self) -> bool: ...
    @property
    def out_order(self) -> list[int]: ...
    @property
    def is_over(self) -> bool: ...
    def must_double(self, seat: int) -> bool: ...
    def still_owed(self, seat: int) -> int: ...
    def legal_actions(self) -> list[Action]: ...
    def legal_mask(self) -> Mask: ...
    def shortcuts(self) -> tuple[tuple[str, frozenset[int]], ...]: ...
    def raw_scores(self) -> list[int]: ...
    def summary(self) -> DealSummary | None: ...
    def masks(self) -> Masks: ...


def seat_view(deal: DealState, seat: int) -> View:
    """What ``seat`` may know of ``deal`` now: never another seat's hidden cards before the end."""
    if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
        raise RuleError(f"not a seat (0-3): {quoted(seat)}", "bad-seat")
    over = deal.is_over
    penalty = deal.crules.penalty_mask if deal.crules else 0
    rows: tuple[tuple[int, int] | None, ...] = ()
    if deal.crules is not None and deal.crules.is_domino:
        assert deal.start_rank is not None  # a Domino's rank is known once it is chosen
        played = mask_of(c for _, c in deal.played)
        rows = tuple(domino.rows(played, int(deal.start_rank)))
    summary = deal.summary()
    return View(
        seat=seat,
        rules=deal.rules,
        phase=deal.phase,
        declarer=deal.declarer,
        dealer=(deal.declarer + deal.rules.dealer) % 4,
        to_move=deal.to_move,
        contract=deal.contract,
        trump=deal.trump,
        start_rank=deal.start_rank,
        hand=tuple(cards_of(deal.hands[seat])),
        hand_sizes=tuple(h.bit_count() for h in deal.hands),
        legal=tuple(deal.legal_actions()) if deal.to_move == seat else (),
        used_contracts=deal.used,
        doubles=tuple(deal.doubles),
        double_turns=deal.double_turns,
        double_order=deal.double_order,
        owed=deal.owed,
        still_owed=tuple(deal.still_owed(s) for s in range(4)),
        deals_left=deal.deals_left,
        must_double=deal.must_double(seat),
        shortcuts=deal.shortcuts() if deal.to_move == seat else (),
        played=tuple(deal.played),
        trick=tuple(deal.trick),
        tricks=tuple(deal.tricks),
        hearts_broken=deal.hearts_broken,
        tricks_won=tuple(deal.tricks_won),
        captured=tuple(tuple(cards_of(m & penalty)) for m in deal.captured),
        domino_rows=rows,
        out_order=tuple(deal.out_order),
        raw=summary.raw if summary else None,
        final=summary.final if summary else None,
        settlement=summary.settlement if summary else None,
        hands=tuple(tuple(cards_of(h)) for h in deal.dealt) if over else None,
    )


def deal_summary(deal: DealState) -> DealSummary | None:
    """The finished deal as the score sheet shows it; None until it is over."""
    crules = deal.crules
    if deal.phase is not Phase.DONE or crules is None:
        return None
    raw, doubles, rules = deal.raw_scores(), deal.doubles, deal.rules
    return DealSummary(
        deal.number,
        deal.declarer,
        crules.contract,
        deal.trump,
        deal.start_rank,
        tuple(doubles),
        tuple(raw),
        tuple(final_scores(raw, doubles, rules)),
        tuple(settlements(raw, doubles, rules)),
    )


def raw_scores_of(deal: DealState) -> list[int]:
    """Raw scores of ``deal``'s contract so far (RULES.md §2, §3); final once it is over."""
    crules = deal.crules
    if crules is None:
        return [0, 0, 0, 0]
    if crules.domino is not None:
        order = deal.out_order
        if deal.is_over:  # the last one in comes last
            order += [s for s in range(4) if s not in order]
        return domino.place_scores(order, crules.domino.places)
    winners = [t.winner for t in deal.tricks]
    return tricks.raw_trick_scores(crules, deal.tricks_won, deal.captured, winners)
