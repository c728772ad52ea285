"""Playing a move from an earlier position loses nothing (issue 38, item 1): the game as it was,
its result included, is first kept as a named save, and the message by the board says where.
The moves go in through the page's move box and move list; the saves are read from the saves
panel and from localStorage (ui/page/saves_panel.py, ui/play/played_over.py)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from e2e.helpers import AI_TIMEOUT_MS, SAVE_PREFIX, boot_with_saves, new_game, play, wait_for_moves


def stored_saves(page: Page) -> list[dict]:
    return page.evaluate(f"""Object.keys(localStorage).filter(k => k.startsWith('{SAVE_PREFIX}'))
                             .map(k => JSON.parse(localStorage.getItem(k)))""")


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
    message = page.locator("#message")
    expect(message).to_contain_text("Moves 3–5 and the result (Black wins) were kept as the saved game")
    (kept,) = stored_saves(page)
    assert kept["record"]["turns"] == ["a2", "a1", "b1", "i5", "b2"] and kept["cursor"] == 5
    entry = page.locator("#saves-list .save-entry")
    expect(entry).to_have_count(1)
    assert (entry.locator(".save-name").text_content() or "") in (message.text_content() or "")
    expect(entry.locator(".save-details")).to_contain_text("Black won")

    page.click("#saves-list .save-entry .save-load")
    page.click("#confirm-go")   # the game on the board (3 moves, not finished) is replaced: asked
    assert wait_for_moves(page, 5)[-1] == "5. B b2"
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
    replayed = wait_for_moves(page, 4, AI_TIMEOUT_MS)   # and the computer's new reply
    assert replayed[:3] == [*played[:2], f"3. B {other}"]
    expect(page.locator("#message")).to_contain_text("Moves 3–4 were kept as the saved game")
    (kept,) = stored_saves(page)
    assert kept["record"]["turns"] == [m.split()[-1] for m in played]
    autosaved = json.loads(page.evaluate("localStorage.getItem('abstract-games:autosave')"))
    assert autosaved["record"]["turns"] == [m.split()[-1] for m in replayed]
