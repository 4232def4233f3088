"""The player's settings and what the address asks for (``?seed=``, ``?rules=``, ``?speed=``...).

Settings are kept in the browser's storage (key ``barbu.settings``) and the address overrides
them for this visit: ``?speed=instant|fast|normal|slow``,
``?level=beginner|standard|expert|master``, ``?autoplay=1|0``, ``?hints=1|0``. ``?lang=`` is
read by the boot loader, ``?seed=N`` picks the session and ``?rules=ID`` its game: a preset of
RULES.md §7 by its id or a former id (``barbu.presets.REGISTRY``), written back with its id.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, replace
from typing import Any

from barbu import RuleError
from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.presets import STANDARD, registered

SEED_LIMIT = 2**32
SEED_DIGITS = len(str(SEED_LIMIT))
SPEEDS = ("instant", "fast", "normal", "slow")
LEVELS = ("beginner", "standard", "expert", "master")
"""The computer players' levels a player may choose (barbu.bots.LEVELS but the arena's
reference player; not imported from there, which would load the bots on the page)."""
NAME_LIMIT = 24

PACE = {
    # speed: (seconds before a computer player acts, seconds a finished trick stays shown)
    "instant": (0.0, 0.0),
    "fast": (0.15, 0.45),
    "normal": (0.45, 1.0),
    "slow": (0.9, 1.8),
}


VERSION = 2
"""The settings' stored version: 2 since forced cards are played for the player by default
(stored settings without it said ``"autoplay": false`` because that was the default)."""


@dataclass(frozen=True)
class Settings:
    """What the player chose: pace, the computer players' level, auto-play, the hint button,
    the sounds of play, his name."""

    speed: str = "normal"
    level: str = "standard"
    autoplay: bool = True
    """Play the player's only legal card for him (on unless he turns it off)."""
    name: str = ""
    hints: bool = True
    sound: bool = False

    @property
    def bot_delay(self) -> float:
        """Seconds a computer player waits before acting (so that a human can follow)."""
        return PACE[self.speed][0]

    @property
    def trick_pause(self) -> float:
        """Seconds a finished trick stays on the table before it is gathered."""
        return PACE[self.speed][1]

    def to_json(self) -> str:
        """The settings as stored (with the version of their defaults)."""
        return json.dumps({"version": VERSION, **asdict(self)})

    @classmethod
    def from_json(cls, text: str | None) -> Settings:
        """Stored settings; anything unreadable or unknown falls back to the default."""
        try:
            data = load_json(text) if text else {}
        except JsonRefused:
            data = {}
        if not isinstance(data, dict):
            data = {}
        if data.get("version") != VERSION:
            data.pop("autoplay", None)  # stored when off was the default, not the player's choice
        return cls().with_choices(data)

    def with_choices(self, data: dict[str, Any]) -> Settings:
        """These settings with the valid choices of ``data`` applied (invalid ones ignored)."""
        out = self
        if data.get("speed") in SPEEDS:
            out = replace(out, speed=data["speed"])
        if data.get("level") in LEVELS:
            out = replace(out, level=data["level"])
        for flag in ("autoplay", "hints", "sound"):
            if isinstance(data.get(flag), bool):
                out = replace(out, **{flag: data[flag]})
        if isinstance(data.get("name"), str):
            out = replace(out, name=clean_name(data["name"]))
        return out


def clean_name(text: str) -> str:
    """A player's name as shown: one line, trimmed, at most ``NAME_LIMIT`` characters."""
    return " ".join(text.split())[:NAME_LIMIT]


# The address query is read and written here rather than with urllib.parse: in Pyodide that
# module imports ipaddress, and the two cost 0.3 s or more of every page start (measured).
UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def unquote(text: str) -> str:
    """A query component decoded: ``+`` is a space, ``%XX`` sequences are UTF-8 bytes."""
    return PERCENT.sub(
        lambda m: bytes.fromhex(m[0].replace("%", "")).decode("utf-8", "replace"),
        text.replace("+", " "),
    )


def quote(text: str) -> str:
    """A query component encoded (the inverse of ``unquote``)."""
    return "".join(c if c in UNRESERVED else "".join(f"%{b:02X}" for b in c.encode()) for c in text)


def query_values(query: str) -> dict[str, str]:
    """The first non-empty value of each parameter of an address query."""
    values: dict[str, str] = {}
    for part in query.lstrip("?").split("&"):
        key, _, value = part.partition("=")
        key, value = unquote(key), unquote(value).strip()
        if key and value and key not in values:
            values[key] = value
    return values


def seed_from_query(query: str) -> int | None:
    """The seed asked for by ``?seed=N`` (a whole number below 2**32), or None."""
    return parse_seed(query_values(query).get("seed", ""))


def parse_seed(text: str) -> int | None:
    """A seed typed or asked for: a whole number below 2**32, or None (digits are counted
    before ``int()``, which refuses thousands of them)."""
    if text.isascii() and text.isdecimal() and len(text) <= SEED_DIGITS:
        seed = int(text)
        return seed if seed < SEED_LIMIT else None
    return None


def rules_from_query(query: str) -> str | None:
    """The id of the game asked for by ``?rules=NAME`` (a preset of RULES.md §7, by its id or a
    former one), or None."""
    name = query_values(query).get("rules")
    if name is None:
        return None
    try:
        return registered(name).name
    except RuleError:
        return None


def choices_from_query(query: str) -> dict[str, Any]:
    """The settings the address asks for, as choices for ``Settings.with_choices``."""
    values = query_values(query)
    out: dict[str, Any] = {key: values[key] for key in ("speed", "level") if key in values}
    for flag in ("autoplay", "hints", "sound"):
        if values.get(flag) in ("1", "0"):
            out[flag] = values[flag] == "1"
    return out


def page_query(seed: int | None, lang: str, query: str = "", rules: str = STANDARD.name) -> str:
    """The address query for this session (its seed and, but for the standard game, its
    preset) in that language, keeping the other parameters."""
    values = query_values(query)
    values.update(seed=str(seed), lang=lang)
    values.pop("rules", None)
    values.pop("replay", None)  # a shared deal opens once (web.game.share)
    first = {"seed": values.pop("seed"), "lang": values.pop("lang")}
    if rules != STANDARD.name:
        first["rules"] = rules
    ordered = {**first, **values}
    return "?" + "&".join(f"{quote(key)}={quote(value)}" for key, value in ordered.items())
