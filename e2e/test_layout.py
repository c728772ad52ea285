"""A steady layout (issue 15.4) at 1280x800 and 390x844: every enabled turn button lies inside
the viewport without scrolling, in all four games; a message or a turn note never moves the
board or the buttons, and a turn's note fits its box (on a phone: can be scrolled to); the zoom makes the smallest cell at least 36 CSS px wide and a tap on the
zoomed board lands on its cell; the move list never shows a row cut in half.

Boxes are read from the browser (getBoundingClientRect), cells from the canvas's data-cells.
"""

from __future__ import annotations

import math
from typing import Any

from playwright.sync_api import Page, expect

from e2e.helpers import (MIN_CELL_PX, boot, box, buttons_on_screen, cell_px, cells, moves, new_game, status_box_cut,
                         status_box_end_in_view, tap, tap_visible, wait_for_moves)
from tools.serve import SiteServer


def expect_on_screen(page: Page, *ids: str) -> None:
    """Wait until the buttons `ids` are shown and enabled (the panel follows on the next frame),
    then check every enabled button is on screen."""
    for element_id in ids:
        expect(page.locator(f"#{element_id}")).to_be_visible()
        expect(page.locator(f"#{element_id}")).to_be_enabled()
    assert set(ids) <= buttons_on_screen(page)


