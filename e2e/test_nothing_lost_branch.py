"""Playing a move from an earlier position loses nothing (issue 38, item 1; since issue 39.2 by
side lines) and the game played is the game (issue 54, item 9): the line played on becomes the
main line, the moves it replaces a side line, shown in the move list and kept by the autosave,
and the message by the board says so; saves, the saves list and exported files follow the
line played. The moves go in through the page's move box, Undo and the move list; the autosave
is read from localStorage (ui/play/game_tree.py)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from e2e.helpers import AI_TIMEOUT_MS, SAVE_PREFIX, boot_with_saves, moves, new_game, play, wait_for_moves

# SUSAN cells with six neighbours, no two of them neighbours: stones there cannot be
# surrounded by the computer's few stones in a short game
SAFE_CELLS = ("e5", "c3", "c6", "g4", "e8", "e2", "b4", "f3")


def stored_saves(page: Page) -> list[dict]:
    return page.evaluate(f"""Object.keys(localStorage).filter(k => k.startsWith('{SAVE_PREFIX}'))
                             .map(k => JSON.parse(localStorage.getItem(k)))""")


def autosaved(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('abstract-games:autosave')"))


def main_line(page: Page) -> list[str]:
    """The main line's moves: the list's top-level move buttons after Start."""
    return page.eval_on_selector_all("#moves > li > button[data-node]", "bs => bs.slice(1).map(b => b.textContent)")


def test_a_finished_game_for_two_is_kept_when_a_move_is_played_from_an_earlier_position(
        page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_game(page, "susan", seats=["human", "human"])
    play(page, "a2", "a1", "b1", "i5", "b2")
    expect(page.locator("#status")).to_have_text("Black wins: Black surrounded a1.")
    page.click("#moves button[data-cursor='2']")
    page.fill("#move-input", "c3")
    page.press("#move-input", "Enter")
    expect(page.locator("#moves button[data-cursor]")).to_have_text(["Start", "1. B a2", "2. W a1", "3. B c3"])
    expect(page.locator("#message")).to_have_text(
        "The game goes on from move 3: the moves it replaces stay in the move list as a side line.")
    expect(page.locator("#moves > li > button[data-node]")).to_have_text(["Start", "1. B a2", "2. W a1", "3. B c3"])
    expect(page.locator("#moves li.side-line > ol > li > button")).to_have_text(["3. B b1", "4. W i5", "5. B b2"])
    assert stored_saves(page) == []   # no extra named save: the game itself keeps every line
    record = autosaved(page)["record"]
    assert record["turns"] == ["a2", "a1", "c3"]
    assert record["side_lines"] == [{"at": 3, "turns": ["b1", "i5", "b2"]}]

    page.click("#moves li.side-line button[data-node]:has-text('5. B b2')")
    expect(page.locator("#status")).to_have_text("Black wins: Black surrounded a1.")


def test_after_a_take_back_against_the_computer_the_game_played_is_saved_listed_and_exported(
        page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_game(page, "susan", seats=["human", "easy"])

    def play_mine(count: int) -> list[str]:
        """Play a free safe cell and wait for the computer's reply: `count` moves in the line."""
        taken = {move.split()[-1].split("-")[-1] for move in moves(page)}   # on the line played
        cell = next(cell for cell in SAFE_CELLS if cell not in taken)
        page.fill("#move-input", cell)
        page.press("#move-input", "Enter")
        expect(page.locator(f"#moves button[data-cursor='{count - 1}']")).to_have_text(f"{count - 1}. B {cell}")
        return wait_for_moves(page, count, AI_TIMEOUT_MS)

    play_mine(2)
    abandoned = play_mine(4)
    page.click("#undo")                                    # the take-back: your move and its reply
    expect(page.locator("#moves button[aria-current]")).to_have_attribute("data-cursor", "2")
    for count in (4, 6, 8):                                # and on, further than the old line went
        played = play_mine(count)
    assert played[:2] == abandoned[:2] and played[2] != abandoned[2]
    expect(page.locator("#moves > li > button[data-node]")).to_have_text(["Start", *played])
    expect(page.locator("#moves li.side-line > ol > li > button")).to_have_text(abandoned[2:])
    expect(page.locator("#moves button[aria-current]")).to_have_text(played[-1])
    record = autosaved(page)["record"]
    assert record["turns"] == [move.split()[-1] for move in played]
    assert record["side_lines"] == [{"at": 3, "turns": [move.split()[-1] for move in abandoned[2:]]}]

    page.click("#save-button")                             # named by default after the game
    page.wait_for_function("document.querySelectorAll('#saves-list .save-entry').length === 1")
    assert page.text_content("#saves-list .save-name") == "SUSAN, 8 moves"
    assert "8 moves · Black to move" in (page.text_content("#saves-list .save-details") or "")
    with page.expect_download() as download:
        page.click("#export-text")
    assert download.value.suggested_filename == "susan-8-moves.txt"
