"""Reusable e2e fixtures: the built site on a loopback server, Chromium, and a `page` whose
requests and errors are checked after every test.

A new test only asks for `page` (and `site_server` for the URL):

    def test_something(page, site_server):
        page.goto(site_server.url)
        wait_until_ready(page)
        ...

and fails if the page requested anything outside the site's origin, got an HTTP error from
it, logged a console error or threw an uncaught exception while the test ran.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from e2e.harness import TrafficMonitor, launch_options
from tools.build import build_site
from tools.serve import SiteServer

PAGES = Path(__file__).parent / "pages"
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
MONITOR = pytest.StashKey[TrafficMonitor]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail the test itself (not its teardown) when the page broke the monitor's rules."""
    result = yield
    monitor = item.stash.get(MONITOR, None)
    if monitor is not None:
        monitor.assert_clean()
    return result


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per session into a temporary folder (dist/ stays untouched)."""
    out = tmp_path_factory.mktemp("site")
    build_site(out)
    return out


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[SiteServer]:
    """The built site at http://127.0.0.1:<ephemeral port>/ for the whole session."""
    with SiteServer(built_site) as server:
        yield server


@pytest.fixture(scope="session")
def blog_server() -> Iterator[SiteServer]:
    """A blog that embeds the game, at http://localhost:<port>/: another site than 127.0.0.1."""
    with SiteServer(PAGES, host="localhost", policy=None) as server:  # another site: not our policy
        yield server


@pytest.fixture
def make_server(built_site: Path) -> Iterator[Callable[..., SiteServer]]:
    """Start private servers (e.g. to stop one for an offline test); all stop at teardown."""
    servers: list[SiteServer] = []

    def start(root: Path = built_site, port: int = 0) -> SiteServer:
        servers.append(SiteServer(root, port=port).start())
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    """One Chromium for the session; each test gets a fresh context (fresh profile state)."""
    browser = playwright_session.chromium.launch(**launch_options())
    yield browser
    browser.close()


@pytest.fixture
def monitor(request: pytest.FixtureRequest, site_server: SiteServer) -> TrafficMonitor:
    """The request/error log of this test; only the site's own origin is allowed."""
    monitor = TrafficMonitor(allowed_origins={site_server.origin})
    request.node.stash[MONITOR] = monitor
    return monitor


@pytest.fixture
def context(browser: Browser, monitor: TrafficMonitor) -> Iterator[BrowserContext]:
    context = monitor.watch(browser.new_context())
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture
def phone(browser: Browser, monitor: TrafficMonitor) -> Iterator[Page]:
    """A page on a phone: 390 x 844, touch."""
    context = monitor.watch(browser.new_context(viewport={"width": VIEWPORTS["phone"][0], "height": VIEWPORTS["phone"][1]}, is_mobile=True,
                                                has_touch=True))
    yield context.new_page()
    context.close()


@pytest.fixture(params=list(VIEWPORTS))
def screen(request: pytest.FixtureRequest, browser: Browser, monitor: TrafficMonitor) -> Iterator[Page]:
    """A page at one of the two sizes the issue names (the phone one with touch)."""
    width, height = VIEWPORTS[request.param]
    phone = request.param == "phone"
    context = monitor.watch(browser.new_context(viewport={"width": width, "height": height},
                                                is_mobile=phone, has_touch=phone))
    yield context.new_page()
    context.close()


@pytest.fixture
def storage_blocked_context(
    playwright_session: Playwright, monitor: TrafficMonitor, tmp_path: Path
) -> Iterator[BrowserContext]:
    """A browser profile that denies the game site storage when a 127.0.0.1 page is embedded
    in a localhost page (a per-site cookie block, as a user or an administrator sets it), with
    storage partitioning on as in real Chrome. The frame then gets a throwing localStorage, a
    failing IndexedDB, and no Cache Storage or service worker."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    block = {"http://127.0.0.1:*,http://localhost:*": {"setting": 2}}
    preferences = {"profile": {"content_settings": {"exceptions": {"cookies": block}}}}
    (profile / "Default" / "Preferences").write_text(json.dumps(preferences))
    context = playwright_session.chromium.launch_persistent_context(str(profile), **launch_options())
    monitor.watch(context)
    yield context
    context.close()
