"""JSON text read within bounds: size and depth are checked before the text is parsed.

``json.loads`` recurses once per level of nesting: deeply nested text (``"[" * 6000``) raises
``RecursionError`` on CPython, and in Pyodide overflows the JavaScript stack, a fatal error that
Python cannot catch. So every text that comes from outside (a record file, standard input, the
browser's save slot, an imported file) goes through ``load``: it refuses a text longer than
``MAX_CHARS`` at once, then counts the nesting with one scan that skips string literals (no
recursion), and parses only a text whose nesting stays within ``MAX_DEPTH``. A whole session
record is about 40 KB deep 5 levels; the bounds leave room for far larger honest texts.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_CHARS = 4_000_000
"""The longest text read (characters)."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects read."""

_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
"""A string literal (skipped whole) or a bracket. An unterminated string runs to the end of the
text (which is then not JSON): a pattern that failed there would be tried again from every later
quote, and a quote followed by escaped quotes only took a time in the square of their number
(hours for a text of a few megabytes)."""


class JsonRefused(ValueError):
    """A text that is not read: too long, too deeply nested, or not JSON (``reason``:
    ``too-long``, ``too-deep`` or ``not-json``)."""

    def __init__(self, message: str, reason: str = "not-json") -> None:
        super().__init__(message)
        self.reason = reason


def load(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON ``text`` once its size and nesting are known to be within bounds."""
    if len(text) > max_chars:
        raise JsonRefused(
            f"too long to read ({len(text):,} characters; at most {max_chars:,})", "too-long"
        )
    depth = 0
    for token in _TOKENS.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > max_depth:
                raise JsonRefused(f"nested too deeply (more than {max_depth} levels)", "too-deep")
        elif bracket in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise JsonRefused(f"not valid JSON: {error}") from None
