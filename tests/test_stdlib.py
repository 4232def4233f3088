"""The standard library the site ships (tools/site/stdlib.py): Pyodide's, without what a page cannot
use. A module of ours importing something left out would fail in the browser only."""

from __future__ import annotations

import ast
import re
import zipfile

import pytest

from tools.site.build import ROOT, zipped_sources
from tools.site.stdlib import DROPPED, kept

PRISTINE = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def imported(source: str) -> set[str]:
    """Every module a source imports, anywhere in it (in functions too), absolute imports."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module)
    return names


def test_no_module_of_the_site_imports_what_the_shipped_library_leaves_out():
    shipped = [*zipped_sources(), (ROOT / "web" / "game" / "main.py", "main.py")]
    assert len(shipped) > 50
    strays = {
        f"{name}: {module}"
        for path, name in shipped
        for module in imported(path.read_text(encoding="utf-8"))
        if module.split(".")[0] in DROPPED
    }
    assert not strays


def test_the_codecs_the_site_meets_stay_and_the_tables_go():
    for name in ("utf_8", "utf_8_sig", "ascii", "latin_1", "aliases", "idna", "cp437", "cp1252"):
        assert kept(f"encodings/{name}.py"), name
    for name in ("cp1251", "koi8_r", "mac_roman", "iso8859_5", "shift_jis", "big5hkscs"):
        assert not kept(f"encodings/{name}.py"), name
    assert kept("email/utils.py") and kept("asyncio/events.py") and kept("zipfile/__init__.py")
    assert not kept("multiprocessing/pool.py") and not kept("pdb.py") and not kept("unittest/")
    assert kept("pdbx.py")  # a name that only starts like one left out


@pytest.mark.build
def test_the_built_library_is_pyodides_without_the_modules_left_out(dist):
    with (
        zipfile.ZipFile(PRISTINE) as pristine,
        zipfile.ZipFile(dist / "vendor" / "pyodide" / "python_stdlib.zip") as built,
    ):
        names = [info.filename.removesuffix("c") for info in built.infolist()]
        assert names == [name for name in pristine.namelist() if kept(name)]
        assert len(names) < len(pristine.namelist())
        # Pyodide's own Python, which starts the interpreter, imports nothing left out.
        left_out = "|".join(sorted(DROPPED))
        for name in names:
            if name.startswith(("pyodide/", "_pyodide/")) and name.endswith(".py"):
                text = pristine.read(name).decode()
                assert not re.search(rf"^\s*(import|from)\s+({left_out})\b", text, re.M), name
    assert (dist / "vendor" / "pyodide" / "python_stdlib.zip").stat().st_size < (
        PRISTINE.stat().st_size
    )


@pytest.mark.build
def test_the_modules_a_start_imports_are_shipped_compiled_and_the_others_as_source(dist):
    with (
        zipfile.ZipFile(PRISTINE) as pristine,
        zipfile.ZipFile(dist / "vendor" / "pyodide" / "python_stdlib.zip") as built,
    ):
        shipped = set(built.namelist())
        compiled = {name for name in shipped if name.endswith(".pyc")}
        # Pyodide's start, PyScript's package (asyncio, json) and ours (dataclasses, typing)
        for name in (
            "encodings/__init__.py",
            "encodings/utf_8.py",
            "zipfile/__init__.py",
            "pyodide/ffi/__init__.py",
            "asyncio/events.py",
            "json/decoder.py",
            "dataclasses.py",
            "typing.py",
        ):
            assert f"{name}c" in compiled and name not in shipped, name
        # never imported by a start, or frozen into Python (never read from the zip): the
        # source, as Pyodide ships it
        for name in ("email/utils.py", "argparse.py", "calendar.py", "os.py", "site.py"):
            assert name in shipped and built.read(name) == pristine.read(name), name
        assert 100 < len(compiled) < len(shipped) / 2
        # a sourceless .pyc of the page's Python: its magic number, no date nor size
        magic = {built.read(name)[:4] for name in compiled}
        assert len(magic) == 1 and magic.pop()[2:] == b"\r\n"
        assert {built.read(name)[4:16] for name in compiled} == {bytes(12)}
