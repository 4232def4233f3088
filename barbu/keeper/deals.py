"""A kept deal, checked in its block as the played game checks it (RULES.md §1, §4, §5).

What the played game checks before the first card needs no card, and is checked here by the
played game's own code: the rotation, the contracts used in the block and the doubles owed come
from the block ledger (``barbu.ledger``); the contract from ``check_contract`` and the doubling
turns from a ``DoublingRound`` (``barbu.calls``). So a contract already used, a double out of
scope, a redouble of a player who did not double, a double in fr32, and a deal that leaves a
player owing more doubles than deals left (``must-double``, RULES.md §4) are refused with the
played game's reasons. The scores are the keeper's (``barbu.keeper.scores``).

Decisions:
- Doubles are entered as ``[doubler, target]`` pairs in any order (a pair matrix): a seat's
  pairs are its one doubling turn, the declarer's are redoubles. They are kept in turn order.
- A refusal names its deal (``params["deal"]``) and, for a doubling turn, its seat
  (``params["seat"]``): "deal 6, doubles of seat 2: ...".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import ChooseContract, Double
from ..calls import DoublingRound, check_contract
from ..deal import DealSummary
from ..errors import RuleError, quoted
from ..ledger import BlockContext, Ledger
from ..rules import Contract, Rules
from ..scoring import final_scores, settlements
from .errors import KeeperError, at_deal
from .scores import raw_scores
from .tallies import Taken


@dataclass(frozen=True)
class KeptDeal:
    """One deal as the table reports it: contract, doubles, and raw scores or counts."""

    contract: ChooseContract
    doubles: tuple[tuple[int, int], ...] = ()
    """``(doubler, target)`` pairs in any order; the declarer's pairs are redoubles."""
    raw: tuple[int, ...] | None = None
    taken: Taken | None = None


@dataclass(frozen=True)
class Context:
    """What the table must know before deal ``number``'s contract and doubles (RULES.md §1,
    §4): who declares, what is left to choose, and the doubles still owed."""

    number: int
    block: int
    declarer: int
    dealer: int
    used: frozenset[Contract]
    """Contracts already played in the block (the session, in fr32)."""
    left: tuple[Contract, ...]
    """The contracts the declarer may choose, in the rules' order: those no other deal of the
    block has (for a deal already entered, the later deals' contracts are taken too)."""
    owed: tuple[int, ...]
    """Doubles of the declarer each seat still owes in the block before this deal."""
    deals_left: int
    """Deals left in the block, this one included."""
    compulsory: tuple[int, ...]
    """The seats that must double the declarer on this deal: as many owed as deals left."""


@dataclass(frozen=True)
class Turn:
    """What one seat may do in a deal's doubling round, given the turns before its own."""

    seat: int
    targets: frozenset[int]
    """The seats it may double (the declarer: redouble)."""
    compulsory: bool
    """It must double the declarer (RULES.md §4)."""
    shortcuts: tuple[tuple[str, frozenset[int]], ...]
    """The rules' shortcuts, by name, with their targets (italian: ``maximum``, ``family``)."""


def doubling_turns(pairs: Any, rules: Rules, number: int) -> dict[int, frozenset[int]]:
    """A deal's ``[doubler, target]`` pairs as each seat's doubling turn."""
    if not isinstance(pairs, (list, tuple)) or len(pairs) > 12:
        message = f"doubles are at most 12 [doubler, target] pairs: {quoted(pairs)}"
        raise at_deal(RuleError(message, "bad-action"), number, "doubles")
    if pairs and not rules.doubling:
        message = f"the {rules.name} rules have no doubles"
        raise at_deal(RuleError(message, "no-doubles"), number, "doubles")
    turns: dict[int, set[int]] = {}
    for i, pair in enumerate(pairs):
        spot = f"doubles[{i}]"
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            message = f"a double is a [doubler, target] pair, not {quoted(pair)}"
            raise at_deal(RuleError(message, "bad-action"), number, spot)
        for seat in pair:
            if type(seat) is not int or not 0 <= seat <= 3:
                message = f"not a seat (0-3): {quoted(seat)}"
                raise at_deal(RuleError(message, "bad-seat"), number, spot)
        doubler, target = pair
        if target in turns.setdefault(doubler, set()):
            message = f"seat {doubler} doubles seat {target} twice"
            raise at_deal(RuleError(message, "double-twice"), number, spot)
        turns[doubler].add(target)
    return {seat: frozenset(targets) for seat, targets in turns.items()}


