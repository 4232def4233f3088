"""Hostile input for every reader of untrusted text, and the outcomes each reader may have.

Standard library only: tests/test_hostile_input.py drives these with hypothesis on CPython, and
tests/pyodide/hostile_smoke.py runs a fixed sample of them inside Pyodide, where a text nested
too deeply for the parser overflows the JavaScript stack, a fatal error Python cannot catch.

- ``samples()``: valid deal and session records of every preset, played at random by the engine
  (finished, stopped in the middle of the play, stopped in the doubling round), to be mutated.
- ``HOSTILE_VALUES``: Python values a record may hold once read (huge, deep, of the wrong type);
  ``FRAGMENTS``: raw JSON text (deep, huge numbers, ``NaN``, broken) spliced into a record's text.
- ``mutated(value, path, op, new)``: a copy of a record with one place replaced, deleted,
  duplicated or given a new neighbour; ``splice(value, path, op, fragment)``: the same as JSON
  text, the fragment written raw.
- ``check_score``, ``check_import``, ``check_save``, ``check_shared``, ``check_kept_reviews``:
  run one reader and return what happened
  (``"scored"``, ``"refused"``, ...); any other outcome (another exception, a refusal of
  several lines or of hundreds of characters) raises ``AssertionError`` or propagates.
"""

from __future__ import annotations

import json
import random
from typing import Any

from barbu import RuleError, Session, score_record, session_record
from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.presets import rules_from_record
from barbu.records import deal_record
from barbu.wire import deal_from_position
from web.game.engine import Game
from web.game.save import Saved, UnreadableSave

MAX_MESSAGE = 500
"""The longest refusal message allowed, whatever the input."""

RULES = {
    "standard": "standard",
    "classic": "classic",
    "fr32": "fr32",
    "italian": "italian",
    "italian+options": {
        "preset": "pagat",  # the former id: read as italian, written as italian
        "options": {"salad": True, "without": "trumps", "quota": 3, "domino_any_seven": True},
    },
}
"""The rules of the sample records, as records write them."""

OPS = ("replace", "replace", "delete", "duplicate", "insert")
"""What a mutation does at its place (replacing is the most telling, so it comes twice)."""


def _deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def _deep_dict(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"rules": value}
    return value


HUGE_STRING = "x" * 10_000_000
HOSTILE_VALUES: dict[str, Any] = {
    **{
        repr(value): value
        for value in (
            *(None, True, False, 0, 1, 3, 4, -1, 7, 13, 28, 2**64, 10**20),
            *(-0.0, 0.5, 1.0, 3.0, 1e308, float("inf"), float("-inf"), float("nan")),
            *("", " ", "\n", "\x00", "\x1b[31m", "\ud800", "\u202e", "QS", "10h", "Q♥", "KH\n"),
            *("S", "7", "domino", "trumps", "standard", "italian", "pagat", "fr32"),
            *([], {}, [[]], [0, 1], [1, 0], [None, None], ["QS", "QS"]),
            *({"preset": "pagat"}, {"preset": "pagat", "options": {"salad": 1}}),
        )
    },
    "10**5000": 10**5000,
    "-10**5000": -(10**5000),
    "10 MB string": HUGE_STRING,
    "a million 'QS'": ["QS"] * 1_000_000,
    "100,000 [1, 0]": [[1, 0]] * 100_000,
    "5,000-deep list": _deep_list(5000),
    "5,000-deep object": _deep_dict(5000),
}
"""Values a record may hold, by name: of every JSON type, out of range, huge, deep, NaN."""

FRAGMENTS: dict[str, str] = {
    **{
        repr(text): text
        for text in (
            *("1e400", "-1e400", "1e-400", "-0", "-0.0", "NaN", "Infinity", "-Infinity"),
            *("0x10", "01", "true", "null", '"\\ud800"', '"\\u0000"', '"\\x"', '"unterminated'),
            *("\ufeff", "\x00", "{", "}", ",", '{"rules": "pagat", "rules": "fr32"}'),
        )
    },
    "6,000 [ then 6,000 ]": "[" * 6000 + "]" * 6000,
    "6,000 {: then 6,000 }": '{"a":' * 6000 + "0" + "}" * 6000,
    "65 [ then 65 ]": "[" * 65 + "]" * 65,
    "64 [ then 64 ]": "[" * 64 + "]" * 64,
    "3,000 ] then 3,000 [": "]" * 3000 + "[" * 3000,
    "5,000 digits": "1" * 5000,
    "-5,000 digits": "-" + "9" * 5000,
    "4,000 digits": "1" * 4000,
    "0. and 5,000 digits": "0." + "1" * 5000,
    "1,000 escaped é": '"' + "\\u00e9" * 1000 + '"',
    "a quote and 20,000 escaped quotes": '"' + '\\"' * 20_000,
    "a string of 4.1 million characters": '"' + "x" * 4_100_000 + '"',
}
"""Raw JSON text spliced into a record's text, by name: deep, huge numbers, non-standard
literals, broken."""

_RAW = "\x00raw\x00"
"""Stands for a fragment in a record until it is written as text."""


def _played(rules: str | dict[str, Any], seed: int, steps: int | None) -> Session:
    """A seeded session of ``rules`` played at random for ``steps`` actions (None: to its end)."""
    session = Session(seed=seed, rules=rules_from_record(rules))
    rng = random.Random(seed)
    done = 0
    while not session.is_over and (steps is None or done < steps):
        if session.between_deals:
            session.next_deal()
        session.apply(rng.choice(session.legal_actions()))
        done += 1
    return session


