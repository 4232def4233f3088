"""The engine runs unchanged in Pyodide (Python 3.14 in WebAssembly), as in the page.

Runs scripts of tests/pyodide/ under Node with the project's own npm Pyodide. engine_smoke.py:
the golden session must replay identically and every level of bot must decide legally; if this
fails, the game in the browser would deal or score differently from the tests, or crash.
hostile_smoke.py: hostile records, saves and imports (tests/hostile.py) must be read or refused
in one short line as on CPython, and deep text refused before any parser recurses; if this
fails, an imported file or a saved game could stop the page with a fatal stack overflow.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "pyodide"

pytestmark = [
    pytest.mark.build,
    pytest.mark.skipif(
        not (ROOT / "node_modules" / "pyodide").exists() or not shutil.which("node"),
        reason="npm Pyodide not installed (make test installs it)",
    ),
]


def run_in_pyodide(script, *helpers):
    """The JSON report a script of tests/pyodide/ prints as its last line."""
    out = subprocess.run(
        ["node", str(HERE / "run.mjs"), str(ROOT), str(HERE / script), *map(str, helpers)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_engine_runs_unchanged_in_pyodide():
    report = run_in_pyodide("engine_smoke.py")
    assert report["python"].startswith("3.")
    assert report == {**report, "golden_record": True, "golden_scores": True, "bots_legal": True}


def test_hostile_text_is_read_or_refused_in_pyodide_without_overflowing_its_stack():
    report = run_in_pyodide("hostile_smoke.py", ROOT / "tests" / "hostile.py")
    assert report["failures"] == []
    assert set(report["deep"].values()) == {"refused"}, report["deep"]
    outcomes = report["outcomes"]
    for reader, read in [("score", "scored"), ("import", "loaded"), ("save", "loaded")]:
        assert outcomes[f"check_{reader} {read}"] > 0 and outcomes[f"check_{reader} refused"] > 0