def test_every_enabled_turn_button_is_on_screen_in_every_game(screen: Page, site_server: SiteServer) -> None:
    page = screen
    boot(page, site_server)
    tap(page, "e5")
    expect_on_screen(page, "undo", "resign")
    for size in ("8", "12"):
        new_game(page, "stymie", {"size": size}, replacing=True)
        names = list(cells(page))
        tap(page, names[len(names) // 2])          # Vert's opening single; Horz may swap
        expect_on_screen(page, "swap")
        tap(page, names[0])                        # Horz's first stone: the turn waits
        expect_on_screen(page, "end-turn", "clear-turn", "undo", "resign")
    new_game(page, "superstar", replacing=True)
    tap(page, "A5")
    expect_on_screen(page, "pass", "undo", "resign")
    new_game(page, "lisbon", replacing=True)
    tap(page, "h1", "h2")                          # Black's one stone, White's first of two
    expect_on_screen(page, "end-turn", "clear-turn", "undo", "resign")
    new_game(page, "susan", {"size": "6"}, replacing=True)
    tap(page, "f6")
    expect_on_screen(page, "undo", "resign")


def test_a_message_or_a_note_moves_nothing(screen: Page, site_server: SiteServer) -> None:
    page = screen
    boot(page, site_server)
    tap(page, "e5")
    before = [box(page, "#board"), box(page, "#action-bar")]
    tap(page, "e5")                                # occupied: refused with a reason
    expect(page.locator("#message")).not_to_be_empty()
    assert [box(page, "#board"), box(page, "#action-bar")] == before
    page.fill("#move-input", "this is not a move at all, and it is quite long too, " * 3)
    page.press("#move-input", "Enter")             # a long refusal scrolls inside its box
    expect(page.locator("#message")).to_contain_text("this is not a move")
    assert [box(page, "#board"), box(page, "#action-bar")] == before
    new_game(page, "superstar", replacing=True)
    tap(page, "A5")
    before = [box(page, "#board"), box(page, "#action-bar")]
    page.click("#pass")
    expect(page.locator("#turn-note")).to_contain_text("another pass ends the game")
    assert [box(page, "#board"), box(page, "#action-bar")] == before


def test_a_turns_note_is_whole_beside_the_status(screen: Page, site_server: SiteServer) -> None:
    """The notes a player reads turn after turn (LISBON's stones allowed, before and during a
    turn; STYMIE's opening, a pair or triple under way, the turn after a single) fit the status
    box without scrolling on a desktop; on a phone, whose box keeps two lines (issue 30: no empty
    band above the board), and for the once-a-game swap offer, the rest scrolls inside the box and
    its last words come into view."""
    page = screen
    desktop = page.viewport_size is not None and page.viewport_size["width"] > 600
    boot(page, site_server)

    def readable(note: str, whole: bool = desktop) -> None:
        expect(page.locator("#turn-note")).to_contain_text(note)
        if whole:
            assert status_box_cut(page) == 0, f"the note {note!r} is cut"
        assert status_box_end_in_view(page), f"the end of the note {note!r} cannot be scrolled to"

    new_game(page, "lisbon")
    readable("Black places one stone this turn.", whole=True)
    tap(page, "h1")
    readable("White may place up to 2 stones this turn.", whole=True)
    tap(page, "h2")
    readable("1 more stone allowed;")
    new_game(page, "stymie", {"size": "8"}, replacing=True)
    readable("Vert opens with a single piece.", whole=True)
    names = list(cells(page))
    tap(page, names[len(names) // 2])
    readable("Swap is allowed", whole=False)
    tap(page, names[0])                            # Horz's single: the turn waits
    readable("Add a piece to make a pair or triple")
    page.click("#end-turn")
    readable("a pair, or a triple")                # Vert may answer a single with three


def centre_distance(page: Page) -> float:
    """The smallest distance between two cell centres (a hexagon's width across its flats)."""
    points = list(cells(page).values())
    return min(math.dist(a, b) for i, a in enumerate(points) for b in points[i + 1:])


def test_the_zoom_makes_cells_big_enough_and_taps_land(screen: Page, site_server: SiteServer) -> None:
    page = screen
    boot(page, site_server)
    expect(page.locator("#zoom")).to_be_hidden()   # SUSAN's cells are big enough
    zoomed, played = 0, False
    for game, options, far_cell in (("superstar", None, "A5"), ("lisbon", None, "p8"),
                                    ("stymie", {"size": "12"}, "W1")):
        new_game(page, game, options, replacing=played)
        played = False
        expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "false")   # opens with the whole board
        if cell_px(page) >= MIN_CELL_PX:           # big enough at this size: nothing offered
            expect(page.locator("#zoom")).to_be_hidden()
            continue
        zoomed += 1
        frame = box(page, "#board-frame")
        page.click("#zoom")
        expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "true")
        assert cell_px(page) >= MIN_CELL_PX
        if game != "stymie":                       # hexagons: centre distance = cell width
            assert centre_distance(page) >= MIN_CELL_PX
        assert box(page, "#board-frame") == frame  # the board grows inside its frame
        expect_on_screen(page, "zoom")
        tap_visible(page, far_cell)
        assert wait_for_moves(page, 1)[0].lower().endswith(far_cell.lower())
        played = True
        page.click("#zoom")
        expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "false")
        assert cell_px(page) < MIN_CELL_PX
    assert zoomed >= 1                             # SUPERSTAR's cells are small at both sizes


def test_the_move_list_never_cuts_a_row(screen: Page, site_server: SiteServer) -> None:
    page = screen
    boot(page, site_server)
    new_game(page, "superstar")
    names = list(cells(page))[:44]
    for name in names:
        page.fill("#move-input", name)
        page.press("#move-input", "Enter")
    wait_for_moves(page, len(names))
    rows = whole_rows(page)
    assert rows["current"] and rows["cut"] == []
    page.click("#nav-first")
    # the list scrolls to the current row once the page has redrawn: wait for it, then judge
    page.wait_for_function("""() => { const list = document.getElementById('moves');
        const first = list.querySelector('button'); const box = list.getBoundingClientRect();
        return first.getBoundingClientRect().top >= box.top - 0.5; }""", timeout=5_000)
    rows = whole_rows(page)
    assert rows["current"] and rows["cut"] == [] and rows["first"]
    assert moves(page)[-1].endswith(names[-1])


def whole_rows(page: Page) -> dict[str, Any]:
    """Which move buttons the list box shows cut in half, and whether the current one and the
    first one ('Start') are wholly shown."""
    return page.eval_on_selector("#moves", """list => {
        const box = list.getBoundingClientRect();
        const inside = r => r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
        const outside = r => r.bottom <= box.top + 0.5 || r.top >= box.bottom - 0.5;
        const buttons = [...list.querySelectorAll('button')];
        return {
            cut: buttons.filter(b => { const r = b.getBoundingClientRect(); return !inside(r) && !outside(r); })
                        .map(b => b.textContent),
            current: inside(list.querySelector('[aria-current]').getBoundingClientRect()),
            first: inside(buttons[0].getBoundingClientRect()),
        };
    }""")
