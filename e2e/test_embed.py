"""Blog embed: the game boots inside a cross-site <iframe>, with partitioned storage (Chrome's
default) and with storage denied to the frame, where it says saves are unavailable; the
snippets a blogger pastes fit a phone's blog page."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from e2e.harness import wait_until_ready
from e2e.helpers import open_blog_post
from pygame_core.record import Record
from pygame_core.registry import find_game
from ui.saves.correspondence import embed_snippet

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.quick
def test_boots_in_a_cross_site_frame(page: Page, blog_server, site_server, monitor):
    monitor.allow(blog_server.origin)
    frame = open_blog_post(page, blog_server, site_server)
    wait_until_ready(frame)
    assert frame.get_attribute("body", "data-storage") == "available"
    assert frame.is_hidden("#storage-notice")


def test_boots_in_a_storage_denied_frame_and_says_saves_are_off(
    storage_blocked_context: BrowserContext, blog_server, site_server, monitor
):
    monitor.allow(blog_server.origin)
    page = storage_blocked_context.new_page()
    frame = open_blog_post(page, blog_server, site_server)
    wait_until_ready(frame)
    assert frame.get_attribute("html", "data-indexeddb") == "memory"
    assert frame.get_attribute("body", "data-storage") == "denied"
    assert frame.is_visible("#storage-notice")
    assert "Saves are unavailable in this frame" in frame.inner_text("#storage-notice")


def test_storage_denied_profile_leaves_the_top_level_site_alone(
    storage_blocked_context: BrowserContext, site_server
):
    page = storage_blocked_context.new_page()
    page.goto(site_server.url)
    wait_until_ready(page)
    assert page.get_attribute("body", "data-storage") == "available"


START_OPPONENT = """
import asyncio
from pyscript import window
from ui.ai_client import AiClient

async def start():
    try:
        await asyncio.wait_for(AiClient(seed=1).warm_up(), 90)
        window.__opponent = "ready"
    except BaseException as exc:
        window.__opponent = f"failed: {exc!r}"

asyncio.ensure_future(start())
"""


def test_opponent_worker_starts_in_a_storage_denied_frame(
    storage_blocked_context: BrowserContext, blog_server, site_server, monitor
):
    """The named worker boots PyScript too, and is denied IndexedDB like its frame."""
    monitor.allow(blog_server.origin)
    page = storage_blocked_context.new_page()
    frame = open_blog_post(page, blog_server, site_server)
    wait_until_ready(frame)
    frame.evaluate(
        "code => { const s = document.createElement('script'); s.type = 'py'; s.textContent = code;"
        " document.body.append(s); }",
        START_OPPONENT,
    )
    frame.wait_for_function("window.__opponent", timeout=120_000)
    assert frame.evaluate("window.__opponent") == "ready"


def readme_snippet() -> str:
    """The <iframe> of the README's "Put a board in a blog post"."""
    section = README.read_text(encoding="utf-8").split("## Put a board in a blog post", 1)[1]
    return section.split("```html", 1)[1].split("```", 1)[0].strip()


def test_the_snippets_fit_a_phone_s_blog_page(browser: Browser, blog_server, site_server, monitor):
    """Issue 38.17: the README's snippet and the one "Playing by link" writes, pasted into a blog
    post read on a 390 px phone: the post does not scroll sideways and each board keeps its shape."""
    monitor.allow(blog_server.origin)
    context = monitor.watch(browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                                has_touch=True))
    page = context.new_page()
    page.goto(f"{blog_server.url}blog_embeds.html")
    record = Record("susan", find_game("susan").resolve_options({}), ("d6", "b5"))
    snippets = [readme_snippet().replace("https://YOUR-SITE/", site_server.url),
                embed_snippet(site_server.url, "a1b2c3d4e5f6", record, "SUSAN")]
    page.eval_on_selector("#boards", "(boards, html) => { boards.innerHTML = html; }", "".join(snippets))
    for frame_element in page.query_selector_all("#boards iframe"):
        frame_element.scroll_into_view_if_needed()
        frame = frame_element.content_frame()
        assert frame is not None
        frame.wait_for_selector("#board", state="visible", timeout=60_000)
        width, height = frame.evaluate("[innerWidth, innerHeight]")
        assert width <= 390 - 16 and abs(height - width * 560 / 720) <= 2
        assert frame.evaluate("document.documentElement.scrollWidth") <= width   # the board fits it
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


HOSTILE_MESSAGES = 50


def test_a_parent_page_posting_the_runtimes_internal_messages_throws_nothing_in_the_frame(
    page: Page, blog_server, site_server, monitor
):
    """Pyodide's setImmediate stand-in answers window messages "_si" from anyone; a parent page
    posting them once made the frame throw an uncaught TypeError each (issue 38, item 8)."""
    monitor.allow(blog_server.origin)
    frame = open_blog_post(page, blog_server, site_server)
    wait_until_ready(frame)
    page.evaluate("""(count) => new Promise((done) => {
        const frame = document.getElementById("game").contentWindow;
        for (let i = 0; i < count; i++) frame.postMessage(i % 2 ? "_si" : "_si" + i, "*");
        setTimeout(done, 500);
    })""", HOSTILE_MESSAGES)
    assert frame.get_attribute("body", "data-state") == "ready"
    assert monitor.take_problems() == []
