"""Hold every lesson to the rules: `lessons --check` and the tests run `problems` on each.

A tutorial's position must replay; its solution must give what it claims (and, where it
claims to be the only one, no other turn may); every wrong answer must give what it claims
(refused by the rules, or played out to the result its explanation states); a refused one
must name only cells, the page's way to recognise it, and have no replies. Its solution must
meet its goal and no wrong answer may, and every turn of its position (`coverage`) the page
accepts must be one that meets the goal, and the other way round. A replay must
replay to its stated end, and each note must name what its move changed (a cell, or the
move's own word such as `pass`), so a note can never drift onto the wrong move.
"""

from __future__ import annotations

import re
from ..errors import MoveError, RecordError, quote
from ..game import Action, GameState
from ..record import replay, replay_with_actions
from .coverage import TURN_LIMIT, Coverage, coverage, turn_space
from .goal import Played, claim_problems, goal_problems, result_of, turn_key
from .model import Lesson, Line, Replay, Tutorial

MAX_TURNS_FOR_ONLY = 40_000  # an `only` claim enumerates every turn; bounded so a check stays quick


def play_line(start: GameState, turns: tuple[str, ...]) -> Played:
    """Play the line's turns from `start`; RecordError when a reply (not the first turn) is
    refused or comes after the end, since then the line itself is wrong."""
    state, learner = start, start.to_move
    for number, text in enumerate(turns, start=1):
        if state.is_over:
            raise RecordError(f"turn {number} {quote(text)} comes after the end of the game")
        try:
            state = state.play_turn(text)
        except MoveError as exc:
            if number == 1:
                return Played("illegal", exc.reason, state)
            raise RecordError(f"turn {number} {quote(text)} is refused: {exc.reason}") from None
    return Played(*result_of(state, learner), state)


def _only_problems(line: Line, start: GameState) -> list[str]:
    """The other turns that give the solution's result too (the `only` claim broken)."""
    learner = start.to_move
    mine = turn_key(start.parse_turn(line.turns[0]))
    space = turn_space(start, MAX_TURNS_FOR_ONLY)
    if not space.complete:
        raise RecordError(f"more than {MAX_TURNS_FOR_ONLY} turns to compare with: 'only' cannot be checked here")
    others = [made for key, (made, after) in space.turns.items()
              if key != mine and result_of(after, learner)[0] == line.claim.result]
    if not others:
        return []
    texts = sorted(start.format_turn(sorted(made)) for made in others)
    return [f"it is not the only turn that gives {line.claim.result}: {', '.join(texts[:5])} too"]


def _refused_problems(line: Line, start: GameState) -> list[str]:
    """A wrong answer the rules refuse is recognised on the page by its cells (the learner's
    taps or typed turn, refused, are compared with it there): it must name only cells of the
    board, and it can have no reply to show."""
    problems = [f"{quote(part.strip())} is not a cell, so the page cannot recognise this answer"
                for part in line.turns[0].split(",") if start.board.cell(part.strip()) is None]
    if len(line.turns) > 1:
        problems.append("the rules refuse it, so its replies can never be shown")
    return problems


def _turn_key(text: str) -> frozenset[str]:
    """A turn's cells as written, in any order and case (`E5, d4` = `d4,e5`)."""
    return frozenset(cell.strip().lower() for cell in text.split(","))


def _goal_problems(lesson: Tutorial, start: GameState) -> list[str]:
    """The listed lines are the only turns the page judges by anything but the goal: the
    solution must meet it and no wrong answer the rules allow may (it would be turned down
    although right)."""
    goal = lesson.goal
    problems = [f"goal: {quote(name)} is not a cell" for name in goal.holds if start.board.cell(name) is None]
    for label, line in [("solution", lesson.solution), *((f"wrong answer {i} {quote(w.turns[0])}", w)
                                                         for i, w in enumerate(lesson.wrong, start=1))]:
        try:
            actions = start.parse_turn(line.turns[0])
        except MoveError:
            continue   # refused: never judged (the claims say whether it should be)
        after = start
        for action in actions:
            after = after.play_unchecked(action)
        missing = goal_problems(goal, start, after)
        if line is lesson.solution and missing:
            problems.append(f"{label}: it does not meet the lesson's goal: {'; '.join(missing)}")
        elif line is not lesson.solution and not missing:
            problems.append(f"{label}: it meets the lesson's goal, so the page would turn down a right answer")
    return problems


