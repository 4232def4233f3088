"""The e2e crash recorder's pure parts (e2e/crashes.py, e2e/minidump.py): a crash dump read, a
record written in words, a crashed test's report turned into a failure with them."""

from __future__ import annotations

import json
import os
import struct
import time
from pathlib import Path
from types import SimpleNamespace

from e2e.crashes import (
    STAGE_PROBE,
    Crash,
    CrashRecorder,
    format_record,
    newest_dump,
    origin_of,
    stage_of,
    with_crash_logs,
)
from e2e.minidump import parse, read_dump

FAULT = 0x16BDBD67000
SP = 0x16BDBD64A00
CHROMIUM = 0x5555_0000_0000
PC = CHROMIUM + 0x9C714BD


def utf16(text: str) -> bytes:
    raw = text.encode("utf-16-le")
    return struct.pack("<I", len(raw)) + raw


def utf8(text: str) -> bytes:
    raw = text.encode()
    return struct.pack("<I", len(raw)) + raw


class Blob:
    """Bytes laid out one after another, each piece's offset returned (a minidump's RVAs)."""

    def __init__(self, size: int) -> None:
        self.data = bytearray(size)

    def add(self, piece: bytes) -> int:
        at = len(self.data)
        self.data += piece
        return at


def crashpad_info(blob: Blob, annotations: dict[str, str]) -> bytes:
    """Crashpad's info stream with one module whose string annotations are ``annotations``."""
    entries = [(blob.add(utf8(key)), blob.add(utf8(value))) for key, value in annotations.items()]
    objects = struct.pack("<I", len(entries)) + b"".join(
        struct.pack("<IHHI", key, 1, 0, value) for key, value in entries
    )
    objects_at = blob.add(objects)
    module_info = blob.add(struct.pack("<IIIIIII", 1, 0, 0, 0, 0, len(objects), objects_at))
    modules = struct.pack("<IIII", 1, 0, 28, module_info)
    modules_at = blob.add(modules)
    return struct.pack("<I16s16sIIII", 1, b"\0" * 16, b"\0" * 16, 0, 0, len(modules), modules_at)


def minidump(signal: int = 11, code: int = 2, annotations: dict[str, str] | None = None) -> bytes:
    """A minidump as Chromium's crashpad writes it, cut down to what e2e/minidump.py reads."""
    blob = Blob(32 + 4 * 12)
    context = bytearray(0x4D0)
    struct.pack_into("<Q", context, 0x98, SP)
    struct.pack_into("<Q", context, 0xF8, PC)
    context_at = blob.add(bytes(context))
    exception = struct.pack("<IIIIQQII", 7, 0, signal, code, 0, FAULT, 0, 0) + bytes(15 * 8)
    exception += struct.pack("<II", len(context), context_at)
    name = blob.add(utf16("/usr/lib/chromium/chromium"))
    module = struct.pack("<QIIII", CHROMIUM, 0x20000000, 0, 0, name).ljust(108, b"\0")
    thread_name = blob.add(utf16("chromium"))
    streams = {
        6: exception,
        4: struct.pack("<I", 1) + module,
        24: struct.pack("<IIQ", 1, 7, thread_name),
        0x43500001: crashpad_info(blob, annotations or {}),
    }
    directory = b""
    for kind, body in streams.items():
        directory += struct.pack("<III", kind, len(body), blob.add(body))
    blob.data[:32] = struct.pack("<4sIII", b"MDMP", 0xA793, 4, 32) + bytes(16)
    blob.data[32 : 32 + len(directory)] = directory
    return bytes(blob.data)


ANNOTATIONS = {"ptype": "renderer", "has-wasm": "1", "loaded-origin-0": "http://127.0.0.1:8000"}


def test_a_crash_dump_says_the_signal_the_thread_the_instruction_and_the_stack():
    """The record would not say how the tab died if the dump were misread."""
    dump = parse(minidump(annotations=ANNOTATIONS))
    assert dump is not None
    assert (dump.signal, dump.code, dump.address, dump.sp) == (11, 2, FAULT, SP)
    assert dump.thread == "chromium"
    assert dump.pc == "chromium+0x9c714bd"
    assert dump.annotations["loaded-origin-0"] == "http://127.0.0.1:8000"
    summary = dump.summary()
    assert summary.startswith("SIGSEGV SEGV_ACCERR at 0x16bdbd67000; pc chromium+0x9c714bd")
    assert "0x2600 bytes above the stack pointer, on a secondary (WebAssembly) stack" in summary
    assert "ptype=renderer" in summary and "has-wasm=1" in summary


def test_a_deliberate_crash_is_not_called_a_walk_off_a_stack():
    dump = parse(minidump(signal=5, code=128))
    assert dump is not None
    assert dump.summary().startswith("SIGTRAP at 0x16bdbd67000")
    assert "secondary" not in dump.summary()


def test_what_is_not_a_minidump_reads_as_none(tmp_path):
    (tmp_path / "text.dmp").write_text("not a dump")
    (tmp_path / "short.dmp").write_bytes(b"MDMP\x93\xa7")
    assert read_dump(tmp_path / "text.dmp") is None
    assert read_dump(tmp_path / "short.dmp") is None
    assert read_dump(tmp_path / "absent.dmp") is None


