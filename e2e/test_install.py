"""Installable: Chromium itself finds nothing missing to offer 'Install Barbu'."""

from __future__ import annotations

from e2e.browser_helpers import wait_ready, wait_service_worker
from tools.dev.chromium import launch_options


def test_chromium_reports_the_site_installable(browser_type, base_url, tmp_path):
    """Players could not install Barbu as an app (home screen, own window) if this failed."""
    # A real profile: in an incognito context Chromium never offers installation.
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **launch_options())
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(base_url + "?seed=1")
        wait_ready(page)
        wait_service_worker(page)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest").get("errors") == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
