"""How this project launches headless Chromium (e2e tests, boot benchmark, screenshots).

Debian's Chromium when installed, else the browser ``playwright install chromium`` fetched; the
flags keep Chromium from calling home, which on a closed network floods it with refused
connections (see /work/shared/TOOLCHAIN.md).

Chromium's in-process allocation samplers are off (``SAMPLERS_THAT_CRASH``): in a renderer where
one is on (each is drawn at random a process), a sampled allocation made while V8 runs the
page's WebAssembly on a secondary stack (Pyodide's JavaScript Promise Integration: Python's
start, a deoptimised function compiled again) walks that stack's frames past its end
(base::debug::TraceStackFramePointers takes the thread's own stack end for it), and the tab dies
of a SIGSEGV: the "Target crashed" of the e2e tests (docs/DEVELOPING.md, "Crashed tabs").
Chromium keeps only the last ``--disable-features`` of its command line, so the flag carries
Playwright's own list too (``PLAYWRIGHT_DISABLED_FEATURES``, checked against the installed
Playwright by tests/test_chromium_flags.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import NotRequired, TypedDict

DEBIAN_CHROMIUM = Path("/usr/lib/chromium/chromium")
SAMPLERS_THAT_CRASH = ["HeapProfilerReporting", "GwpAsanMalloc", "GwpAsanPartitionAlloc"]
"""The allocation samplers that record a stack trace by walking frame pointers."""
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
"""The features Playwright's launcher disables (its chromiumSwitches), which our own
``--disable-features`` would otherwise undo."""
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + SAMPLERS_THAT_CRASH),
]


class LaunchOptions(TypedDict):
    """The keyword arguments of Playwright's launchers that this project sets."""

    headless: bool
    args: list[str]
    executable_path: NotRequired[str]


def launch_options() -> LaunchOptions:
    """Keyword arguments for Playwright's ``chromium.launch()`` or
    ``launch_persistent_context()``."""
    options: LaunchOptions = {"headless": True, "args": list(CHROMIUM_FLAGS)}
    if DEBIAN_CHROMIUM.exists():
        options["executable_path"] = str(DEBIAN_CHROMIUM)
    return options