def test_the_newest_dump_of_the_page_origin_is_the_one_reported(tmp_path):
    """Another worker's crash (another test server's origin) must not be taken for this one."""
    pending = tmp_path / "pending"
    pending.mkdir()
    (pending / "ours.dmp").write_bytes(minidump(annotations=ANNOTATIONS))
    other = {**ANNOTATIONS, "loaded-origin-0": "http://127.0.0.1:9000"}
    (pending / "theirs.dmp").write_bytes(minidump(signal=6, annotations=other))
    now = time.time()
    os.utime(pending / "theirs.dmp", (now + 1, now + 1))
    found = newest_dump(tmp_path, since=now - 5, origin="http://127.0.0.1:8000", wait=0)
    assert found.startswith("SIGSEGV SEGV_ACCERR") and found.endswith("(ours.dmp)")
    assert newest_dump(tmp_path, since=now - 5, wait=0).startswith("SIGABRT")
    assert newest_dump(tmp_path, since=now + 60, wait=0) == ""


CRASH = Crash(
    test="e2e/test_boot.py::test_first_screen",
    url="http://127.0.0.1:8000/?seed=1",
    stage='class="booting" data-python=main step=start t=2100ms',
    console=["[log] [pyscript/main] PyScript Ready"],
    at=0.0,
    dump="SIGSEGV SEGV_ACCERR at 0x16bdbd67000; pc chromium+0x9c714bd",
    log=["[1:1:1207/181908.090599:ERROR:some.cc:1] something"],
)


def test_a_record_says_the_test_the_url_the_stage_and_chromiums_words():
    text = format_record(CRASH)
    assert text.splitlines()[0] == (
        "Chromium's tab crashed at 00:00:00 UTC in e2e/test_boot.py::test_first_screen"
    )
    assert "URL: http://127.0.0.1:8000/?seed=1" in text
    assert 'boot stage last seen: class="booting" data-python=main step=start' in text
    assert "crash dump: SIGSEGV SEGV_ACCERR at 0x16bdbd67000; pc chromium+0x9c714bd" in text
    assert "    [1:1:1207/181908.090599:ERROR:some.cc:1] something" in text
    assert "    [log] [pyscript/main] PyScript Ready" in text


def test_a_record_without_a_page_or_a_dump_says_so():
    text = format_record(Crash(test="t", url="", stage="", console=[], at=0.0))
    assert "URL: ?" in text
    assert "none reported" in text
    assert "crash dump: none found" in text


def test_the_probes_lines_are_told_from_the_pages_own():
    assert stage_of('barbu-stage class="ready" data-boot=plain') == 'class="ready" data-boot=plain'
    assert stage_of("[pyscript/main] PyScript Ready") is None
    assert "console.debug('barbu-stage '" in STAGE_PROBE


def test_origin_of_a_url():
    assert origin_of("http://127.0.0.1:8000/a/b?c=1") == "http://127.0.0.1:8000"
    assert origin_of("about:blank") == ""


def test_chromium_logs_to_a_file_and_dumps_where_the_records_are():
    options = with_crash_logs({"headless": True, "args": ["--headless"]}, worker="gw1")
    assert options["args"][0] == "--headless"
    assert "--enable-logging" in options["args"]
    assert any(arg.endswith("e2e-crashes/chromium-gw1.log") for arg in options["args"])
    assert options["env"]["BREAKPAD_DUMP_LOCATION"].endswith("e2e-crashes/dumps")
    assert options["env"]["PATH"] == os.environ["PATH"]


def report(outcome: str, longrepr: object = None) -> SimpleNamespace:
    return SimpleNamespace(
        outcome=outcome,
        passed=outcome == "passed",
        failed=outcome == "failed",
        longrepr=longrepr,
        sections=[],
    )


def test_a_test_that_crashed_a_tab_and_passed_fails_with_the_record(tmp_path):
    """A crash must never go unseen: the test fails, its message is the record."""
    recorder = CrashRecorder(tmp_path, dumps=tmp_path / "dumps", wait=0)
    recorder.crashes.append(Crash("", "http://127.0.0.1:1/", "class=booting", [], time.time()))
    passed = report("passed")
    recorder.annotate(SimpleNamespace(nodeid="e2e/test_x.py::test_y"), passed)
    assert passed.outcome == "failed"
    assert "in e2e/test_x.py::test_y" in passed.longrepr
    assert "boot stage last seen: class=booting" in passed.longrepr
    [written] = tmp_path.glob("*.json")
    record = json.loads(written.read_text())
    assert record["test"] == "e2e/test_x.py::test_y"
    assert record["message"] == passed.longrepr
    assert recorder.crashes == []


def test_a_target_crashed_failure_gets_a_record_even_unheard(tmp_path):
    recorder = CrashRecorder(tmp_path, dumps=tmp_path / "dumps", wait=0)
    failed = report("failed", "Error: Page.goto: Target crashed")
    recorder.annotate(SimpleNamespace(nodeid="e2e/test_x.py::test_z"), failed)
    [(title, text)] = failed.sections
    assert title.startswith("Chromium crash")
    assert "in e2e/test_x.py::test_z" in text
    other = report("failed", "AssertionError: 1 == 2")
    recorder.annotate(SimpleNamespace(nodeid="e2e/test_x.py::test_w"), other)
    assert other.sections == []
    assert len(list(tmp_path.glob("*.json"))) == 1


def test_a_record_is_written_where_asked(tmp_path):
    path = CrashRecorder(tmp_path).write(CRASH)
    assert path.parent == tmp_path
    assert Path(path).name.endswith("e2e_test_boot.py_test_first_screen.json")
