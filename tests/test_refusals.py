"""Refusal codes: two closed sets, the engine's (``barbu.errors.Refusal``) and the score
keeper's (``barbu.keeper.errors.KeeperRefusal``), each code raised somewhere, each worded in every
language and placed on the rules pages (``web.languages.words``), or declared input that links
nowhere.

The codes raised are read from the source: every ``RuleError(message, code, **params)`` and
``KeeperError(message, code, ...)`` call and every call of a helper whose ``code`` parameter is
typed ``Refusal`` or ``KeeperRefusal`` (records.py's ``_fail``), in barbu/, web/ and tools/.
"""

from __future__ import annotations

import ast
import json
import string
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from barbu.errors import REFUSALS, RuleError, quoted
from barbu.keeper.errors import KEEPER_REFUSALS, KeeperError
from tools.site.rules_sources import SOURCES as RULES_SOURCES
from tools.site.rules_text import Heading, read_source
from web.languages.i18n import SUPPORTED, Catalog
from web.languages.words import INPUT_REFUSALS, RULES_SECTIONS, refusal

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("barbu", "web", "tools")
OTHER_REFUSAL_KEYS = {"refusal.rules_link"}
"""Catalog keys under ``refusal.`` that are not a code's sentence."""


@dataclass(frozen=True)
class Raise:
    """One place that raises a refusal: its code and the names of the values it passes."""

    code: str
    params: frozenset[str]
    where: str
    keeper: bool = False
    """Whether it raises a score keeper's refusal (``KeeperError``)."""


KINDS = {"Refusal": False, "KeeperRefusal": True}
"""The type of a ``code`` parameter: whether it is a score keeper's code."""
ALL_REFUSALS = REFUSALS | KEEPER_REFUSALS
"""Every code the page words: the engine's and the score keeper's."""


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _annotation(arg: ast.arg) -> str | None:
    return _name(arg.annotation) if arg.annotation is not None else None


