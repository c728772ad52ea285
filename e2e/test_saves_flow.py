"""Saves in Chromium: reload resumes, named saves, export -> import, share links, a damaged save
and a full storage. Moves go in through the page's move box, results are read from its move
list and the saves panel (ui/page/saves_panel.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.harness import wait_until_ready
from e2e.helpers import (AUTOSAVE, SAVE_PREFIX, boot_with_saves, moves, new_susan_game, play, replacing, saves_status, wait_for_moves)
from tools.bench_many_saves import saves as many_saves
from ui.saves.savefile import decode

MANUAL_GAME = Path(__file__).parents[1] / "tests" / "core" / "fixtures" / "susan_manual_game.txt"


@pytest.mark.quick
def test_reload_resumes_the_game(page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "d6", "b5", "c4")
    page.reload()
    wait_until_ready(page)
    assert wait_for_moves(page, 3)[-1].endswith("c4")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{AUTOSAVE}')"))
    assert stored["format"] == "pygame-site-save" and stored["version"] == 1
    assert stored["record"]["turns"] == ["d6", "b5", "c4"]


def test_several_named_saves(page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "d6")
    page.fill("#save-name", "one move <b>not bold</b>")
    page.click("#save-button")
    play(page, "b5", "c4")
    page.fill("#save-name", "three moves")
    page.click("#save-button")
    page.wait_for_function("document.querySelectorAll('#saves-list .save-entry').length === 2")
    names = page.eval_on_selector_all("#saves-list .save-name", "els => els.map(e => e.textContent)")
    assert names == ["three moves", "one move <b>not bold</b>"]  # newest first, shown as text
    assert page.eval_on_selector_all("#saves-list b", "els => els.length") == 0
    details = page.text_content("#saves-list .save-entry:nth-child(2) .save-details")
    assert "SUSAN" in details and "· 1 move ·" in details and "White to move" in details

    page.click("#saves-list .save-entry:nth-child(2) .save-load")
    expect(page.locator("#confirm-dialog")).to_be_visible()     # three moves on the board: asked
    page.click("#confirm-cancel")
    assert moves(page) == ["1. B d6", "2. W b5", "3. B c4"]
    replacing(page, "#saves-list .save-entry:nth-child(2) .save-load")
    assert wait_for_moves(page, 1) == ["1. B d6"]

    page.once("dialog", lambda dialog: dialog.accept("renamed"))
    page.click("#saves-list .save-entry:nth-child(2) .save-rename")
    page.wait_for_function("[...document.querySelectorAll('#saves-list .save-name')]"
                           ".some(e => e.textContent === 'renamed')")

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#saves-list .save-entry:nth-child(1) .save-delete")
    page.wait_for_function("document.querySelectorAll('#saves-list .save-entry').length === 1")
    assert page.text_content("#saves-list .save-name") == "renamed"


def test_export_then_import_round_trip(page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "d6", "b5", "c4", "b2", "d6-d7")
    listing_before = moves(page)
    exported = {}
    for button in ("#export-text", "#export-json", "#export-diagram"):
        with page.expect_download() as download:
            page.click(button)
        exported[button] = Path(download.value.path()).read_text()
    assert " 5 B  d6-d7" in exported["#export-text"]
    assert json.loads(exported["#export-json"])["turns"][-1] == "d6-d7"
    assert exported["#export-diagram"].splitlines()[1].strip().startswith("a")   # rows in the notation's lower case (issue 38.18e)
    with page.expect_download() as download:
        page.click("#export-png")
    assert Path(download.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    for text in (exported["#export-text"], exported["#export-json"]):
        new_susan_game(page)
        page.fill("#import-text", text)
        page.click("#import-button")
        assert wait_for_moves(page, 5) == listing_before

    page.fill("#import-text", MANUAL_GAME.read_text())
    replacing(page, "#import-button")
    assert wait_for_moves(page, 48)[-1] == "48. W g6-f6"

    page.fill("#import-text", "1. zz99 <script>alert(1)</script>")
    page.click("#import-button")
    page.wait_for_function("document.getElementById('saves-status').textContent.startsWith('Not imported')")
    assert "<script>" in saves_status(page) and page.eval_on_selector_all("#saves-panel script", "s => s.length") == 0
    assert len(moves(page)) == 48  # the game on the board is untouched


def test_share_link_opens_the_same_game(page: Page, site_server, browser) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "d6", "b5", "c4", "b2")
    page.click("#share-button")
    url = page.input_value("#share-link")
    assert url.startswith(site_server.url + "#r1") and len(url) - len(site_server.url) < 40

    other = browser.new_context()  # another person: no autosave of theirs yet
    try:
        friend = other.new_page()
        boot_with_saves(friend, url)
        assert wait_for_moves(friend, 4) == moves(page)
        assert "#" not in friend.url  # a reload resumes the autosave instead of reopening the link
        assert friend.get_attribute("#moves [aria-current]", "data-cursor") == "4"
    finally:
        other.close()


def test_a_share_link_keeps_the_game_in_progress(page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "e5", "e4")
    page.goto("about:blank")  # from the same URL, a new fragment alone would not reload the page
    boot_with_saves(page, site_server.url + "#r1t.susan~~~d6")
    assert wait_for_moves(page, 1) == ["1. B d6"]
    assert "before a shared link" in page.text_content("#saves-list")


def test_a_damaged_save_is_reported_and_left_alone(page: Page, site_server) -> None:
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "d6", "b5")
    page.fill("#save-name", "good")
    page.click("#save-button")
    page.wait_for_function("document.querySelectorAll('#saves-list .save-entry').length === 1")
    damaged = '{"format": "pygame-site-save", "version": 1, "record": {"turns": ["d6", "d6"]'
    future = json.dumps({"format": "pygame-site-save", "version": 9})
    page.evaluate("([k, v, a, f]) => { localStorage.setItem(k, v); localStorage.setItem(a, f); }",
                  [SAVE_PREFIX + "77", damaged, AUTOSAVE, future])
    page.reload()
    wait_until_ready(page)
    page.wait_for_function("document.getElementById('saves-status').textContent.includes('newer')")
    assert "kept in the saves list" in saves_status(page)
    assert page.evaluate(f"localStorage.getItem('{SAVE_PREFIX}77')") == damaged
    page.evaluate("document.getElementById('saves-panel').open = true")
    problems = page.eval_on_selector_all("#saves-list .damaged .save-problem", "els => els.map(e => e.textContent)")
    assert len(problems) == 2 and any("newer" in p for p in problems)
    page.click("#saves-list .save-entry:not(.damaged) .save-load")
    assert wait_for_moves(page, 2) == ["1. B d6", "2. W b5"]
    assert page.evaluate(f"localStorage.getItem('{SAVE_PREFIX}77')") == damaged


def test_full_storage_is_reported_and_the_game_goes_on(page: Page, site_server) -> None:
    page.add_init_script("""
        const realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (window.__storageFull && key.startsWith('abstract-games:')) {
                throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            }
            return realSetItem.call(this, key, value);
        };
    """)
    boot_with_saves(page, site_server.url)
    new_susan_game(page)
    play(page, "d6")
    page.evaluate("window.__storageFull = true")
    play(page, "b5", "c4")
    assert "Autosave failed" in saves_status(page) and "QuotaExceededError" in saves_status(page)
    page.fill("#save-name", "no room")
    page.click("#save-button")
    page.wait_for_function("document.getElementById('saves-status').textContent.startsWith('Could not save')")
    assert "QuotaExceededError" in saves_status(page)
    assert len(moves(page)) == 3
    page.evaluate("window.__storageFull = false")
    play(page, "b2")
    page.reload()
    wait_until_ready(page)
    assert len(wait_for_moves(page, 4)) == 4


def test_a_thousand_saves_open_a_page_at_a_time_down_to_the_oldest(page: Page, site_server) -> None:
    """Issue 54, item 16: opening the saves panel listed all 1,000 saves of a restored backup and
    froze the page for 16 s. It lists a page (50, newest first); Older reaches the oldest save."""
    page.goto(site_server.url)
    wait_until_ready(page)
    stored = many_saves(1000)   # "Game 1" .. "Game 1000", one date: Game 1 is the oldest
    page.evaluate("entries => { localStorage.clear(); for (const [k, v] of entries) localStorage.setItem(k, v); }",
                  list(stored.items()))
    boot_with_saves(page, site_server.url)
    page.wait_for_selector("#saves-list .save-entry")
    assert page.locator("#saves-list .save-entry").count() == 50
    expect(page.locator("#saves-range")).to_have_text("Saves 1–50 of 1,000")
    expect(page.locator("#saves-list .save-entry .save-name").first).to_have_text("Game 1000")
    expect(page.locator("#saves-newer")).to_be_disabled()
    for first in range(51, 1000, 50):
        page.click("#saves-older")
        expect(page.locator("#saves-range")).to_have_text(f"Saves {first:,}–{first + 49:,} of 1,000")
    expect(page.locator("#saves-older")).to_be_disabled()
    expect(page.locator("#saves-newer")).to_be_focused()   # not lost with the disabled button
    oldest = page.locator("#saves-list .save-entry").last
    expect(oldest.locator(".save-name")).to_have_text("Game 1")
    oldest.locator(".save-load").click()   # (over an empty board: nothing to ask)
    game_1 = decode(stored[SAVE_PREFIX + "1"])
    assert len(wait_for_moves(page, len(game_1.record.turns))) == len(game_1.record.turns)
    assert "Loaded “Game 1”" in saves_status(page)
    page.click("#saves-newer")
    expect(page.locator("#saves-range")).to_have_text("Saves 901–950 of 1,000")