def _coverage_problems(found: Coverage) -> list[str]:
    if not found.differ:
        return []
    shown = ", ".join(found.differ[:5]) + (f" and {len(found.differ) - 5} more" if len(found.differ) > 5 else "")
    return [f"the page accepts {found.accepted} turns of those judged but {found.meets} meet the goal; "
            f"they differ on {shown}"]


def tutorial_report(lesson: Tutorial, limit: int = TURN_LIMIT) -> tuple[list[str], Coverage | None]:
    """Everything the rules contradict in a tutorial, each naming the lesson and the line, and
    (when its lines hold) how its turns judged by the page compare with its goal."""
    name = f"{lesson.game} lesson {lesson.id!r}"
    try:
        start = replay(lesson.record)[-1]
    except RecordError as exc:
        return [f"{name}: its position does not replay: {exc}"], None
    if start.is_over:
        return [f"{name}: the game is already over in its position"], None
    if start.turn_actions:
        return [f"{name}: its position is in the middle of a turn"], None
    problems = []
    solution = lesson.solution
    if solution.claim.result in ("illegal", "loss"):
        problems.append(f"{name}: a solution cannot be {solution.claim.result}")
    lines = [("solution", solution)] + [(f"wrong answer {i} {quote(w.turns[0])}", w)
                                        for i, w in enumerate(lesson.wrong, start=1)]
    for label, line in lines:
        try:
            played = play_line(start, line.turns)
            found = claim_problems(line.claim, played, start)
            if line.claim.result == "illegal" and played.result == "illegal":
                found += _refused_problems(line, start)
            if line.claim.only and not found and played.result != "illegal":
                found = _only_problems(line, start)
        except RecordError as exc:
            found = [str(exc)]
        problems.extend(f"{name}, {label}: {problem}" for problem in found)
    if _turn_key(solution.turns[0]) in {_turn_key(w.turns[0]) for w in lesson.wrong}:
        problems.append(f"{name}: the solution is also listed as a wrong answer")
    if problems:
        return problems, None
    problems = [f"{name}, {problem}" for problem in _goal_problems(lesson, start)]
    judged = coverage(lesson, start, limit)
    return problems + [f"{name}: {problem}" for problem in _coverage_problems(judged)], judged


def _names_its_move(note: str, state: GameState, actions: tuple[Action, ...], text: str) -> bool:
    """True when the note names a cell the move changed, or (a move that changes no cell,
    such as a pass or a swap) the move's own word."""
    cells: set[str] = set()
    for action in actions:
        cells.update(state.board.names[c].lower() for c in state.touched_cells(action))
        state = state.play_unchecked(action)
    if not cells:
        return re.search(r"\b" + re.escape(text.strip().lower()), note.lower()) is not None
    return bool(cells & set(re.findall(r"[a-z]+[0-9]*", note.lower())))


def replay_problems(lesson: Replay) -> list[str]:
    """Everything wrong with a replay: a move the rules refuse, another end than stated, a
    note for a move that does not exist or that does not name its move."""
    name = f"{lesson.game} replay {lesson.id!r}"
    try:
        states, actions = replay_with_actions(lesson.record)
    except RecordError as exc:
        return [f"{name}: {exc}"]
    problems = []
    final = states[-1].outcome
    end = "" if final is None else "draw" if final.is_draw else states[-1].player_name(final.winners[0])
    if end.lower() != lesson.winner.lower():
        problems.append(f"{name}: the game ends with {quote(end or 'no result')}, the replay says "
                        f"{quote(lesson.winner or 'no result')}")
    turns = lesson.record.turns
    for move, note in sorted(lesson.notes.items()):
        if move > len(turns):
            problems.append(f"{name}: a note for move {move}, but the game has {len(turns)}")
        elif move and not _names_its_move(note, states[move - 1], actions[move - 1], turns[move - 1]):
            problems.append(f"{name}: the note for move {move} ({turns[move - 1]}) does not name "
                            f"a cell that move changed: {quote(note)}")
    return problems


def problems(lesson: Lesson, limit: int = TURN_LIMIT) -> list[str]:
    """What the rules contradict in one lesson (empty when it holds); a tutorial's turns are
    enumerated up to `limit` (coverage.py)."""
    return tutorial_report(lesson, limit)[0] if isinstance(lesson, Tutorial) else replay_problems(lesson)
