"""The first screen before Python (issue 27): the front door, the rules and the empty board show
while the runtime is still downloading, a choice made meanwhile is carried out once it is
ready, and blog embeds are drawn from the build's pictures and start their runtime only when
the reader plays, one runtime per board the reader uses.

The runtime's WebAssembly is held back by a route until the test lets it go, so "before ready"
is a state the test controls, not a race against the machine's speed."""

from __future__ import annotations

import json
from urllib.parse import quote, urlencode
from urllib.request import urlopen

from playwright.sync_api import Frame, Page, expect

from e2e.harness import start_embed, wait_until_ready
from e2e.helpers import HeldRuntime, violations
from tools.serve import SiteServer

AI_TIMEOUT_MS = 90_000
# Whether the frame has started its runtime: the start says how it went on <html> (the WebAssembly
# itself is downloaded by the worker a first visit starts it in, not by the frame).
USES_RUNTIME = "document.documentElement.dataset.pythonStart !== undefined"


def door(page: Page, game: str):
    return page.locator(f'#front-door-dialog section[data-game="{game}"]')


def test_a_choice_made_before_ready_is_carried_out(page: Page, site_server: SiteServer) -> None:
    held = HeldRuntime(page)
    page.goto(site_server.url)
    dialog = page.locator("#front-door-dialog")
    expect(dialog).to_be_visible()
    assert page.get_attribute("body", "data-state") == "loading"
    for title in ("SUSAN", "STYMIE", "SUPERSTAR", "LISBON"):
        expect(dialog.get_by_role("heading", name=title)).to_be_visible()
    expect(page.get_by_role("button", name="Play the computer: SUSAN")).to_be_focused()
    expect(page.locator("#board")).to_have_class("board-sketch")   # the empty board behind the door
    stymie = door(page, "stymie")
    stymie.locator(".front-door-level").select_option("hard")
    stymie.get_by_role("button", name="Play the computer: STYMIE").click()
    progress = stymie.locator(".front-door-progress")
    expect(progress).to_contain_text("starts as soon as the game has loaded")
    expect(progress).to_contain_text("%)")
    expect(page.get_by_role("button", name="Play a friend on this device: SUSAN")).to_be_disabled()
    assert page.get_attribute("body", "data-state") == "loading"
    held.release()
    wait_until_ready(page)
    expect(page.locator("#front-door-dialog")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-game", "stymie")
    page.wait_for_function("localStorage.getItem('abstract-games:autosave') !== null")
    stored = page.evaluate("JSON.parse(localStorage.getItem('abstract-games:autosave'))")
    assert stored["record"]["game"] == "stymie" and stored["seats"] == [{"kind": "human", "level": None},
                                                               {"kind": "ai", "level": "hard"}]
    # the door works as before once Python has it, and its controls are back
    page.click("#new-game")
    page.click("#setup-front-door")
    expect(door(page, "susan").get_by_role("button", name="Play a friend on this device: SUSAN")).to_be_enabled()
    expect(door(page, "stymie").locator(".front-door-progress")).to_have_text("")


# Clicks a game's "Play a friend" the moment the page says ready: in the same turn of the
# event loop, before Python could run again (a player or a driver acting on the ready mark).
CLICK_AT_READY = """
new MutationObserver((changes, observer) => {
  if (document.body.dataset.state !== "ready") return;
  observer.disconnect();
  document.querySelector('#front-door-dialog section[data-game="lisbon"] .front-door-friend').click();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state"]});
"""


def test_a_choice_made_as_the_page_turns_ready_is_not_lost(page: Page, site_server: SiteServer) -> None:
    """Ready means the door is Python's: a click then is carried out, not dropped between the
    first screen (which stops answering at ready) and Python (which wires the door after)."""
    page.add_init_script(CLICK_AT_READY)
    page.goto(site_server.url)
    wait_until_ready(page)
    expect(page.locator("body")).to_have_attribute("data-game", "lisbon")
    expect(page.locator("#front-door-dialog")).to_be_hidden()


def test_no_accessibility_violations_before_ready(screen: Page, site_server: SiteServer) -> None:  # noqa: F811
    """axe on the pre-Python front door, then on the board and its rules behind it."""
    page = screen
    HeldRuntime(page)
    page.goto(site_server.url)
    expect(page.locator("#front-door-dialog")).to_be_visible()
    expect(page.locator("#board")).to_have_class("board-sketch")
    assert violations(page) == [], "the front door before ready"
    page.click("#front-door-close")
    page.click("#help-button")
    expect(page.locator("#help-dialog figure img")).to_be_visible()
    assert violations(page) == [], "the rules before ready"
    assert page.get_attribute("body", "data-state") == "loading"


def test_leaving_the_door_before_ready_keeps_it_closed(page: Page, site_server: SiteServer) -> None:
    held = HeldRuntime(page)
    page.goto(site_server.url)
    page.click("#front-door-close")
    expect(page.locator("#front-door-dialog")).to_be_hidden()
    held.release()
    wait_until_ready(page)
    page.wait_for_timeout(300)
    expect(page.locator("#front-door-dialog")).to_be_hidden()
    expect(page.locator("#status")).to_have_text("Black to move.")


def test_the_rules_read_before_ready(page: Page, site_server: SiteServer) -> None:
    held = HeldRuntime(page)
    page.goto(site_server.url)
    page.click("#front-door-close")
    page.click("#help-button")
    dialog = page.locator("#help-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#help-title")).to_have_text("How to play SUSAN")
    expect(dialog.locator("figure img")).to_have_js_property("complete", True)
    assert dialog.locator("figure img").evaluate("img => img.naturalWidth") > 0
    assert len(dialog.locator("h3").all()) >= 2
    assert page.get_attribute("body", "data-state") == "loading"
    page.click("#help-close")
    expect(dialog).to_be_hidden()
    held.release()
    wait_until_ready(page)
    page.click("#help-button")   # Python's dialog: the same rules
    expect(page.locator("#help-title")).to_have_text("How to play SUSAN")
    expect(dialog.locator("figure canvas")).to_be_visible()


