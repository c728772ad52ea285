"""Snapshot boot (issues 16, 41): a first visit starts the runtime in a worker, which makes the
snapshot the page restores and stores it; the next visit's page and opponent worker start from
the stored one and play; a new build, a damaged snapshot and a storage-denied frame all start in
a worker again, and say why on the console."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from e2e.harness import TrafficMonitor, wait_until_ready
from e2e.helpers import open_blog_post, second_build
from tools.browser_harness import AUTOSAVE, computer_plays_white
from tools.serve import SiteServer

SNAPSHOT_TIMEOUT_MS = 120_000  # the maker worker starts a runtime of its own: slow on a busy 2-core box
AI_TIMEOUT_MS = 90_000
FROM_SNAPSHOT = "Python started from this build's snapshot"
WITHOUT_SNAPSHOT = "Python starts without a snapshot"
IN_A_WORKER = "Python started in a worker (no stored snapshot: "

SNAPSHOT_ENTRIES = """async () => (await (await caches.open("python-snapshot")).keys()).map((r) => r.url)"""

# Flip one byte in the middle of the stored snapshot, headers kept: as disk damage would.
DAMAGE = """async () => {
  const cache = await caches.open("python-snapshot");
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  bytes[bytes.length >> 1] ^= 0xff;
  await cache.put(request, new Response(bytes, { headers: response.headers }));
}"""


# Find the new build's service worker, let it install, and let it take over.
TAKE_NEW_BUILD = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const incoming = registration.installing ?? registration.waiting;
  if (!incoming) throw new Error("no new build found");
  while (incoming.state === "installing") {
    await new Promise((resolve) => incoming.addEventListener("statechange", resolve, { once: true }));
  }
  const taken = new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
  incoming.postMessage("activate-update");
  await taken;
}"""


def console_lines(page: Page) -> list[str]:
    """Every console message of the page and its workers from now on."""
    lines: list[str] = []
    page.on("console", lambda message: lines.append(message.text))
    return lines


def python_start(page: Page) -> tuple[str | None, str | None]:
    return (page.get_attribute("html", "data-python-start"),
            page.get_attribute("html", "data-python-start-reason"))


def wait_for_snapshot(page: Page) -> None:
    page.wait_for_function("['saved', 'failed'].includes(document.documentElement.dataset.snapshot)",
                           timeout=SNAPSHOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-snapshot") == "saved"


def play_and_get_answer(page: Page) -> None:
    """The player (Black) moves; the computer's answer arrives: page and worker both work."""
    page.fill("#move-input", "d5")
    page.press("#move-input", "Enter")
    page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 3",
                           timeout=AI_TIMEOUT_MS)


# Python's random state was frozen into the snapshot; each restore reseeds it.
DRAW = """
from pyscript import window
import random
window.__draw = str(random.random())
"""


def draw_random(page: Page) -> str:
    page.evaluate("code => { const s = document.createElement('script'); s.type = 'py'; s.textContent = code;"
                  " document.body.append(s); }", DRAW)
    page.wait_for_function("window.__draw !== undefined")
    return page.evaluate("window.__draw")


def first_visit(page: Page, url: str) -> None:
    page.goto(url)
    wait_until_ready(page)
    assert python_start(page) == ("worker", "missing")
    wait_for_snapshot(page)
    # The snapshot is stored as the page boots now, before the offline copy is in place: wait for
    # that too, so that a test deploying a new build does not cut the first one's precache.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SNAPSHOT_TIMEOUT_MS)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [AUTOSAVE, computer_plays_white()])


def test_the_next_visit_starts_page_and_opponent_from_the_snapshot(page: Page, site_server: SiteServer) -> None:
    first_visit(page, site_server.url)
    assert len(page.evaluate(SNAPSHOT_ENTRIES)) == 1
    lines = console_lines(page)
    page.goto(site_server.url)
    wait_until_ready(page)
    assert python_start(page) == ("snapshot", None)
    play_and_get_answer(page)
    # the page's runtime and the opponent worker's, each restored from the same snapshot
    assert sum(FROM_SNAPSHOT in line for line in lines) == 2, lines
    assert not any(WITHOUT_SNAPSHOT in line for line in lines), lines
    assert page.get_attribute("html", "data-snapshot") is None   # nothing to make again
    first_draw = draw_random(page)
    page.goto(site_server.url)
    wait_until_ready(page)
    assert python_start(page) == ("snapshot", None)
    assert draw_random(page) != first_draw


def test_a_damaged_snapshot_is_not_restored_and_is_made_again(page: Page, site_server: SiteServer) -> None:
    first_visit(page, site_server.url)
    page.evaluate(DAMAGE)
    lines = console_lines(page)
    page.goto(site_server.url)
    wait_until_ready(page)
    assert python_start(page) == ("worker", "restore failed: damaged snapshot (checksum)")
    assert any(IN_A_WORKER in line and "damaged" in line for line in lines), lines
    play_and_get_answer(page)
    wait_for_snapshot(page)    # a sound one replaces it
    page.goto(site_server.url)
    wait_until_ready(page)
    assert python_start(page) == ("snapshot", None)


def test_a_new_build_never_restores_the_old_snapshot(
        context: BrowserContext, built_site: Path, make_server, monitor: TrafficMonitor, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    new = second_build(tmp_path)
    server = make_server(site)
    monitor.allow(server.origin)
    page = context.new_page()
    first_visit(page, server.url)
    old_entries = page.evaluate(SNAPSHOT_ENTRIES)

    shutil.rmtree(site)            # deploy the second build
    shutil.copytree(new, site)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate(TAKE_NEW_BUILD)  # as the "new version" notice's Reload does
    lines = console_lines(page)
    page.goto(server.url)
    wait_until_ready(page)
    assert python_start(page) == ("worker", "another build's snapshot")
    assert any(IN_A_WORKER in line and "another build" in line for line in lines), lines
    play_and_get_answer(page)
    wait_for_snapshot(page)
    new_entries = page.evaluate(SNAPSHOT_ENTRIES)
    assert len(new_entries) == 1 and new_entries != old_entries   # the old build's is gone


def test_a_storage_denied_frame_starts_in_a_worker_and_stores_no_snapshot(
        storage_blocked_context: BrowserContext, blog_server, site_server, monitor) -> None:
    monitor.allow(blog_server.origin)
    page = storage_blocked_context.new_page()
    frame = open_blog_post(page, blog_server, site_server)
    wait_until_ready(frame)
    start, reason = frame.get_attribute("html", "data-python-start"), frame.get_attribute(
        "html", "data-python-start-reason")
    assert start == "worker" and reason.startswith("storage unavailable"), reason
    page.wait_for_timeout(3000)
    assert frame.get_attribute("html", "data-snapshot") is None
