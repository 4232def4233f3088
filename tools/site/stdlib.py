"""Python's standard library as the site ships it: Pyodide's ``python_stdlib.zip`` without what a
page cannot use or never asks for.

Every byte of it is on a first visit's way to the first computer action: Python starts only once
the library is in, and on a 20 Mbit/s line its 2.5 MB take a second. What goes:

- what cannot run in a browser tab: processes (``multiprocessing``), terminals (``curses``,
  ``tty``, ``pty``, ``getpass``, the new REPL ``_pyrepl``), servers and mail clients (``wsgiref``,
  ``xmlrpc``, ``smtplib``, ``imaplib``, ``poplib``, ``ftplib``, ``mailbox``), databases
  (``sqlite3``, whose C part Pyodide does not even ship, ``dbm``, ``shelve``);
- the developer's tools: debugger, profilers, tests, documentation (``pdb``, ``bdb``,
  ``profile``, ``cProfile``, ``pstats``, ``trace``, ``timeit``, ``unittest``, ``doctest``,
  ``pydoc``, ``tabnanny``, ``pyclbr``, ``modulefinder``, ``pickletools``, ``zipapp``);
- a few modules no page of ours has a use for (``sched``, ``filecmp``, ``netrc``, ``wave``,
  ``webbrowser``);
- the single-byte and East Asian codecs' tables (``encodings/cp1251.py`` and the like): the game
  reads and writes UTF-8 only. ``cp437`` (zip file names) and ``cp1252`` stay, and so does every
  other codec (UTF-8, -16, -32, ASCII, Latin-1, IDNA, escapes...).

The standard library's modules that import these do it inside functions that the site never
calls (``help()``, ``compileall`` with processes, logging's mail handler...);
tests/test_stdlib.py checks that no module of ours imports any of them. tools/site/build.py writes
the result in place of Pyodide's file; the benchmarks' bare pages load the file as Pyodide
ships it.

Pyodide ships the library as source, so every start compiled each module it reads from the zip:
some 130 (Pyodide's own start about 125, then PyScript's package and ours; ``os``, ``site`` and
a few more are frozen into Python and never read from it), most of Python's start in a first
visit (about 2 of 3 s under Node). The build ships those compiled instead
(``precompile``: sourceless .pyc, by the page's own Python, tools/site/compile_python.mjs; the list
from tools/site/stdlib_used.mjs), about 0.4 MB more in the zip; the modules no start imports stay
source.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Mapping
from pathlib import Path

DROPPED = frozenset(
    {
        "multiprocessing",
        "curses",
        "tty",
        "pty",
        "getpass",
        "_pyrepl",
        "wsgiref",
        "xmlrpc",
        "smtplib",
        "imaplib",
        "poplib",
        "ftplib",
        "mailbox",
        "sqlite3",
        "dbm",
        "shelve",
        "pdb",
        "bdb",
        "profile",
        "cProfile",
        "pstats",
        "trace",
        "timeit",
        "unittest",
        "doctest",
        "pydoc",
        "pydoc_data",
        "tabnanny",
        "pyclbr",
        "modulefinder",
        "pickletools",
        "zipapp",
        "sched",
        "filecmp",
        "netrc",
        "wave",
        "webbrowser",
    }
)
"""Top-level modules and packages left out."""

DROPPED_CODECS = re.compile(
    r"encodings/(?:cp(?!437\.|1252\.)\d+|iso8859_\d+|mac_\w+|koi8_\w+|kz1048|ptcp154|tis_620"
    r"|hp_roman8|palmos|big5\w*|gb\w+|euc_\w+|shift_jis\w*|iso2022_\w+|johab|hz)\.py$"
)
"""The codecs' tables left out (``encodings/<name>.py``)."""


def top_level(name: str) -> str:
    """The top-level module or package of an entry of the zip (``email/utils.py``: email)."""
    return name.split("/", 1)[0].removesuffix(".py")


def kept(name: str) -> bool:
    """Whether the site ships this entry of Pyodide's zip."""
    return top_level(name) not in DROPPED and not DROPPED_CODECS.match(name)


def write_stdlib(source: Path, target: Path) -> None:
    """``source`` (Pyodide's zip) without the entries left out, into ``target``: the same
    names, dates and order, recompressed alike, so that the bytes depend on the contents
    only."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with (
        zipfile.ZipFile(source) as original,
        zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as out,
    ):
        for info in original.infolist():
            if kept(info.filename):
                entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = info.external_attr
                out.writestr(entry, original.read(info))


def precompile(library: Path, compiled: Mapping[str, bytes]) -> None:
    """Rewrite the zip ``library`` with each module named in ``compiled`` (``email/utils.py``)
    in place of its source, as ``email/utils.pyc`` with those bytes: the same order and
    dates, recompressed alike."""
    with zipfile.ZipFile(library) as original:
        entries = [(info, original.read(info)) for info in original.infolist()]
    missing = set(compiled) - {info.filename for info, _ in entries}
    if missing:
        raise ValueError(f"not in {library.name}: {', '.join(sorted(missing))}")
    with zipfile.ZipFile(library, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info, data in entries:
            name = info.filename
            entry = zipfile.ZipInfo(name + "c" if name in compiled else name, info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            out.writestr(entry, compiled.get(name, data))