def embed_url(site_server: SiteServer, **params: str) -> str:
    return site_server.url + "?" + urlencode({"embed": "1", **params})


def open_blog(page: Page, blog_server: SiteServer, *sources: str, wait_until: str = "load") -> list[Frame]:
    page.goto(f"{blog_server.url}blog_embeds.html?" + "&".join(f"src={quote(s, safe='')}" for s in sources),
              wait_until=wait_until)  # type: ignore[arg-type]
    frames = [page.wait_for_selector(f"#game-{i}").content_frame() for i in range(len(sources))]
    for frame in frames:
        assert frame is not None
        frame.wait_for_selector("#board.board-sketch", state="attached", timeout=60_000)
    return frames  # type: ignore[return-value]


def test_an_embed_is_drawn_without_python_and_starts_on_a_click(page: Page, blog_server: SiteServer,
                                                                  site_server: SiteServer, monitor) -> None:
    monitor.allow(blog_server.origin)
    (frame,) = open_blog(page, blog_server, embed_url(site_server, game="susan", size="6", record="d6 b5",
                                                       theme="dark"))
    assert frame.get_attribute("#board", "data-sketch") .startswith("susan-")
    expect(frame.locator("#game-title")).to_have_text("SUSAN")
    expect(frame.locator("#record-sketch")).to_have_text("Moves: d6 b5")
    expect(frame.locator("#boot-message")).to_contain_text("Click the board")
    page.wait_for_timeout(2000)
    assert frame.get_attribute("body", "data-state") == "loading"
    assert not frame.evaluate(USES_RUNTIME)
    start_embed(frame)
    assert frame.evaluate(USES_RUNTIME)
    frame.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 3")
    frame.fill("#move-input", "c4")
    frame.press("#move-input", "Enter")
    frame.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 4")


def test_a_click_before_the_boot_script_arrives_starts_the_embed(page: Page, blog_server: SiteServer,
                                                                  site_server: SiteServer, monitor) -> None:
    """A reader may click the painted board before boot.js and its imports have arrived (a slow
    line, several embeds loading at once; CI met it): that click starts the game, no second one
    needed."""
    monitor.allow(blog_server.origin)
    held = HeldRuntime(page, "**/assets/boot.js")
    (frame,) = open_blog(page, blog_server, embed_url(site_server, game="stymie"), wait_until="commit")
    frame.click("#board")
    assert held.routes, "boot.js arrived before the click: the test did not click early"
    held.release()
    wait_until_ready(frame)
    assert frame.evaluate(USES_RUNTIME)


def test_several_embeds_boot_only_the_one_used(page: Page, blog_server: SiteServer, site_server: SiteServer,
                                               monitor) -> None:
    monitor.allow(blog_server.origin)
    frames = open_blog(page, blog_server, *(embed_url(site_server, game=game) for game in ("susan", "stymie", "lisbon")))
    titles = [frame.text_content("#game-title") for frame in frames]
    assert titles == ["SUSAN", "STYMIE", "LISBON"]
    start_embed(frames[1])
    page.wait_for_timeout(2000)
    assert [frame.evaluate(USES_RUNTIME) for frame in frames] == [False, True, False]
    assert [frame.get_attribute("body", "data-state") for frame in frames] == ["loading", "ready", "loading"]


def test_the_snippet_s_position_is_painted_and_hostile_ones_are_not(page: Page, blog_server: SiteServer,
                                                                   site_server: SiteServer, monitor) -> None:
    monitor.allow(blog_server.origin)
    with urlopen(site_server.url + "boards/boards.json") as response:   # the build names the board
        key = json.load(response)["games"]["susan"]["board"]
    good = f"{key}:d6.c4:b5"
    hostile = (f"{key}:<img src=x onerror=alert(1)>", f"{key}:__proto__", f"{key}:d6:d6",
               f"{key}:" + "d6." * 3000, "susan-00000000:d6", "constructor:x", f"{key}:a1:b2:c3:d4:e5")
    frames = open_blog(page, blog_server, embed_url(site_server, pos=good),
                       *(embed_url(site_server, pos=value) for value in hostile))
    assert frames[0].get_attribute("#board", "data-sketch-stones") == "3"
    for frame in frames[1:]:
        assert frame.get_attribute("#board", "data-sketch-stones") == "0"
        assert frame.eval_on_selector_all("img[src=x]", "els => els.length") == 0
    start_embed(frames[1])   # Python ignores `pos`: the board opens on its own record, no message
    assert (frames[1].text_content("#saves-status") or "") == ""
