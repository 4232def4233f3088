"""What a Chromium crash dump (a minidump, written by its crashpad handler) says, in a few words.

Decisions:
- Standard library only, reading just what a crashed tab's record needs: the signal and its
  code, the faulting address, the crashing thread's name, where its instruction pointer was
  (module + offset), its stack pointer, and crashpad's annotations (process type, "has-wasm",
  the loaded origin...). No symbols: Debian's Chromium ships none, and the module + offset is
  what a disassembler or a symbol server takes.
- A fault a few pages above the stack pointer, on a stack that is not the thread's own (not
  near the top of the address space where Linux puts thread stacks), is a walk off the end of a
  secondary stack: the WebAssembly stacks V8 runs JavaScript Promise Integration on. The summary
  says so, with the distance, because that is how the e2e tabs crashed (docs/DEVELOPING.md).
- Any malformed dump gives ``None`` instead of an exception: the recorder reports a crash with or
  without its dump.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path

SIGNALS = {4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL"}
SIGNALS |= {11: "SIGSEGV", 15: "SIGTERM"}
SEGV_CODES = {0: "SI_USER", 1: "SEGV_MAPERR", 2: "SEGV_ACCERR"}
EXCEPTION_STREAM = 6
MODULE_LIST_STREAM = 4
THREAD_NAMES_STREAM = 24
CRASHPAD_INFO_STREAM = 0x43500001
CONTEXT_RSP = 0x98  # offsets in MINIDUMP_CONTEXT_AMD64
CONTEXT_RIP = 0xF8
MODULE_SIZE = 108  # a MINIDUMP_MODULE
NATIVE_STACKS = 0x7F00_0000_0000
"""Linux places thread stacks (the main one and pthread ones) above this on x86-64."""
KEPT_ANNOTATIONS = ("ptype", "has-wasm", "loaded-origin-0", "gwp-asan-malloc", "pid")


@dataclass
class Dump:
    """The crashing thread's state and crashpad's annotations, from one minidump."""

    signal: int
    code: int
    address: int
    thread: str
    pc: str
    sp: int
    annotations: dict[str, str] = field(default_factory=dict)

    def summary(self) -> str:
        """One line: the signal, where, on which thread and stack, in which process."""
        name = SIGNALS.get(self.signal, f"signal {self.signal}")
        code = SEGV_CODES.get(self.code, str(self.code)) if self.signal in (7, 11) else ""
        where = f"{name} {code}".strip() + f" at {self.address:#x}"
        words = [where, f"pc {self.pc}", f"thread {self.thread or '?'}"]
        if (
            self.signal in (7, 11)
            and self.sp < NATIVE_STACKS
            and 0 < self.address - self.sp < 0x10000
        ):
            words.append(
                f"sp {self.sp:#x}: fault {self.address - self.sp:#x} bytes above the stack pointer,"
                " on a secondary (WebAssembly) stack"
            )
        kept = [
            f"{key}={self.annotations[key]}" for key in KEPT_ANNOTATIONS if key in self.annotations
        ]
        return "; ".join(words + kept)


def read_dump(path: Path) -> Dump | None:
    """The dump at ``path``, or ``None`` if it cannot be read as a minidump."""
    try:
        return parse(path.read_bytes())
    except (OSError, struct.error, KeyError, UnicodeDecodeError, IndexError):
        return None


def parse(data: bytes) -> Dump | None:
    """A minidump's bytes, read (``struct.error`` or ``KeyError`` when malformed)."""
    signature, _, count, directory = struct.unpack_from("<4sIII", data, 0)
    if signature != b"MDMP":
        return None
    streams = {}
    for index in range(count):
        kind, _, rva = struct.unpack_from("<III", data, directory + 12 * index)
        streams[kind] = rva
    at = streams[EXCEPTION_STREAM]
    thread_id, _, signal, code, _, address = struct.unpack_from("<IIIIQQ", data, at)
    _, context = struct.unpack_from("<II", data, at + 8 + 152)  # after the exception record
    (sp,) = struct.unpack_from("<Q", data, context + CONTEXT_RSP)
    (pc,) = struct.unpack_from("<Q", data, context + CONTEXT_RIP)
    return Dump(
        signal=signal,
        code=code,
        address=address,
        thread=thread_name(data, streams.get(THREAD_NAMES_STREAM), thread_id),
        pc=module_offset(data, streams.get(MODULE_LIST_STREAM), pc),
        sp=sp,
        annotations=annotations(data, streams.get(CRASHPAD_INFO_STREAM)),
    )


def utf16(data: bytes, rva: int) -> str:
    """A MINIDUMP_STRING (length in bytes, then UTF-16)."""
    (length,) = struct.unpack_from("<I", data, rva)
    return data[rva + 4 : rva + 4 + length].decode("utf-16-le")


def utf8(data: bytes, rva: int) -> str:
    """Crashpad's string (length, then UTF-8)."""
    (length,) = struct.unpack_from("<I", data, rva)
    return data[rva + 4 : rva + 4 + length].decode("utf-8", "replace")


def thread_name(data: bytes, rva: int | None, thread_id: int) -> str:
    """The crashing thread's name, from the thread-name list."""
    if rva is None:
        return ""
    (count,) = struct.unpack_from("<I", data, rva)
    for index in range(count):
        tid, name = struct.unpack_from("<IQ", data, rva + 4 + 12 * index)
        if tid == thread_id:
            return utf16(data, name)
    return ""


def module_offset(data: bytes, rva: int | None, address: int) -> str:
    """``module+0xoffset`` of an address, or the bare address outside every module (JIT code)."""
    if rva is not None:
        (count,) = struct.unpack_from("<I", data, rva)
        for index in range(count):
            at = rva + 4 + MODULE_SIZE * index
            base, size = struct.unpack_from("<QI", data, at)
            if base <= address < base + size:
                name = utf16(data, struct.unpack_from("<I", data, at + 20)[0])
                return f"{name.rsplit('/', 1)[-1]}+{address - base:#x}"
    return f"{address:#x}"


def annotations(data: bytes, rva: int | None) -> dict[str, str]:
    """Crashpad's annotations of every module, simple and string ones (process type, crash
    keys)."""
    found: dict[str, str] = {}
    if rva is None:
        return found
    size, modules = struct.unpack_from("<II", data, rva + 4 + 32 + 8)
    if not size:
        return found
    (count,) = struct.unpack_from("<I", data, modules)
    for index in range(count):
        _, _, info = struct.unpack_from("<III", data, modules + 4 + 12 * index)
        _, _, _, simple_size, simple, objects_size, objects = struct.unpack_from(
            "<IIIIIII", data, info
        )
        if simple_size:
            (entries,) = struct.unpack_from("<I", data, simple)
            for entry in range(entries):
                key, value = struct.unpack_from("<II", data, simple + 4 + 8 * entry)
                found[utf8(data, key)] = utf8(data, value)
        if objects_size:
            (entries,) = struct.unpack_from("<I", data, objects)
            for entry in range(entries):
                name, kind, _, value = struct.unpack_from("<IHHI", data, objects + 4 + 12 * entry)
                if kind == 1:  # a string annotation
                    found[utf8(data, name)] = utf8(data, value)
    return found
