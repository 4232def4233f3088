"""Imports go one way, down the layers, and no module imports itself back through others.

Every Python module of the tree is read (``barbu/``, ``web/``, ``tools/``, ``tests/``, ``e2e/``)
and each of its imports counted, wherever it stands: at the top, inside a function, under
``if TYPE_CHECKING:``. A name imported from a package counts as an import of its submodule when
it is one (``from barbu.bots import review``), else of the package. A bare name that is none of
ours, imported by a module of ``tests/``, ``tools/`` or ``e2e/``, is looked up beside the
importer and in those folders, as their ``sys.path`` finds it (``from helpers import …``).
Modules imported by a string (``importlib.import_module``, the snapshot's list) are not counted.

The layers, from the top; a module may import its own layer and those below, never one above:

=============  ============================================================================
layer          modules
=============  ============================================================================
tools          ``tools``, ``tests``, ``e2e``: the build, benchmarks, the tests; they may
               import anything, and nothing but themselves imports them
pages          each page's entry: ``web.game.main`` (the game's, run by PyScript),
               ``web.keeper``, ``web.stats``, ``web.demos`` (the rules pages' and embedded
               demos), ``web.embed`` and ``web.rules`` (their scripts), and ``web`` itself
controller     ``web.game``: the game page's controller and its collaborators, the save, the
               computer players' client; ``web.stats.record``: the game's side of the
               statistics (the entry it stores when a session ends), as ``web.game.bots``
               is its side of the computer players
table          the view and the runtime's bridges: ``web.table`` (the regions, ``TableView``),
               ``web.components`` (the shared renderers, ``dom``, ``browser``),
               ``web.runtime`` (the worker's Python, the bytecode kept)
models         the values the view draws: ``web.model`` (``UiState``, ``Settings``, the
               replay and review values, ``HUMAN``), ``web.languages`` (catalogs, sentences),
               ``web.stats.figures`` (the statistics' entries and figures, which the game's
               ``web.stats.record`` writes and the statistics page draws), ``web.friends``
               (the friends' table's protocol: messages, a seat's view as data, the seed)
engine         ``barbu``: the rules engine and the computer players
=============  ============================================================================

A module's layer is that of the longest name of the table it starts with, so ``web.game.main``
is a page while the rest of ``web.game`` is the controller. Every folder of ``web/`` holding
Python is named in the table (a new one must choose its layer). The engine's own rule, only
itself and the standard library, is ``tests/test_engine_imports.py``'s.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("barbu", "web", "tools", "tests", "e2e")
"""The tree's Python, each folder a top-level name."""
PATH_FOLDERS = ("tests", "tools", "e2e")
"""Where a bare name is also looked for (these folders put themselves on ``sys.path``)."""

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("engine", ("barbu",)),
    ("models", ("web.model", "web.languages", "web.stats.figures", "web.friends")),
    ("table", ("web.table", "web.components", "web.runtime")),
    ("controller", ("web.game", "web.stats.record")),
    (
        "pages",
        ("web", "web.game.main", "web.keeper", "web.stats", "web.demos", "web.embed", "web.rules"),
    ),
    ("tools", ("tools", "tests", "e2e")),
)
"""The layers from the bottom up, each with the names of its modules (see the docstring)."""

Edge = tuple[str, str, str]
"""An import: the importing module, the imported one, and where (``path:line``)."""


