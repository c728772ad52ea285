"""The lessons of every game: each one holds against the rules, the checker rejects a lesson the
rules contradict with a message naming it and what the rules said, and `lessons` prints the
documented JSON (docs/lessons.md). Runs under CPython and Pyodide, so `make test` checks every
lesson in both runtimes."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from pygame_core.cli import main
from pygame_core.errors import RecordError
from pygame_core.lessons import cli as lessons_cli
from pygame_core.lessons.check import problems
from pygame_core.lessons.model import Replay, Tutorial, all_lessons, from_entry, lessons_of, read
from pygame_core.puzzles.guided import guided_games
from pygame_core.registry import GAME_NAMES

LESSONS = all_lessons()

# A small SUSAN lesson the broken variants below start from: Black's b2 surrounds White's a1.
GOOD: dict[str, Any] = {
    "id": "test-corner", "kind": "tutorial", "title": "Corner", "text": "Surround the corner stone.",
    "options": {}, "turns": [],
    "start": {"rows": ["ox...", "x.....", ".......", "........", ".........", "........", ".......",
                       "......", "....."], "to_move": "Black"},
    "solution": {"turns": ["b2"], "result": "win", "only": True, "reason": "surrounded a1", "why": "b2 closes a1 in."},
    "wrong": [{"turns": ["c2", "a1-b2"], "result": "on", "why": "White slides out."}],
}


def lesson(**changes: Any) -> Tutorial:
    entry = copy.deepcopy(GOOD)
    for path, value in changes.items():
        target = entry
        *parents, last = path.split("__")
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[last] = value
    made = from_entry("susan", entry)
    assert isinstance(made, Tutorial)
    return made


@pytest.mark.parametrize("item", LESSONS, ids=lambda item: item.id)
def test_every_lesson_holds_against_the_rules(item: Tutorial | Replay) -> None:
    assert problems(item) == []


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_has_five_tutorials_and_a_replay_with_wrong_answers_explained(game: str) -> None:
    mine = lessons_of(game)
    tutorials = [x for x in mine if isinstance(x, Tutorial)]
    assert len(tutorials) >= 5 and any(isinstance(x, Replay) for x in mine)
    assert all(x.wrong and all(w.why for w in x.wrong) and x.solution.why for x in tutorials)
    assert len({x.id for x in LESSONS}) == len(LESSONS)


def test_the_base_lesson_holds() -> None:
    assert problems(lesson()) == []


@pytest.mark.parametrize("changes, said", [
    ({"solution__turns": ["a2"]}, "solution: the rules give illegal (a2 is occupied"),
    ({"solution__turns": ["c3"], "solution__only": False}, "solution: the rules give on, the lesson says win"),
    ({"solution__reason": "surrounded e5"}, "does not say 'surrounded e5'"),
    ({"wrong__0__result": "loss"}, "wrong answer 1 'c2': the rules give on, the lesson says loss"),
    ({"wrong__0__turns": ["c2", "a1-a2"]}, "wrong answer 1 'c2': turn 2 'a1-a2' is refused"),
    ({"wrong__0__result": "illegal"}, "wrong answer 1 'c2': the rules give on, the lesson says illegal"),
    ({"solution__turns": ["b1-b2"], "solution__only": False}, "solution: the rules give on"),
    ({"wrong__0__turns": ["b2"]}, "the solution is also listed as a wrong answer"),
    ({"wrong__0__turns": ["a1", "b2"], "wrong__0__result": "illegal"},
     "the rules refuse it, so its replies can never be shown"),
    ({"wrong__0__turns": ["pass"], "wrong__0__result": "illegal"},
     "'pass' is not a cell, so the page cannot recognise this answer"),
])
def test_a_broken_lesson_is_rejected_naming_it_and_what_the_rules_said(changes: dict[str, Any], said: str) -> None:
    found = problems(lesson(**changes))
    assert found and all(p.startswith("susan lesson 'test-corner'") for p in found)
    assert any(said in p for p in found), found


def test_a_solution_claimed_only_must_be_the_only_one() -> None:
    # a Black stone on b3 can also slide into b2: a second win
    rows = ["ox...", "x.x...", ".......", "........", ".........", "........", ".......", "......", "....."]
    found = problems(lesson(start__rows=rows))
    assert any("not the only turn that gives win: b3-b2" in p for p in found), found


def test_a_position_that_does_not_replay_is_named() -> None:
    found = problems(lesson(turns=["z9"]))
    assert len(found) == 1 and "its position does not replay" in found[0]


def test_a_replay_note_belongs_to_its_move() -> None:
    susan = next(x for x in lessons_of("susan") if isinstance(x, Replay))
    assert problems(susan) == []
    shifted = susan._replace(notes={move + 1: note for move, note in susan.notes.items() if move})
    found = problems(shifted)
    assert found and all("does not name a cell that move changed" in p or "a note for move 49" in p for p in found)
    assert any("the note for move 2 (b5)" in p for p in found)
    assert problems(susan._replace(winner="Black")) == [
        "susan replay 'susan-manual': the game ends with 'White', the replay says 'Black'"]


def test_a_pass_or_swap_note_names_the_move_by_its_word() -> None:
    superstar = next(x for x in lessons_of("superstar") if isinstance(x, Replay))
    last = len(superstar.record.turns)
    assert superstar.record.turns[-1] == "pass" and "pass" in superstar.notes[last]
    found = problems(superstar._replace(notes={last: "Black ends the game."}))
    assert found == [f"superstar replay 'superstar-superstars': the note for move {last} (pass) does not name "
                     "a cell that move changed: 'Black ends the game.'"]


def test_bad_lesson_files_are_refused_with_a_message() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        read("{", "susan")
    with pytest.raises(RecordError, match="is for 'stymie'"):
        read(json.dumps({"format": "pygame_core-lessons", "version": 1, "game": "stymie", "lessons": []}), "susan")
    with pytest.raises(RecordError, match="no wrong answer"):
        from_entry("susan", {**GOOD, "wrong": []})
    with pytest.raises(RecordError, match="result 'won' is not one of"):
        from_entry("susan", {**GOOD, "solution": {**GOOD["solution"], "result": "won"}})


def test_the_json_has_the_documented_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons"], lessons_cli.COMMANDS) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["format"] == "pygame_core-lessons" and len(printed["lessons"]) == len(LESSONS)
    for entry in printed["lessons"]:
        assert {"game", "kind", "id", "title", "options", "turns"} <= set(entry)
        if entry["kind"] == "tutorial":
            assert {"text", "position", "solution", "wrong"} <= set(entry)
            assert {"rows", "to_move"} == set(entry["position"])
            assert {"turns", "result", "why"} <= set(entry["solution"])
            assert all({"turns", "result", "why"} <= set(w) for w in entry["wrong"])
        else:
            assert entry["kind"] == "replay" and {"source", "winner", "notes"} <= set(entry)
    assert main(["lessons", "lisbon"], lessons_cli.COMMANDS) == 0
    assert {e["game"] for e in json.loads(capsys.readouterr().out)["lessons"]} == {"lisbon"}


def test_check_passes_and_fails_naming_the_lesson(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["lessons", "--check"], lessons_cli.COMMANDS) == 0
    assert f"{len(LESSONS)} lessons checked, 0 problems" in capsys.readouterr().out
    broken = lesson(solution__turns=["c3"], solution__only=False)
    monkeypatch.setattr(lessons_cli, "all_lessons", lambda game=None: (broken,))
    assert main(["lessons", "--check"], lessons_cli.COMMANDS) == 1
    err = capsys.readouterr().err
    assert "susan lesson 'test-corner', solution: the rules give on, the lesson says win" in err
    assert main(["lessons", "chess"], lessons_cli.COMMANDS) == 2


def test_every_game_has_a_guided_replay_for_learn() -> None:
    assert [g.game for g in guided_games()] == list(GAME_NAMES)
    stymie = guided_games("stymie")[0]
    assert stymie.record().turns == stymie.turns and stymie.note(30).endswith("Horz wins.")
