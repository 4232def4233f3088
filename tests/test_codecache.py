"""The Python bytecode kept between visits (web/codecache.py): only bytecode of the source on disk
is packed, as hash-checked .pyc files that the import system then trusts and checks."""

from __future__ import annotations

import importlib.util
import os
import py_compile
import sys

import pytest

from web.codecache import collect, pack, unpack, usable


def write_module(root, name: str, text: str):
    """A package ``pkg`` under ``root`` with module ``name``; the module's path."""
    package = root / "pkg"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    path = package / f"{name}.py"
    path.write_text(text)
    return path


def compiled(path, mode=py_compile.PycInvalidationMode.TIMESTAMP) -> bytes:
    cache = importlib.util.cache_from_source(str(path))
    py_compile.compile(str(path), cfile=cache, invalidation_mode=mode, doraise=True)
    with open(cache, "rb") as file:
        return file.read()


def test_a_timestamp_pyc_of_the_source_on_disk_becomes_hash_checked(tmp_path):
    """Timestamps would not survive the next visit (the archives are unpacked again)."""
    path = write_module(tmp_path, "card", "VALUE = 11\n")
    pyc = compiled(path)
    source = path.read_bytes()
    checked = usable(pyc, source, os.stat(path))
    assert checked is not None
    assert checked[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(checked[4:8], "little") == 0b11  # hash-based, checked against source
    assert checked[8:16] == importlib.util.source_hash(source)
    assert checked[16:] == pyc[16:]
    assert checked == compiled(path, py_compile.PycInvalidationMode.CHECKED_HASH)


def test_bytecode_of_another_source_is_never_packed(tmp_path):
    """A stale .pyc stamped with the new source's hash would run the old code."""
    path = write_module(tmp_path, "card", "VALUE = 11\n")
    timestamp_pyc = compiled(path)
    hash_pyc = compiled(path, py_compile.PycInvalidationMode.CHECKED_HASH)
    path.write_text("VALUE = 12  # edited: another size\n")
    source = path.read_bytes()
    assert usable(timestamp_pyc, source, os.stat(path)) is None
    assert usable(hash_pyc, source, os.stat(path)) is None
    assert usable(b"\0\0\0\0" + hash_pyc[4:], source, os.stat(path)) is None  # other Python
    assert usable(hash_pyc[:10], source, os.stat(path)) is None


def test_collect_packs_every_usable_pyc_under_the_root_sorted(tmp_path, monkeypatch):
    first = write_module(tmp_path, "b_second", "X = 2\n")
    second = write_module(tmp_path, "a_first", "X = 1\n")
    stale = write_module(tmp_path, "c_stale", "X = 3\n")
    for path in (first, second, stale):
        compiled(path)
    stale.write_text("X = 'three'\n")
    gone = write_module(tmp_path, "gone", "X = 4\n")
    compiled(gone)
    gone.unlink()  # a .pyc without its source is left out

    files = collect(str(tmp_path))
    names = [path for path, _ in files]
    tag = sys.implementation.cache_tag
    assert names == [f"pkg/__pycache__/a_first.{tag}.pyc", f"pkg/__pycache__/b_second.{tag}.pyc"]

    # The packed bytecode is what the import system loads for that source, with no compile.
    for relative, data in files:
        (tmp_path / relative).write_bytes(data)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    for name in ("pkg", "pkg.a_first", "pkg.b_second", "pkg.c_stale"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import pkg.a_first
    import pkg.c_stale

    assert pkg.a_first.X == 1
    assert pkg.c_stale.X == "three"  # its stale .pyc was ignored


def test_pack_and_unpack_are_inverse_and_a_damaged_pack_is_refused():
    files = [("a/__pycache__/x.pyc", b"\x01\x02"), ("b/__pycache__/y.pyc", b""), ("c/__pycache__/z.pyc", b"zz")]
    blob = pack(files)
    assert unpack(blob) == dict(files)
    with pytest.raises(ValueError):
        unpack(blob[:-1])
    with pytest.raises(ValueError):
        unpack(b"\xff\x00\x00\x00not json")
