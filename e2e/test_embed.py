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
