"""What a Python memory snapshot holds (web/runtime/snapshot.py): modules imported in the computer
players' worker right after a normal start, before any browser object exists."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from web.runtime.snapshot import MODULES

ROOT = Path(__file__).resolve().parent.parent

IMPORT_ALL = """
import json, sys
from web.runtime.snapshot import prepare
before = set(sys.modules)
prepare()
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def imported_by_prepare() -> list[str]:
    """The modules ``prepare()`` imports, in a fresh CPython."""
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(run.stdout)


def test_the_snapshot_imports_no_browser_module():
    """A module that holds a browser object (js, pyscript, pyodide.ffi) cannot be in a snapshot:
    taking it would fail, and with it every later visit's fast start."""
    imported = imported_by_prepare()
    assert "web.game.app" in imported and "barbu.bots.service" in imported
    assert not [name for name in imported if name.split(".")[0] in {"js", "pyscript", "pyodide"}]


def test_the_snapshot_holds_every_demo_and_the_workers_module():
    """A demo left out would still work, but start slower than the others on a rules page."""
    demos = {f"web.demos.{path.stem}" for path in (ROOT / "web" / "demos").glob("[!_]*.py")}
    assert demos <= set(MODULES)
    assert {"web.game.app", "web.runtime.worker", "web.demos"} <= set(MODULES)


PLAY = """
from barbu.bots.players import Bot
from barbu.session import Session

session = Session(seed=5)
bots = [Bot("standard", seed=f"5/{seat}") for seat in range(4)]
for _ in range(150):
    if session.between_deals:
        session.next_deal()
    seat = session.to_move
    session.apply(bots[seat].decide(session.deal.view(seat)))
print(len(session.sheet()), session.totals(), session.deal.view(0).legal)
"""


def test_the_game_does_not_depend_on_the_hash_seed_a_snapshot_freezes():
    """A restored snapshot keeps the str hash seed of the interpreter that took it (it cannot be
    changed under a running interpreter; ``random`` is seeded again): dealing and the computer
    players' choices must not depend on it, or every visit would replay the same game."""
    plays = {
        subprocess.run(
            [sys.executable, "-c", PLAY],
            cwd=ROOT,
            env={"PYTHONHASHSEED": seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(plays) == 1, plays