def _codes(node: ast.expr) -> list[str] | None:
    """The codes an argument can be: a literal, or either branch of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _codes(node.body), _codes(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def helpers_of(trees: dict[str, ast.Module]) -> dict[str, tuple[int, str | None, bool]]:
    """Callable name -> (position of the code among the positional arguments, its default,
    whether it is a score keeper's code): the error classes, and each function whose ``code``
    parameter is typed ``Refusal`` or ``KeeperRefusal``."""
    helpers: dict[str, tuple[int, str | None, bool]] = {
        "RuleError": (1, None, False),
        "KeeperError": (1, None, True),
    }
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name != "__init__":
                args = node.args.posonlyargs + node.args.args
                typed = [a for a in args if a.arg == "code" and _annotation(a) in KINDS]
                if typed:
                    index = args.index(typed[0])
                    first_default = len(args) - len(node.args.defaults)
                    default = (
                        node.args.defaults[index - first_default]
                        if index >= first_default
                        else None
                    )
                    helpers[node.name] = (
                        index,
                        _codes(default)[0] if default else None,
                        KINDS[_annotation(typed[0]) or ""],
                    )
    return helpers


@cache
def raises() -> tuple[list[Raise], list[str]]:
    """Every refusal raised in the source, and the calls whose code cannot be read (a code
    passed through a variable, other than a helper's own ``code`` parameter)."""
    trees = {
        str(path.relative_to(ROOT)): ast.parse(path.read_text(encoding="utf-8"))
        for folder in SCANNED
        for path in sorted((ROOT / folder).rglob("*.py"))
    }
    helpers = helpers_of(trees)
    found, unreadable = [], []
    for file, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _name(node.func) not in helpers:
                continue
            index, default, keeper = helpers[_name(node.func)]
            where = f"{file}:{node.lineno}"
            keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
            argument = node.args[index] if len(node.args) > index else keywords.pop("code", None)
            keywords.pop("code", None)
            params = frozenset(keywords)
            if argument is None:
                codes = [default] if default else None
            elif isinstance(argument, ast.Name) and argument.id == "code":
                continue  # a helper passing on its own code: its callers are read instead
            elif isinstance(argument, ast.Attribute) and argument.attr == "code":
                continue  # a refusal raised again, located, with the code it was raised with
            else:
                codes = _codes(argument)
            if codes is None:
                unreadable.append(where)
            else:
                found += [Raise(code, params, where, keeper) for code in codes]
    return found, unreadable


def set_of(r: Raise) -> frozenset[str]:
    """The closed set a raise site's code belongs to."""
    return KEEPER_REFUSALS if r.keeper else REFUSALS


@cache
def catalog(lang: str) -> Catalog:
    path = ROOT / "web" / "languages" / "catalogs" / f"{lang}.json"
    return Catalog.from_json(lang, path.read_text(encoding="utf-8"))


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# -- the set and the source ------------------------------------------------------------------


def test_the_source_is_read():
    """The scan would find nothing, and the tests below pass vacuously, if its patterns went
    stale: it must see the engine's ``RuleError`` calls and records.py's ``_fail`` helper."""
    found, _ = raises()
    places = {r.where.split(":")[0] for r in found}
    assert len(found) > 60 and {"barbu/deal.py", "barbu/records.py", "web/game/engine.py"} <= places
    assert any(r.code == "bad-record" and r.where.startswith("barbu/records.py") for r in found)


def test_every_code_raised_is_in_the_closed_set():
    """A raise site with a code outside ``Refusal`` would slip past mypy (web/ is not checked)
    and be worded nowhere; a code passed through a variable could not be checked here."""
    found, unreadable = raises()
    assert unreadable == []
    assert sorted({f"{r.code} ({r.where})" for r in found if r.code not in set_of(r)}) == []


def test_every_code_of_the_set_is_raised_somewhere():
    """A dead code would keep sentences and links for a refusal nobody can meet."""
    found, _ = raises()
    assert REFUSALS - {r.code for r in found if not r.keeper} == set()
    assert KEEPER_REFUSALS - {r.code for r in found if r.keeper} == set()


def test_rule_error_refuses_a_code_outside_the_set():
    """A typo in a code written by the page (not under mypy) would show the player no reason."""
    with pytest.raises(TypeError, match="not a refusal code: 'must-folow'"):
        RuleError("x", "must-folow")
    error = RuleError("must follow", "must-follow", suit="S").located("play[3]")
    assert (error.code, error.params, error.reason, error.where, str(error)) == (
        "must-follow",
        {"suit": "S"},
        "must follow",
        "play[3]",
        "play[3]: must follow",
    )


def test_the_keepers_error_refuses_a_code_outside_its_set():
    """The score keeper's codes are a closed set of their own, checked like the engine's."""
    with pytest.raises(TypeError, match="not a keeper's refusal code: 'must-follow'"):
        KeeperError("x", "must-follow")  # type: ignore[arg-type]
    error = KeeperError("4 queens in all", "bad-count", "deal 2, taken", contract="no-queens")
    assert (error.code, error.params, error.where, str(error)) == (
        "bad-count",
        {"contract": "no-queens"},
        "deal 2, taken",
        "deal 2, taken: 4 queens in all",
    )


# -- the rules pages -------------------------------------------------------------------------


def test_each_code_links_to_a_rules_section_or_is_input_exactly_once():
    """A new code would be neither explained by the rules pages nor declared input, or both."""
    linked = set(RULES_SECTIONS)
    assert linked | INPUT_REFUSALS == ALL_REFUSALS
    assert linked & INPUT_REFUSALS == set()


@pytest.mark.parametrize("lang", SUPPORTED)
def test_each_linked_section_is_a_heading_of_every_rules_page(lang):
    """'Why? The rules' after a refusal would land on the top of the page, not its rule."""
    source = read_source((RULES_SOURCES / f"{lang}.md").read_text(encoding="utf-8"), lang)
    ids = {b.id for b in source.blocks if isinstance(b, Heading) and b.id}
    assert {c: s for c, s in RULES_SECTIONS.items() if s not in ids} == {}


# -- the catalogs ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_code_has_its_sentence_in_every_catalog(lang):
    """A player refused an action would meet a missing message instead of the reason; a
    sentence left for a removed code would be dead text to translate."""
    messages = json.loads(
        (ROOT / "web" / "languages" / "catalogs" / f"{lang}.json").read_text(encoding="utf-8")
    )
    sentences = {k for k in messages if k.startswith("refusal.")} - OTHER_REFUSAL_KEYS
    assert sentences == {f"refusal.{code}" for code in ALL_REFUSALS}
    assert all(messages[k].strip() for k in sentences)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_sentence_names_only_values_every_raise_of_its_code_gives(lang):
    """A sentence asking for ``{card}`` where one raise site gives no card would crash the
    page's refusal (``str.format``) instead of wording it."""
    given: dict[str, frozenset[str]] = {}
    for r in raises()[0]:
        given[r.code] = given.get(r.code, r.params) & r.params
    cat = catalog(lang)
    missing = {
        code: fields(cat.text(f"refusal.{code}")) - given[code]
        for code in ALL_REFUSALS
        if fields(cat.text(f"refusal.{code}")) - given[code]
    }
    assert missing == {}


SAMPLES = {
    "card": "QS",
    "opener": "7D",
    "suit": "H",
    "contract": "no-queens",
    "target": 2,
    "seat": 1,
    "owed": 2,
    "left": 2,
    "phase": "play",
    "tally": "tricks",
    "counted": 12,
    "needed": 13,
    "places": "1, 1, 3, 4",
    "won": 2,
    "cards": 5,
    "tricks": 1,
}
"""A value for each parameter a raise site passes, of the kind the engine gives."""


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_raise_is_worded_for_the_player(lang):
    """The page would crash, or show a raw ``{field}``, on some refusal the engine gives."""
    cat = catalog(lang)
    for r in raises()[0]:
        params = {name: SAMPLES[name] for name in r.params}
        if r.code == "bad-contract":
            params["contract"] = quoted("no-such")  # rules.py quotes the unknown name
        error = KeeperError("x", r.code, **params) if r.keeper else RuleError("x", r.code, **params)
        text = refusal(cat, error)
        assert text.strip() and "{" not in text, (r.where, text)
