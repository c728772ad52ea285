"""The SUSAN manual's game as a guided replay: opened from Learn, stepped with Next to move 48,
where White's slide surrounds e7, each step showing its own note (issue 38.14: a move without
one showed an earlier move's)."""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.harness import wait_until_playable
from pygame_core.puzzles.guided import NO_NOTE, SUSAN_MANUAL_GAME


def test_the_guided_replay_reaches_move_48(page: Page, site_server) -> None:
    page.goto(site_server.url)
    wait_until_playable(page)
    page.click("#learn-button")
    page.wait_for_selector("#learn-dialog[open]")
    page.click("#learn-dialog button.learn-guided")
    page.wait_for_function("document.getElementById('coach-bar').dataset.move === '0'")
    assert page.text_content("#coach-note") == SUSAN_MANUAL_GAME.notes[0]
    for move in range(1, 49):
        page.click("#coach-next")
        page.wait_for_function(f"document.getElementById('coach-bar').dataset.move === '{move}'")
        assert page.text_content("#coach-note") == (SUSAN_MANUAL_GAME.note(move) or NO_NOTE)   # its own note
    assert page.text_content("#coach-goal") == "Move 48 of 48: g6-f6"
    assert page.is_disabled("#coach-next")
    page.wait_for_function("document.body.dataset.over === 'yes'")
    page.click("#coach-prev")
    page.wait_for_function("document.getElementById('coach-bar').dataset.move === '47'")
