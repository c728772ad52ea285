"""First paint (issue 16.3): a return visit paints the board as the player left it before Python
is ready, marked not yet playable, and Python's live board replaces it; a share link or a
query (a share link, an embed), which may open another game, paints nothing early."""

from __future__ import annotations

import time

from playwright.sync_api import Page

from e2e.harness import wait_until_playable, wait_until_ready
from tools.serve import SiteServer

PICTURE_KEPT = """async () => Boolean(await (await caches.open("board-picture")).match(new URL("board-picture", location.href)))"""
# Records, from the page's first script on, whether the canvas was shown as the picture.
WATCH_CANVAS = """
window.__pictureSeen = false;
new MutationObserver(() => {
  const board = document.getElementById("board");
  if (board?.classList.contains("board-picture") && board.getAttribute("aria-busy") === "true"
      && document.body.dataset.state === "loading") window.__pictureSeen = true;
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
"""


def marks(page: Page) -> dict[str, int]:
    return dict(page.evaluate("window.__bootMarks"))


def leave_a_position(page: Page, url: str) -> None:
    page.goto(url)
    wait_until_playable(page)
    page.fill("#move-input", "c3")
    page.press("#move-input", "Enter")
    page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 2")
    wait_for_picture(page)


def wait_for_picture(page: Page, timeout_s: float = 30.0) -> None:
    """Until the picture of the board is in Cache Storage. (wait_for_function cannot wait for
    it: an async predicate returns a promise, which is truthy at once.)"""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(PICTURE_KEPT):
        assert time.monotonic() < deadline, "no picture of the board was kept"
        page.wait_for_timeout(200)


def test_a_return_visit_paints_the_last_board_before_ready(page: Page, site_server: SiteServer) -> None:
    leave_a_position(page, site_server.url)
    page.add_init_script(WATCH_CANVAS)
    page.goto(site_server.url)
    boot_ms = wait_until_ready(page)
    assert page.evaluate("window.__pictureSeen"), (marks(page), boot_ms)
    assert marks(page)["board painted"] < boot_ms
    assert page.get_attribute("#board", "class") in (None, "")       # live: the mark is gone
    assert page.get_attribute("#board", "aria-busy") is None


def test_a_share_link_paints_no_old_board(page: Page, site_server: SiteServer) -> None:
    leave_a_position(page, site_server.url)
    page.goto(site_server.url + "?shared=1")   # any query: a share link or an embed names its game
    wait_until_ready(page)
    assert "board painted" not in marks(page)
