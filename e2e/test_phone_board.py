"""Issue 30, item 10: the phone layout at 390x844. No empty band between the status line and
the board (the status box keeps room for the status and one line under it, not three), and
every game's cells are comfortable to tap by default: a board whose cells would be smaller than
the tap size opens zoomed in, scrolling inside its frame; the Zoom button shows the whole board
and that choice is kept."""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.harness import TrafficMonitor
from e2e.helpers import boot, box, buttons_on_screen, cell_px, new_game, tap_visible, wait_for_moves
from tools.serve import SiteServer

COMFORTABLE_CELL_PX = 30
MAX_BAND_PX = 32     # status line to board: room for one line of message or note


@pytest.fixture
def phone(browser: Browser, monitor: TrafficMonitor) -> Iterator[Page]:
    context = monitor.watch(browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                                has_touch=True))
    yield context.new_page()
    context.close()


def band(page: Page) -> float:
    """Empty height between the status line's text and the board's frame."""
    return box(page, "#board-frame")["y"] - (box(page, "#status")["y"] + box(page, "#status")["height"])


def test_no_empty_band_over_the_board_and_cells_big_enough_to_tap(phone: Page, site_server: SiteServer) -> None:
    page = phone
    boot(page, site_server)
    assert band(page) <= MAX_BAND_PX
    assert cell_px(page) >= COMFORTABLE_CELL_PX                  # SUSAN: whole board, big cells
    expect(page.locator("#zoom")).to_be_hidden()
    played = False
    for game, far_cell in (("superstar", "A5"), ("lisbon", "p8")):
        new_game(page, game, replacing=played)
        assert band(page) <= MAX_BAND_PX
        expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "true")
        assert cell_px(page) >= COMFORTABLE_CELL_PX, game
        frame = box(page, "#board-frame")
        assert frame["width"] <= 390 and frame["x"] >= 0          # it scrolls inside its frame
        buttons_on_screen(page)
        tap_visible(page, far_cell)
        assert wait_for_moves(page, 1)[0].lower().endswith(far_cell.lower())
        played = True
    page.click("#zoom")                                          # the whole board, on request
    expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "false")
    assert cell_px(page) < COMFORTABLE_CELL_PX
    new_game(page, "superstar", replacing=True)                  # the player's choice is kept
    expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "false")
