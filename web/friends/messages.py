"""The messages of a friends' table, and the bounds every one of them is read within.

A message is one JSON object ``{"v": VERSION, "t": kind, "n": number, ...}``: ``v`` the
protocol's version (a page of another version is told to reload), ``t`` what it is, ``n`` its
number from that sender, one more than the last (a replayed or reordered message is refused).
What each kind carries is in ``GUEST_KINDS`` and ``HOST_KINDS``.

Another browser is not trusted: ``read`` refuses text longer than the sender's limit, nesting
deeper than ``MAX_DEPTH`` (both counted before parsing, by ``barbu.jsontext.load``), anything but
an object of a known kind with the fields that kind needs, and ``Rate`` refuses a sender that
sends faster than a person plays. Each refusal is a ``Refused`` with a code from ``REFUSALS``,
which the page words in the player's language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from barbu.jsontext import JsonRefused, load

__all__ = [
    "GUEST_KINDS",
    "GUEST_TEXT_LIMIT",
    "HOST_KINDS",
    "HOST_TEXT_LIMIT",
    "MAX_DEPTH",
    "REFUSALS",
    "VERSION",
    "Rate",
    "Refusal",
    "Refused",
    "read",
    "write",
]

VERSION = 1
"""The protocol's version: raised whenever a message's meaning changes."""

GUEST_TEXT_LIMIT = 2_048
"""The longest message a friend's page may send (an action is some 60 characters)."""
HOST_TEXT_LIMIT = 65_536
"""The longest message the host may send (a seat's view with a whole session's sheet is some
10,000 characters)."""
MAX_DEPTH = 6
"""The deepest nesting of arrays and objects a message may have (a view needs 5)."""

GUEST_KINDS: dict[str, tuple[str, ...]] = {
    "hello": ("name", "token"),
    "act": ("deal", "count", "action"),
    "contribute": ("deal", "value"),
    "ping": (),
}
"""What a friend's page sends, and the fields each kind needs: ``hello`` (its player's name and
the invitation's token), ``act`` (an action, with the deal and the count of actions it was
chosen at), ``contribute`` (its random part of a deal's seed), ``ping``."""

HOST_KINDS: dict[str, tuple[str, ...]] = {
    "welcome": ("seat", "names", "kinds", "rules"),
    "view": ("view", "count", "last"),  # and "actions" when "last" is null
    "commit": ("deal", "hash"),
    "reveal": ("deal", "secret", "contributions", "record"),
    "seats": ("status",),
    "refused": ("code", "ref"),
    "outdated": ("version",),
}
"""What the host sends: ``welcome`` (the friend's seat, the players' names and kinds, the
rules), ``view`` (the friend's seat's view after an action, with that action), ``commit`` and
``reveal`` (a deal's seed, ``web.friends.fairness``), ``seats`` (who is connected), ``refused``
(what was refused and why), ``outdated`` (the friend's page must reload)."""

Refusal = Literal[
    "too-long",
    "too-deep",
    "not-json",
    "not-object",
    "bad-version",
    "bad-kind",
    "bad-field",
    "replayed",
    "flood",
    "not-your-seat",
    "not-your-turn",
    "stale",
    "not-joined",
    "bad-token",
    "illegal",
]
REFUSALS: tuple[str, ...] = Refusal.__args__  # type: ignore[attr-defined]
"""Every refusal code, in the order of the type: the catalogs word each one."""


class Refused(ValueError):
    """A message refused, with its code (``REFUSALS``) and, for an illegal action, the engine's
    own refusal (``rule``, a ``barbu.RuleError`` code) and its parameters."""

    def __init__(
        self, code: Refusal, detail: str = "", rule: str = "", params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code: Refusal = code
        self.rule = rule
        self.params = params or {}


@dataclass(frozen=True)
class Message:
    """A message read: its kind, its number and its fields."""

    kind: str
    number: int
    fields: dict[str, Any]


def read(text: Any, kinds: dict[str, tuple[str, ...]], limit: int) -> Message:
    """The message ``text`` holds, checked against ``kinds`` and ``limit``; ``Refused`` else."""
    if not isinstance(text, str):
        raise Refused("not-json", "not text")
    try:
        data = load(text, limit, MAX_DEPTH)
    except JsonRefused as e:
        code: Refusal = "too-long" if e.reason == "too-long" else "not-json"
        raise Refused("too-deep" if e.reason == "too-deep" else code, str(e)) from None
    if not isinstance(data, dict):
        raise Refused("not-object")
    version = data.get("v")
    if type(version) is not int:
        raise Refused("bad-version", "no version")
    if version != VERSION:
        raise Refused("bad-version", f"version {version}, this page speaks {VERSION}")
    kind = data.get("t")
    if not isinstance(kind, str) or kind not in kinds:
        raise Refused("bad-kind", str(kind)[:20])
    number = data.get("n")
    if type(number) is not int or number < 0:
        raise Refused("bad-field", "n")
    fields = {k: v for k, v in data.items() if k not in ("v", "t", "n")}
    missing = [name for name in kinds[kind] if name not in fields]
    if missing:
        raise Refused("bad-field", f"{kind} without {missing[0]}")
    return Message(kind, number, fields)


def write(kind: str, number: int, **fields: Any) -> str:
    """A message as the text sent: compact JSON."""
    return json.dumps({"v": VERSION, "t": kind, "n": number, **fields}, separators=(",", ":"))


class Rate:
    """How fast one sender may send: a bucket of ``burst`` messages refilled at ``per_second``.

    ``allow(now)`` says whether a message arriving at ``now`` (seconds) may be read; the first
    refusal of a flood is reported (``report``) and the rest are dropped quietly until the
    sender slows down."""

    def __init__(self, burst: int = 30, per_second: float = 10.0) -> None:
        self.burst = burst
        self.per_second = per_second
        self.tokens = float(burst)
        self.last: float | None = None
        self.flooding = False

    def allow(self, now: float) -> bool:
        """Whether a message at ``now`` is within the rate (and takes its token if so)."""
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            if self.tokens >= self.burst / 2:
                self.flooding = False
            return True
        return False

    def report(self) -> bool:
        """Whether this refusal is the first of a flood (the one to report)."""
        first = not self.flooding
        self.flooding = True
        return first
