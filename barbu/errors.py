"""The engine's one error type."""

from __future__ import annotations

import reprlib


class RuleError(ValueError):
    """An action or record the rules refuse; the message says where and why in plain words.

    ``code`` names the reason for programs (a message catalog key, e.g. ``"must-follow"``) and
    ``params`` holds its values, so an interface can word it in any language.
    """

    def __init__(self, message: str, code: str = "illegal", **params: object) -> None:
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
