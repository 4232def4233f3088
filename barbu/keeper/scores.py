"""A deal's raw scores, counted from what each seat took or typed, checked (RULES.md §2, §3).

Counts must be possible (``bad-count``): tricks adding up to the hand size (at least one and at
most that in a deal that may end early), each scoring card counted once, no more than four cards
a trick, places 1-4 once each. The refusal says what is wrong in its params, for the page to say
it exactly: a wrong sum gives ``tally`` (the key counted), ``counted`` and ``needed`` (and
``fewest`` where a deal may end early); places, ``places`` as typed; a player given more
scoring tricks or cards than his tricks allow, ``seat``, ``won`` or ``cards``, and ``tricks``.

Typed raw scores must add up to the contract's total (``bad-total``) and be a result some deal
could give (``bad-score``: each seat's score, and the four together where the contract's
outcomes are few enough to search, ``JOINT_LIMIT``; the Domino's are its places, one each).
Typed and counted scores, when both are given, must agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from ..cards import Mask
from ..errors import quoted
from ..rules import Contract, ContractRules, Domino, Rules
from .errors import miscounted, rule_error
from .tallies import Taken, Tally, contract_tallies
from .values import counts_of, seat_of

RAW_LIMIT = 10_000
"""No contract's raw score is this large: a typed score beyond it is refused at once."""
OUTCOME_LIMIT = 100_000
"""The most outcomes of one seat enumerated to check a typed score (salad has 29,120)."""
JOINT_LIMIT = 4_096
"""The most outcomes of one seat for which the four typed scores are checked together."""


def count_scores(rules: Rules, contract: Contract | str, taken: Taken) -> tuple[int, ...]:
    """The raw scores of what each seat took (RULES.md §2, §3, §7); ``KeeperError``
    (``bad-count``) names an impossible count."""
    crules = rules.contract(contract)
    counted = contract_tallies(crules, rules.deck, rules.hand_size)
    if not isinstance(taken, Taken):
        raise rule_error("taken", f"not counts: {quoted(taken)}", "bad-record")
    if crules.domino is not None:
        return _domino_scores(crules.domino, taken)
    if taken.places is not None:
        raise miscounted("taken, places", "only a Domino has places", "bad-count")
    tricks = _trickcounts_of(crules, taken, rules.hand_size)
    raw = [0, 0, 0, 0] if tricks is None else [crules.per_trick * n for n in tricks]
    cards = dict(taken.cards)
    won = dict(taken.won)
    _check_keys(crules, counted, cards, won)
    captured = [0, 0, 0, 0]
    disjoint = _disjoint(counted)
    for t in counted:
        if t.kind == "cards":
            for seat, n in enumerate(_cardcounts_of(t, cards)):
                raw[seat] += t.value * n
                captured[seat] = captured[seat] + n if disjoint else max(captured[seat], n)
        elif t.kind == "won":
            raw[_trick_winner(t, won, tricks)] += t.value
    if tricks is not None:
        _check_captures(captured, tricks)
    return tuple(raw)


def _domino_scores(domino: Domino, taken: Taken) -> tuple[int, ...]:
    """The Domino's raw scores, from each seat's place."""
    if taken.tricks is not None or taken.cards or taken.won:
        raise miscounted("taken", "a Domino counts only the places", "bad-count")
    if taken.places is None:
        raise miscounted("taken", "give each seat's place", "bad-count")
    places = counts_of(taken.places, 4, "taken, places", "places", tally="places")
    if sorted(places) != [1, 2, 3, 4]:
        raise miscounted(
            "taken, places",
            f"the places are 1, 2, 3 and 4, one each: not {places}",
            "bad-count",
            tally="places",
            places=", ".join(map(str, places)),
        )
    return tuple(domino.places[p - 1] for p in places)


