"""The engine's face: ``barbu.__all__`` names what callers use, each of the kind it says, and
web/ and tools/ reach the engine only through it or through a documented submodule (the list in
``barbu``'s docstring)."""

from __future__ import annotations

import ast
import enum
import inspect
import types
from pathlib import Path

import barbu

ROOT = Path(__file__).resolve().parent.parent

DOCUMENTED = (
    "barbu.bots",
    "barbu.rules",
    "barbu.presets",
    "barbu.records",
    "barbu.wire",
    "barbu.jsontext",
    "barbu.keeper",
    "barbu.playout",
)
"""The submodules callers may import besides the face (``barbu.bots``, ``barbu.keeper`` and
``barbu.presets`` with their modules)."""

EXEMPT: dict[str, str] = {}
"""Files that still import engine modules outside the face, each with its reason."""

CLASSES = {
    "Action": None,  # a union of the action classes, below
    "Card": int,
    "ChooseContract": object,
    "Contract": str,
    "ContractRules": object,
    "Deal": object,
    "DealSummary": object,
    "Double": object,
    "Event": tuple,
    "Masks": tuple,
    "PairSettlement": object,
    "Phase": enum.Enum,
    "Play": object,
    "Preset": object,
    "Rank": enum.IntEnum,
    "RuleError": ValueError,
    "Rules": object,
    "Session": object,
    "SessionView": object,
    "Suit": enum.IntEnum,
    "Trick": tuple,
    "View": object,
}
"""Each class of the face, with a base it must have."""

FUNCTIONS = {
    "action_from_data",
    "action_to_data",
    "cards",
    "cards_of",
    "deal_from_record",
    "deal_hands",
    "deal_masks",
    "deal_record",
    "final_scores",
    "mask_of",
    "preset",
    "registered",
    "score_record",
    "session_from_record",
    "session_record",
    "settlements",
}

CONSTANTS: dict[str, type | tuple[type, ...]] = {
    "FULL_DECK": int,
    "PRESETS": dict,
    "PRESET_NAMES": tuple,
    "REGISTRY": dict,
    "STANDARD": barbu.Rules,
}

ALIASES = {"Mask": int, "Refusal": None}
"""Type aliases: ``Mask`` is ``int``; ``Refusal`` is a ``Literal`` of the refusal codes."""


def test_the_face_lists_each_name_once_and_every_name_has_its_kind() -> None:
    names = barbu.__all__
    assert len(names) == len(set(names))
    assert set(names) == set(CLASSES) | FUNCTIONS | set(CONSTANTS) | set(ALIASES)
    for name in names:
        value = getattr(barbu, name)
        assert not isinstance(value, types.ModuleType), f"barbu.{name} is a module"
        if name in CLASSES:
            base = CLASSES[name]
            if base is None:  # Action: the union of the three action classes
                assert set(value.__args__) == {barbu.ChooseContract, barbu.Double, barbu.Play}
            else:
                assert inspect.isclass(value) and issubclass(value, base), name
        elif name in FUNCTIONS:
            assert inspect.isfunction(value), f"barbu.{name} is not a function"
        elif name in CONSTANTS:
            assert isinstance(value, CONSTANTS[name]), name
        elif ALIASES[name] is not None:
            assert value is ALIASES[name], name
        else:
            assert "deal-over" in value.__args__, name


def test_deal_hands_deals_the_cards_and_deal_is_not_an_export() -> None:
    import random

    hands = barbu.deal_hands(random.Random(1))
    assert sorted(c for h in hands for c in h) == list(range(52))
    assert "deal" not in barbu.__all__


def test_the_documented_submodules_are_named_in_the_package_docstring() -> None:
    doc = barbu.__doc__ or ""
    for module in DOCUMENTED:
        assert f"``{module}``" in doc, module


def _barbu_imports(path: Path) -> list[tuple[int, str]]:
    """The engine modules a file imports, with their line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "barbu":
                # ``from barbu import x``: a name of the face, or a documented submodule.
                out.extend(
                    (node.lineno, f"barbu.{a.name}")
                    for a in node.names
                    if a.name not in barbu.__all__
                )
            elif node.module.startswith("barbu."):
                out.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names if a.name.startswith("barbu"))
    return out


def _documented(module: str) -> bool:
    return module == "barbu" or any(
        module == name or (module.startswith(name + ".") and name in ("barbu.bots", "barbu.keeper"))
        for name in DOCUMENTED
    )


def test_web_and_tools_import_the_engine_through_its_face_or_a_documented_submodule() -> None:
    stray = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for folder in ("web", "tools")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, module in _barbu_imports(path)
        if not _documented(module) and str(path.relative_to(ROOT)) not in EXEMPT
    ]
    assert stray == []


def test_no_private_name_crosses_the_engine_s_modules() -> None:
    stray = []
    for path in sorted((ROOT / "barbu").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                stray.extend(
                    f"{path.relative_to(ROOT)}:{node.lineno} imports {a.name}"
                    for a in node.names
                    if a.name.startswith("_")
                )
    assert stray == []
