"""A puzzle streak as a player meets it, in each game (two at 1280 px, two on a 390 px phone):
three puzzles solved with each one's own solution from the puzzle file, each harder or as hard
as the one before, then a wrong move ends the streak; the best streak is shown after a reload
(and in SUSAN after a backup is restored into a cleared browser), and axe finds nothing wrong on
the coach bar with the streak's line or in the Learn dialog."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from e2e.conftest import VIEWPORTS
from e2e.harness import TrafficMonitor, wait_until_playable
from e2e.helpers import boot_with_saves, type_move, violations
from e2e.puzzle_play import expected_line, go_ahead_if_asked
from pygame_core.puzzles.catalog import Puzzle, shipped
from pygame_core.puzzles.prove import SAVE
from ui.play.puzzles import GOOD
from ui.play.streak import STREAK_KEY, difficulty

CASES = [("susan", "desktop"), ("stymie", "phone"), ("superstar", "desktop"), ("lisbon", "phone")]


def typed(puzzle: Puzzle, turn: tuple[str, ...]) -> str:
    """A whole turn as the player types it: the stones already placed first, then `turn`."""
    return ",".join((*puzzle.pending, *turn)) or "pass"


def wrong_turn(puzzle: Puzzle) -> tuple[str, ...]:
    """A turn the proof refutes, one that places a stone where there is one (an empty end of
    turn is not typed; a SUPERSTAR endgame's only wrong turn may be a pass)."""
    wrongs = [wrong for wrong, unused in puzzle.refutations if wrong or puzzle.pending]
    return next((wrong for wrong in wrongs if wrong and "pass" not in wrong), wrongs[0])


def answer(page: Page, text: str) -> None:
    """Type a turn; a typed pass that ends the game asks first, as the Pass button does: say yes."""
    type_move(page, text)
    if text == "pass":   # (a pass that does not end the game does not ask)
        go_ahead_if_asked(page)


def streak_puzzle(page: Page) -> Puzzle:
    """The puzzle the streak shows now, read from the coach bar and found in the puzzle file."""
    shown = page.get_attribute("#coach-bar", "data-puzzle")
    return next(p for p in shipped() if p.id == shown)


def open_learn(page: Page) -> None:
    page.click("#learn-button")
    page.wait_for_selector("#learn-dialog[open]")
    page.wait_for_selector("#learn-dialog button[data-streak]")


@pytest.fixture
def sized(request: pytest.FixtureRequest, browser: Browser, monitor: TrafficMonitor) -> Page:
    width, height = VIEWPORTS[request.param]
    phone = request.param == "phone"
    context = monitor.watch(browser.new_context(viewport={"width": width, "height": height},
                                                is_mobile=phone, has_touch=phone))
    request.addfinalizer(context.close)
    return context.new_page()


@pytest.mark.parametrize(("game", "sized"), CASES, ids=[f"{g}-{s}" for g, s in CASES], indirect=["sized"])
def test_a_streak_of_three_then_a_miss_and_the_best_after_a_reload(game: str, sized: Page, site_server,
                                                                     tmp_path: Path) -> None:
    page = sized
    page.goto(site_server.url)
    wait_until_playable(page)
    if page.is_visible("#front-door-dialog"):
        page.click("#front-door-close")
    open_learn(page)
    assert page.text_content(f"#learn-dialog button[data-streak='{game}']") == "Streak"
    if game == "susan":
        assert violations(page) == []   # the Learn dialog with the streak buttons
    page.click(f"#learn-dialog button[data-streak='{game}']")
    served: list[Puzzle] = []
    for solved in range(1, 4):
        page.wait_for_function(f"document.getElementById('coach-bar').dataset.puzzle !== '' && "
                               f"document.getElementById('coach-streak').dataset.streak === '{solved - 1}'")
        puzzle = streak_puzzle(page)
        assert puzzle.game == game and puzzle not in served
        assert "Rating" in page.text_content("#coach-source")   # the rating is shown with the puzzle
        served.append(puzzle)
        for step, (turn, _answer, result) in enumerate(expected_line(puzzle), start=1):   # a longer win: played out
            answer(page, ",".join((*puzzle.pending, turn)) if step == 1 and puzzle.pending else turn or "pass")
            if result == GOOD:
                page.wait_for_function(f"document.getElementById('coach-bar').dataset.step === '{step}'")
        page.wait_for_function(f"document.getElementById('coach-streak').dataset.streak === '{solved}'")
        assert page.text_content("#coach-streak").startswith(f"Streak: {solved} solved. Best: {solved}.")
        if game == "susan" and solved == 1:
            assert violations(page) == []   # the coach bar with the streak's line
        page.click("#coach-next-puzzle")
    assert [difficulty(p) for p in served] == sorted(difficulty(p) for p in served)   # rising
    page.wait_for_function("document.getElementById('coach-streak').dataset.streak === '3' && "
                           f"document.getElementById('coach-bar').dataset.puzzle !== '{served[-1].id}'")
    fourth = streak_puzzle(page)
    assert difficulty(fourth) > difficulty(served[-1])
    answer(page, typed(fourth, wrong_turn(fourth)))
    page.wait_for_function("document.getElementById('coach-streak').dataset.over === '1'")
    assert "The streak is over: 3 puzzles solved in a row." in page.text_content("#coach-streak")
    assert page.get_attribute("#coach-bar", "data-result") == "failed"
    assert page.evaluate(f"JSON.parse(localStorage.getItem('{STREAK_KEY}')).best") == {game: 3}
    assert fourth.kind in ("win", SAVE)

    page.reload()
    wait_until_playable(page)
    open_learn(page)
    assert page.text_content(f"#learn-dialog button[data-streak='{game}']") == "Streak (best: 3 solved)"
    if game == "susan":
        back_up_clear_and_restore(page, site_server, tmp_path)
        open_learn(page)
        assert page.text_content("#learn-dialog button[data-streak='susan']") == "Streak (best: 3 solved)"


def back_up_clear_and_restore(page: Page, site_server, tmp_path: Path) -> None:
    """The saves panel's backup, the browser's storage cleared, and the backup restored."""
    page.click("#learn-close")
    boot_with_saves(page, site_server.url)
    with page.expect_download() as download:
        page.click("#backup-button")
    backup = tmp_path / download.value.suggested_filename
    download.value.save_as(backup)
    assert json.loads(backup.read_text())["streaks"] == {"susan": 3}
    page.evaluate("localStorage.clear()")
    boot_with_saves(page, site_server.url)
    page.set_input_files("#restore-file", str(backup))
    page.wait_for_function("document.getElementById('saves-status').textContent.includes('Best puzzle streak raised')")
