"""The service worker the build writes (tools/site/build.py, write_service_worker): the list of
files each version precaches, the hash each file is checked against, the cache name."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tools.site.build import ROOT, SNAPSHOT_FILES, BuildError, write_runtime, write_service_worker

FILES = {
    "index.html": b"<!doctype html><title>Barbu</title>\n",
    "web/style.css": b"body{margin:0}\n",
    "vendor/pyodide/pyodide.asm.wasm": bytes(range(256)) * 64,
}


def make_site(root: Path) -> Path:
    for name, data in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def constant(worker: str, name: str) -> object:
    """The JSON value of ``const NAME = ...;`` in the written sw.js."""
    match = re.search(rf"^const {name} = (.*?);$", worker, re.M | re.S)
    assert match, f"no const {name} in sw.js"
    return json.loads(match[1])


def sri_sha256(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def test_every_precached_file_is_checked_against_the_hash_of_its_built_bytes(tmp_path):
    """A half-published site (new sw.js, an old or truncated file) would be cached as a mix of
    versions, and a player could be stuck offline on a broken game."""
    site = make_site(tmp_path)
    cache = write_service_worker(site)
    worker = (site / "sw.js").read_text()
    precache = constant(worker, "PRECACHE")
    integrity = constant(worker, "INTEGRITY")
    assert constant(worker, "CACHE") == cache
    assert precache == [f"./{name}" for name in sorted(FILES)]
    assert integrity == {f"./{name}": sri_sha256(data) for name, data in FILES.items()}


def test_changing_one_file_changes_its_hash_and_the_cache_name_only(tmp_path):
    """A player would not be offered a new version, or its check would refuse unchanged files."""
    site = make_site(tmp_path)
    before_cache = write_service_worker(site)
    before = constant((site / "sw.js").read_text(), "INTEGRITY")
    (site / "web" / "style.css").write_bytes(b"body{margin:1px}\n")
    after_cache = write_service_worker(site)
    after = constant((site / "sw.js").read_text(), "INTEGRITY")
    assert after_cache != before_cache
    assert {path for path in after if after[path] != before[path]} == {"./web/style.css"}
    assert write_service_worker(site) == after_cache  # the same bytes, the same version


def test_a_worker_template_without_the_integrity_placeholder_is_refused(tmp_path):
    """A stale template would ship a worker that stores whatever bytes the server sends."""
    site = make_site(tmp_path / "site")
    template = tmp_path / "sw.js"
    template.write_text(
        (ROOT / "web" / "runtime" / "sw.js").read_text().replace("__INTEGRITY__", "{}"),
        encoding="utf-8",
    )
    with pytest.raises(BuildError, match="__INTEGRITY__"):
        write_service_worker(site, template)
    assert not (site / "sw.js").exists()


@pytest.mark.build
@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js checks the syntax")
def test_the_written_worker_is_valid_javascript_without_its_comments(tmp_path):
    """The service worker would fail to start, and the site would never work offline, if filling
    in the template or stripping its comments broke the script."""
    site = make_site(tmp_path)
    write_service_worker(site)
    worker = (site / "sw.js").read_text()
    assert "/**" not in worker and "\n  // " not in worker
    check = subprocess.run(["node", "--check", str(site / "sw.js")], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


def snapshot_key(site: Path) -> str:
    """The key of Python snapshots in the written runtime.mjs."""
    runtime = (site / "web" / "runtime.mjs").read_text()
    match = re.search(r"^const BUILD = '([0-9a-f]+)';$", runtime, re.M)
    assert match, "no snapshot key in runtime.mjs"
    return match[1]


@pytest.mark.build  # write_runtime reads Pyodide's files in node_modules/
def test_python_snapshots_are_keyed_by_the_runtime_and_our_modules_only(tmp_path):
    """A snapshot of another build's modules or runtime restored would run old code; one dropped
    at every unrelated change (a stylesheet) would cost every player a slow start for nothing."""
    site = make_site(tmp_path)
    for name in SNAPSHOT_FILES:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(name.encode())
    write_runtime(site)
    first = snapshot_key(site)
    assert "__BUILD__" not in (site / "web" / "runtime.mjs").read_text()
    (site / "web" / "style.css").write_bytes(b"body{margin:2px}\n")
    write_runtime(site)
    assert snapshot_key(site) == first
    for name in SNAPSHOT_FILES:
        (site / name).write_bytes(name.encode() + b"!")
        write_runtime(site)
        assert snapshot_key(site) != first, name
        first = snapshot_key(site)
    assert set(SNAPSHOT_FILES) >= {"modules.zip", "vendor/pyodide/pyodide.asm.wasm"}
