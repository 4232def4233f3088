"""The Python bytecode kept between visits (web/runtime/codecache.py): hash-checked .pyc files that
the import system trusts only for their own source, packed in a format the boot loader reads
(web/runtime/boot-python.js)."""

from __future__ import annotations

import importlib.util
import json
import py_compile
import sys
from pathlib import Path

import pytest

from web.runtime.codecache import (
    compile_all,
    compiled_from_source,
    pack,
    read_sources,
    write_sources,
)


def write_package(root, modules: dict[str, str]) -> None:
    package = root / "pkg"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    for name, text in modules.items():
        (package / f"{name}.py").write_text(text)
    (root / "main.py").write_text("X = 0\n")  # a top-level script is not a module to keep


def forget(monkeypatch, *names: str) -> None:
    for name in names:
        monkeypatch.delitem(sys.modules, name, raising=False)


def test_compile_all_writes_what_the_import_system_would_in_hash_checked_mode(tmp_path):
    write_package(tmp_path, {"b_second": "X = 2\n", "a_first": "X = 1\n"})
    files = compile_all(str(tmp_path))
    tag = sys.implementation.cache_tag
    assert [path for path, _ in files] == [
        f"pkg/__pycache__/__init__.{tag}.pyc",
        f"pkg/__pycache__/a_first.{tag}.pyc",
        f"pkg/__pycache__/b_second.{tag}.pyc",
    ]
    reference = tmp_path / "reference.pyc"
    source = tmp_path / "pkg" / "a_first.py"
    py_compile.compile(
        str(source),
        cfile=str(reference),
        doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
    )
    assert dict(files)[f"pkg/__pycache__/a_first.{tag}.pyc"] == reference.read_bytes()


def test_kept_bytecode_is_used_for_its_source_and_ignored_for_another(tmp_path, monkeypatch):
    """A new version of the site ships new sources: the old bytecode must not run."""
    write_package(tmp_path, {"card": "VALUE = 11\n", "edited": "VALUE = 'old'\n"})
    for path, data in compile_all(str(tmp_path)):
        (tmp_path / path).parent.mkdir(exist_ok=True)
        (tmp_path / path).write_bytes(data)
    (tmp_path / "pkg" / "edited.py").write_text("VALUE = 'new'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    forget(monkeypatch, "pkg", "pkg.card", "pkg.edited")
    import pkg.card
    import pkg.edited

    assert pkg.card.VALUE == 11
    assert pkg.edited.VALUE == "new"
    assert compiled_from_source(str(tmp_path)) == 1  # pkg.edited; pkg and pkg.card came from .pyc


def test_modules_without_bytecode_count_as_compiled(tmp_path, monkeypatch):
    write_package(tmp_path, {"card": "VALUE = 11\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    forget(monkeypatch, "pkg", "pkg.card")
    import pkg.card  # noqa: F401

    assert compiled_from_source(str(tmp_path)) == 2
    assert not Path(importlib.util.cache_from_source(str(tmp_path / "pkg" / "card.py"))).exists()


def test_the_pack_is_a_length_a_json_index_and_the_files_in_order():
    """The layout web/runtime/boot-python.js reads (restoreCode): a 4-byte little-endian index
    length, the JSON index of [path, size], then the files' bytes back to back."""
    files = [
        ("a/__pycache__/x.pyc", b"\x01\x02"),
        ("b/__pycache__/y.pyc", b""),
        ("c/__pycache__/z.pyc", b"zz"),
    ]
    blob = pack(files)
    length = int.from_bytes(blob[:4], "little")
    assert json.loads(blob[4 : 4 + length]) == [[path, len(data)] for path, data in files]
    assert blob[4 + length :] == b"\x01\x02zz"


def test_sources_sent_to_the_worker_are_written_back_byte_for_byte(tmp_path):
    """The worker compiles the page's sources: a changed byte (a line ending) would give a .pyc
    whose hash the page's source never matches, and the page would compile again each start."""
    page, worker = tmp_path / "page", tmp_path / "worker"
    (page / "pyscript").mkdir(parents=True)
    (page / "pyscript" / "__init__.py").write_bytes(b"x = 1\r\ny = 'caf\xc3\xa9'\n")
    (page / "pyscript" / "web.py").write_bytes(b"z = 3\n")
    (page / "modules.zip").write_bytes(b"not a package")
    sources = read_sources(str(page))
    assert [path for path, _ in sources] == ["pyscript/__init__.py", "pyscript/web.py"]
    worker.mkdir()
    write_sources(json.loads(json.dumps(sources)), str(worker))

    def headers(root):  # path, magic, flags and the hash of the source each .pyc is for
        return [(path, pyc[:16]) for path, pyc in compile_all(str(root))]

    assert headers(worker) == headers(page)


@pytest.mark.parametrize("path", ["/etc/x.py", "../x.py", "pyscript/../../x.py", "pyscript/x.txt"])
def test_the_worker_writes_no_source_outside_its_working_directory(tmp_path, path):
    with pytest.raises(ValueError):
        write_sources([[path, "x = 1\n"]], str(tmp_path))
