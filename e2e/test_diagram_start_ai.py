"""A game that starts from a diagram, with the computer to move: the worker must search the
position on the screen. (It was sent only the turns and searched the empty board, issue 13.)"""

from __future__ import annotations

import json

from playwright.sync_api import Page

from e2e.harness import wait_until_ready
from pygame_core.record import Record, Start
from tools.browser_harness import AUTOSAVE, DIAGRAM  # White, the computer, wins at once on b2
from ui.play.saved_game import AI, HUMAN, SavedGame, Seat
from ui.saves.savefile import encode


def test_the_computer_answers_in_the_diagram_position(page: Page, site_server) -> None:
    record = Record("susan", {}, (), Start(DIAGRAM, "White"))
    saved = SavedGame(record, (Seat(HUMAN), Seat(AI, "easy")), 0)
    page.goto(site_server.url)
    wait_until_ready(page)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [AUTOSAVE, encode(saved)])
    page.reload()
    wait_until_ready(page)
    page.wait_for_function("document.querySelectorAll('#moves button[data-cursor]').length === 2",
                           timeout=60_000)
    first = page.eval_on_selector_all("#moves button[data-cursor]", "bs => bs[1].textContent")
    assert first == "1. W b2", json.dumps(first)
    page.wait_for_function("document.body.dataset.over === 'yes'")
