"""Side lines instead of erasure (issue 39.2), in the browser for two games: a move played at
an earlier position goes on as the game (issue 54.9) and the moves it replaces become a side
line shown under it; a side line folds, is promoted and deleted (asked first when it has more
than one move); the tree survives a reload (autosave) and a share link opened in a fresh
browser; the move list keeps the move shown in view, in a side line too."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.harness import wait_until_playable
from e2e.helpers import boot_with_saves, new_game, play, violations
from tools.serve import SiteServer

GAMES = {   # game: (main line, the move played instead of move 3, the side line's next move)
    "susan": (("a2", "a1", "b1", "i5"), "c3", "d4"),
    "superstar": (("A5", "B5", "C5", "A6"), "D5", "D6"),
}


def main_line(page: Page) -> list[str]:
    """The main line's moves: the list's top-level move buttons after Start."""
    return page.eval_on_selector_all("#moves > li > button[data-node]", "bs => bs.slice(1).map(b => b.textContent)")


def side_line_moves(page: Page, index: int = 0) -> list[str]:
    return page.locator("#moves li.side-line").nth(index).locator("> ol > li > button").all_text_contents()


def tree_of(page: Page) -> list[str]:
    """Every move of the list in document order, side lines included."""
    return page.locator("#moves button[data-node]").all_text_contents()


@pytest.mark.parametrize("game", list(GAMES))
def test_side_lines_are_kept_promoted_deleted_reloaded_and_shared(page: Page, site_server: SiteServer,
                                                                   browser: Browser, game: str) -> None:
    main, instead, then = GAMES[game]
    boot_with_saves(page, site_server.url)
    new_game(page, game, seats=["human", "human"])
    play(page, *main)
    page.click("#moves button[data-cursor='2']")          # back to move 2, and a different move 3
    page.fill("#move-input", instead)
    page.press("#move-input", "Enter")
    expect(page.locator("#message")).to_have_text(
        "The game goes on from move 3: the moves it replaces stay in the move list as a side line.")
    side = page.locator("#moves li.side-line")
    expect(side).to_have_count(1)
    expect(side.locator("> ol > li > button")).to_have_count(2)
    expect(side.locator("> ol > li > button").first).to_have_text(re.compile(rf"^3\. [A-Z] {main[2]}$"))
    assert [m.split()[-1] for m in main_line(page)] == [*main[:2], instead]   # the game goes on here
    assert [b.split()[-1] for b in side_line_moves(page)] == list(main[2:])    # nothing erased
    play_after = page.locator("#moves button[aria-current]")
    expect(play_after).to_contain_text(instead)
    page.fill("#move-input", then)
    page.press("#move-input", "Enter")                     # the game goes on
    expect(page.locator("#moves > li > button[data-node]")).to_have_count(5)
    expect(side.locator("> ol > li > button")).to_have_count(2)

    toggle = side.locator("button[data-toggle]")            # fold and unfold, by keyboard
    toggle.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#moves li.side-line button[data-toggle]")).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#moves li.side-line > ol")).to_be_hidden()
    page.keyboard.press("Enter")
    expect(page.locator("#moves li.side-line button[data-toggle]")).to_have_attribute("aria-expanded", "true")

    page.locator("#moves > li > button[data-node]").nth(4).click()   # move 4 of the main line
    expect(page.locator("#moves button[aria-current]")).to_contain_text(then)
    page.locator("#moves li.side-line > ol > li > button").nth(1).click()   # the side line's move 4
    expect(page.locator("#moves button[aria-current]")).to_contain_text(main[3])

    page.click("#moves li.side-line button[data-promote]")   # the side line becomes the main line again
    expect(page.locator("#moves > li > button[data-node]").nth(3)).to_contain_text(main[2])   # redrawn
    expect(page.locator("#moves li.side-line > ol > li > button")).to_have_count(2)
    assert [m.split()[-1] for m in main_line(page)] == list(main)
    assert [b.split()[-1] for b in side_line_moves(page)] == [instead, then]

    page.reload()                                           # the autosave keeps the tree
    wait_until_playable(page)
    page.evaluate("document.getElementById('saves-panel').open = true")
    expect(page.locator("#moves li.side-line")).to_have_count(1)
    before_reload = tree_of(page)
    assert [m.split()[-1] for m in main_line(page)] == list(main)

    page.click("#share-button")
    url = page.input_value("#share-link")
    assert "#r2" in url
    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.goto(url)
        wait_until_playable(other)
        expect(other.locator("#moves li.side-line")).to_have_count(1)
        expect(other.locator("#moves button[data-node]")).to_have_text(before_reload)
    finally:
        fresh.close()

    page.click("#moves li.side-line button[data-delete]")   # two moves: asked first
    expect(page.locator("#confirm-dialog")).to_be_visible()
    page.click("#confirm-cancel")
    expect(page.locator("#moves li.side-line")).to_have_count(1)
    page.click("#moves li.side-line button[data-delete]")
    page.click("#confirm-go")
    expect(page.locator("#moves li.side-line")).to_have_count(0)
    assert [m.split()[-1] for m in main_line(page)] == list(main)


def test_side_lines_fit_a_phone_and_pass_axe(screen: Page, site_server: SiteServer) -> None:
    page = screen
    boot_with_saves(page, site_server.url)
    new_game(page, "susan", seats=["human", "human"])
    play(page, "a2", "a1", "b1", "i5")
    page.click("#moves button[data-cursor='2']")
    page.fill("#move-input", "c3")
    page.press("#move-input", "Enter")                     # b1 i5 become a side line for move 3 ...
    expect(page.locator("#moves button[data-cursor='3']")).to_have_text("3. B c3")
    page.click("#moves button[data-cursor='1']")
    page.fill("#move-input", "d4")
    page.press("#move-input", "Enter")                     # ... inside a1 c3's, for move 2
    expect(page.locator("#moves li.side-line li.side-line")).to_have_count(1)
    width = page.viewport_size["width"] if page.viewport_size else 0
    for button in page.locator("#moves li.side-line button").all():
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= width, button.text_content()
    assert violations(page) == []


# a SUSAN game for two that neither ends nor leaves a win in one (found with pygame_core)
LONG_GAME = ("a1", "a2", "a3", "a4", "a5", "c1", "c2", "c3", "c4", "c5", "c6", "c7",
             "d1", "d3", "d4", "d5", "d6", "d7", "e1", "e3", "e8", "f2", "f3", "f4")


def test_the_move_shown_at_the_end_of_a_long_side_line_is_scrolled_into_view(page: Page, site_server: SiteServer) -> None:
    """Issue 54.9: the move list keeps the move shown in view, in a side line as on the main line."""
    boot_with_saves(page, site_server.url)
    new_game(page, "susan", seats=["human", "human"])
    play(page, *LONG_GAME)
    page.click("#moves button[data-cursor='2']")
    page.fill("#move-input", "i5")
    page.press("#move-input", "Enter")                     # the game goes on; 22 moves in a side line
    expect(page.locator("#moves li.side-line > ol > li > button")).to_have_count(len(LONG_GAME) - 2)
    page.locator("#moves li.side-line > ol > li > button").first.click()
    page.click("#nav-last")                                # to the side line's end, far down the list
    current = page.locator("#moves button[aria-current]")
    expect(current).to_have_text(re.compile(rf"^{len(LONG_GAME)}\. [A-Z] {LONG_GAME[-1]}$"))
    shown, box = current.bounding_box(), page.locator("#moves").bounding_box()
    assert shown and box and box["height"] < 400   # the list scrolls: it shows only some of its rows
    assert box["y"] - 1 <= shown["y"] and shown["y"] + shown["height"] <= box["y"] + box["height"] + 1
