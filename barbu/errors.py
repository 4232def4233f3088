"""The engine's one error type."""

from __future__ import annotations


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


def quoted(value: object) -> str:
    """``repr(value)`` cut to 40 characters: a refusal quotes the offending value, not a book."""
    text = repr(str(value) if isinstance(value, str) else value)
    return text if len(text) <= 40 else text[:37] + "..."
