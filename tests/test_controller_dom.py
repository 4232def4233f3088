"""The controller touches no node of the page: the view (web/table, web/components) reads the
events and draws, the controller (web/game) maps plain values and applies effects. The one place
in web/game that holds the document is ``web.game.app.start``, which hands it to the view it
builds (and ``web/game/main.py``, the page's entry, which hands it to ``start``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DOM = frozenset(
    {
        "document",
        "defaultView",
        "activeElement",
        "querySelector",
        "querySelectorAll",
        "getElementById",
        "createElement",
        "addEventListener",
        "removeEventListener",
        "getAttribute",
        "getAttributeNames",
        "setAttribute",
        "hasAttribute",
        "removeAttribute",
        "classList",
        "closest",
        "target",
        "files",
        "preventDefault",
        "shiftKey",
        "ctrlKey",
        "newValue",
    }
)
"""Names that only a DOM node, a DOM event or the document answer to (``value`` and ``checked``
are left out: ``web.table.heard.Change`` has them as plain values)."""

HOLDERS = {("web/game/app.py", "start")}
"""The functions of web/game that may hold the document: they hand it to the view."""


def dom_reaches(path: Path, root: Path = ROOT) -> list[str]:
    """Each DOM name ``path`` reaches outside ``HOLDERS``, with its line."""
    name = path.relative_to(root).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef)
            and (name, node.name) in HOLDERS
        ):
            allowed |= {id(inner) for inner in ast.walk(node)}
    return [
        f"{name}:{node.lineno} .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in DOM and id(node) not in allowed
    ]


def test_the_controller_reaches_no_node_of_the_page():
    paths = [p for p in sorted((ROOT / "web" / "game").glob("*.py")) if p.name != "main.py"]
    assert len(paths) > 10
    assert [reach for path in paths for reach in dom_reaches(path)] == []


def test_the_scan_sees_a_node_reached_and_lets_start_hold_the_document(tmp_path):
    game = tmp_path / "web" / "game"
    game.mkdir(parents=True)
    (game / "app.py").write_text(
        "def start(document):\n    return document.defaultView\n\n"
        "def on_click(event):\n    return event.target.closest('b')\n"
    )
    assert dom_reaches(game / "app.py", tmp_path) == [
        "web/game/app.py:5 .closest",
        "web/game/app.py:5 .target",
    ]
