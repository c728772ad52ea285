"""Blog embed: the game boots inside a cross-site <iframe>, with partitioned storage (Chrome's
default) and with storage denied to the frame, where it says saves are unavailable."""

from playwright.sync_api import BrowserContext, Frame, Page

from e2e.harness import wait_until_ready
from tools.serve import SiteServer


def open_blog_post(page: Page, blog_server: SiteServer, site_server: SiteServer) -> Frame:
    page.goto(f"{blog_server.url}blog_embed.html?src={site_server.url}")  # waits for the frame's load
    frame = page.query_selector("#game").content_frame()
    assert frame is not None and frame.url.startswith(site_server.origin)
    return frame


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
