"""Two tabs and a full store (issue 14, defects 6 and 7): no game with a move is lost to
another tab's autosave, tabs keep each other's saves list current, and a store that is full
from the start still lists, loads and deletes saves and says it is full."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect
from e2e.helpers import (SAVE_PREFIX, boot_with_saves, new_susan_game, play, replacing, saves_status, type_move, wait_for_moves)



def entry_names(page: Page) -> list[str]:
    return page.eval_on_selector_all("#saves-list .save-entry .save-name", "els => els.map(e => e.textContent)")


def test_a_second_tab_s_game_survives_the_first_tab_s_next_move(context: BrowserContext, site_server) -> None:
    tab_a = context.new_page()
    boot_with_saves(tab_a, site_server.url)
    new_susan_game(tab_a)
    play(tab_a, "d6")
    tab_b = context.new_page()
    boot_with_saves(tab_b, site_server.url)
    assert wait_for_moves(tab_b, 1) == ["1. B d6"]  # the second tab resumes the game
    tab_b.fill("#import-text", "# game: stymie\n# options: size=5\n")
    replacing(tab_b, "#import-button")
    wait_for_moves(tab_b, 0)
    play(tab_b, "c3")                  # tab B's own STYMIE game, one move
    play(tab_a, "b5")                  # tab A moves on in its SUSAN game
    tab_a.wait_for_function("document.getElementById('saves-status').textContent.includes('another tab')")
    kept = [name for name in entry_names(tab_a) if "STYMIE" in name]
    assert kept and "kept from another tab" in kept[0]
    # tab B learns of it through the storage event: its list shows the kept game too
    tab_b.evaluate("document.getElementById('saves-panel').open = true")
    tab_b.wait_for_function("[...document.querySelectorAll('#saves-list .save-name')]"
                            ".some(e => e.textContent.includes('STYMIE'))")
    replacing(tab_a, "#saves-list .save-entry .save-load")
    assert wait_for_moves(tab_a, 1)[0].endswith("c3")


def test_a_side_line_kept_in_a_closed_tab_survives_the_other_tab_s_move_on_the_main_line(
        context: BrowserContext, site_server) -> None:
    """Issue 54.10: the other tab's game holds every move of this one's main line, but not its
    side line; a copy of it is kept and the player is told."""
    tab_a = context.new_page()
    boot_with_saves(tab_a, site_server.url)
    new_susan_game(tab_a)
    play(tab_a, "d6", "b5", "c4")
    tab_b = context.new_page()
    boot_with_saves(tab_b, site_server.url)
    assert wait_for_moves(tab_b, 3)[-1].endswith("c4")     # the same game, resumed
    tab_a.click("#moves button[data-cursor='1']")
    type_move(tab_a, "e5")                                 # tab A tries e5 for move 2 ...
    expect(tab_a.locator("#moves button[data-cursor='2']")).to_have_text("2. W e5")
    tab_a.click("#moves li.side-line button[data-promote]")   # ... and keeps b5 c4 as the game
    tab_a.wait_for_function("JSON.parse(localStorage.getItem('abstract-games:autosave'))"
                            ".record.turns.length === 3")
    side_line = tab_a.evaluate("JSON.parse(localStorage.getItem('abstract-games:autosave')).record.side_lines")
    assert side_line == [{"at": 2, "turns": ["e5"]}]
    tab_a.close()
    play(tab_b, "a5")                                      # tab B plays on along the main line
    tab_b.wait_for_function("document.getElementById('saves-status').textContent.includes('another tab')")
    assert entry_names(tab_b) == ["SUSAN, 3 moves, kept from another tab"]
    replacing(tab_b, "#saves-list .save-entry .save-load")   # tab A's game, as tab A left it
    expect(tab_b.locator("#moves > li > button[data-node]")).to_have_text(["Start", "1. B d6", "2. W b5", "3. B c4"])
    expect(tab_b.locator("#moves li.side-line button[data-node]")).to_have_text(["2. W e5"])


def test_a_store_full_from_the_start_lists_loads_and_deletes(page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "d6", "b5")
    page.fill("#save-name", "before it filled up")
    page.click("#save-button")
    page.wait_for_function("document.querySelectorAll('#saves-list .save-entry').length === 1")
    page.add_init_script("""
        Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
    """)
    page.reload()
    boot_with_saves(page, site_server.url)
    assert wait_for_moves(page, 2) == ["1. B d6", "2. W b5"]  # the autosave still resumes
    assert page.is_visible("#saves-full") and not page.is_visible("#saves-off")
    assert not page.is_visible("#storage-notice")  # it is a top-level tab, not a denying frame
    assert page.evaluate("document.body.dataset.storage") == "full"
    assert entry_names(page) == ["before it filled up"]
    replacing(page, "#saves-list .save-entry .save-load")
    assert "Loaded" in saves_status(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#saves-list .save-entry .save-delete")
    page.wait_for_function("!document.querySelector('#saves-list .save-entry')")
    assert page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{SAVE_PREFIX}')).length") == 0


def test_a_stored_huge_option_is_a_listed_deletable_damaged_save(page: Page, site_server) -> None:
    """Issue 14, defect 1: a komi of 10**400 planted in the autosave and in a named save used to
    stop the page before it was ready, on every reload."""
    boot_with_saves(page, site_server.url)
    bomb = ('{"format":"pygame-site-save","version":1,"record":{"format":"pygame_core-record","version":1,'
            '"game":"superstar","options":{"komi":1' + "0" * 400 + '},"turns":["A5"]},'
            '"seats":[{"kind":"human","level":null},{"kind":"human","level":null}],"cursor":1,'
            '"name":"bomb","saved_at":""}')
    page.evaluate("([a, s, v]) => { localStorage.setItem(a, v); localStorage.setItem(s, v); }",
                  ["abstract-games:autosave", SAVE_PREFIX + "5", bomb])
    page.reload()
    boot_with_saves(page, site_server.url)
    page.wait_for_function("document.querySelectorAll('#saves-list .damaged').length === 2")
    problems = page.eval_on_selector_all("#saves-list .damaged .save-problem", "els => els.map(e => e.textContent)")
    assert all("komi" in p and len(p) < 300 for p in problems)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#saves-list .damaged .save-delete")
    page.wait_for_function("document.querySelectorAll('#saves-list .damaged').length === 1")


DEEP = "[" * 100_000 + "]" * 100_000   # a value nested 100,000 levels deep
DEEP_KEYS = ("abstract-games:results", "abstract-games:puzzle-progress", SAVE_PREFIX + "7")


def test_values_nested_100000_deep_neither_stop_the_page_nor_lose_a_move(context: BrowserContext, site_server) -> None:
    """Issue 54, item 15: such a value under the record, the puzzle progress or a save killed the
    Python runtime (on every visit; in the two-tab case, losing the move just played). Now each is
    said to be damaged, is left as it is, and both tabs play on."""
    tab_a = context.new_page()
    boot_with_saves(tab_a, site_server.url)
    tab_a.evaluate("([keys, value]) => keys.forEach(key => localStorage.setItem(key, value))", [DEEP_KEYS, DEEP])
    boot_with_saves(tab_a, site_server.url)
    tab_a.wait_for_selector("#saves-list .damaged .save-problem")
    assert "damaged" in (tab_a.text_content("#saves-list .damaged .save-problem") or "")
    tab_a.click("#learn-button")
    tab_a.wait_for_selector("#learn-dialog[open]")
    expect(tab_a.locator("#learn-progress")).to_contain_text(
        "Progress kept here earlier could not be read", timeout=60_000)   # said once the puzzles arrive (fetched)
    tab_a.keyboard.press("Escape")
    tab_a.click("#new-game")
    tab_a.click("#setup-front-door")
    note = tab_a.locator("#front-door-dialog section[data-game='susan'] .front-door-level-note")
    assert "Your earlier record against the computer here is damaged: it is kept as it is" in (note.text_content() or "")
    tab_a.click("#front-door-close")

    new_susan_game(tab_a)
    play(tab_a, "d6")
    tab_b = context.new_page()
    boot_with_saves(tab_b, site_server.url)
    tab_b.fill("#import-text", "# game: stymie\n# options: size=5\n")
    replacing(tab_b, "#import-button")
    wait_for_moves(tab_b, 0)
    play(tab_b, "c3")
    play(tab_a, "b5")   # the slot holds tab B's game: tab A looks through the saves, the deep one too
    tab_a.wait_for_function("document.getElementById('saves-status').textContent.includes('another tab')")
    assert wait_for_moves(tab_a, 2) == ["1. B d6", "2. W b5"]
    assert any("STYMIE" in name for name in entry_names(tab_a))
    assert tab_a.evaluate("keys => keys.map(key => localStorage.getItem(key))", list(DEEP_KEYS)) == [DEEP] * 3
