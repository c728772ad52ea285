"""Hold every lesson to the rules: `lessons --check` and the tests run `problems` on each.

A tutorial's position must replay; its solution must give what it claims (and, where it
claims to be the only one, no other turn may); every wrong answer must give what it claims
(refused by the rules, or played out to the result its explanation states); a refused one
must name only cells, the page's way to recognise it, and have no replies. A replay must
replay to its stated end, and each note must name what its move changed (a cell, or the
move's own word such as `pass`), so a note can never drift onto the wrong move.
"""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple

from ..errors import MoveError, RecordError, quote
from ..game import END_TURN, Action, GameState
from ..record import replay, replay_with_actions
from .model import Claim, Lesson, Line, Replay, Tutorial

MAX_TURNS_FOR_ONLY = 40_000  # an `only` claim enumerates every turn; bounded so a check stays quick


class Played(NamedTuple):
    """What the rules said about a line: the result from the learner's side, the rules' reason
    and the state it ended in (the state it was refused in when illegal)."""

    result: str
    reason: str
    state: GameState


def _result(state: GameState, learner: int) -> tuple[str, str]:
    outcome = state.outcome
    if outcome is None:
        return "on", ""
    if outcome.is_draw:
        return "draw", outcome.reason
    return ("win" if learner in outcome.winners else "loss"), outcome.reason


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
    return Played(*_result(state, learner), state)


def whole_turns(state: GameState) -> Iterator[tuple[frozenset[Action], GameState]]:
    """Every whole turn the player to move can make (its actions as a set, the state after it),
    each set once; RecordError past MAX_TURNS_FOR_ONLY."""
    seen: set[frozenset[Action]] = set()
    stack: list[tuple[GameState, tuple[Action, ...]]] = [(state, ())]
    while stack:
        current, made = stack.pop()
        for action in current.legal_actions():
            after = current.play_unchecked(action)
            key = frozenset(made + (action,)) - {END_TURN}
            if after.is_over or not after.turn_actions:
                if key not in seen:
                    seen.add(key)
                    if len(seen) > MAX_TURNS_FOR_ONLY:
                        raise RecordError(f"more than {MAX_TURNS_FOR_ONLY} turns to compare with: "
                                          "'only' cannot be checked here")
                    yield key, after
            elif action != END_TURN:
                stack.append((after, made + (action,)))


def _claim_problems(line: Line, played: Played, start: GameState) -> list[str]:
    claim: Claim = line.claim
    problems = []
    if played.result != claim.result:
        said = f" ({played.reason})" if played.reason else ""
        problems.append(f"the rules give {played.result}{said}, the lesson says {claim.result}")
    elif claim.reason and claim.reason.lower() not in played.reason.lower():
        problems.append(f"the rules' reason is {quote(played.reason)}, which does not say {quote(claim.reason)}")
    if claim.score is not None:
        extras = start.spec.report_extras
        score = extras(played.state).get("score") if extras else None
        if score != dict(claim.score):
            problems.append(f"the score is {score}, the lesson says {dict(claim.score)}")
    if claim.side:
        side = played.state.player_name(start.to_move)
        if side.lower() != claim.side.lower():
            problems.append(f"the learner plays {side} after it, the lesson says {claim.side}")
    return problems


def _only_problems(line: Line, start: GameState) -> list[str]:
    """The other turns that give the solution's result too (the `only` claim broken)."""
    learner = start.to_move
    mine = frozenset(start.parse_turn(line.turns[0])) - {END_TURN}
    others = [key for key, after in whole_turns(start)
              if key != mine and _result(after, learner)[0] == line.claim.result]
    if not others:
        return []
    texts = sorted(start.format_turn(sorted(key)) for key in others)
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


def tutorial_problems(lesson: Tutorial) -> list[str]:
    """Everything the rules contradict in a tutorial, each naming the lesson and the line."""
    name = f"{lesson.game} lesson {lesson.id!r}"
    try:
        start = replay(lesson.record)[-1]
    except RecordError as exc:
        return [f"{name}: its position does not replay: {exc}"]
    if start.is_over:
        return [f"{name}: the game is already over in its position"]
    if start.turn_actions:
        return [f"{name}: its position is in the middle of a turn"]
    problems = []
    solution = lesson.solution
    if solution.claim.result in ("illegal", "loss"):
        problems.append(f"{name}: a solution cannot be {solution.claim.result}")
    lines = [("solution", solution)] + [(f"wrong answer {i} {quote(w.turns[0])}", w)
                                        for i, w in enumerate(lesson.wrong, start=1)]
    for label, line in lines:
        try:
            played = play_line(start, line.turns)
            found = _claim_problems(line, played, start)
            if line.claim.result == "illegal" and played.result == "illegal":
                found += _refused_problems(line, start)
            if line.claim.only and not found and played.result != "illegal":
                found = _only_problems(line, start)
        except RecordError as exc:
            found = [str(exc)]
        problems.extend(f"{name}, {label}: {problem}" for problem in found)
    if _turn_key(solution.turns[0]) in {_turn_key(w.turns[0]) for w in lesson.wrong}:
        problems.append(f"{name}: the solution is also listed as a wrong answer")
    return problems


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


def problems(lesson: Lesson) -> list[str]:
    """What the rules contradict in one lesson (empty when it holds)."""
    return tutorial_problems(lesson) if isinstance(lesson, Tutorial) else replay_problems(lesson)
