"""Issue 30 item 12: saves that outlive the browser's housekeeping. The first save asks the
browser to keep the site's storage and the panel says whether it does; "Back up all games"
downloads one file; "Restore" merges it back by game id (restoring twice adds nothing, another
version of a save is replaced only after a question), and a bad file changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect
from e2e.helpers import SAVE_PREFIX, boot_with_saves, new_susan_game, play, saves_status


# navigator.storage as a browser that grants persistence when asked (headless Chromium's answer
# depends on its heuristics); counts the requests.
GRANTING_BROWSER = """
    window.__persistCalls = 0;
    let kept = false;
    navigator.storage.persisted = async () => kept;
    navigator.storage.persist = async () => { window.__persistCalls += 1; kept = true; return true; };
"""


def saved_names(page: Page) -> list[str]:
    return sorted(page.eval_on_selector_all("#saves-list .save-entry .save-name", "els => els.map(e => e.textContent)"))


def stored_saves(page: Page) -> dict[str, str]:
    return page.evaluate(f"Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('{SAVE_PREFIX}')))")


def restore(page: Page, path: Path) -> None:
    page.evaluate("document.getElementById('saves-status').textContent = ''")
    page.set_input_files("#restore-file", str(path))


def wait_status(page: Page, start: str) -> str:
    page.wait_for_function("s => document.getElementById('saves-status').textContent.startsWith(s)", arg=start,
                           timeout=30_000)
    return saves_status(page)


def test_back_up_clear_restore_twice_and_a_bad_file(page: Page, site_server, tmp_path: Path) -> None:
    page.add_init_script(GRANTING_BROWSER)
    boot_with_saves(page, site_server.url)
    expect(page.locator("#storage-kept")).to_contain_text("not kept for sure")
    assert page.evaluate("window.__persistCalls") == 0          # not asked before the first save
    new_susan_game(page)
    play(page, "d6", "b5")
    page.fill("#save-name", "two moves")
    page.click("#save-button")
    expect(page.locator("#storage-kept")).to_contain_text("Storage: kept")
    play(page, "c4")
    page.fill("#save-name", "three <b>moves</b>")
    page.click("#save-button")
    page.wait_for_function("document.querySelectorAll('#saves-list .save-entry').length === 2")
    assert page.evaluate("window.__persistCalls") == 1          # asked once, the answer written down
    play(page, "b2")

    with page.expect_download() as download:
        page.click("#backup-button")
    backup = tmp_path / download.value.suggested_filename
    download.value.save_as(backup)
    data = json.loads(backup.read_text())
    assert data["format"] == "pygame-site-backup" and len(data["games"]) == 3
    assert "Backed up 2 saved games and the game on the board" in saves_status(page)

    page.evaluate("localStorage.clear()")
    page.reload()
    boot_with_saves(page, site_server.url)
    assert saved_names(page) == []
    restore(page, backup)
    assert wait_status(page, "Restored") == "Restored: 3 games added."
    expected = ["Game in progress", "three <b>moves</b>", "two moves"]
    page.wait_for_function("document.querySelectorAll('#saves-list .save-entry').length === 3")
    assert saved_names(page) == expected
    restore(page, backup)
    assert wait_status(page, "Restored") == "Restored: 3 games already here."
    assert saved_names(page) == expected
    before = stored_saves(page)

    corrupt = json.loads(backup.read_text())
    corrupt["games"][1]["record"]["turns"][-1] = "zz99"
    corrupt["games"][0]["name"] = "would be new"
    for name, text, words in (("corrupt.json", json.dumps(corrupt), "game 2 of the backup is not a valid save"),
                              ("notes.json", "not a backup at all", "not JSON"),
                              ("one-save.json", json.dumps(corrupt["games"][0]), "one saved game, not a backup")):
        (tmp_path / name).write_text(text)
        restore(page, tmp_path / name)
        assert words in wait_status(page, "Nothing restored")
        assert stored_saves(page) == before

    later = json.loads(backup.read_text())
    two = next(game for game in later["games"] if game["name"] == "two moves")
    two["record"]["turns"].append("b2")   # another version of "two moves"
    two["cursor"] = 3
    (tmp_path / "later.json").write_text(json.dumps(later))
    restore(page, tmp_path / "later.json")
    expect(page.locator("#confirm-text")).to_contain_text("two moves")
    page.click("#confirm-cancel")
    assert stored_saves(page) == before
    restore(page, tmp_path / "later.json")
    page.click("#confirm-go")
    assert wait_status(page, "Restored") == "Restored: 1 game replaced by the backup's version, 2 games already here."
    assert saved_names(page) == expected


def test_two_saves_of_one_game_come_back_under_both_names_into_an_empty_browser(
        page: Page, site_server, tmp_path: Path) -> None:
    """Issue 38 item 12: the site's own save of a game by link, the player's save of it under
    their name, and the same game on the board, restored where there is no game at all."""
    from pygame_core.record import Record
    from ui.play.saved_game import FRIEND, SavedGame, Seat
    from ui.saves.backup import backup_text

    game = SavedGame(Record("susan", {}, ("d6", "b5")), (Seat(), Seat(FRIEND)), 2, game_id="eeeeeeeeeeee",
                     opponent="Bob", saved_at="2026-11-25T04:00:00Z")
    saves = [game._replace(name="SUSAN by link"), game._replace(name="Alice vs Bob, SUSAN by link")]
    backup = tmp_path / "backup.json"
    backup.write_text(backup_text(saves, game, "2026-11-25T04:00:00Z"))
    boot_with_saves(page, site_server.url)
    assert saved_names(page) == []
    restore(page, backup)
    assert wait_status(page, "Restored") == "Restored: 2 games added, 1 repeated in the backup."
    page.wait_for_function("document.querySelectorAll('#saves-list .save-entry').length === 2")
    assert saved_names(page) == ["Alice vs Bob, SUSAN by link", "SUSAN by link"]
