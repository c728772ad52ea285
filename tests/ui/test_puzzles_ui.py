"""Puzzle mode's pure side: a puzzle opens as a session, the player's turn is judged (solved,
or failed with the proved refutation), and progress survives in storage or fails soft."""

from __future__ import annotations

import json

from pygame_core.game import END_TURN
from pygame_core.puzzles.catalog import actions_of, shipped
from test_storage import DeniedStorage, DictStorage, FullStorage
from ui.play.puzzles import FAILED, PROGRESS_KEY, SOLVED, Progress, attempt, puzzle_session, refutation_actions
from ui.saves.storage import BrowserStorage


def play(session, texts) -> None:
    actions, _ = actions_of(session.live, texts)
    for action in actions:
        session.play(action)
    if session.pending:   # a turn that ends early (a multi-stone game): end it
        session.play(END_TURN)


def test_the_solution_solves_and_a_wrong_turn_gets_its_refutation() -> None:
    for puzzle in shipped():
        session = puzzle_session(puzzle)
        start = session.cursor
        assert attempt(puzzle, session, start) is None   # nothing played yet
        play(session, puzzle.solution)
        assert attempt(puzzle, session, start).solved

        session = puzzle_session(puzzle)
        wrong, answer = puzzle.refutations[0]
        play(session, wrong)
        tried = attempt(puzzle, session, start)
        assert tried is not None and not tried.solved and tried.answer == answer
        if answer and not session.is_over:
            session.play_turn(refutation_actions(session, answer))
            assert session.cursor == start + 2


def test_pending_stones_are_placed_when_a_puzzle_opens() -> None:
    pending = [p for p in shipped() if p.pending]
    for puzzle in pending:
        session = puzzle_session(puzzle)
        assert len(session.pending) == len(puzzle.pending)


def test_progress_is_kept_in_storage() -> None:
    backend = DictStorage()
    progress = Progress(BrowserStorage(backend))
    progress.record("a", FAILED)
    progress.record("a", SOLVED)
    progress.record("a", FAILED)          # a solved puzzle stays solved
    progress.record("b", FAILED)
    again = Progress(BrowserStorage(backend))
    assert again.results == {"a": SOLVED, "b": FAILED} and again.count(SOLVED) == 1 and again.note == ""
    assert json.loads(backend.items[PROGRESS_KEY])["version"] == 1


def test_damaged_progress_reads_as_none() -> None:
    backend = DictStorage()
    for text in ("{", "[]", '{"results": 3}', '{"results": {"x": "maybe"}}'):
        backend.items[PROGRESS_KEY] = text
        assert Progress(BrowserStorage(backend)).results == {}


def test_denied_or_full_storage_keeps_progress_for_the_visit() -> None:
    denied = Progress(BrowserStorage(DeniedStorage()))
    denied.record("a", SOLVED)
    assert denied.result("a") == SOLVED and "not kept" in denied.note
    full = Progress(BrowserStorage(FullStorage()))
    full.record("a", FAILED)
    assert full.result("a") == FAILED and "full" in full.note
