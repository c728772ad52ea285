"""Issue 38.18d: the full page honours `?theme=` as an embed does, and has a Theme switch
(Auto, Light, Dark) whose choice is remembered for the next visit."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.harness import wait_until_playable
from tools.serve import SiteServer

# the page's background and the board canvas's corner (ui/board/theme.py's background)
COLOURS = """() => {
    const corner = document.getElementById('board').getContext('2d').getImageData(1, 1, 1, 1).data;
    return [getComputedStyle(document.body).backgroundColor, [...corner].slice(0, 3)];
}"""
DARK_PAGE, LIGHT_PAGE = "rgb(22, 23, 27)", "rgb(251, 247, 239)"
DARK_BOARD, LIGHT_BOARD = [0x1E, 0x1F, 0x24], [0xF4, 0xEB, 0xD9]


def colours(page: Page) -> list:
    page.wait_for_timeout(300)   # the board repaints on the next animation frame
    return page.evaluate(COLOURS)


def test_the_address_and_the_switch_set_the_theme(page: Page, site_server: SiteServer) -> None:
    page.emulate_media(color_scheme="light")
    page.goto(site_server.url + "?theme=dark")
    wait_until_playable(page)
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("#theme")).to_have_value("dark")
    assert colours(page) == [DARK_PAGE, DARK_BOARD]
    page.select_option("#theme", "light")
    assert colours(page) == [LIGHT_PAGE, LIGHT_BOARD]
    page.emulate_media(color_scheme="dark")
    page.goto(site_server.url)                      # remembered, over the system's dark scheme
    expect(page.locator("html")).to_have_attribute("data-theme", "light")   # before Python too
    wait_until_playable(page)
    expect(page.locator("#theme")).to_have_value("light")
    assert colours(page) == [LIGHT_PAGE, LIGHT_BOARD]
    page.select_option("#theme", "auto")            # follows the system again
    assert colours(page) == [DARK_PAGE, DARK_BOARD]
