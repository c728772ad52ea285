"""Learn never costs a game: a game against the computer in progress, a puzzle (or the guided
replay) opened over it and closed again brings back the very game, seats, level, shown move and
the Coordinates choice; its copy in the saves list, made in case the page closed meanwhile, goes."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from e2e.helpers import AI_TIMEOUT_MS, SOLVED_ID, boot, moves, new_game, open_puzzle, tap, wait_for_moves

from tools.serve import SiteServer

SAVES = "Object.keys(localStorage).filter(k => k.includes('save:')).length"


def the_game(page: Page) -> dict:
    """What must come back: the game, its seats line, the moves, the shown move, the options."""
    return {"game": page.get_attribute("body", "data-game"), "seats": page.text_content("#seats-line"),
            "moves": moves(page), "status": page.text_content("#status"),
            "shown": page.get_attribute("#moves [aria-current]", "data-cursor"),
            "coordinates": page.is_checked("#coordinates")}


def test_closing_a_puzzle_or_the_guided_replay_brings_the_game_back(page: Page, site_server: SiteServer) -> None:
    boot(page, site_server)
    new_game(page, "susan", seats=["human", "easy"])
    tap(page, "e5")
    reply = wait_for_moves(page, 2, AI_TIMEOUT_MS)[1]
    tap(page, next(name for name in ("e6", "d4", "f4", "a1") if not reply.endswith(" " + name)))
    wait_for_moves(page, 4, AI_TIMEOUT_MS)
    page.click("#moves button[data-cursor='2']")          # looking back at move 2
    expect(page.locator("#moves [aria-current]")).to_have_attribute("data-cursor", "2")
    before = the_game(page)
    assert not before["coordinates"]
    saves = page.evaluate(SAVES)

    open_puzzle(page, SOLVED_ID)                          # no question: nothing is lost
    assert "Close brings it back" in page.text_content("#coach-kept")
    assert page.evaluate(SAVES) == saves + 1              # kept in the list meanwhile
    assert page.is_checked("#coordinates")
    page.click("#coach-close")
    expect(page.locator("#coach-bar")).to_be_hidden()
    expect(page.locator("#moves button[data-cursor]")).to_have_count(5)
    assert the_game(page) == before
    assert page.evaluate(SAVES) == saves                  # back on the board: the copy went

    page.click("#learn-button")
    page.wait_for_selector("#learn-dialog[open]")
    page.click("#learn-dialog button.learn-guided")
    page.wait_for_function("document.getElementById('coach-bar').dataset.move === '0'")
    page.click("#coach-next")
    page.click("#coach-close")
    expect(page.locator("#moves button[data-cursor]")).to_have_count(5)
    assert the_game(page) == before
    page.click("#moves button[data-cursor='4']")         # and it plays on against the computer
    played = " ".join(moves(page))
    tap(page, next(name for name in ("a1", "i5", "e9", "a5", "e1") if f" {name}" not in played))
    wait_for_moves(page, 6, AI_TIMEOUT_MS)
