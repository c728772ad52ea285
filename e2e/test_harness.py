"""The monitor itself: each rule it enforces must be able to fail a test."""

from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page

from e2e.harness import TrafficMonitor
from tools.serve import SiteServer

EXTERNAL = "http://external.invalid/tracker.js"


@pytest.fixture
def page(browser: Browser, monitor: TrafficMonitor) -> Iterator[Page]:
    """A page whose context ignores the site's Content-Security-Policy: these tests make the
    requests the policy would stop, to see that the monitor would catch them too."""
    context = monitor.watch(browser.new_context(bypass_csp=True))
    yield context.new_page()
    context.close()


def open_plain_page(page: Page, site_server: SiteServer) -> None:
    """A same-origin document that does not boot Python, to keep these tests fast."""
    page.goto(f"{site_server.url}pyscript.toml")


def test_flags_a_request_to_another_origin(page: Page, site_server, monitor):
    page.route("http://external.invalid/**", lambda route: route.abort())  # never hits a network
    open_plain_page(page, site_server)
    page.evaluate(f"fetch({EXTERNAL!r}).catch(() => null)")
    problems = monitor.take_problems()
    assert any(EXTERNAL in problem and "left the site" in problem for problem in problems)


def test_flags_an_uncaught_exception(page: Page, site_server, monitor):
    open_plain_page(page, site_server)
    page.evaluate("setTimeout(() => { throw new Error('deliberate failure') })")
    page.wait_for_timeout(200)
    assert any("deliberate failure" in problem for problem in monitor.take_problems())


def test_flags_a_console_error(page: Page, site_server, monitor):
    open_plain_page(page, site_server)
    page.evaluate("console.error('deliberate console error')")
    assert any("deliberate console error" in problem for problem in monitor.take_problems())


def test_flags_a_missing_file(page: Page, site_server, monitor):
    open_plain_page(page, site_server)
    page.evaluate("fetch('missing-file.js')")
    page.wait_for_timeout(200)
    assert any("HTTP 404" in problem for problem in monitor.take_problems())


def test_blob_and_data_urls_are_local(page: Page, site_server, monitor):
    open_plain_page(page, site_server)
    page.evaluate("fetch('data:text/plain,hi').then(() => fetch(URL.createObjectURL(new Blob(['x']))))")
    assert monitor.problems == []
