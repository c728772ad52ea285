"""Installable as an app: Chromium finds nothing missing (manifest, icons, start URL, display,
the service worker controlling the page) when asked over CDP, the way its install prompt asks.

A persistent profile: Playwright's ordinary contexts are off the record, and Chromium never
offers to install from those ("in-incognito")."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Playwright

from e2e.harness import TrafficMonitor, launch_options, wait_until_offline_ready, wait_until_ready
from tools.serve import SiteServer


def test_chromium_reports_no_installability_errors(playwright_session: Playwright, monitor: TrafficMonitor,
                                                   site_server: SiteServer, tmp_path: Path) -> None:
    context = monitor.watch(playwright_session.chromium.launch_persistent_context(
        str(tmp_path / "profile"), **launch_options()))
    try:
        page = context.new_page()
        page.goto(site_server.url)
        wait_until_ready(page)
        wait_until_offline_ready(page)
        session = context.new_cdp_session(page)
        manifest = session.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest") and not manifest["errors"]
        assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
