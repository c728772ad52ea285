"""Tutorial mode's pure side: every tutorial opens as a session, its solution played by the
learner's own actions is right (and the rest of its line plays out), a listed wrong answer
gets its refutation line, any other turn is told apart, and which tutorials are done is kept
in storage or fails soft."""

from __future__ import annotations

import pytest

from pygame_core.game import END_TURN
from pygame_core.registry import game_names
from test_storage import DeniedStorage, DictStorage, FullStorage
from ui.play.puzzles import PROGRESS_KEY, SOLVED, Progress
from ui.play.session import Session
from ui.play.tutorials import (LESSON_PROGRESS_KEY, OTHER, RIGHT, WRONG, TutorialTry, next_tutorial, play_follow,
                               tutorial_session, tutorials)
from ui.saves.storage import BrowserStorage


def play_as_learner(session: Session, turn: str, reverse: bool = False) -> None:
    """Play `turn` one action at a time, as taps do (stones in reverse order if asked), ending
    a turn the rules leave open."""
    actions = [a for a in session.turn_start.parse_turn(turn) if a != END_TURN]
    for action in reversed(actions) if reverse else actions:
        assert session.play(action)
    if session.pending:
        assert session.play(END_TURN)


def test_every_game_has_tutorials_in_its_own_order() -> None:
    for game in game_names():
        found = tutorials(game)
        assert len(found) >= 5 and all(t.game == game for t in found)
        assert next_tutorial(found[0]) == found[1] and next_tutorial(found[-1]) is None


def test_every_tutorial_is_solved_by_its_solution_and_the_line_plays_out() -> None:
    for tutorial in tutorials():
        session = tutorial_session(tutorial)
        run = TutorialTry(tutorial)
        assert run.judge(session) is None   # nothing played yet
        play_as_learner(session, tutorial.solution.turns[0], reverse=True)
        verdict = run.judge(session)
        assert verdict is not None and verdict.result == RIGHT, tutorial.id
        assert verdict.why == tutorial.solution.why and verdict.follow == tutorial.solution.turns[1:]
        play_follow(session, verdict.follow)
        assert session.cursor == run.start + len(tutorial.solution.turns), tutorial.id
        expected = {"win": True, "draw": True, "on": False}[tutorial.solution.claim.result]
        assert session.is_over == expected, tutorial.id
        assert run.judge(session) is None   # judged once


def test_a_listed_wrong_answer_gets_its_refutation_line() -> None:
    tried = 0
    for tutorial in tutorials():
        for wrong in tutorial.wrong:
            if wrong.claim.result == "illegal":
                continue   # the rules refuse it on the board
            session = tutorial_session(tutorial)
            run = TutorialTry(tutorial)
            play_as_learner(session, wrong.turns[0])
            verdict = run.judge(session)
            assert verdict is not None and verdict.result == WRONG and verdict.why == wrong.why, tutorial.id
            assert verdict.follow == wrong.turns[1:]
            play_follow(session, verdict.follow)
            assert session.cursor == run.start + len(wrong.turns)
            tried += 1
    assert tried >= 10


def test_a_susan_wrong_answer_is_refuted_on_the_board() -> None:
    tutorial = next(t for t in tutorials("susan") if any(len(w.turns) > 1 for w in t.wrong))
    wrong = next(w for w in tutorial.wrong if len(w.turns) > 1)
    session = tutorial_session(tutorial)
    play_as_learner(session, wrong.turns[0])
    verdict = TutorialTry(tutorial).judge(session)
    assert verdict is not None and verdict.follow == wrong.turns[1:]
    play_follow(session, verdict.follow)
    assert session.turns[-len(wrong.turns):] == wrong.turns


def test_an_unlisted_legal_turn_is_not_the_move_asked_for() -> None:
    tutorial = tutorials("lisbon")[2]   # the ring: only i8 closes it, h8 is the listed wrong answer
    listed = {tutorial.solution.turns[0], *(w.turns[0] for w in tutorial.wrong)}
    session = tutorial_session(tutorial)
    assert "a1" not in listed
    play_as_learner(session, "a1")
    verdict = TutorialTry(tutorial).judge(session)
    assert verdict is not None and verdict.result == OTHER and verdict.played == "a1"
    assert verdict.follow == () and verdict.why == ""


