"""Python bytecode kept between visits, so that a later start skips compiling PyScript's modules.

Our own modules arrive compiled (modules.zip, see tools/site/build.py), but PyScript writes its own
package (``pyscript/``) as source at each start, and Pyodide compiles the eleven modules it
imports: about 0.04 s in Chromium, on the page's main thread. Once the computer players' worker
is up, the page sends it those sources (``read_sources``); the worker writes them at the same
paths (``write_sources``), compiles them into hash-checked .pyc files (PEP 552, ``compile_all``)
and puts the pack into the browser's Cache Storage (web/runtime/bots-worker.js); the page's main
thread compiles nothing. At the next start the boot loader (web/runtime/boot.js) writes the files
back before any import. Python uses a hash-checked .pyc only if the source on disk has the hash
it carries, so a stale pack (a new version of the site) only costs the compile it meant to save.

Pack format (read by ``restoreCode`` in web/runtime/boot.js): a 4-byte little-endian length, that
many bytes of JSON ``[[path, size], ...]`` (paths relative to the working directory, sorted), then
the files' bytes in that order.
"""

from __future__ import annotations

import importlib.util
import json
import marshal
import os
import sys

HASH_CHECKED = (0b11).to_bytes(4, "little")  # PEP 552 flags: hash-based, check the source


def hash_checked_pyc(source: bytes, filename: str) -> bytes:
    """The .pyc that the import system writes for ``source`` in hash-checked mode."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return (
        importlib.util.MAGIC_NUMBER
        + HASH_CHECKED
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def source_paths(root: str = ".") -> list[str]:
    """The modules of the packages under ``root`` (not its own files), as paths relative to
    ``root``, sorted."""
    found = []
    for folder, _, names in os.walk(root):
        if os.path.samefile(folder, root) or os.path.basename(folder) == "__pycache__":
            continue
        found += [
            os.path.relpath(os.path.join(folder, name), root)
            for name in names
            if name.endswith(".py")
        ]
    return sorted(found)


def read_sources(root: str = ".") -> list[tuple[str, str]]:
    """On the page: the source of each module of ``source_paths``, for the worker to compile."""
    sources = []
    for path in source_paths(root):
        with open(os.path.join(root, path), encoding="utf-8", newline="") as file:
            sources.append((path, file.read()))
    return sources


def write_sources(sources: list[list[str]], root: str = ".") -> None:
    """In the worker: write the page's sources (``read_sources``) at the same paths."""
    for path, text in sources:
        if os.path.isabs(path) or ".." in path.split("/") or not path.endswith(".py"):
            raise ValueError(f"not a module path: {path!r}")
        target = os.path.join(root, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8", newline="") as file:
            file.write(text)


def compile_all(root: str = ".") -> list[tuple[str, bytes]]:
    """Every module of the packages under ``root`` compiled, as (.pyc path relative to ``root``,
    bytes), sorted."""
    found = []
    for relative in source_paths(root):
        path = os.path.join(root, relative)
        with open(path, "rb") as file:
            source = file.read()
        pyc = hash_checked_pyc(source, os.path.abspath(path))
        found.append((os.path.relpath(importlib.util.cache_from_source(path), root), pyc))
    return sorted(found)


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """The files in the pack format above."""
    index = json.dumps([[path, len(data)] for path, data in files]).encode()
    return len(index).to_bytes(4, "little") + index + b"".join(data for _, data in files)


def compiled_from_source(root: str = ".") -> int:
    """How many modules loaded from under ``root`` were compiled from their source at this start:
    those without a .pyc, or whose .pyc was for another source."""
    root = os.path.abspath(root)
    count = 0
    for module in list(sys.modules.values()):
        source_path = getattr(module, "__file__", None) or ""
        if not source_path.endswith(".py") or not source_path.startswith(root + os.sep):
            continue
        try:
            with open(source_path, "rb") as file:
                source_hash = importlib.util.source_hash(file.read())
            with open(importlib.util.cache_from_source(source_path), "rb") as file:
                header = file.read(16)
        except OSError:
            count += 1
            continue
        if header != importlib.util.MAGIC_NUMBER + HASH_CHECKED + source_hash:
            count += 1
    return count
