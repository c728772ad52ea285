"""Issue 30, item 10 and issue 38, item 18b-c: the phone layout at 390x844. No empty band between
the status line and the board (the status box keeps room for the status and one line under it,
not three). Every game opens showing its whole board, edges in view, and shows it again when it
ends; where its cells are too small to tap, a tap zooms in around it first (so no stone lands on
a cell too small to hit, whatever game or size came before) and the Zoom button goes back and forth."""

from __future__ import annotations


from playwright.sync_api import Page, expect

from e2e.helpers import MIN_CELL_PX, boot, box, buttons_on_screen, cell_px, moves, new_game, tap_visible, wait_for_moves
from tools.serve import SiteServer

COMFORTABLE_CELL_PX = 30
MAX_BAND_PX = 32     # status line to board: room for one line of message or note


def band(page: Page) -> float:
    """Empty height between the status line's text and the board's frame."""
    return box(page, "#board-frame")["y"] - (box(page, "#status")["y"] + box(page, "#status")["height"])


def whole_board(page: Page) -> bool:
    """The whole board is in its frame: nothing to scroll to."""
    return page.eval_on_selector("#board-frame", "f => f.scrollWidth <= f.clientWidth + 1"
                                                 " && f.scrollHeight <= f.clientHeight + 1")


def test_the_whole_board_shows_and_a_tap_never_hits_a_small_cell(phone: Page, site_server: SiteServer) -> None:
    page = phone
    boot(page, site_server)
    assert band(page) <= MAX_BAND_PX
    assert cell_px(page) >= COMFORTABLE_CELL_PX                  # SUSAN: whole board, big cells
    expect(page.locator("#zoom")).to_be_hidden()
    played = False
    for game, options, far_cell in (("superstar", None, "A5"), ("lisbon", None, "p8"),
                                    ("stymie", {"size": "12"}, "W1")):
        new_game(page, game, options, replacing=played)
        assert band(page) <= MAX_BAND_PX
        expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "false")
        expect(page.locator("#zoom")).to_be_visible()
        assert whole_board(page) and cell_px(page) < MIN_CELL_PX, game   # edges in view
        buttons_on_screen(page)
        tap_visible(page, far_cell)                              # too small to hit: zoom in there
        expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "true")
        assert cell_px(page) >= MIN_CELL_PX and moves(page) == [], game
        frame = box(page, "#board-frame")
        assert frame["width"] <= 390 and frame["x"] >= 0          # it scrolls inside its frame
        tap_visible(page, far_cell)
        assert wait_for_moves(page, 1)[0].lower().endswith(far_cell.lower())
        played = True
    page.click("#resign")                                        # the end: the whole board again
    page.click("#confirm-go")
    expect(page.locator("body")).to_have_attribute("data-over", "yes")
    expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "false")
    assert whole_board(page)