def _trickcounts_of(crules: ContractRules, taken: Taken, hand: int) -> tuple[int, ...] | None:
    """Each seat's tricks if given (required where tricks score), checked to add up."""
    if taken.tricks is None:
        if crules.per_trick:
            raise miscounted("taken", "count each seat's tricks", "bad-count")
        return None
    fewest = {"fewest": 1} if crules.early_end else {}
    tricks = counts_of(taken.tricks, hand, "taken, tricks", "tricks", tally="tricks", **fewest)
    total = sum(tricks)
    if total != hand and not (crules.early_end and 1 <= total <= hand):
        between = f"1 to {hand}" if crules.early_end else str(hand)
        raise miscounted(
            "taken, tricks",
            f"the tricks add up to {total}, not {between}",
            "bad-count",
            tally="tricks",
            counted=total,
            needed=hand,
            **fewest,
        )
    return tricks


def _check_keys(
    crules: ContractRules,
    counted: Sequence[Tally],
    cards: Mapping[str, Any],
    won: Mapping[int, Any],
) -> None:
    """Refuse a card set or a trick number the contract does not count."""
    for key in cards:
        if not any(t.kind == "cards" and t.key == key for t in counted):
            raise miscounted(
                "taken, cards", f"{crules.contract} counts no {quoted(key)}", "bad-count"
            )
    for number in won:
        if not any(t.kind == "won" and t.key == str(number) for t in counted):
            raise miscounted(
                "taken, won", f"trick {quoted(number)} scores nothing here", "bad-count"
            )


def _cardcounts_of(t: Tally, cards: Mapping[str, Any]) -> tuple[int, ...]:
    """How many of the card set ``t`` each seat captured, checked to add up to all of them."""
    spot = f"taken, cards, {t.key}"
    if t.key not in cards:
        raise miscounted("taken, cards", f"count the {t.label} each seat took", "bad-count")
    counts = counts_of(cards[t.key], t.most, spot, t.label, tally=t.key)
    if sum(counts) != t.most:
        raise miscounted(
            spot,
            f"the {t.label} taken add up to {sum(counts)}, not {t.most}",
            "bad-count",
            tally=t.key,
            counted=sum(counts),
            needed=t.most,
        )
    return counts


def _trick_winner(t: Tally, won: Mapping[int, Any], tricks: tuple[int, ...] | None) -> int:
    """The seat that won the scoring trick ``t``, checked against the tricks it took."""
    if int(t.key) not in won:
        raise miscounted("taken, won", f"say who won trick {t.key}", "bad-count")
    seat = seat_of(won[int(t.key)], f"taken, won, {t.key}")
    scoring = sum(w == seat for w in won.values())
    if tricks is not None and tricks[seat] < scoring:
        raise miscounted(
            "taken, won",
            f"seat {seat} wins more scoring tricks than tricks",
            "bad-count",
            seat=seat,
            won=scoring,
            tricks=tricks[seat],
        )
    return seat


def _check_captures(captured: Sequence[int], tricks: Sequence[int]) -> None:
    """Refuse more scoring cards captured than four a trick."""
    for seat, n in enumerate(captured):
        if n > 4 * tricks[seat]:
            raise miscounted(
                "taken",
                f"seat {seat} cannot capture {n} scoring cards in {tricks[seat]} tricks",
                "bad-count",
                seat=seat,
                cards=n,
                tricks=tricks[seat],
            )


def _disjoint(counted: Sequence[Tally]) -> bool:
    """Whether no card is in two of the card sets counted (then their counts add up)."""
    seen = 0
    for t in counted:
        if seen & t.mask:
            return False
        seen |= t.mask
    return True


# -- typed raw scores ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Outcomes:
    """The scores one seat can make in a trick contract, by the counts that make them."""

    limits: tuple[int, ...]
    """How many there are of each thing counted (tricks, each card set, each trick won)."""
    exact: tuple[bool, ...]
    """Whether the four seats' counts of it add up to its limit (else 1 to it: tricks in a deal
    that may end early)."""
    by_score: dict[int, tuple[tuple[int, ...], ...]]
    joint: bool
    """Whether there are few enough outcomes to search the four seats together."""


