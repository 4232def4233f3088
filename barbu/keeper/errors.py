"""The score keeper's refusals: its own codes and error, and refusals located at a deal.

The keeper refuses with the engine's ``RuleError`` where a deal breaks a rule of the game (a
contract used, a double out of scope, a record that is not one) and with its own ``KeeperError``
where what the table reports of the cards cannot be: counts, totals and scores no deal gives.
Both carry a code, the values that word it and the place it was found; the page words the codes
of both with the catalog's ``refusal.<code>`` sentences (``web.languages.words``;
tests/test_refusals.py keeps the codes, sentences and rules links in step).

Decisions:
- An error is built whole where it is raised: a refusal met in a deal's part is raised again as a
  new error naming the deal (``params["deal"]``, and ``params["seat"]`` for a doubling turn) and
  its place, never written into after it was raised.
"""

from __future__ import annotations

from typing import Literal, TypeAlias, get_args

from ..errors import Refusal, RuleError

KeeperRefusal = Literal[
    "bad-count",  # what the players took cannot be (14 tricks, 5 queens, K♥ taken twice)
    "bad-total",  # raw scores that do not add up to the contract's total
    "bad-score",  # raw scores no deal of the contract gives (-7 in No Queens)
]
"""Why the keeper refuses what a table reports: the closed set of ``KeeperError.code``."""

KEEPER_REFUSALS: frozenset[str] = frozenset(get_args(KeeperRefusal))
"""Every ``KeeperRefusal`` code, for checks at run time."""


class KeeperError(ValueError):
    """Scores or counts the keeper refuses; the message says where and why in plain words.

    ``code`` names the reason (a ``KeeperRefusal``; ``TypeError`` for any other), ``params``
    holds its values and ``where`` the place, as for ``RuleError``.
    """

    def __init__(self, message: str, code: KeeperRefusal, where: str = "", **params: object):
        if code not in KEEPER_REFUSALS:
            raise TypeError(f"not a keeper's refusal code: {code!r} (see KeeperRefusal)")
        super().__init__(f"{where}: {message}" if where else message)
        self.reason = message
        self.code = code
        self.params = params
        self.where = where


Refused: TypeAlias = RuleError | KeeperError
"""A refusal of the keeper: the played game's reason, or its own."""


def rule_error(where: str, message: str, code: Refusal, **params: object) -> RuleError:
    """The played game's refusal ``code``, located at ``where`` (nowhere when empty)."""
    error = RuleError(message, code, **params)
    return error.located(where) if where else error


def miscounted(where: str, message: str, code: KeeperRefusal, **params: object) -> KeeperError:
    """The keeper's own refusal ``code``, located at ``where``."""
    return KeeperError(message, code, where, **params)


def relocated(error: RuleError, where: str) -> RuleError:
    """A new refusal saying what ``error`` says, found at ``where`` before its own place (as
    ``RuleError.located`` writes it)."""
    again = RuleError(error.reason, error.code, **error.params)
    if error.where:
        again.located(error.where)
    return again.located(where)


def at_deal(error: Refused, number: int, part: str = "", **params: object) -> Refused:
    """A new refusal saying what ``error`` says, found in deal ``number`` (and ``part`` of it),
    which ``params["deal"]`` names for the page, with ``params`` added to its values."""
    where = ", ".join(p for p in (f"deal {number}", part, error.where) if p)
    values = {**error.params, "deal": number, **params}
    if isinstance(error, KeeperError):
        return KeeperError(error.reason, error.code, where, **values)
    return RuleError(error.reason, error.code, **values).located(where)


__all__ = [
    "KEEPER_REFUSALS",
    "KeeperError",
    "KeeperRefusal",
    "Refused",
    "at_deal",
    "miscounted",
    "relocated",
    "rule_error",
]
