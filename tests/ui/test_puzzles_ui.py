"""Puzzle mode's pure side: a puzzle opens as a session, the player's turn is judged (solved,
or failed with the proved refutation), and progress survives in storage or fails soft."""

from __future__ import annotations

import json

from pygame_core.game import END_TURN
from pygame_core.puzzles.catalog import actions_of, after_turn, shipped, texts_of
from pygame_core.puzzles.defence import winning_turn
from pygame_core.puzzles.prove import Prover
from test_storage import DeniedStorage, DictStorage, FullStorage
from ui.play.puzzles import (FAILED, GOOD, PROGRESS_KEY, SOLVED, Progress, PuzzleTry, puzzle_session,
                             refutation_actions)
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
        assert PuzzleTry(puzzle).judge(session) is None   # nothing played yet
        play(session, puzzle.solution)
        assert PuzzleTry(puzzle).judge(session).result == (GOOD if puzzle.kind == "win" and puzzle.moves > 1
                                                           else SOLVED)

        session = puzzle_session(puzzle)
        wrong, answer = puzzle.refutations[0]
        play(session, wrong)
        tried = PuzzleTry(puzzle).judge(session)
        assert tried is not None and tried.result == FAILED and tried.answer == answer
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


def test_damaged_progress_reads_as_none_and_is_never_written_over() -> None:
    backend = DictStorage()
    for text in ("{", "[]", '{"results": 3}', '{"results": {"x": "maybe"}}', '{"version": 2, "results": {}}',
                 "[" * 100_000 + "]" * 100_000, '{"results":' * 100_000):
        backend.items[PROGRESS_KEY] = text
        progress = Progress(BrowserStorage(backend))
        assert progress.results == {} and "could not be read" in progress.note
        progress.record("a", SOLVED)   # kept for the visit; what was stored stays as it is
        assert progress.result("a") == SOLVED and backend.items[PROGRESS_KEY] == text
    backend.items[PROGRESS_KEY] = '{"version": 1, "results": {"a": "solved", "b": "hinted"}}'
    assert Progress(BrowserStorage(backend)).results == {"a": SOLVED}   # a newer kind of result: not whole
    Progress(BrowserStorage(backend)).record("c", SOLVED)
    assert "hinted" in backend.items[PROGRESS_KEY]


def test_denied_or_full_storage_keeps_progress_for_the_visit() -> None:
    denied = Progress(BrowserStorage(DeniedStorage()))
    denied.record("a", SOLVED)
    assert denied.result("a") == SOLVED and "not kept" in denied.note
    full = Progress(BrowserStorage(FullStorage()))
    full.record("a", FAILED)
    assert full.result("a") == FAILED and "full" in full.note


def test_a_win_in_several_turns_is_played_out_against_the_defence() -> None:
    """Issue 38.16: a "win in 5" was marked solved after its first move."""
    longer = [p for p in shipped() if p.kind == "win" and p.moves > 1]
    assert any(p.moves == 5 for p in longer)
    for puzzle in longer:
        session = puzzle_session(puzzle)
        mover = session.live.to_move
        run = PuzzleTry(puzzle)
        play(session, puzzle.solution)
        tried, turns = run.judge(session), 1
        while tried.result == GOOD:
            assert tried.answer and not session.is_over and not run.finished
            session.play_turn(refutation_actions(session, tried.answer))   # the defence, on the board
            assert run.judge(session) is None                              # not the player's turn
            best = winning_turn(Prover(limit=None), session.turn_start, run.plies_left)
            play(session, texts_of(session.turn_start, best))
            tried, turns = run.judge(session), turns + 1
        assert tried.result == SOLVED and run.finished, (puzzle.id, tried)
        if tried.answer:   # the defence had only replies that lose at once (a pass that ends it)
            session.play_turn(refutation_actions(session, tried.answer))
        assert 2 <= turns <= puzzle.moves and mover in session.outcome.winners


def test_a_later_turn_that_lets_the_win_slip_is_missed() -> None:
    missed = 0
    for puzzle in (p for p in shipped() if p.kind == "win" and p.moves > 1):
        session = puzzle_session(puzzle)
        run = PuzzleTry(puzzle)
        play(session, puzzle.solution)
        session.play_turn(refutation_actions(session, run.judge(session).answer))
        prover, state = Prover(limit=None), session.turn_start
        slip = next((turn for turn, after in prover.turns(state)
                     if not prover.reaches("win", after, state.to_move, run.plies_left)), None)
        if slip is None:   # every turn still wins here (a SUPERSTAR endgame)
            continue
        play(session, texts_of(state, slip))
        tried = run.judge(session)
        assert tried.result == FAILED and run.finished and tried.solution, puzzle.id
        assert prover.reaches("win", after_turn(state, tried.solution.split(",")), state.to_move, run.plies_left)
        missed += 1
    assert missed >= 6   # the SUSAN wins in 2 at least


def test_each_game_s_progress_counts_its_solved_and_missed_puzzles() -> None:
    """Issue 40.5: "7 of 15 solved" per game; a miss counts as missed until solved later."""
    progress = Progress(BrowserStorage(DictStorage()))
    ids = ["p1", "p2", "p3"]
    assert progress.summary(ids) == "0 of 3 solved"
    progress.record("p1", SOLVED)
    progress.record("p2", FAILED)
    progress.record("other-game", FAILED)
    assert progress.summary(ids) == "1 of 3 solved, 1 missed"
    progress.record("p2", SOLVED)
    assert progress.summary(ids) == "2 of 3 solved"