def module_name(path: Path) -> str:
    """The dotted name of the module at ``path`` (a package by its ``__init__.py``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources() -> dict[str, Path]:
    """Every module of the tree, by name."""
    found = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[module_name(path)] = path
    return found


MODULES = sources()


def resolve(name: str, importer: str) -> str | None:
    """Which module of ours ``name`` is when ``importer`` imports it by its absolute name (None:
    the standard library or a third party's)."""
    places = [""]
    if importer.split(".")[0] in PATH_FOLDERS:
        places += [importer.rpartition(".")[0], *PATH_FOLDERS]
    for place in places:
        whole = f"{place}.{name}" if place else name
        parts = whole.split(".")
        for end in range(len(parts), len(place.split(".")) if place else 0, -1):
            if ".".join(parts[:end]) in MODULES:
                return ".".join(parts[:end])
    return None


def imported(node: ast.Import | ast.ImportFrom, module: str, path: Path) -> Iterator[str]:
    """The modules of ours one import statement of ``module`` loads."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if (target := resolve(alias.name, module)) is not None:
                yield target
        return
    if node.level:
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        found = resolve(node.module or "", module)
        if found is None:
            return
        base = found
    for alias in node.names:
        yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base


def edges() -> list[Edge]:
    """Every import of the tree between two of our modules (at any depth of the code)."""
    found = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in imported(node, module, path):
                    if target != module and target in MODULES:
                        found.append((module, target, f"{where}:{node.lineno}"))
    return found


EDGES = edges()


def layer_of(module: str) -> int:
    """The rank of ``module``'s layer (0: the engine), by the longest name of ``LAYERS`` it
    starts with."""
    best, rank = "", -1
    for index, (_, names) in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > len(best):
                best, rank = name, index
    if rank < 0:
        raise AssertionError(f"{module} is in no layer of LAYERS")
    return rank


def circles(edges: list[Edge]) -> list[list[str]]:
    """Each group of modules that import one another in a circle (Tarjan's strongly connected
    components of more than one module)."""
    graph: dict[str, set[str]] = {}
    for source, target, _ in edges:
        graph.setdefault(source, set()).add(target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def circle_path(group: list[str], edges: list[Edge]) -> str:
    """The group's modules, then one circle through the first, each import with its place."""
    inside = set(group)
    step = {(s, t): w for s, t, w in edges if s in inside and t in inside}
    start = group[0]
    paths: dict[str, list[str]] = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for (source, target), _ in sorted(step.items()):
            if source != node:
                continue
            if target == start:
                way = [*paths[node], start]
                circle = " → ".join(f"{a} ({step[(a, b)]})" for a, b in itertools.pairwise(way))
                return f"{', '.join(group)}: {circle} → {start}"
            if target not in paths:
                paths[target] = [*paths[node], target]
                queue.append(target)
    return " ↔ ".join(group)


def test_no_module_imports_itself_back_through_others():
    """A circle of imports makes a module run half-loaded and leaves no lower module of the two."""
    found = [circle_path(group, EDGES) for group in circles(EDGES)]
    assert not found, "import circles:\n" + "\n".join(found)


def test_no_layer_imports_a_layer_above_it():
    """The engine knows nothing of the page, the values nothing of their view, the view nothing
    of the controller, the controller nothing of the pages, and no shipped code of the tools."""
    upward = [
        f"{where}: {source} ({LAYERS[layer_of(source)][0]}) imports {target} "
        f"({LAYERS[layer_of(target)][0]})"
        for source, target, where in EDGES
        if layer_of(target) > layer_of(source)
    ]
    assert not upward, "imports up the layers:\n" + "\n".join(upward)


def test_every_module_has_its_layer():
    """A new folder of ``web/`` is named in ``LAYERS``: it does not fall silently under ``web``."""
    folders = {
        "web." + path.parent.relative_to(ROOT / "web").as_posix().replace("/", ".")
        for path in (ROOT / "web").rglob("*.py")
        if path.parent != ROOT / "web" and "__pycache__" not in path.parts
    }
    named = {name for _, names in LAYERS for name in names}
    assert not {f for f in folders if f not in named}


@pytest.mark.parametrize(
    ("source", "target", "upward"),
    [
        ("web.table.view", "web.game.app", True),
        ("web.model.state", "web.table.props", True),
        ("barbu.deal", "web.model.state", True),
        ("web.game.main", "web.game.app", False),
        ("web.keeper.app", "web.game.save", False),
        ("tests.test_replay", "web.table.replay", False),
        ("web.runtime.worker", "tests.helpers", True),
    ],
)
def test_the_layers_read_as_documented(source, target, upward):
    assert (layer_of(target) > layer_of(source)) is upward


def test_a_circle_is_named_with_its_imports():
    group = [("a", "b", "a.py:1"), ("b", "c", "b.py:2"), ("c", "a", "c.py:3"), ("c", "d", "c.py:4")]
    assert circles(group) == [["a", "b", "c"]]
    assert (
        circle_path(["a", "b", "c"], group) == "a, b, c: a (a.py:1) → b (b.py:2) → c (c.py:3) → a"
    )


def test_imports_are_counted_at_any_depth():
    """Function-level and ``TYPE_CHECKING`` imports are imports too."""
    found = {(s, t) for s, t, _ in EDGES}
    assert ("web.runtime.worker", "barbu.bots.endgame") in found  # inside a function
    assert ("web.game.bots", "web.runtime.worker") in found  # inside a method
