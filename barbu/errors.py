"""The engine's one error type, and the closed set of reasons it gives.

Every refusal names its reason with a code of ``Refusal``: mypy checks each raise site of the
engine against the set, and ``RuleError`` refuses any other code at run time (the page's code is
not under mypy). The page words each code with the catalog's ``refusal.<code>`` sentence and
links it to a rules section, or to none (``web.languages.words``; tests/test_refusals.py keeps the
three in step). There is no catch-all code: every raise site says which rule or which input it
refuses. The score keeper's own refusals (counts and scores a table reports) are its own set,
``barbu.keeper.errors.KeeperRefusal``.
"""

from __future__ import annotations

import reprlib
from typing import Literal, get_args

Refusal = Literal[
    # -- play: a card the rules refuse now --
    "not-held",  # the card is not in the hand of the seat to move
    "must-follow",  # a card of another suit while holding the suit led
    "heart-lead",  # a heart led while holding another suit (No Hearts, No King of Hearts)
    "hearts-not-broken",  # a heart led before one was discarded on another suit (Pagat)
    "must-overtrump",  # trumps led: a trump too low while holding one above the trick's
    "must-overtrump-void",  # void in a plain suit led: not a trump above the trick's, holding one
    "must-trump",  # void in a plain suit led: not a trump that wins, holding one (standard)
    "must-ruff",  # void in a plain suit led: not a trump while holding one (club rules)
    "domino-opener",  # the Domino opens with one card only (Pagat's seven of diamonds)
    "domino-unplayable",  # a Domino card that neither opens its suit nor extends its row
    # -- doubling --
    "must-double",  # the declarer left out by a player who owes as many doubles as deals left
    "double-self",  # a player doubling himself
    "redouble-not-doubled",  # the declarer redoubling a player who did not double him
    "double-positive",  # a non-declarer doubled in a positive contract
    "double-twice",  # a record doubles one seat twice in one turn
    "double-out-of-turn",  # a record's double out of the doubling order
    "no-doubles",  # a double under rules that have none (fr32)
    # -- contract: the declarer's choice --
    "contract-used",  # a contract already played in this block (or session)
    "bad-contract",  # not a contract of these rules
    "trump-missing",  # Trumps without its trump suit
    "trump-unexpected",  # a trump suit named for another contract
    "rank-missing",  # Domino without its starting rank
    "rank-unexpected",  # a starting rank named for another contract
    "rank-fixed",  # a starting rank named for a Domino whose rank is fixed (Pagat)
    "no-contract",  # a contract's detail (or a deal's record) before the contract is chosen
    # -- turn and phase --
    "wrong-phase",  # an action of another kind than the phase awaits (a card while doubling)
    "not-your-turn",  # a computer player asked to act for a seat not to move
    "deal-over",  # an action after the deal's end
    # -- session --
    "no-seed",  # hands asked of a session without a seed (or such a record to continue)
    "no-deal",  # the current deal of a session not started
    "deal-not-over",  # the next deal started before the current one ends
    "session-over",  # a deal started after the session's last
    "wrong-declarer",  # a record's deal with another declarer than the rotation's
    # -- the history --
    "nothing-to-undo",  # undo with no action taken yet
    "bad-step",  # a count of actions the history does not have
    "unfinished",  # a record's deal that stops before its end, followed or scored
    # -- records and input: values that are not what they claim --
    "bad-record",  # a record that is not the expected JSON (a key missing, a wrong type...)
    "bad-rules",  # an unknown preset or option
    "bad-hands",  # hands that are not four of the right size from the pack, without repeats
    "bad-seat",  # not a seat 0-3
    "bad-card",  # not a card
    "bad-suit",  # not a suit
    "bad-rank",  # not a rank
    "bad-action",  # not an action (a wrong type, an unknown kind, a malformed double)
    "bad-position",  # a position without its deal record or with a bad block context
    "kept-record",  # a kept game's record (scores without cards) where a played one is read
]
"""Why the engine refuses an action or a record: the closed set of ``RuleError.code``."""

REFUSALS: frozenset[str] = frozenset(get_args(Refusal))
"""Every ``Refusal`` code, for checks at run time."""


class RuleError(ValueError):
    """An action or record the rules refuse; the message says where and why in plain words.

    ``code`` names the reason for programs (a ``Refusal``, e.g. ``"must-follow"``; ``TypeError``
    for any other) and ``params`` holds its values, so an interface can word it in any language.
    """

    def __init__(self, message: str, code: Refusal, **params: object) -> None:
        if code not in REFUSALS:
            raise TypeError(f"not a refusal code: {code!r} (see barbu.errors.Refusal)")
        super().__init__(message)
        self.reason = message
        self.code = code
        self.params = params
        self.where = ""

    def located(self, where: str) -> RuleError:
        """Prefix the message with where it happened (record, deal, action index, seat)."""
        self.where = f"{where}: {self.where}" if self.where else where
        self.args = (f"{self.where}: {self.reason}",)
        return self


QUOTE_MAX = 60
"""The longest quote of a value in a refusal (a long string's quote, 40, fits whole)."""


def quoted(value: object) -> str:
    """The offending value as a refusal quotes it: its ``repr`` cut to at most ``QUOTE_MAX``
    characters, however long, deep or large the value (``reprlib``; a number too long for
    ``repr`` is named by its size)."""
    try:
        text = _QUOTE.repr(str(value) if isinstance(value, str) else value)
    except ValueError:  # an int beyond sys.get_int_max_str_digits()
        return f"<a number of {value.bit_length() if isinstance(value, int) else '?'} bits>"
    # reprlib bounds each level (6 items of 40 characters, 3 levels), not the whole: a list of
    # lists of dicts still printed thousands of characters.
    return text if len(text) <= QUOTE_MAX else text[: QUOTE_MAX - 3] + "..."


_QUOTE = reprlib.Repr()
_QUOTE.maxlevel = 3
_QUOTE.maxstring = _QUOTE.maxother = _QUOTE.maxlong = 40
_QUOTE.maxlist = _QUOTE.maxtuple = _QUOTE.maxdict = _QUOTE.maxset = _QUOTE.maxfrozenset = 6
