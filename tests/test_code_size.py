"""Code a reader takes in at one sitting, over the whole tree: no module over 600 lines, no
function over 60 (ruff bounds their complexity, branches and statements: pyproject.toml).

The rule holds for every Python module of barbu/, web/, tools/, tests/ and e2e/, and for every
JavaScript file (.js, .mjs) of web/ and tools/. A function's lines run from its first decorator
(Python) or its name (JavaScript) to its last line, nested functions counted in their parent too.
Python is measured by ``ast``; JavaScript by acorn (tests/js_functions.mjs), a real parser, run by
Node.js from node_modules/, which a fresh clone lacks: that test is marked ``build``.

The exemptions are all here, each with its reason: only code inlined on purpose for speed, whose
speed a benchmark measures (``python -m tools.bench.engine`` for the playouts,
tools/bench/solver.py for the solver). They exempt a function's length only: their modules keep
the 600-line bound. An exemption that no longer names a function over the bound fails, so the
table stays true.
"""

from __future__ import annotations

import ast
import functools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_MODULE = 600
MAX_FUNCTION = 60

SPEED = "inlined on purpose for speed"
EXEMPT_FUNCTIONS: dict[str, str] = {
    # The exact solver's alpha-beta: one closure per search over its locals (the hands, the
    # weights, the table), the move loop, the table's probe and the bounds written out in place;
    # a call per node or per probe would cost in every node (tools/bench/solver.py).
    "barbu/bots/solver/tricks.py:TrickSearch.__init__": f"{SPEED}: holds the search's closures",
    "barbu/bots/solver/tricks.py:TrickSearch.__init__.node": f"{SPEED}: a trick contract's node",
    "barbu/bots/solver/domino.py:DominoSearch.__init__": f"{SPEED}: holds the search's closures",
    "barbu/bots/solver/domino.py:DominoSearch.__init__.node": f"{SPEED}: a Domino's node",
    # The playouts' inner loops: a whole deal played card by card on bitmasks, thousands of times
    # a decision (python -m tools.bench.engine, tools/bench/master.py).
    "barbu/bots/simulate.py:_tricks": f"{SPEED}: the heuristic playout's trick loop",
    "barbu/playout.py:_trick_playout": f"{SPEED}: the random playout's trick loop",
}
"""``path:qualified name`` of a function allowed over ``MAX_FUNCTION`` lines, and why."""

PYTHON_ROOTS = ("barbu", "web", "tools", "tests", "e2e")
JAVASCRIPT_ROOTS = ("web", "tools")
SKIPPED = {"node_modules", "dist", "__pycache__"}


def files(roots: tuple[str, ...], suffixes: tuple[str, ...]) -> list[Path]:
    """The files of ``roots`` with one of ``suffixes``, not under a skipped folder."""
    return sorted(
        path
        for root in roots
        for path in (ROOT / root).rglob("*")
        if path.suffix in suffixes
        and path.is_file()
        and not SKIPPED & set(path.relative_to(ROOT).parts)
    )


PYTHON = files(PYTHON_ROOTS, (".py",))
JAVASCRIPT = files(JAVASCRIPT_ROOTS, (".js", ".mjs"))


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def long_modules(paths: list[Path]) -> dict[str, int]:
    """The modules over ``MAX_MODULE`` lines, with their lengths."""
    return {
        name(path): lines
        for path in paths
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE
    }


