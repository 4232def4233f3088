"""Serve a folder (normally dist/) over HTTP on loopback: ``make run``, e2e tests, boot benchmark.

A plain static server, like any host the site will be copied to: correct types for ``.wasm``,
``.mjs`` and ``.webmanifest``, HTTP/1.1 keep-alive, Last-Modified revalidation (304), no
Cache-Control, and the headers of the site's ``_headers`` file (which pages other sites may
frame), as Netlify or Cloudflare Pages would send them. Like those hosts it compresses: a
client that accepts gzip gets a file of 1 KB or more gzipped (``Content-Encoding: gzip``, made
once per file version and kept in memory), unless gzip saves less than a tenth (Python's
standard library zip, PNG icons); every such response says ``Vary: Accept-Encoding``. A file
built beside it as ``name.gz`` is sent as it is instead of compressing again. It counts the
bytes it sends (compressed, as on the wire), for the benchmark.

    python3 -m tools.dev.serve [--port 8000] [--host 127.0.0.1] [--every-request] [dist]

It logs the requests that failed (404...) and its errors; ``--every-request`` logs every request.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import os
import socket
import sys
import threading
import time
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from io import BufferedIOBase, BytesIO
from pathlib import Path
from typing import cast

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
}
INCOMPRESSIBLE = frozenset({".png", ".gz", ".br", ".woff2", ".jpg", ".webp"})
"""Already compressed: never gzipped again (nor given ``Vary``)."""
MIN_SIZE = 1024
"""Smaller files are sent as they are: gzip would save less than its headers cost."""
MIN_SAVING = 0.1
"""A file is sent gzipped only if that makes it at least this much smaller."""


class _CountingWriter:
    """Wraps a response stream and counts the bytes written through it."""

    def __init__(self, stream: BufferedIOBase) -> None:
        self._stream = stream
        self.count = 0

    def write(self, data: bytes) -> int:
        written = self._stream.write(data)
        self.count += len(data)
        return written

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


class StaticHandler(SimpleHTTPRequestHandler):
    """Static files with the types a browser needs; quiet unless asked."""

    protocol_version = "HTTP/1.1"
    # Overrides the base class's attribute (an instance attribute in typeshed: not a ClassVar).
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012
    server: StaticServer  # the only server that makes these handlers
    counter: _CountingWriter
    started: float | None

    def setup(self) -> None:
        super().setup()
        self.counter = _CountingWriter(self.wfile)
        # The base class writes to wfile; the wrapper stands in for the stream it wraps.
        self.wfile = cast(BufferedIOBase, self.counter)

    def parse_request(self) -> bool:
        self.started = time.time()  # the request line has arrived
        return super().parse_request()

    def handle_one_request(self) -> None:
        self.started = None
        before = self.counter.count
        super().handle_one_request()
        if self.started is not None:
            self.server.record(
                Sent(self.started, self.command, self.path, self.counter.count - before)
            )

    def end_headers(self) -> None:
        for name, value in self.server.headers_for(self.path):
            self.send_header(name, value)
        if self.command in ("GET", "HEAD") and compressible(self.url_path()):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def url_path(self) -> str:
        """The request's path without its query or fragment."""
        return self.path.split("?", 1)[0].split("#", 1)[0]

    def send_head(self) -> BytesIO | BufferedIOBase | None:  # type: ignore[override]
        """The base class's answer, or the file gzipped when the client accepts gzip."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.url_path().endswith("/"):
            path = path / "index.html"  # what the base class sends for a folder's address
        accepted = accepts_gzip(self.headers.get("Accept-Encoding", ""))
        if not accepted or not path.is_file() or "If-Modified-Since" in self.headers:
            return cast(BufferedIOBase | None, super().send_head())
        body = self.server.gzipped(path)
        if body is None:
            return cast(BufferedIOBase | None, super().send_head())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(path.stat().st_mtime, usegmt=True))
        self.end_headers()
        return BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:  # "format": the base class's name
        if self.server.verbose:
            super().log_message(format, *args)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Log a request that failed; one that was answered only when every request is asked for
        (an hour of play is thousands of them)."""
        failed = isinstance(code, int) and code >= 400
        if failed or self.server.every_request:
            super().log_request(code, size)