@pytest.mark.parametrize("lesson_id, turn", [
    ("lisbon-turn-sizes", "c3,n5,e10"), ("susan-six-slides", "a5-b5"), ("superstar-edge-star", "E14"),
    ("lisbon-one-per-group", "h9"), ("lisbon-opposite-edges", "o9"), ("lisbon-three-edges", "n1"),
    ("stymie-single", "c3,d2"), ("lisbon-ring", "a1,i8")])
def test_a_right_answer_that_is_not_the_solution_is_right(lesson_id: str, turn: str) -> None:
    """Issue 54.1: every turn that meets the lesson's goal is right (these were all told they
    were not the move asked for), explained by the goal's words and how the rules ended it."""
    tutorial = next(t for t in tutorials() if t.id == lesson_id)
    session = tutorial_session(tutorial)
    run = TutorialTry(tutorial)
    play_as_learner(session, turn)
    verdict = run.judge(session)
    assert verdict is not None and verdict.result == RIGHT, (lesson_id, verdict)
    assert verdict.why.startswith(tutorial.goal.why) and verdict.follow == tutorial.goal.then
    outcome = session.live.outcome
    if outcome is not None:
        assert verdict.why.endswith(f" The game ends: {outcome.reason}.")


def test_another_right_answer_plays_the_goals_own_replies() -> None:
    """SUPERSTAR's komi lesson: any stone that puts White ahead is right, and the two passes that
    end the game are played after it, as after the solution."""
    tutorial = next(t for t in tutorials("superstar") if t.goal.then)
    session = tutorial_session(tutorial)
    run = TutorialTry(tutorial)
    play_as_learner(session, "A6")
    verdict = run.judge(session)
    assert verdict is not None and verdict.result == RIGHT and verdict.follow == ("pass", "pass")
    play_follow(session, verdict.follow)
    outcome = session.live.outcome
    assert outcome is not None and outcome.winners == (session.state_at(run.start).to_move,)


def test_done_tutorials_are_kept_apart_from_puzzle_progress_and_fail_soft() -> None:
    backend = DictStorage()
    Progress(BrowserStorage(backend), LESSON_PROGRESS_KEY).record("lisbon-ring", SOLVED)
    assert Progress(BrowserStorage(backend), LESSON_PROGRESS_KEY).result("lisbon-ring") == SOLVED
    assert PROGRESS_KEY not in backend.items
    for storage in (DeniedStorage(), FullStorage()):
        progress = Progress(BrowserStorage(storage), LESSON_PROGRESS_KEY)
        progress.record("lisbon-ring", SOLVED)
        assert progress.result("lisbon-ring") == SOLVED and progress.note


def test_a_refused_turn_that_is_a_listed_wrong_answer_is_recognised_by_its_cells() -> None:
    """Issue 40.1 target: every lesson's wrong-answer path shows why, the ones the rules refuse
    (and that never reach the board) included: a tap's refused turn is matched by its cells."""
    from ui.play.player_input import click, tapped_turn
    from ui.play.tutorials import refused_answer

    refused = [(t, w) for t in tutorials() for w in t.wrong if w.claim.result == "illegal"]
    assert {t.game for t, _ in refused} >= {"stymie", "lisbon"}
    for tutorial, wrong in refused:
        assert refused_answer(tutorial, wrong.turns[0]) == wrong
        assert refused_answer(tutorial, ", ".join(reversed(wrong.turns[0].upper().split(",")))) == wrong
        assert refused_answer(tutorial, tutorial.solution.turns[0]) is None
    lesson, wrong = next((t, w) for t, w in refused if t.id == "lisbon-one-per-group")
    session = tutorial_session(lesson)
    first, second = wrong.turns[0].split(",")
    assert click(session, session.live.board.cell(first))
    cell = session.live.board.cell(second)
    assert not click(session, cell) and session.message   # the rules refuse the tap
    assert refused_answer(lesson, tapped_turn(session, cell)) == wrong
