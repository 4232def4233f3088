"""Nobody chooses the deal: the cards of a friends' table come from a seed every player adds to.

Before each deal the host draws a secret and sends only its SHA-256 (the commitment); each
friend then sends a random contribution of its own; the deal's seed is the SHA-256 of the secret
and every contribution, and the hands are dealt from it as a seeded session deals
(``barbu.cards.deal_masks``). When the deal ends the host reveals the secret and the deal's
record; each friend's page checks (``verify_deal``) that the secret matches the commitment it
was sent before it contributed, that its own contribution was used, that the record's hands are
those the seed deals, that its own hand is the one it was shown, that every action it saw is in
the record in the same order, and that the engine replays the record to the scores it was shown.

What this proves: the host could not pick or steer the cards (it was bound to its secret before
any contribution, and a friend's contribution is unknown to it until then), and it did not change
a hand or a played card during the deal. What it does not prove: the host's device holds every
hand while the deal is played, so a host could look at them (play with people you trust); a
friend who shares its contribution with the host lets the host predict the cards; the computer
players in the host's worker are the host's to run.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from barbu import (
    Deal,
    Mask,
    RuleError,
    Rules,
    action_to_data,
    cards_of,
    deal_from_record,
    deal_masks,
)

__all__ = [
    "HEX_BYTES",
    "DealCheck",
    "Seen",
    "commitment",
    "contribution",
    "deal_seed",
    "hands_from_seed",
    "new_secret",
    "verify_deal",
]

HEX_BYTES = 32
"""The secret's and each contribution's length in bytes (64 hexadecimal digits)."""

_DOMAIN = b"barbu-friends-deal-v1"


def _is_hex(value: Any) -> bool:
    if not isinstance(value, str) or len(value) != 2 * HEX_BYTES:
        return False
    try:
        bytes.fromhex(value)
    except ValueError:
        return False
    return value == value.lower()


def new_secret() -> str:
    """A fresh secret for the host's next deal (hexadecimal)."""
    return secrets.token_hex(HEX_BYTES)


def contribution() -> str:
    """A friend's fresh random contribution to the next deal's seed (hexadecimal)."""
    return secrets.token_hex(HEX_BYTES)


def commitment(secret: str) -> str:
    """What the host sends before the deal: the SHA-256 of its secret (hexadecimal)."""
    return hashlib.sha256(_DOMAIN + b"|commit|" + bytes.fromhex(secret)).hexdigest()


def deal_seed(number: int, secret: str, contributions: Sequence[str | None]) -> int:
    """The seed of deal ``number``: the secret and each seat's contribution (``None`` for a seat
    no friend holds), hashed together in seat order."""
    h = hashlib.sha256(_DOMAIN + b"|seed|" + str(number).encode())
    h.update(b"|" + bytes.fromhex(secret))
    for part in contributions:
        h.update(b"|" + (bytes.fromhex(part) if part is not None else b"-"))
    return int.from_bytes(h.digest()[:16], "big")


def hands_from_seed(seed: int, rules: Rules) -> tuple[Mask, Mask, Mask, Mask]:
    """The four hands a seed deals, as a seeded session deals them."""
    return deal_masks(random.Random(seed), rules.deck)


@dataclass(frozen=True)
class DealCheck:
    """What a friend's page found when it checked a finished deal against its record."""

    ok: bool
    reason: str
    """Empty when ``ok``; else the first thing that did not match, in plain words."""


def _fail(reason: str) -> DealCheck:
    return DealCheck(False, reason)


@dataclass(frozen=True)
class Seen:
    """What a friend's page saw of one deal while it was played: the commitment it received
    before contributing, its own contribution, its own dealt hand and every action in order."""

    seat: int
    number: int
    commitment: str
    contribution: str
    hand: tuple[str, ...]
    actions: tuple[Any, ...]
    """Each action as ``[seat, plain data]`` (``barbu.actions``), in the order shown."""
    final: tuple[int, ...] | None = None


def verify_deal(seen: Seen, secret: Any, contributions: Any, record: Any) -> DealCheck:
    """Check the revealed ``secret``, the ``contributions`` used and the deal's ``record``
    against what the friend's page ``seen`` (see the module's docstring)."""
    if not _is_hex(secret):
        return _fail("the revealed secret is not a secret")
    if commitment(secret) != seen.commitment:
        return _fail("the revealed secret is not the one committed to before the deal")
    if not isinstance(contributions, list) or len(contributions) != 4:
        return _fail("the contributions are not four")
    if any(c is not None and not _is_hex(c) for c in contributions):
        return _fail("a contribution is not a contribution")
    if contributions[seen.seat] != seen.contribution:
        return _fail("this player's contribution was not used")
    try:
        deal = deal_from_record(record)
    except RuleError as e:
        return _fail(f"the deal's record does not replay: {e}")
    return _compare(seen, deal, deal_seed(seen.number, secret, contributions))


def _compare(seen: Seen, deal: Deal, seed: int) -> DealCheck:
    if not deal.is_over:
        return _fail("the deal's record is not a finished deal")
    dealt = [sorted(str(c) for c in hand) for hand in deal.view(seen.seat).hands or ()]
    expected = hands_from_seed(seed, deal.rules)
    if dealt != [sorted(str(c) for c in cards_of(m)) for m in expected]:
        return _fail("the hands are not those the seed deals")
    if sorted(seen.hand) != dealt[seen.seat]:
        return _fail("this player's hand is not the one it was shown")
    played = [[e.seat, action_to_data(e.action)] for e in deal.history]
    if played != [list(a) for a in seen.actions]:
        return _fail("the actions are not those this player saw")
    if seen.final is not None and tuple(deal.final_scores()) != tuple(seen.final):
        return _fail("the scores are not those this player was shown")
    return DealCheck(True, "")
