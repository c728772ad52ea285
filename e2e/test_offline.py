"""Offline: after one online visit the page boots with the server stopped, and a new build
replaces the old cache on the load after the one that found it."""

import shutil
import time
from pathlib import Path

from playwright.sync_api import Page

from e2e.harness import wait_until_offline_ready, wait_until_ready
from tools.build import precached_files, write_service_worker

# The service worker's caches (the runtime snapshot's is the page's own).
CACHE_NAMES = "caches.keys().then((names) => names.filter((name) => name.startsWith('site-')))"


def wait_for_cache_names(page: Page, expected: list[str], timeout_s: float = 60) -> None:
    """Poll Cache Storage until it holds exactly `expected` (updates happen in the background)."""
    deadline = time.monotonic() + timeout_s
    while (names := page.evaluate(CACHE_NAMES)) != expected:
        assert time.monotonic() < deadline, f"caches are {names}, expected {expected}"
        page.wait_for_timeout(250)


def test_boots_with_the_server_stopped(page: Page, make_server, monitor):
    server = make_server()
    monitor.allow(server.origin)
    page.goto(server.url)
    wait_until_ready(page)
    wait_until_offline_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_timeout(300)
    assert page.is_hidden("#update-notice")  # the first install is not a "new version"

    server.stop()
    served_before = len(monitor.responses)
    page.reload()
    wait_until_ready(page)

    offline = monitor.responses[served_before:]
    assert offline, "the reload fetched nothing"
    assert [r.url for r in offline if not r.from_service_worker] == []


def test_new_build_replaces_the_old_cache(page: Page, make_server, monitor, built_site: Path, tmp_path: Path):
    first = make_server()
    monitor.allow(first.origin)
    page.goto(first.url)
    wait_until_ready(page)
    wait_until_offline_ready(page)
    old_caches = page.evaluate(CACHE_NAMES)
    assert len(old_caches) == 1 and old_caches[0].startswith("site-")

    rebuilt = tmp_path / "rebuilt"
    shutil.copytree(built_site, rebuilt)
    with (rebuilt / "assets" / "site.css").open("a") as css:
        css.write("\n/* next release */\n")
    new_cache = write_service_worker(rebuilt / "sw.js", precached_files(rebuilt), prefix="site-", page="index.html")
    first.stop()
    make_server(rebuilt, port=first.port)  # same port: same origin, same service worker scope

    page.reload()  # the browser sees a changed sw.js and installs it; it waits for the next load
    wait_until_ready(page)
    page.wait_for_selector("#update-notice:not([hidden])", timeout=60_000)
    page.reload()  # the next load takes the new build at its start and reloads onto it
    wait_until_ready(page)
    wait_for_cache_names(page, [new_cache])
    assert page.evaluate("fetch('assets/site.css').then(r => r.text())").endswith("/* next release */\n")


def test_a_browser_without_room_for_the_offline_copy_says_offline_play_is_off(page: Page, site_server):
    """A nearly full disk (here a 4 MB quota for the site): the service worker cannot keep the
    game, and the page says so instead of leaving it to the console (issue 38, item 5)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site_server.origin, "quotaSize": 4 * 1024 * 1024})
    page.goto(site_server.url)
    wait_until_ready(page)
    page.wait_for_selector("#offline-notice:visible", timeout=60_000)
    words = page.inner_text("#offline-notice")
    assert "Offline play is off" in words and "no room" in words
    assert page.evaluate("navigator.serviceWorker.controller") is None
