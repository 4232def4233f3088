"""Command line: ``python -m barbu score FILE...`` checks and scores records (``-`` is stdin).

Each file holds one JSON record (a deal or a session), or a JSON list of records; one JSON result
is printed per record. A bad record gives one readable line on standard error, the other records
are still scored, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from .errors import RuleError
from .jsontext import MAX_CHARS, JsonRefused, load
from .records import score_record


def _read(name: str) -> str:
    """The text of a file (``-``: standard input), refused (``JsonRefused``) past ``MAX_CHARS``
    characters: no more is read, so a file of gigabytes, or /dev/zero, does not fill the memory."""
    limit = MAX_CHARS + 1
    if name == "-":
        if sys.stdin is None:
            raise OSError("standard input is closed")
        # A byte order mark is skipped, as in files.
        text = sys.stdin.read(limit + 1).removeprefix("\ufeff")[:limit]
    else:
        with open(name, encoding="utf-8-sig") as f:
            text = f.read(limit)
    if len(text) > MAX_CHARS:
        raise JsonRefused(f"too long to read (more than {MAX_CHARS:,} characters)")
    return text


def _one_line(name: str) -> str:
    """A file name as one line of a message: control characters (a newline) escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)


def score_files(names: list[str], out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Score every record of the named files; return the exit status."""
    status = 0
    for name in names:
        label = "<stdin>" if name == "-" else _one_line(name)
        try:
            data = load(_read(name))
        except OSError as e:
            print(f"{label}: cannot read: {e.strerror or e}", file=err)
            status = 1
            continue
        except JsonRefused as e:
            print(f"{label}: {e}", file=err)
            status = 1
            continue
        except UnicodeDecodeError as e:
            print(f"{label}: not UTF-8 text: {e}", file=err)
            status = 1
            continue
        if data == []:
            print(f"{label}: holds no record (an empty list)", file=err)
            status = 1
            continue
        records = data if isinstance(data, list) else [data]
        for i, record in enumerate(records):
            where = f"{label}[{i}]" if isinstance(data, list) else label
            try:
                result = score_record(record)
            except RuleError as e:
                print(f"{where}: {e}", file=err)
                status = 1
                continue
            except Exception as e:  # a bug of ours: still one line, and the other records go on
                print(f"{where}: internal error while scoring: {type(e).__name__}: {e}", file=err)
                status = 1
                continue
            print(json.dumps(result), file=out)
    return status


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m barbu``."""
    parser = argparse.ArgumentParser(prog="python -m barbu", description="Barbu rules engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help="check and score deal or session records (JSON)")
    score.add_argument("files", nargs="+", metavar="FILE", help="a JSON record file; - is stdin")
    args = parser.parse_args(argv)
    return score_files(args.files)


if __name__ == "__main__":
    sys.exit(main())
