"""The benchmarks' baselines, put beside a copy of the site: Pyodide as it ships.

The bare ``loadPyodide()`` page (tools/bench/bench_bare.html, served as ``bench-bare.html``) and the
"PyScript alone" page of tools/bench/boot.py load their runtime from ``bench-runtime/``: the
four files of npm's pyodide, its whole standard library and its package lock, none of which our
page uses as is (tools/site/stdlib.py trims the library; web/runtime/runtime.mjs does without the
lock). Our page, in the same copy, keeps its own ``vendor/pyodide/``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tools.site.build import NODE_MODULES, PYODIDE_FILES, ROOT

PYODIDE = NODE_MODULES / "pyodide"
RUNTIME = "bench-runtime"
"""Where the baselines' Pyodide is, in the site's copy."""


def add_bare_page(site: Path) -> None:
    """``bench-bare.html`` and Pyodide as it ships (``bench-runtime/``) into ``site``."""
    runtime = site / RUNTIME
    runtime.mkdir(exist_ok=True)
    for name in (*PYODIDE_FILES, "pyodide-lock.json"):
        shutil.copyfile(PYODIDE / name, runtime / name)
    shutil.copyfile(ROOT / "tools" / "bench" / "bench_bare.html", site / "bench-bare.html")
