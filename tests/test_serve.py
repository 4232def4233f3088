"""tools/dev/serve.py compresses as static hosts do: gzip when the client asks for it, with
``Vary: Accept-Encoding``; the file as it is otherwise, and for files gzip would not shrink."""

from __future__ import annotations

import gzip
import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.dev.serve import Sent, StaticServer, accepts_gzip

TEXT = ("function deal(cards) { return cards.slice(0, 13); }\n" * 200).encode()
NOISE = os.urandom(4096)  # gzip cannot shrink it


@pytest.fixture
def site(tmp_path: Path) -> Iterator[StaticServer]:
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    (tmp_path / "app.js").write_bytes(TEXT)
    (tmp_path / "runtime.wasm").write_bytes(b"\0asm" + TEXT)
    (tmp_path / "noise.json").write_bytes(NOISE)
    (tmp_path / "icon.png").write_bytes(TEXT)
    (tmp_path / "_headers").write_text("/app.js\n  X-Test: yes\n")
    server = StaticServer(tmp_path).start()
    yield server
    server.stop()


def get(server: StaticServer, path: str, encoding: str | None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(server.url + path)
    if encoding is not None:
        request.add_header("Accept-Encoding", encoding)
    with urllib.request.urlopen(request) as response:
        return dict(response.headers.items()), response.read()


@pytest.mark.parametrize("path", ["app.js", "runtime.wasm"])
def test_gzip_when_asked(site: StaticServer, path: str) -> None:
    headers, body = get(site, path, "gzip, deflate, br")
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding"
    assert int(headers["Content-Length"]) == len(body) < len(TEXT) / 4
    assert gzip.decompress(body) == (TEXT if path == "app.js" else b"\0asm" + TEXT)
    assert headers["Content-Type"] in ("text/javascript", "application/wasm")
    assert "Last-Modified" in headers


def test_identity_when_not_asked(site: StaticServer) -> None:
    for encoding in (None, "identity", "gzip;q=0", "br"):
        headers, body = get(site, "app.js", encoding)
        assert "Content-Encoding" not in headers
        assert headers["Vary"] == "Accept-Encoding"
        assert body == TEXT


def test_headers_file_still_applies(site: StaticServer) -> None:
    headers, _ = get(site, "app.js", "gzip")
    assert headers["X-Test"] == "yes"


def test_not_worth_it_or_already_compressed(site: StaticServer) -> None:
    headers, body = get(site, "noise.json", "gzip")
    assert "Content-Encoding" not in headers and body == NOISE
    headers, body = get(site, "icon.png", "gzip")
    assert "Content-Encoding" not in headers and "Vary" not in headers and body == TEXT


def test_a_folders_address_sends_its_index_gzipped(site: StaticServer, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_bytes(TEXT)
    headers, body = get(site, "?lang=en", "gzip")
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == TEXT
    assert headers["Content-Type"].startswith("text/html")


def test_small_files_as_they_are(site: StaticServer) -> None:
    headers, body = get(site, "index.html", "gzip")
    assert "Content-Encoding" not in headers
    assert body.startswith(b"<!doctype html>")


def test_bytes_counted_as_sent(site: StaticServer) -> None:
    site.take_log()
    _, body = get(site, "app.js", "gzip")
    sent: list[Sent] = []
    deadline = time.monotonic() + 5  # the server logs once the response is written
    while not sent and time.monotonic() < deadline:
        time.sleep(0.01)
        sent = [s for s in site.take_log() if s.path == "/app.js"]
    assert len(sent) == 1 and len(body) < sent[0].size < len(body) + 1000


def test_prebuilt_gz_is_sent(site: StaticServer, tmp_path: Path) -> None:
    marker = gzip.compress(b"prebuilt" + TEXT, mtime=0)
    (tmp_path / "big.js").write_bytes(TEXT)
    (tmp_path / "big.js.gz").write_bytes(marker)
    _, body = get(site, "big.js", "gzip")
    assert body == marker


def test_accepts_gzip() -> None:
    assert accepts_gzip("gzip")
    assert accepts_gzip("br, gzip;q=0.5")
    assert accepts_gzip("*")
    assert not accepts_gzip("")
    assert not accepts_gzip("gzip;q=0")
    assert not accepts_gzip("deflate, br")


@pytest.mark.parametrize("every_request", [False, True])
def test_make_run_logs_the_failed_requests_and_every_one_only_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], every_request: bool
) -> None:
    """An hour of play logged every request: thousands of lines that hid the one 404."""
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    server = StaticServer(tmp_path, verbose=True, every_request=every_request).start()
    try:
        get(server, "index.html", None)
        with pytest.raises(urllib.error.HTTPError):
            get(server, "missing.js", None)
    finally:
        server.stop()
    logged = capsys.readouterr().err
    assert '"GET /missing.js HTTP/1.1" 404' in logged
    assert ('"GET /index.html HTTP/1.1" 200' in logged) is every_request
