"""Python bytecode kept between visits, so that the next start skips compiling our modules.

Pyodide compiles every module of ours, and PyScript's, from source at each start: about 0.2 s in
Chromium. The boot loader (web/boot.js) lets Python write its .pyc files during the start; once
the first screen is up, ``keep()`` packs them as hash-checked .pyc files (PEP 552) and the loader
stores the pack in the browser's Cache Storage. At the next start the loader writes them back
before any import. Python uses a hash-checked .pyc only if the source on disk has the hash it
carries, so a stale pack (a new version of the site) only costs the compile it meant to save.

Pack format (read by ``restoreCode`` in web/boot.js): a 4-byte little-endian length, that many
bytes of JSON ``[[path, size], ...]`` (paths relative to the working directory, sorted), then
the files' bytes in that order.
"""

from __future__ import annotations

import importlib.util
import json
import os
from typing import Any

HASH_BASED = 0b01
CHECK_SOURCE = 0b10


def usable(pyc: bytes, source: bytes, source_stat: os.stat_result) -> bytes | None:
    """``pyc`` as a hash-checked .pyc if it was compiled from ``source`` with this Python, else None.

    A timestamp .pyc is trusted when its recorded time and size are the source file's (what the
    import system checks); a hash-based one when its hash is the source's."""
    if len(pyc) < 16 or pyc[:4] != importlib.util.MAGIC_NUMBER:
        return None
    source_hash = importlib.util.source_hash(source)
    if int.from_bytes(pyc[4:8], "little") & HASH_BASED:
        return pyc if pyc[8:16] == source_hash else None
    mtime = int(source_stat.st_mtime) & 0xFFFFFFFF
    size = source_stat.st_size & 0xFFFFFFFF
    if pyc[8:16] != mtime.to_bytes(4, "little") + size.to_bytes(4, "little"):
        return None
    return pyc[:4] + (HASH_BASED | CHECK_SOURCE).to_bytes(4, "little") + source_hash + pyc[16:]


def collect(root: str = ".") -> list[tuple[str, bytes]]:
    """The usable .pyc files under ``root``, hash-checked, as (relative path, bytes), sorted."""
    found = []
    for folder, _, names in os.walk(root):
        if os.path.basename(folder) != "__pycache__":
            continue
        for name in names:
            path = os.path.join(folder, name)
            try:
                source_path = importlib.util.source_from_cache(path)
                with open(source_path, "rb") as file:
                    source = file.read()
                with open(path, "rb") as file:
                    pyc = usable(file.read(), source, os.stat(source_path))
            except (OSError, ValueError):  # no source beside it, or not a .pyc name
                continue
            if pyc is not None:
                found.append((os.path.relpath(path, root), pyc))
    return sorted(found)


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """The files in the pack format above."""
    index = json.dumps([[path, len(data)] for path, data in files]).encode()
    return len(index).to_bytes(4, "little") + index + b"".join(data for _, data in files)


def unpack(blob: bytes) -> dict[str, bytes]:
    """The files of a pack, by path (ValueError if it is not one)."""
    length = int.from_bytes(blob[:4], "little")
    files = {}
    offset = 4 + length
    for path, size in json.loads(blob[4:offset]):
        files[path] = blob[offset:offset + size]
        offset += size
    if offset != len(blob):
        raise ValueError("not a bytecode pack")
    return files


async def keep(boot: Any) -> None:
    """Hand this start's bytecode to the loader, with the number of modules compiled from source
    (none when every import found its bytecode), unless it is exactly what the loader restored."""
    files = collect()
    buffer = boot.code.buffer
    restored = unpack(buffer.to_bytes()) if buffer is not None else {}
    compiled = sum(1 for path, data in files if restored.get(path) != data)
    if not files or dict(files) == restored:
        await boot.keepCode(None, compiled)
        return
    from pyodide.ffi import to_js  # only in the browser

    await boot.keepCode(to_js(pack(files)), compiled)
