"""Python bytecode kept between visits, so that a later start skips compiling PyScript's modules.

Our own modules arrive compiled (modules.zip, see tools/build.py), but PyScript writes its own
package (``pyscript/``) as source at each start, and Pyodide compiles the eleven modules it
imports: about 0.04 s in Chromium, on the page's main thread. Once the computer players' worker
is up (it has the same Python and the same sources), ``store()`` compiles them there into
hash-checked .pyc files (PEP 552) and puts the pack into the browser's Cache Storage; the page's
main thread writes nothing. At the next start the boot loader (web/boot.js) writes the files
back before any import. Python uses a hash-checked .pyc only if the source on disk has the hash
it carries, so a stale pack (a new version of the site) only costs the compile it meant to save.

Pack format (read by ``restoreCode`` in web/boot.js): a 4-byte little-endian length, that many
bytes of JSON ``[[path, size], ...]`` (paths relative to the working directory, sorted), then
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


def compile_all(root: str = ".") -> list[tuple[str, bytes]]:
    """Every module of the packages under ``root`` compiled, as (.pyc path relative to ``root``,
    bytes), sorted."""
    found = []
    for folder, _, names in os.walk(root):
        if os.path.samefile(folder, root) or os.path.basename(folder) == "__pycache__":
            continue
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
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


async def store(cache_name: str, url: str) -> bool:
    """In the worker: compile every module and store the pack at ``url`` in the Cache Storage
    cache ``cache_name`` (both named by web/boot.js), unless the same pack is there already;
    whether it was stored."""
    from js import Response, caches  # only in the browser
    from pyodide.ffi import to_js

    blob = pack(compile_all())
    cache = await caches.open(cache_name)
    kept = await cache.match(url)
    if kept is not None and (await kept.arrayBuffer()).to_bytes() == blob:
        return False
    await cache.put(url, Response.new(to_js(blob)))
    return True
