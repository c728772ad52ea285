"""Embed mode (`?embed=1`) in a cross-site <iframe>: the compact board opens the game the
parameters ask for, plays, links to the full page, and copes with storage denied and with
hostile parameters."""

from __future__ import annotations

from urllib.parse import quote, urlencode

from playwright.sync_api import BrowserContext, Frame, Page

from e2e.harness import start_embed, wait_until_ready
from tools.serve import SiteServer


def open_embed(page: Page, blog_server: SiteServer, site_server: SiteServer, params: dict) -> Frame:
    src = site_server.url + "?" + urlencode(params)
    page.goto(f"{blog_server.url}blog_embed.html?src={quote(src, safe='')}")
    frame = page.wait_for_selector("#game").content_frame()
    assert frame is not None and frame.url.startswith(site_server.origin)
    start_embed(frame)
    frame.wait_for_selector("#embed-full-page", state="attached")
    return frame


def moves(frame: Frame) -> list[str]:
    return frame.eval_on_selector_all("#moves button[data-cursor]", "bs => bs.slice(1).map(b => b.textContent)")


def play(frame: Frame, turn: str) -> None:
    count = len(moves(frame))
    frame.fill("#move-input", turn)
    frame.press("#move-input", "Enter")
    frame.wait_for_function("n => document.querySelectorAll('#moves button[data-cursor]').length === n",
                            arg=count + 2)


EMBED = {"embed": "1", "game": "susan", "size": "6", "record": "d6 b5", "theme": "dark"}


def check_compact_board_plays(frame: Frame, site_server: SiteServer) -> None:
    assert frame.evaluate("document.body.classList.contains('embed')")
    assert frame.is_hidden(".site-header")
    assert frame.get_attribute("html", "data-theme") == "dark"
    assert moves(frame) == ["1. B d6", "2. W b5"]
    play(frame, "c4")
    link = frame.get_attribute("#embed-full-page", "href")
    assert link.startswith(site_server.url + "#r1") and "embed" not in link
    assert frame.get_attribute("#embed-full-page", "target") == "_blank"
    assert (frame.text_content("#saves-status") or "") == ""  # every parameter was used


def test_embed_with_storage_allowed(page: Page, blog_server, site_server, monitor) -> None:
    monitor.allow(blog_server.origin)
    frame = open_embed(page, blog_server, site_server, EMBED)
    assert frame.get_attribute("body", "data-storage") == "available"
    check_compact_board_plays(frame, site_server)


def test_embed_with_storage_denied(storage_blocked_context: BrowserContext, blog_server, site_server,
                                   monitor) -> None:
    monitor.allow(blog_server.origin)
    page = storage_blocked_context.new_page()
    frame = open_embed(page, blog_server, site_server, EMBED)
    assert frame.get_attribute("body", "data-storage") == "denied"
    assert frame.is_visible("#storage-notice")
    check_compact_board_plays(frame, site_server)


def test_the_full_page_link_opens_the_same_game(page: Page, blog_server, site_server, monitor) -> None:
    monitor.allow(blog_server.origin)
    frame = open_embed(page, blog_server, site_server, EMBED)
    play(frame, "c4")
    link = frame.get_attribute("#embed-full-page", "href")
    full = page.context.new_page()
    full.goto(link)
    wait_until_ready(full)
    full.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 4")
    assert moves(full) == ["1. B d6", "2. W b5", "3. B c4"]
    assert not full.evaluate("document.body.classList.contains('embed')")


def test_hostile_parameters_give_messages_and_defaults(page: Page, blog_server, site_server, monitor) -> None:
    monitor.allow(blog_server.origin)
    frame = open_embed(page, blog_server, site_server, {
        "embed": "1", "game": "<img src=x onerror=alert(1)>", "theme": "neon", "seats": "robot",
        "record": "zz99 " * 20, "move": "-5"})
    message = frame.text_content("#saves-status") or ""
    assert "no game" in message and "theme" in message
    assert frame.eval_on_selector_all("#side-panel img", "els => els.length") == 0
    assert moves(frame) == []
    play(frame, "e5")  # the default game still plays


# Every interval on the page fires each millisecond, so the first screen's "Loading the game to
# play it" line above the board is rewritten in every gap between Python's boot steps.
FAST_INTERVALS = """
const realSetInterval = window.setInterval;
window.setInterval = (handler, delay, ...rest) => realSetInterval(handler, Math.min(delay ?? 0, 1), ...rest);
"""


def test_the_loading_words_give_way_to_the_game_s_own_status(page: Page, blog_server, site_server,
                                                             monitor) -> None:
    """The first screen's progress above the board stops once Python starts writing the page:
    a poll that fell between Python's status and the page's ready mark left a ready embed
    saying it was still loading (CI, stop 47)."""
    monitor.allow(blog_server.origin)
    page.add_init_script(FAST_INTERVALS)
    frame = open_embed(page, blog_server, site_server, EMBED)
    frame.wait_for_timeout(100)   # a hundred more polls, had they not stopped
    status = frame.text_content("#status") or ""
    assert status and "Loading the game" not in status
    assert moves(frame) == ["1. B d6", "2. W b5"]
