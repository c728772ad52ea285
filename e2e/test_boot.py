"""Boot: a loading state with progress at first paint, then ready with the boot time published,
using nothing but the site's own origin."""

import pytest
from playwright.sync_api import Page

from e2e.harness import origin_of, wait_until_ready
from tools.serve import SiteServer


@pytest.mark.quick
def test_shows_progress_at_first_paint_then_ready(page: Page, site_server: SiteServer):
    page.goto(site_server.url, wait_until="domcontentloaded")
    assert page.get_attribute("body", "data-state") == "loading"
    assert page.is_visible("#boot-progress")
    assert page.evaluate("document.getElementById('boot-progress').value") > 0

    boot_ms = wait_until_ready(page)

    assert isinstance(boot_ms, int) and boot_ms > 0
    assert page.get_attribute("body", "data-boot-ms") == str(boot_ms)
    assert page.is_hidden("#boot-status")


def test_top_level_page_has_storage_and_no_notice(page: Page, site_server: SiteServer):
    page.goto(site_server.url)
    wait_until_ready(page)
    assert page.get_attribute("body", "data-storage") == "available"
    assert page.get_attribute("html", "data-indexeddb") == "native"
    assert page.is_hidden("#storage-notice")


def test_boot_requests_only_the_site_origin(page: Page, site_server: SiteServer, monitor):
    page.goto(site_server.url)
    wait_until_ready(page)
    network = [url for url in monitor.requests if url.startswith(("http:", "https:"))]
    assert any(url.endswith("/vendor/pyodide/pyodide.asm.wasm") for url in network)
    assert any(url.endswith("/python/app.zip") for url in network)
    assert {origin_of(url) for url in network} == {site_server.origin}
