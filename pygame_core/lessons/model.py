"""The lessons of each game as plain values, read from the JSON file its spec names.

A *tutorial* teaches one rule by doing: a position (a record: options, an optional start
diagram, turns played from it), one sentence for the player, the turn to find (`solution`) and
typical wrong turns (`wrong`), each a *line*: the learner's turn, then the replies that show
what happens, with the result the rules must give (`Claim`), and a *goal* (`Goal`): the kind of
position the lesson asks for, which every right turn reaches (`goal.py` judges a turn by it). A
*replay* is a game with a note for some of its moves. `check.py` holds every claim against the
rules and proves the turns the page accepts are the turns that meet the goal; docs/lessons.md
describes the file.
"""

from __future__ import annotations

import pkgutil
from functools import lru_cache
from typing import Any, Mapping, NamedTuple

from ..errors import RecordError, quote
from ..jsontext import load_json
from ..record import Record, Start, replay
from ..registry import find_game, game_names

FORMAT = "pygame_core-lessons"
VERSION = 1
RESULTS = ("win", "loss", "draw", "on", "illegal")  # from the learner's side, after the line
GOAL_RESULTS = ("win", "draw", "on")                # what a lesson may ask for
TUTORIAL, REPLAY = "tutorial", "replay"


class Claim(NamedTuple):
    """What the rules must say after a line, from the learner's side.

    result   one of RESULTS ("on": the game goes on; "illegal": the first turn is refused)
    reason   words the rules' reason must contain (the refusal, or how the game ended)
    only     no other turn of the learner's gives this result (solutions only)
    score    each side's total the game's report must give after the line ({"white": 3})
    side     the side the learner plays after the line (a swap changes it)
    """

    result: str
    reason: str = ""
    only: bool = False
    score: Mapping[str, float] | None = None
    side: str = ""


class Goal(NamedTuple):
    """The position a tutorial asks for, from the learner's side after their turn (and the
    replies in `then`): every turn that reaches it is right, whatever its cells.

    claim    the result (never "illegal" or "loss"), and optionally the reason's words, the score
             and the learner's side after it, as for a line
    stones   the turn adds exactly this many of the learner's stones or pieces (None: any)
    holds    the learner holds at least one of these cells after it (empty: no condition)
    then     replies played after the learner's turn before the goal is judged (a pass and the
             learner's pass that end SUPERSTAR's game), and shown after any right turn
    why      what the page says of a right turn other than the solution
    """

    claim: Claim
    stones: int | None
    holds: tuple[str, ...]
    then: tuple[str, ...]
    why: str


class Line(NamedTuple):
    turns: tuple[str, ...]   # the learner's turn first, then the replies
    claim: Claim
    why: str                 # the explanation shown to the player


class Tutorial(NamedTuple):
    id: str
    game: str
    title: str
    text: str                # the one sentence the player reads
    record: Record           # the lesson's position: its start and the turns that lead to it
    goal: Goal
    solution: Line
    wrong: tuple[Line, ...]


class Replay(NamedTuple):
    id: str
    game: str
    title: str
    source: str
    record: Record                # the whole game
    notes: Mapping[int, str]      # after move n (0: before the first) -> the note
    winner: str                   # the side that wins at the end, "draw", or "" (unfinished)


Lesson = Tutorial | Replay


# --- reading ----------------------------------------------------------------------------------

def _text(data: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = data.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise RecordError(f"{where}: {key} is missing or not text")
    return value


def _texts(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise RecordError(f"{where}: turns are not a list of moves")
    return tuple(value)


def _record(game: str, data: Mapping[str, Any], where: str) -> Record:
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(f"{where}: options are not a mapping")
    start = data.get("start")
    if start is not None:
        rows, to_move = (start.get("rows"), start.get("to_move")) if isinstance(start, dict) else (None, None)
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows) or not isinstance(to_move, str):
            raise RecordError(f"{where}: start is not rows and a side to move")
        start = Start(tuple(rows), to_move)
    return Record(game, options, _texts(data.get("turns", []), where), start)


def _claim(data: Any, where: str, results: tuple[str, ...] = RESULTS) -> Claim:
    if not isinstance(data, dict):
        raise RecordError(f"{where} is not a mapping")
    result = data.get("result")
    if result not in results:
        raise RecordError(f"{where}: result {quote(result)} is not one of {', '.join(results)}")
    score = data.get("score")
    if score is not None and (not isinstance(score, dict) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in score.values())):
        raise RecordError(f"{where}: score is not a mapping of sides to points")
    return Claim(result, _text(data, "reason", where, False), data.get("only") is True, score,
                 _text(data, "side", where, False))


def _line(data: Any, where: str) -> Line:
    claim = _claim(data, where)
    turns = _texts(data.get("turns"), where)
    if not turns:
        raise RecordError(f"{where}: no turn to play")
    return Line(turns, claim, _text(data, "why", where))


def _goal(data: Any, where: str) -> Goal:
    claim = _claim(data, where, GOAL_RESULTS)
    stones = data.get("stones")
    if stones is not None and (not isinstance(stones, int) or isinstance(stones, bool) or stones < 1):
        raise RecordError(f"{where}: stones is not a number of stones")
    return Goal(claim, stones, _texts(data.get("holds", []), where), _texts(data.get("then", []), where),
                _text(data, "why", where))


