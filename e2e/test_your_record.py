"""Your record against the computer in Chromium (issue 40.4): a game won against the computer
shows as "1 win" next to its level in the front door and the new-game dialog, with the level's
plain words; taking the last move back and playing it again, or reloading, does not count it
twice; and the record comes back from a backup into a browser whose storage was cleared. A
record this version cannot read (a newer version's) is never written over (issue 54.14)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.harness import wait_until_playable, wait_until_ready
from e2e.helpers import AUTOSAVE, boot_with_saves, play, type_move
from pygame_core.ai.levels import LEVELS
from pygame_core.record import Record, Start
from tools.browser_harness import DIAGRAM   # White wins at once on b2
from ui.play.results import APART_KEY, RESULTS_KEY
from ui.play.saved_game import AI, HUMAN, SavedGame, Seat
from ui.saves.backup import backup_text
from ui.saves.savefile import encode

GAME_ID = "0123456789ab"
EASY = LEVELS["easy"]


def won_in_one(page: Page, url: str) -> None:
    """Open a SUSAN game against the computer (Easy, Black) where the player, White, wins at b2."""
    record = Record("susan", {}, (), Start(DIAGRAM, "White"))
    saved = SavedGame(record, (Seat(AI, "easy"), Seat(HUMAN)), 0, game_id=GAME_ID)
    page.goto(url)
    wait_until_ready(page)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [AUTOSAVE, encode(saved)])
    page.reload()
    wait_until_playable(page)


def door_shows(page: Page, words: str) -> None:
    """The front door's SUSAN block: Easy in the list, and its plain words once chosen."""
    page.click("#new-game")
    page.click("#setup-front-door")
    block = page.locator("#front-door-dialog section[data-game='susan']")
    expect(block.locator(".front-door-level option[value='easy']")).to_have_text(
        f"Easy — you: {words}" if words else "Easy")
    block.locator(".front-door-level").select_option("easy")
    expect(block.locator(".front-door-level-note")).to_have_text(
        f"Easy: {EASY.plain}. " + (f"You: {words}." if words else "You have not played it here yet."))
    page.click("#front-door-close")


def test_a_win_is_shown_at_the_level_counted_once_and_restored_from_a_backup(
        page: Page, site_server, tmp_path: Path) -> None:
    won_in_one(page, site_server.url)
    door_shows(page, "")
    play(page, "b2")
    page.wait_for_function("document.body.dataset.over === 'yes'")
    door_shows(page, "1 win, 0 losses")

    page.click("#new-game")   # the new-game dialog: the computer's seat lists the record too
    page.select_option("#setup-game", "susan")
    expect(page.locator("#setup-seats select[name=seat0] option[value='easy']")).to_have_text(
        "Computer: Easy — you: 1 win, 0 losses")
    expect(page.locator("#setup-level-note")).to_have_text(f"Easy: {EASY.plain}. You: 1 win, 0 losses.")
    page.click("#setup-cancel")

    page.click("#undo")       # the winning move taken back and played again: still one win
    page.wait_for_function("document.body.dataset.over !== 'yes'")
    type_move(page, "b2")     # (the move list still lists it: the game as it was is kept first)
    page.wait_for_function("document.body.dataset.over === 'yes'")
    page.reload()
    wait_until_playable(page)
    door_shows(page, "1 win, 0 losses")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{RESULTS_KEY}')"))
    assert stored["games"] == {GAME_ID: ["susan", "easy", "win"]}

    page.evaluate("document.getElementById('saves-panel').open = true")
    with page.expect_download() as download:
        page.click("#backup-button")
    backup = tmp_path / download.value.suggested_filename
    download.value.save_as(backup)
    page.evaluate("localStorage.clear()")
    boot_with_saves(page, site_server.url)
    if page.is_visible("#front-door-dialog"):   # a first visit again: the door opens
        page.click("#front-door-close")
    door_shows(page, "")
    page.set_input_files("#restore-file", str(backup))
    page.wait_for_function("document.getElementById('saves-status').textContent.startsWith('Restored')")
    expect(page.locator("#saves-status")).to_contain_text("Your record against the computer: 1 game added.")
    door_shows(page, "1 win, 0 losses")


NEWER_RECORD = json.dumps({"version": 2, "games": {f"game{n}": {"game": "susan", "won": n % 2 == 0} for n in range(7)}})


def test_a_newer_versions_record_survives_a_counted_game_and_a_restore(page: Page, site_server, tmp_path: Path) -> None:
    """Issue 54.14: a 7-game record written by a later version became 1 game after a counted game."""
    page.goto(site_server.url)
    wait_until_ready(page)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [RESULTS_KEY, NEWER_RECORD])
    won_in_one(page, site_server.url)
    play(page, "b2")
    page.wait_for_function("document.body.dataset.over === 'yes'")
    assert page.evaluate(f"localStorage.getItem('{RESULTS_KEY}')") == NEWER_RECORD
    page.click("#new-game")
    page.click("#setup-front-door")
    block = page.locator("#front-door-dialog section[data-game='susan']")
    block.locator(".front-door-level").select_option("easy")
    expect(block.locator(".front-door-level-note")).to_have_text(
        f"Easy: {EASY.plain}. Your earlier record against the computer here was written by a newer version of "
        "this page: it is kept as it is, and games finished now are counted apart. Counted since: 1 win, 0 losses.")
    page.click("#front-door-close")

    backup = tmp_path / "backup.json"   # a restore ("1 game added") leaves it as it is too
    backup.write_text(backup_text([], None, "2026-01-01T00:00:00Z", {"fedcba987654": ("susan", "easy", "loss")}))
    page.evaluate("document.getElementById('saves-panel').open = true")
    page.set_input_files("#restore-file", str(backup))
    expect(page.locator("#saves-status")).to_contain_text("Your record against the computer: 1 game added.")
    assert page.evaluate(f"localStorage.getItem('{RESULTS_KEY}')") == NEWER_RECORD
    apart = page.evaluate(f"localStorage.getItem('{APART_KEY}')")
    assert json.loads(apart)["games"] == {GAME_ID: ["susan", "easy", "win"], "fedcba987654": ["susan", "easy", "loss"]}
