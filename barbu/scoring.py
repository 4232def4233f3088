"""The doubles settlement (RULES.md §5): pure functions from raw scores and doubles."""

from __future__ import annotations

from typing import Iterable

from .rules import Rules


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


def final_scores(raw: list[int], doubles: Iterable[tuple[int, int]], rules: Rules) -> list[int]:
    """Deal scores: raw score plus the sum of the seat's transfers."""
    if not doubles:
        return list(raw)
    return [r + t for r, t in zip(raw, transfers(raw, doubles, rules), strict=True)]


def winners(totals: list[int]) -> list[int]:
    """The seats with the highest total; a tie shares the victory."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