def python_functions(source: str) -> dict[str, int]:
    """Each function's qualified name (``Class.method.inner``) and its length in lines."""
    out: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                qualified = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                    out[qualified] = (child.end_lineno or child.lineno) - first + 1
                visit(child, f"{qualified}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return out


def parsed_functions(paths: list[Path]) -> list[dict[str, object]]:
    """Every function of the JavaScript files: ``file``, ``name``, ``line``, ``lines`` (acorn)."""
    found = subprocess.run(
        ["node", str(ROOT / "tests" / "js_functions.mjs"), *map(str, paths)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return list(json.loads(found.stdout))


def javascript_functions(paths: list[Path]) -> dict[str, int]:
    """Each function of the files (``path:name:line``) and its length in lines."""
    return {
        f"{name(Path(str(f['file'])).resolve())}:{f['name']}:{f['line']}": int(str(f["lines"]))
        for f in parsed_functions(paths)
    }


def over(functions: dict[str, int]) -> dict[str, int]:
    """The functions over ``MAX_FUNCTION`` lines that no exemption names."""
    return {
        key: lines
        for key, lines in functions.items()
        if lines > MAX_FUNCTION and key not in EXEMPT_FUNCTIONS
    }


@functools.cache
def long_python_functions() -> dict[str, int]:
    """Every Python function of the tree over the bound (exempt or not), ``path:qualname``."""
    return {
        f"{name(path)}:{function}": lines
        for path in PYTHON
        for function, lines in python_functions(path.read_text(encoding="utf-8")).items()
        if lines > MAX_FUNCTION
    }


needs_node = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "acorn").is_dir(),
    reason="Node.js and node_modules/acorn (npm ci) parse the JavaScript",
)


def test_the_scan_sees_every_part_of_the_tree():
    python = {name(path) for path in PYTHON}
    javascript = {name(path) for path in JAVASCRIPT}
    assert {
        "barbu/deal.py",
        "barbu/bots/players.py",
        "web/game/app.py",
        "web/table/props.py",
        "tools/site/build.py",
        "tests/test_code_size.py",
        "e2e/conftest.py",
    } <= python
    assert {
        "web/runtime/boot.js",
        "web/runtime/sw.js",
        "tools/site/compile_python.mjs",
    } <= javascript
    assert not any("node_modules" in path or path.startswith("dist/") for path in javascript)


def listed(lengths: dict[str, int]) -> str:
    """The offenders, one a line, for the failure's message."""
    return "".join(f"\n  {key}: {lines} lines" for key, lines in sorted(lengths.items()))


def test_no_module_is_over_600_lines():
    long = long_modules(PYTHON + JAVASCRIPT)
    assert not long, f"modules over {MAX_MODULE} lines:{listed(long)}"


def test_no_python_function_is_over_60_lines():
    long = over(long_python_functions())
    assert not long, f"functions over {MAX_FUNCTION} lines:{listed(long)}"


def test_every_exemption_names_a_function_over_the_bound():
    """An exemption outliving its reason (the function shortened, renamed or gone) is dropped."""
    python_exemptions = {key for key in EXEMPT_FUNCTIONS if key.split(":")[0].endswith(".py")}
    assert python_exemptions <= set(long_python_functions())


@pytest.mark.build
@needs_node
def test_no_javascript_function_is_over_60_lines():
    long = over(javascript_functions(JAVASCRIPT))
    assert not long, f"functions over {MAX_FUNCTION} lines:{listed(long)}"


def test_a_long_python_function_fails_the_rule():
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_FUNCTION))
    source = f"class A:\n    @staticmethod\n    def f():\n{body}\n\n    def g():\n        pass\n"
    lengths = {f"x.py:{key}": lines for key, lines in python_functions(source).items()}
    assert lengths == {"x.py:A.f": MAX_FUNCTION + 2, "x.py:A.g": 2}
    assert over(lengths) == {"x.py:A.f": MAX_FUNCTION + 2}


@pytest.mark.build
@needs_node
def test_a_long_javascript_function_fails_the_rule(tmp_path):
    body = "\n".join(f"    const x{i} = {i};" for i in range(MAX_FUNCTION))
    source = tmp_path / "long.mjs"
    source.write_text(
        f"export const short = () => 1;\nconst o = {{\n  method() {{\n{body}\n  }},\n}};\n",
        encoding="utf-8",
    )
    lengths = {(f["name"], f["line"]): f["lines"] for f in parsed_functions([source])}
    assert lengths == {("short", 1): 1, ("method", 3): MAX_FUNCTION + 2}
    assert over({"long.mjs:method:3": MAX_FUNCTION + 2}) == {"long.mjs:method:3": MAX_FUNCTION + 2}
