"""Feel (issue 15.6) in Chromium: a placed stone grows in unless the player prefers reduced
motion; the optional click sound is off by default, made by WebAudio and remembered; a dragged
SUSAN stone is drawn under the pointer before it is let go."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from e2e.helpers import boot, cells, tap, wait_for_moves

from tools.serve import SiteServer

# count the tones WebAudio starts (the page's policy does not govern an init script)
COUNT_TONES = """
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
    window.__tones = (window.__tones || 0) + 1;
    return start.apply(this, args);
};
"""


def grown(page: Page) -> int:
    return int(page.get_attribute("#board", "data-grown") or 0)


def test_a_placed_stone_grows_in(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    tap(page, "e5")
    page.wait_for_function("document.getElementById('board').dataset.grown === '1'")


def test_reduced_motion_places_without_growing(page: Page, site_server: SiteServer) -> None:
    page.emulate_media(reduced_motion="reduce")
    boot(page, site_server)
    tap(page, "e5", "a1")
    assert wait_for_moves(page, 2) == ["1. B e5", "2. W a1"]
    page.wait_for_timeout(300)
    assert grown(page) == 0


def test_the_click_sound_is_off_until_chosen_and_then_remembered(page: Page, site_server: SiteServer) -> None:
    page.add_init_script(COUNT_TONES)
    boot(page, site_server)
    expect(page.locator("#sound")).not_to_be_checked()
    tap(page, "e5")
    wait_for_moves(page, 1)
    page.wait_for_timeout(200)
    assert page.evaluate("window.__tones || 0") == 0
    page.check("#sound")
    page.wait_for_function("window.__tones === 1")            # a sample when switched on
    assert page.evaluate("localStorage.getItem('abstract-games:sound')") == "on"
    tap(page, "a1")
    page.wait_for_function("window.__tones === 2")
    page.reload()
    boot(page, site_server)
    expect(page.locator("#sound")).to_be_checked()


def test_a_dragged_stone_follows_the_pointer(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    tap(page, "e5", "a1")
    wait_for_moves(page, 2)
    board = page.locator("#board").bounding_box()
    assert board is not None
    (x1, y1), (x2, y2) = cells(page)["e5"], cells(page)["e6"]
    middle = ((x1 + x2) / 2, (y1 + y2) / 2)                     # the edge between the two cells
    before = pixel(page, middle)
    page.mouse.move(board["x"] + x1, board["y"] + y1)
    page.mouse.down()
    page.mouse.move(board["x"] + middle[0], board["y"] + middle[1], steps=4)
    page.wait_for_function("([x, y, r]) => { const c = document.getElementById('board');"
                           " const d = c.getContext('2d').getImageData(x * devicePixelRatio, y * devicePixelRatio, 1, 1).data;"
                           " return Math.abs(d[0] - r) > 60; }", arg=[middle[0], middle[1], before[0]])
    page.mouse.move(board["x"] + x2, board["y"] + y2, steps=4)
    page.mouse.up()
    assert wait_for_moves(page, 3)[-1] == "3. B e5-e6"


def pixel(page: Page, point: tuple[float, float]) -> list[int]:
    return page.evaluate("([x, y]) => [...document.getElementById('board').getContext('2d')"
                         ".getImageData(x * devicePixelRatio, y * devicePixelRatio, 1, 1).data]", list(point))
