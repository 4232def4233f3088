"""The engine (barbu/) stands alone: it imports only itself and the standard library, and never
reaches into tests/ or tools/ (no ``sys.path`` changes, no modules imported by name)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "barbu"


def imports(path: Path) -> list[str]:
    """The top-level names of the absolute imports of a module."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            out.append((node.module or "").split(".")[0])
    return out


def test_the_engine_imports_only_itself_and_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"barbu"}
    strays = {
        f"{path.relative_to(ENGINE.parent)}: {name}"
        for path in ENGINE.rglob("*.py")
        for name in imports(path)
        if name not in allowed
    }
    assert not strays


def test_the_engine_never_loads_code_from_outside_itself():
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for sign in ("sys.path", "importlib", "__import__"):
            assert sign not in text, f"{path.relative_to(ENGINE.parent)} uses {sign}"
