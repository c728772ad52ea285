"""Playing a move from an earlier position loses nothing (issue 38, item 1; since issue 39.2 by
side lines): the moves it replaces stay in the game as its main line, shown in the move list,
kept by the autosave, and the message by the board says so. The moves go in through the page's
move box and move list; the autosave is read from localStorage (ui/play/game_tree.py)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from e2e.helpers import AI_TIMEOUT_MS, SAVE_PREFIX, boot_with_saves, new_game, play, wait_for_moves


def stored_saves(page: Page) -> list[dict]:
    return page.evaluate(f"""Object.keys(localStorage).filter(k => k.startsWith('{SAVE_PREFIX}'))
                             .map(k => JSON.parse(localStorage.getItem(k)))""")


def autosaved(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('abstract-games:autosave')"))


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
        "A side line starts at move 3: the moves it replaces stay in the move list.")
    expect(page.locator("#moves > li > button[data-node]")).to_have_text(
        ["Start", "1. B a2", "2. W a1", "3. B b1", "4. W i5", "5. B b2"])
    assert stored_saves(page) == []   # no extra named save: the game itself keeps every line
    record = autosaved(page)["record"]
    assert record["turns"] == ["a2", "a1", "b1", "i5", "b2"]
    assert record["side_lines"] == [{"at": 3, "turns": ["c3"]}]

    page.click("#moves > li > button[data-node]:has-text('5. B b2')")
    expect(page.locator("#status")).to_have_text("Black wins: Black surrounded a1.")


def test_against_the_computer_the_line_played_over_is_kept_and_its_reply_discards_nothing(
        page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_game(page, "susan", seats=["human", "easy"])
    page.fill("#move-input", "e5")
    page.press("#move-input", "Enter")
    first_reply = wait_for_moves(page, 2, AI_TIMEOUT_MS)[1].split()[-1]
    free = next(cell for cell in ("a1", "i5", "a5") if cell != first_reply)
    page.fill("#move-input", free)
    page.press("#move-input", "Enter")
    played = wait_for_moves(page, 4, AI_TIMEOUT_MS)
    page.click("#moves button[data-cursor='2']")    # looking back: the computer waits
    other = next(cell for cell in ("e1", "e9", "i1", "a5") if all(not m.endswith(" " + cell) for m in played))
    page.fill("#move-input", other)
    page.press("#move-input", "Enter")
    expect(page.locator("#moves button[data-cursor='3']")).to_have_text(f"3. B {other}")
    replayed = wait_for_moves(page, 4, AI_TIMEOUT_MS)   # and the computer's new reply, in the side line
    assert replayed[:3] == [*played[:2], f"3. B {other}"]
    expect(page.locator("#moves li.side-line > ol > li > button")).to_have_count(2)
    record = autosaved(page)["record"]
    assert record["turns"] == [m.split()[-1] for m in played]
    assert record["side_lines"] == [{"at": 3, "turns": [m.split()[-1] for m in replayed[2:]]}]
    assert stored_saves(page) == []
