"""Puzzle mode in the browser: one puzzle solved, one failed (the refutation is played on the
board and the solution named), the progress kept in local storage across a reload, and a win
in 5 played out against the defence."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page

from e2e.harness import wait_until_playable, wait_until_ready
from e2e.helpers import SOLVED_ID, open_blog_post, open_puzzle, type_move
from e2e.puzzle_play import expected_line, go_ahead_if_asked
from pygame_core.puzzles.catalog import shipped
from ui.play.puzzles import GOOD, PROGRESS_KEY, SOLVED


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
    susan = [p for p in shipped() if p.game == "susan"]   # issue 40.5: progress per game
    assert page.text_content("#learn-puzzles h4[data-game='susan']") == f"SUSAN: 1 of {len(susan)} solved, 1 missed"
    stymie = [p for p in shipped() if p.game == "stymie"]
    assert page.text_content("#learn-puzzles h4[data-game='stymie']") == f"STYMIE: 0 of {len(stymie)} solved"
    assert page.text_content(f"button[data-puzzle='{puzzle.id}']").endswith("✗")


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


def test_a_win_in_5_is_played_out_against_the_defence(page: Page, site_server) -> None:
    """Issue 38.16: a "win in 5" was marked solved after its first move, under a source line
    in developer words."""
    puzzle = next(p for p in shipped() if p.kind == "win" and p.moves == 5)
    line = expected_line(puzzle)
    assert len(line) >= 3 and line[-1][2] == SOLVED
    page.goto(site_server.url)
    wait_until_playable(page)
    open_puzzle(page, puzzle.id)
    source = page.text_content("#coach-source")
    assert source.startswith("From a game the computer played against itself") and "seed" not in source
    for step, (turn, answer, result) in enumerate(line, start=1):
        type_move(page, turn)
        if turn == "pass":   # a typed pass that ends the game asks first, as the Pass button does
            go_ahead_if_asked(page)
        if result == GOOD:
            page.wait_for_function(f"document.getElementById('coach-bar').dataset.step === '{step}'")
            assert page.get_attribute("#coach-bar", "data-result") == ""   # not solved yet
            assert page.text_content("#coach-note").endswith(f"defends with {answer} (on the board): your move.")
            last = page.eval_on_selector_all("#moves button[data-cursor]", "bs => bs[bs.length - 1].textContent")
            assert last.endswith(answer), last
    page.wait_for_function("document.getElementById('coach-bar').dataset.result === 'solved'")
    assert page.text_content("#coach-note").startswith("Solved: the win is reached.")
