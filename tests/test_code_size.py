"""The page's code stays readable in one sitting: no module of web/ over 600 lines, no function
over 60 (ruff bounds their complexity, branches and statements: pyproject.toml)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "web").rglob("*.py"))
MAX_MODULE = 600
MAX_FUNCTION = 60


def functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def test_the_scan_sees_the_page_code():
    names = {path.relative_to(ROOT).as_posix() for path in MODULES}
    assert {"web/game/app.py", "web/table/props.py", "web/components/cards.py"} <= names


def test_no_module_of_the_page_is_over_600_lines():
    long = {
        path.relative_to(ROOT).as_posix(): lines
        for path in MODULES
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE
    }
    assert long == {}


def test_no_function_of_the_page_is_over_60_lines():
    long = {}
    for path in MODULES:
        for function in functions(ast.parse(path.read_text(encoding="utf-8"))):
            first = min([function.lineno] + [d.lineno for d in function.decorator_list])
            lines = (function.end_lineno or function.lineno) - first + 1
            if lines > MAX_FUNCTION:
                long[f"{path.relative_to(ROOT).as_posix()}:{function.name}"] = lines
    assert long == {}
