"""Playing a puzzle out in the browser tests: what the page should answer to each turn of a
proved win, and the confirmation a game-ending pass asks for."""

from __future__ import annotations

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from pygame_core.game import END_TURN
from pygame_core.puzzles.catalog import actions_of, texts_of
from pygame_core.puzzles.defence import winning_turn
from pygame_core.puzzles.prove import Prover
from ui.play.puzzles import GOOD, PuzzleTry, puzzle_session, refutation_actions


def go_ahead_if_asked(page: Page) -> None:
    """Say yes when the page asks before a pass that ends the game (asked only then)."""
    try:
        page.click("#confirm-go", timeout=3000)
    except PlaywrightTimeout:
        pass   # not asked: the pass did not end the game


def expected_line(puzzle) -> list[tuple[str, str, str]]:
    """The player's turns of a played-out win, each with the defence's answer and the result,
    as the page's own logic (ui.play.puzzles) decides them under CPython."""
    session, run, line = puzzle_session(puzzle), PuzzleTry(puzzle), []
    turn = puzzle.solution
    while True:
        for action in actions_of(session.live, turn)[0]:
            session.play(action)
        if session.pending:
            session.play(END_TURN)
        tried = run.judge(session)
        line.append((",".join(turn), ",".join(tried.answer), tried.result))
        if tried.answer:
            session.play_turn(refutation_actions(session, tried.answer))
        if tried.result != GOOD:
            return line
        turn = texts_of(session.turn_start, winning_turn(Prover(limit=None), session.turn_start, run.plies_left))
