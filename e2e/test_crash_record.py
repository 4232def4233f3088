"""A tab crashed on purpose while it boots: the crash recorder (e2e/crashes.py) writes its record,
with the boot's stage and Chromium's own words, for the test's failure to carry."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Error, expect

from e2e.crashes import RECORDER

# A context of its own: the crashed page's context is closed after the test.
pytestmark = pytest.mark.fresh_context


def test_a_tab_crashed_while_booting_is_recorded_with_its_stage_and_chromiums_words(page):
    """A crash in the suite would say nothing of what the page was doing, nor how Chromium saw
    it die, if this failed."""
    page.goto("/?autoplay=0&seed=1&lang=en")
    expect(page.locator("html")).to_have_attribute("data-python", "main")
    with page.expect_event("crash"), pytest.raises(Error, match="ERR_ABORTED"):
        page.goto("chrome://crash")  # Chromium crashes the tab's renderer, on the site's page

    [crash] = RECORDER.take()  # taken: the recorder would fail this test otherwise

    assert crash.url.endswith("/?autoplay=0&seed=1&lang=en")
    assert "data-python=main" in crash.stage
    assert 'class="' in crash.stage and "t=" in crash.stage
    assert crash.dump.startswith("SIG"), crash.dump
    assert "ptype=renderer" in crash.dump
    assert crash.dump.split(" ")[0] in ("SIGILL", "SIGTRAP", "SIGSEGV", "SIGABRT")
    [written] = [
        path
        for path in RECORDER.records.glob("*.json")
        if json.loads(path.read_text())["at"] == crash.at
    ]
    record = json.loads(written.read_text())
    assert crash.stage in record["message"]
    assert crash.dump in record["message"]