def compressible(path: str) -> bool:
    """Whether a file of this name may be sent gzipped (so its responses vary with the
    request's ``Accept-Encoding``)."""
    return Path(path).suffix.lower() not in INCOMPRESSIBLE and not path.endswith("/")


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` value accepts gzip (``gzip;q=0`` refuses it)."""
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            quality = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
            try:
                return float(quality) > 0
            except ValueError:
                return False
    return False


def read_header_rules(path: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    """The rules of a Netlify-style ``_headers`` file: a path (``/rules/*``: a prefix), then its
    headers indented below it; ``#`` starts a comment. None without the file."""
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    if not path.is_file():
        return rules
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), []))
        elif rules:
            name, _, value = line.strip().partition(":")
            rules[-1][1].append((name.strip(), value.strip()))
    return rules


@dataclass(frozen=True)
class Sent:
    """One response: when its request arrived (epoch seconds), what it was, bytes sent."""

    started: float
    method: str
    path: str
    size: int


class StaticServer(ThreadingHTTPServer):
    """A threaded static server that remembers what it sent."""

    daemon_threads = True

    def __init__(
        self,
        root: Path,
        host: str = "127.0.0.1",
        port: int = 0,
        verbose: bool = False,
        every_request: bool = False,
    ):
        handler = functools.partial(StaticHandler, directory=str(root))
        super().__init__((host, port), handler)
        self.verbose = verbose  # log at all (failures, errors)
        self.every_request = every_request  # log the answered requests too
        self.header_rules = read_header_rules(root / "_headers")
        self.sent: list[Sent] = []
        self._lock = threading.Lock()
        self._gzipped: dict[tuple[str, int, int], bytes | None] = {}
        self._thread: threading.Thread | None = None

    def handle_error(
        self, request: socket.socket | tuple[bytes, socket.socket], client_address: object
    ) -> None:
        """Ignore a browser closing its connections mid-response; report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    def headers_for(self, path: str) -> list[tuple[str, str]]:
        """The headers ``_headers`` gives this request's path."""
        path = path.split("?", 1)[0].split("#", 1)[0]
        return [
            header
            for pattern, headers in self.header_rules
            if (path.startswith(pattern[:-1]) if pattern.endswith("*") else path == pattern)
            for header in headers
        ]

    def gzipped(self, path: Path) -> bytes | None:
        """``path``'s bytes gzipped (its ``.gz`` file if the build wrote one), or None when it
        should go as it is: too small, already compressed, or not worth it."""
        if not compressible(path.name):
            return None
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        with self._lock:
            if key in self._gzipped:
                return self._gzipped[key]
        body: bytes | None = None
        if stat.st_size >= MIN_SIZE:
            ready = path.with_name(path.name + ".gz")
            body = (
                ready.read_bytes()
                if ready.is_file() and os.path.getmtime(ready) >= stat.st_mtime
                else gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            )
            if len(body) > (1 - MIN_SAVING) * stat.st_size:
                body = None
        with self._lock:
            self._gzipped[key] = body
        return body

    @property
    def url(self) -> str:
        """The address of the site's root, with a trailing slash."""
        # A TCP socket's address: its host is a str (typeshed also allows bytes, for binding).
        host, port = cast(tuple[str, int], self.server_address[:2])
        return f"http://{host}:{port}/"

    def record(self, sent: Sent) -> None:
        """Remember a response (headers and body bytes)."""
        with self._lock:
            self.sent.append(sent)

    def take_log(self) -> list[Sent]:
        """The responses sent since the last call, forgetting them."""
        with self._lock:
            log, self.sent = self.sent, []
        return log

    def start(self) -> StaticServer:
        """Serve in a background thread; returns self."""
        self._thread = threading.Thread(
            target=self.serve_forever, name="static-server", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the listening socket."""
        self.shutdown()
        self.server_close()
        if self._thread:
            self._thread.join(timeout=5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.dev.serve", description=__doc__.splitlines()[0]
    )
    parser.add_argument("root", nargs="?", default="dist", type=Path)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--every-request", action="store_true", help="log every request, not only the failed"
    )
    args = parser.parse_args(argv)
    if not (args.root / "index.html").is_file():
        print(f"no index.html in {args.root}: run `make build` first", file=sys.stderr)
        return 1
    server = StaticServer(
        args.root, args.host, args.port, verbose=True, every_request=args.every_request
    )
    print(f"Barbu is served at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