@lru_cache(maxsize=64)
def _outcomes(crules: ContractRules, deck: Mask, hand_size: int) -> _Outcomes | None:
    """A seat's possible scores in a trick contract, or None where they are too many."""
    parts = [t for t in contract_tallies(crules, deck, hand_size) if t.value]
    limits = tuple(t.most for t in parts)
    count = 1
    for limit in limits:
        count *= limit + 1
    if count > OUTCOME_LIMIT:
        return None
    by_score: dict[int, list[tuple[int, ...]]] = {}
    for counts in product(*(range(limit + 1) for limit in limits)):
        score = sum(t.value * n for t, n in zip(parts, counts, strict=True))
        by_score.setdefault(score, []).append(counts)
    exact = tuple(not (t.kind == "tricks" and crules.early_end) for t in parts)
    return _Outcomes(
        limits, exact, {s: tuple(c) for s, c in by_score.items()}, count <= JOINT_LIMIT
    )


def _possible_together(raw: Sequence[int], outcomes: _Outcomes) -> bool:
    """Whether the four seats' counts can add up to a whole deal's with these scores."""
    limits = outcomes.limits
    reach = {tuple(0 for _ in limits)}
    for score in raw:
        grown = set()
        for counts in reach:
            for more in outcomes.by_score[score]:
                summed = tuple(a + b for a, b in zip(counts, more, strict=True))
                if all(n <= limit for n, limit in zip(summed, limits, strict=True)):
                    grown.add(summed)
        reach = grown
    whole = zip(limits, outcomes.exact, strict=True)
    ranges = [range(limit, limit + 1) if exact else range(1, limit + 1) for limit, exact in whole]
    return any(all(n in r for n, r in zip(counts, ranges, strict=True)) for counts in reach)


def check_raw(rules: Rules, contract: Contract | str, raw: Any) -> tuple[int, ...]:
    """Typed raw scores, checked: four whole numbers adding up to the contract's total
    (``bad-total``) that some deal of it gives (``bad-score``)."""
    crules = rules.contract(contract)
    name = crules.contract.value
    if not isinstance(raw, (list, tuple)) or len(raw) != 4 or any(type(r) is not int for r in raw):
        raise rule_error("raw", f"4 whole numbers, one per seat, not {quoted(raw)}", "bad-record")
    scores = tuple(raw)
    for seat, score in enumerate(scores):
        if abs(score) > RAW_LIMIT:
            raise miscounted(
                "raw",
                f"seat {seat}: {quoted(score)} is no score of {name}",
                "bad-score",
                contract=name,
            )
    if sum(scores) != crules.total:
        raise miscounted(
            "raw",
            f"the raw scores add up to {sum(scores)}, not the {crules.total} of {name}",
            "bad-total",
            contract=name,
        )
    if crules.domino is not None:
        if sorted(scores) != sorted(crules.domino.places):
            places = ", ".join(map(str, crules.domino.places))
            raise miscounted(
                "raw",
                f"the places pay {places}, one each, not {list(scores)}",
                "bad-score",
                contract=name,
            )
        return scores
    outcomes = _outcomes(crules, rules.deck, rules.hand_size)
    if outcomes is None:
        return scores
    for seat, score in enumerate(scores):
        if score not in outcomes.by_score:
            raise miscounted(
                "raw", f"seat {seat}: no count in {name} scores {score}", "bad-score", contract=name
            )
    if outcomes.joint and not _possible_together(scores, outcomes):
        raise miscounted(
            "raw", f"no deal of {name} gives {list(scores)}", "bad-score", contract=name
        )
    return scores


def raw_scores(
    rules: Rules, contract: Contract | str, raw: Any = None, taken: Taken | None = None
) -> tuple[int, ...]:
    """A deal's raw scores: typed, or counted from what each seat took, or both if they agree."""
    name = rules.contract(contract).contract.value
    if raw is None and taken is None:
        raise rule_error("raw", "type the raw scores or what each player took", "bad-record")
    counted = count_scores(rules, contract, taken) if taken is not None else None
    if raw is None:
        assert counted is not None
        return counted
    typed = check_raw(rules, contract, raw)
    if counted is not None and counted != typed:
        raise miscounted(
            "raw",
            f"the raw scores {list(typed)} are not those the counts give, {list(counted)}",
            "bad-score",
            contract=name,
        )
    return typed


__all__ = ["JOINT_LIMIT", "OUTCOME_LIMIT", "RAW_LIMIT", "check_raw", "count_scores", "raw_scores"]