def samples() -> dict[str, dict[str, Any]]:
    """Valid records of each game of ``RULES``, by name: a finished session, a session stopped
    in the middle of a deal's play, one stopped in a doubling round (or, without doubles, in the
    play), and three finished deals."""
    out: dict[str, dict[str, Any]] = {}
    for n, (name, rules) in enumerate(RULES.items()):
        whole = _played(rules, n, None)
        out[f"{name} session"] = session_record(whole)
        out[f"{name} session in play"] = session_record(_played(rules, n + 10, 150))
        out[f"{name} session at a double"] = session_record(_played(rules, n + 20, 2))
        for deal in whole.deals[:3]:
            out[f"{name} deal {deal.contract}"] = deal_record(deal)
    return out


def children(value: Any) -> list[Any]:
    """The keys of an object, the indices of a list, nothing for a scalar."""
    if isinstance(value, dict):
        return list(value)
    if isinstance(value, list):
        return list(range(len(value)))
    return []


def mutated(value: Any, path: tuple[Any, ...], op: str, new: Any) -> Any:
    """A copy of ``value`` (only the containers on ``path`` copied) with the place at ``path``
    replaced by ``new``, deleted, duplicated (a list's element repeated, an object's value given
    to the next key too) or given ``new`` as a neighbour (before it in a list, as a key of an
    object). At the root, every operation replaces."""
    if not path:
        return new
    key, rest = path[0], path[1:]
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    if rest:
        copy[key] = mutated(copy[key], rest, op, new)
    elif op == "replace":
        copy[key] = new
    elif op == "delete":
        del copy[key]
    elif op == "duplicate" and isinstance(copy, list):
        copy.insert(key, copy[key])
    elif op == "duplicate":
        keys = list(copy)
        copy[keys[(keys.index(key) + 1) % len(keys)]] = copy[key]
    elif isinstance(copy, list):
        copy.insert(key, new)
    else:
        copy[new if isinstance(new, str) and len(new) < 100 else "extra"] = new
    return copy


def splice(value: Any, path: tuple[Any, ...], op: str, fragment: str) -> str:
    """The JSON text of ``mutated(value, path, op, <fragment>)``, the fragment written raw."""
    text = json.dumps(mutated(value, path, op, _RAW))
    return text.replace(json.dumps(_RAW), fragment)


def random_path(value: Any, rng: random.Random) -> tuple[Any, ...]:
    """A place in ``value``: one step down at least, then each further step on a coin toss."""
    path: list[Any] = []
    while (keys := children(value)) and (not path or rng.random() < 0.5):
        key = rng.choice(keys)
        path.append(key)
        value = value[key]
    return tuple(path)


# -- the outcomes each reader may have -------------------------------------------------------


def check_message(error: BaseException) -> None:
    """A refusal is one printable line (no newline, no terminal escape) of bounded length."""
    text = str(error)
    assert text.isprintable(), f"not one printable line: {text[:300]!r}"
    assert len(text) < MAX_MESSAGE, f"{len(text)} characters: {text[:300]!r}"


def check_score(record: Any) -> str:
    """``score_record``: scores that JSON can write, or a located ``RuleError``."""
    try:
        result = score_record(record)
    except RuleError as error:
        check_message(error)
        assert error.where, f"says not where: {error}"
        return "refused"
    json.dumps(result, allow_nan=False)
    return "scored"


def check_playable(game: Game) -> None:
    """A session read back can be drawn, continued (by the computer players too, from the
    position the page sends them) and writes back the same record."""
    game.view()
    if game.between_deals:  # as the page does once the player leaves the summary
        game.next_deal()
    if not game.is_over:
        deal = deal_from_position(json.loads(game.position_json()))
        assert deal.legal_actions() == game.legal_actions() != []
    assert Game.from_record(game.record()).record() == game.record()


def check_import(text: str) -> str:
    """The page's import: a game, or ``JsonRefused`` or ``RuleError``."""
    try:
        game = Game.from_record(load_json(text))
    except (JsonRefused, RuleError) as error:
        check_message(error)
        return "refused"
    check_playable(game)
    return "loaded"


def check_save(text: str) -> str:
    """The page's save slot: a game, or ``UnreadableSave`` or ``RuleError``."""
    try:
        saved = Saved.from_json(text)
        game = Game.from_record(saved.record)
    except (UnreadableSave, RuleError) as error:
        check_message(error)
        return "refused"
    check_playable(game)
    return "loaded"


def save_text(record: dict[str, Any]) -> str:
    """A valid save of a session record, written by the page's own code."""
    return Saved(record, ("Ann", "Bob", "Cy", "Di"), None).to_json()


def check_shared(text: str) -> str:
    """A shared deal's or session's text (a link's, or a file opened by Import): a replay of a
    finished deal, or ``ShareRefused`` with a known reason."""
    from web.game.share import SharedSession, ShareRefused, read_shared

    try:
        shared = read_shared(text)
    except ShareRefused as error:
        check_message(error)
        assert error.code in ("too-long", "damaged", "not-a-deal"), error.code
        return "refused"
    deals = shared.deals if isinstance(shared, SharedSession) else (shared.deal,)
    assert deals and all(d.is_over for d in deals)
    return "opened"


def check_kept_reviews(text: str, total: int = 60) -> str:
    """The reviews kept on this device: read (every entry's review read within bounds, never
    raising), or ``ReviewsDamaged``."""
    from web.game.kept_reviews import KeptReviews, ReviewsDamaged
    from web.model.review import review_items

    try:
        kept = KeptReviews.from_text(text)
    except ReviewsDamaged as error:
        check_message(error)
        return "refused"
    for entry in kept.entries:
        for item in review_items(entry.get("review"), total):
            assert 0 <= item.step < total and 0 <= item.cost <= 10_000
    return "read"
