"""How this project launches headless Chromium (e2e tests, boot benchmark, screenshots).

Debian's Chromium when installed, else the browser ``playwright install chromium`` fetched; the
flags keep Chromium from calling home, which on a closed network floods it with refused
connections (see /work/shared/TOOLCHAIN.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import NotRequired, TypedDict

DEBIAN_CHROMIUM = Path("/usr/lib/chromium/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
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