def from_entry(game: str, data: Any) -> Lesson:
    """A Tutorial or Replay from its entry in a game's lesson file; RecordError naming the lesson."""
    if not isinstance(data, dict):
        raise RecordError(f"{game}: a lesson is not a mapping")
    lesson_id = _text(data, "id", f"{game} lesson")
    where = f"lesson {lesson_id}"
    kind, title = data.get("kind"), _text(data, "title", where)
    if kind == TUTORIAL:
        wrong = data.get("wrong")
        if not isinstance(wrong, list) or not wrong:
            raise RecordError(f"{where}: no wrong answer with its refutation")
        return Tutorial(lesson_id, game, title, _text(data, "text", where), _record(game, data, where),
                        _goal(data.get("goal"), f"{where} goal"), _line(data.get("solution"), f"{where} solution"),
                        tuple(_line(w, f"{where} wrong answer {i + 1}") for i, w in enumerate(wrong)))
    if kind == REPLAY:
        notes = data.get("notes")
        if not isinstance(notes, dict) or not all(isinstance(k, str) and k.isdigit() and isinstance(v, str)
                                                  for k, v in notes.items()):
            raise RecordError(f"{where}: notes are not a mapping of move numbers to text")
        return Replay(lesson_id, game, title, _text(data, "source", where), _record(game, data, where),
                      {int(k): v for k, v in notes.items()}, _text(data, "winner", where, False))
    raise RecordError(f"{where}: kind {quote(kind)} is not {TUTORIAL} or {REPLAY}")


def read(text: str, game: str) -> tuple[Lesson, ...]:
    """The lessons of one game's lesson file text, in file order; RecordError for anything else."""
    try:
        data = load_json(text)
    except ValueError as exc:
        raise RecordError(f"the {game} lesson file is not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise RecordError(f"the {game} lesson file has an unknown format")
    if data.get("game") != game:
        raise RecordError(f"the {game} lesson file is for {quote(data.get('game'))}")
    entries = data.get("lessons")
    if not isinstance(entries, list):
        raise RecordError(f"the {game} lesson file holds no list of lessons")
    return tuple(from_entry(game, entry) for entry in entries)


@lru_cache(maxsize=None)
def lessons_of(game: str) -> tuple[Lesson, ...]:
    """The game's lessons, read once from the file its spec names (none when it names none)."""
    spec = find_game(game)
    if spec.lessons is None:
        return ()
    package, name = spec.lessons
    raw = pkgutil.get_data(package, name)
    if raw is None:
        raise RecordError(f"{spec.name}: lesson file {name} is missing")
    return read(raw.decode("utf-8"), spec.name)


def all_lessons(game: str | None = None) -> tuple[Lesson, ...]:
    """Every game's lessons (or one game's), games in the registry's order."""
    return tuple(lesson for name in ((game,) if game else game_names()) for lesson in lessons_of(name))


# --- plain data, as `lessons` prints it ----------------------------------------------------------

def _position(record: Record) -> dict[str, Any]:
    data: dict[str, Any] = {"options": dict(record.options), "turns": list(record.turns)}
    if record.start is not None:
        data["start"] = {"rows": list(record.start.rows), "to_move": record.start.to_move}
    return data


def _claim_data(claim: Claim, why: str) -> dict[str, Any]:
    data: dict[str, Any] = {"result": claim.result, "why": why}
    if claim.reason:
        data["reason"] = claim.reason
    if claim.only:
        data["only"] = True
    if claim.score is not None:
        data["score"] = dict(claim.score)
    if claim.side:
        data["side"] = claim.side
    return data


def _line_data(line: Line) -> dict[str, Any]:
    return {"turns": list(line.turns), **_claim_data(line.claim, line.why)}


def _goal_data(goal: Goal) -> dict[str, Any]:
    data = _claim_data(goal.claim, goal.why)
    if goal.stones is not None:
        data["stones"] = goal.stones
    if goal.holds:
        data["holds"] = list(goal.holds)
    if goal.then:
        data["then"] = list(goal.then)
    return data


def position(record: Record) -> dict[str, Any]:
    """The position a tutorial asks about (its start with its turns played), as the analysis
    board writes one: rows and the side to move; RecordError when it does not replay."""
    state = replay(record)[-1]
    return {"rows": state.position_rows(), "to_move": state.player_name(state.to_move)}


def to_data(lesson: Lesson) -> dict[str, Any]:
    """The lesson as plain data: the file's entry with its game (and, for a tutorial, the
    position it asks about), ready for json.dumps."""
    head = {"game": lesson.game, "kind": TUTORIAL if isinstance(lesson, Tutorial) else REPLAY,
            "id": lesson.id, "title": lesson.title}
    if isinstance(lesson, Tutorial):
        return {**head, "text": lesson.text, **_position(lesson.record), "position": position(lesson.record),
                "goal": _goal_data(lesson.goal), "solution": _line_data(lesson.solution),
                "wrong": [_line_data(w) for w in lesson.wrong]}
    return {**head, "source": lesson.source, **_position(lesson.record), "winner": lesson.winner,
            "notes": {str(k): v for k, v in sorted(lesson.notes.items())}}
