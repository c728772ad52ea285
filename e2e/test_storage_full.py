"""Issue 38, item 2: a store filled by other pages of the same origin (every project on a
`user.github.io` site shares one) no longer loses moves in silence. The notice by the board
names the moves not kept and what to do, offers the game as a download, the page asks before
it closes, body[data-storage] says "full", and moves made once there is room again are kept."""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.helpers import AUTOSAVE, boot_with_saves, new_susan_game, play, wait_for_moves

# Fill the origin's localStorage to the last few bytes with another page's keys (short keys:
# what is left is too little for one more move).
FILL = """() => {
    let size = 1 << 22, number = 0;
    while (size >= 1) {
        try { localStorage.setItem('o' + number, 'x'.repeat(size)); number += 1; }
        catch (error) { size = Math.floor(size / 2); }
    }
}"""
FREE = """() => Object.keys(localStorage).filter(k => /^o[0-9]+$/.test(k))
                 .forEach(k => localStorage.removeItem(k))"""
LEAVING_IS_HELD = """() => {
    const event = new Event('beforeunload', {cancelable: true});
    window.dispatchEvent(event);
    return event.defaultPrevented;
}"""


def stored_turns(page: Page) -> int:
    """How many turns the autosave holds."""
    return page.evaluate(f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).record.turns.length")


def notice(page: Page) -> str:
    return page.text_content("#save-notice") if page.is_visible("#save-notice") else ""


def test_moves_that_do_not_fit_are_named_kept_for_download_and_saved_once_there_is_room(
        page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "d6")
    page.evaluate("document.getElementById('saves-panel').open = false")   # as a player leaves it
    page.evaluate(FILL)
    play(page, "b5", "c4", "e3")
    page.wait_for_selector("#save-notice", state="visible")
    words = notice(page)
    assert "not being saved" in words and "Moves 2 to 4 are not saved" in words, words
    assert stored_turns(page) == 1
    assert "other pages of this website" in words, words
    assert page.evaluate("document.body.dataset.storage") == "full"
    assert page.evaluate(LEAVING_IS_HELD)
    with page.expect_download() as download:
        page.click("#save-notice-download")
    assert download.value.suggested_filename == "susan-4-moves-save.json"
    page.evaluate(FREE)
    play(page, "f5")
    assert notice(page).startswith("Saving works again")
    assert page.evaluate("document.body.dataset.storage") == "available"
    assert not page.evaluate(LEAVING_IS_HELD)
    page.reload()
    boot_with_saves(page, site_server.url)
    assert wait_for_moves(page, 5) == ["1. B d6", "2. W b5", "3. B c4", "4. W e3", "5. B f5"]


def test_a_store_full_at_boot_is_said_by_the_board(page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "d6", "b5")
    page.evaluate(FILL)
    page.reload()
    boot_with_saves(page, site_server.url)
    assert wait_for_moves(page, 2) == ["1. B d6", "2. W b5"]
    assert notice(page).startswith("The browser's storage for this site is full."), notice(page)
    assert page.evaluate("document.body.dataset.storage") == "full"
    play(page, "c4")
    assert "Move 3 is not saved" in notice(page) and stored_turns(page) == 2
    assert page.evaluate(LEAVING_IS_HELD)
    with page.expect_event("dialog") as asked:     # the browser's own "Leave site?" question
        page.close(run_before_unload=True)
    assert asked.value.type == "beforeunload"
    asked.value.accept()
