"""Puzzle mode in the browser: one puzzle solved, one failed (the refutation is played on the
board and the solution named), and the progress kept in local storage across a reload."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page

from e2e.harness import wait_until_playable, wait_until_ready
from e2e.helpers import SOLVED_ID, open_blog_post, open_puzzle, type_move
from pygame_core.puzzles.catalog import shipped
from ui.play.puzzles import PROGRESS_KEY


def failing_case():
    """A SUSAN save puzzle, one of its wrong moves and the answer the proof found to it."""
    for puzzle in shipped():
        if puzzle.game == "susan" and puzzle.kind == "save":
            for wrong, answer in puzzle.refutations:
                if answer:
                    return puzzle, ",".join(wrong), ",".join(answer)
    raise AssertionError("no SUSAN save puzzle with a refutation is shipped")


def test_a_puzzle_solved_and_one_failed(page: Page, site_server) -> None:
    page.goto(site_server.url)
    wait_until_playable(page)
    open_puzzle(page, SOLVED_ID)
    assert "White to play and win" in page.text_content("#coach-goal")
    type_move(page, "e3")
    page.wait_for_function("document.getElementById('coach-bar').dataset.result === 'solved'")
    assert "Solved" in page.text_content("#coach-note")

    puzzle, wrong, answer = failing_case()
    open_puzzle(page, puzzle.id)
    start = len(puzzle.record.turns)
    type_move(page, wrong)
    page.wait_for_function("document.getElementById('coach-bar').dataset.result === 'failed'")
    note = page.text_content("#coach-note")
    assert f"The solution was {','.join(puzzle.solution)}" in note and answer in note
    # the refutation is on the board: the move list ends with it
    page.wait_for_function(f"document.querySelectorAll('#moves button[data-cursor]').length === {start + 3}")
    last = page.eval_on_selector_all("#moves button[data-cursor]", "bs => bs[bs.length - 1].textContent")
    assert last.endswith(answer), last

    stored = json.loads(page.evaluate(f"localStorage.getItem('{PROGRESS_KEY}')"))
    assert stored["results"] == {SOLVED_ID: "solved", puzzle.id: "failed"}
    page.reload()
    wait_until_playable(page)
    page.click("#learn-button")
    page.wait_for_selector("#learn-dialog[open]")
    assert page.get_attribute(f"button[data-puzzle='{SOLVED_ID}']", "data-result") == "solved"
    assert page.get_attribute(f"button[data-puzzle='{puzzle.id}']", "data-result") == "failed"
    assert "solved 1, missed 1" in page.text_content("#learn-progress")


def test_where_storage_is_denied_a_puzzle_still_plays_and_says_progress_is_not_kept(
        storage_blocked_context: BrowserContext, blog_server, site_server, monitor) -> None:
    monitor.allow(blog_server.origin)
    frame = open_blog_post(storage_blocked_context.new_page(), blog_server, site_server)
    wait_until_ready(frame)
    if frame.is_visible("#front-door-dialog"):
        frame.click("#front-door-close")
    open_puzzle(frame, SOLVED_ID)
    type_move(frame, "e3")
    frame.wait_for_function("document.getElementById('coach-bar').dataset.result === 'solved'")
    assert "Progress is not kept here" in frame.text_content("#coach-note")