def chosen(rules: Rules, context: BlockContext, contract: ChooseContract) -> DoublingRound:
    """The doubling round that opens once ``contract`` is chosen in its block (refused with the
    played game's reason, located at the deal's contract)."""
    try:
        check_contract(rules, context.used, contract)
    except RuleError as e:
        raise at_deal(e, context.number, "contract") from None
    crules = rules.contract(contract.contract)
    return DoublingRound(context.declarer, crules.positive, context.owed, context.deals_left)


def doubled(
    rules: Rules,
    number: int,
    doubling: DoublingRound,
    turns: dict[int, frozenset[int]],
    upto: int | None = None,
) -> DoublingRound:
    """The doubling round after the turns of the seats before ``upto`` in turn order (all four
    without it); a turn refused names its seat."""
    if not rules.doubling:
        return doubling
    for seat in doubling.order:
        if seat == upto:
            break
        try:
            doubling = doubling.after(turns.get(seat, frozenset()))
        except RuleError as e:
            raise at_deal(e, number, f"doubles of seat {seat}", seat=seat) from None
    return doubling


def normal(number: int, deal: Any) -> ChooseContract:
    """A kept deal's contract, as the engine names it (``bad-record``, ``bad-action``)."""
    if not isinstance(deal, KeptDeal):
        raise at_deal(RuleError(f"not a kept deal: {quoted(deal)}", "bad-record"), number, "entry")
    contract = deal.contract
    if not isinstance(contract, ChooseContract) or not isinstance(contract.contract, str):
        message = f"not a contract: {quoted(contract)}"
        raise at_deal(RuleError(message, "bad-action"), number, "contract")
    return ChooseContract(Contract(contract.contract), contract.trump, contract.start_rank)


def enter(ledger: Ledger, number: int, deal: Any) -> tuple[KeptDeal, DealSummary]:
    """Check deal ``number`` in its block's context: itself as kept (doubles in turn order, raw
    scores filled in) and its row of the sheet."""
    rules = ledger.rules
    contract = normal(number, deal)
    context = ledger.context(number)
    doubling = chosen(rules, context, contract)
    doubling = doubled(rules, number, doubling, doubling_turns(deal.doubles, rules, number))
    try:
        raw = raw_scores(rules, contract.contract, deal.raw, deal.taken)
    except (RuleError, KeeperError) as e:
        raise at_deal(e, number) from None
    crules = rules.contract(contract.contract)
    fixed = crules.domino.start_rank if crules.domino is not None else None
    doubles = doubling.doubles
    row = DealSummary(
        number,
        context.declarer,
        contract.contract,
        contract.trump,
        contract.start_rank if fixed is None else fixed,
        doubles,
        raw,
        tuple(final_scores(list(raw), doubles, rules)),
        tuple(settlements(raw, doubles, rules)),
    )
    return KeptDeal(contract, doubles, raw, deal.taken), row


def calls(ledger: Ledger, number: int, deal: KeptDeal) -> list[ChooseContract | Double]:
    """The calls of an entered deal in turn order: its contract, then each doubling turn."""
    out: list[ChooseContract | Double] = [deal.contract]
    if ledger.rules.doubling:
        declarer = ledger.declarer_of(number)
        for k in (1, 2, 3, 4):
            seat = (declarer + k) % 4
            out.append(Double(frozenset(t for a, t in deal.doubles if a == seat)))
    return out


def entered(
    ledger: Ledger, deals: Sequence[Any]
) -> tuple[Ledger, list[KeptDeal], list[DealSummary]]:
    """Check every deal in order: the ledger they make, each deal as kept and its row; the
    first refusal is raised."""
    rules = ledger.rules
    if len(deals) > rules.deals:
        raise RuleError(
            f"a {rules.name} session has {rules.deals} deals, not {len(deals)}", "session-over"
        )
    kept, rows = [], []
    for number, deal in enumerate(deals, 1):
        entry, row = enter(ledger, number, deal)
        ledger = ledger.with_row(row.contract, row.doubles)
        kept.append(entry)
        rows.append(row)
    return ledger, kept, rows


__all__ = ["Context", "KeptDeal", "Turn", "calls", "chosen", "doubled", "enter", "entered"]
