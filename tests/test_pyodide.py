"""The engine runs unchanged in Pyodide (Python 3.14 in WebAssembly), as in the page.

Runs tests/pyodide/engine_smoke.py under Node with the project's own npm Pyodide: the golden
session must replay identically and every level of bot must decide legally. If this fails, the
game in the browser would deal or score differently from the tests, or crash.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "pyodide"


@pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").exists() or not shutil.which("node"),
    reason="npm Pyodide not installed (make test installs it)",
)
def test_engine_runs_unchanged_in_pyodide():
    out = subprocess.run(
        ["node", str(HERE / "run.mjs"), str(ROOT), str(HERE / "engine_smoke.py")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["python"].startswith("3.")
    assert report == {**report, "golden_record": True, "golden_scores": True, "bots_legal": True}
