"""tools/dev/chromium.py's flags: the allocation samplers that crash tabs stay off, and the
features Playwright's launcher disables stay disabled (Chromium keeps only the last
``--disable-features`` of its command line)."""

from __future__ import annotations

import re
from pathlib import Path

import playwright

from tools.dev.chromium import CHROMIUM_FLAGS, PLAYWRIGHT_DISABLED_FEATURES, launch_options

DRIVER = Path(playwright.__file__).parent / "driver" / "package" / "lib"


def disabled_features(flags: list[str]) -> list[str]:
    """The features of the last ``--disable-features`` flag, the one Chromium keeps."""
    values = [flag.split("=", 1)[1] for flag in flags if flag.startswith("--disable-features=")]
    return values[-1].split(",") if values else []


def playwright_disabled_features() -> list[str]:
    """The list of features Playwright's launcher disables, read from its installed driver."""
    for path in sorted(DRIVER.rglob("*.js")):
        text = path.read_text(errors="replace")
        found = re.search(r"disabledFeatures = \[(.*?)\]", text, re.S)
        if found and "--disable-features=" in text:
            body = re.sub(r"//[^\n]*", "", found.group(1))
            return re.findall(r'"([A-Za-z0-9]+)"', body)
    raise AssertionError(f"Playwright's disabled features not found under {DRIVER}")


def test_the_allocation_samplers_that_crash_tabs_are_disabled():
    """Tabs would die of a SIGSEGV at boot now and then (Target crashed) if one were left on."""
    disabled = disabled_features(launch_options()["args"])
    for feature in ("HeapProfilerReporting", "GwpAsanMalloc", "GwpAsanPartitionAlloc"):
        assert feature in disabled


def test_playwrights_own_disabled_features_are_kept():
    """Our --disable-features comes after Playwright's and replaces it: Playwright's list must
    be in ours, or an upgrade of Playwright would turn its features back on unnoticed."""
    theirs = playwright_disabled_features()
    assert theirs, "no feature found in Playwright's list"
    assert set(theirs) <= set(disabled_features(CHROMIUM_FLAGS))
    assert set(theirs) <= set(PLAYWRIGHT_DISABLED_FEATURES)
