"""The doubles settlement (RULES.md §5): pure functions from raw scores and doubles."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True)
class PairSettlement:
    """One doubled pair's settlement: ``payer`` gives ``amount`` to ``payee`` (0: equal raw
    scores, nothing moves; then ``payer`` is the lower seat)."""

    payer: int
    payee: int
    amount: int
    mutual: bool


def pair_factors(doubles: Iterable[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """For each doubled pair ``(a, b)`` with ``a < b``: 1 if one doubled the other, 2 if mutual."""
    made = set(doubles)
    out: dict[tuple[int, int], int] = {}
    for a, b in made:
        pair = (min(a, b), max(a, b))
        out[pair] = 2 if (b, a) in made else 1
    return out


def transfers(raw: list[int], doubles: Iterable[tuple[int, int]], rules: Rules) -> list[int]:
    """What each seat receives (or pays, negative) from the doubled pairs.

    In each doubled pair the lower raw score pays the difference of the raw scores to the other,
    ``rules.mutual_factor`` times over when the double is mutual; equal raw scores move nothing.
    Pairs always use raw scores, never adjusted ones.
    """
    moves = [0, 0, 0, 0]
    for (a, b), mutual in pair_factors(doubles).items():
        amount = (raw[a] - raw[b]) * (rules.mutual_factor if mutual == 2 else 1)
        moves[a] += amount
        moves[b] -= amount
    return moves


def settlements(
    raw: list[int] | tuple[int, ...], doubles: Iterable[tuple[int, int]], rules: Rules
) -> list[PairSettlement]:
    """Each doubled pair's payment, lower seat pairs first (RULES.md §5)."""
    out = []
    for (a, b), mutual in sorted(pair_factors(doubles).items()):
        amount = (raw[b] - raw[a]) * (rules.mutual_factor if mutual == 2 else 1)
        payer, payee = (a, b) if amount >= 0 else (b, a)
        out.append(PairSettlement(payer, payee, abs(amount), mutual == 2))
    return out


def final_scores(raw: list[int], doubles: Iterable[tuple[int, int]], rules: Rules) -> list[int]:
    """Deal scores: raw score plus the sum of the seat's transfers."""
    if not doubles:
        return list(raw)
    return [r + t for r, t in zip(raw, transfers(raw, doubles, rules), strict=True)]


def winners(totals: list[int], rules: Rules) -> list[int]:
    """The seats with the best total (the highest, or the lowest where the rules say so); a tie
    shares the victory."""
    best = min(totals) if rules.lowest_wins else max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
