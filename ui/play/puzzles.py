"""Puzzle mode, pure: a puzzle as a Session, the player's turn judged against the proved
answers, and the player's progress kept in storage (in memory where storage is denied).

The page (ui.page.learn_panel) shows what this decides; nothing here touches the DOM.
"""

from __future__ import annotations

import json
from typing import Iterable, NamedTuple

from pygame_core.puzzles.catalog import Puzzle, actions_of, judge, texts_of
from ui.play.saved_game import SavedGame, Seat
from ui.play.session import Session
from ui.saves.storage import BrowserStorage, StorageError

PROGRESS_KEY = "abstract-games:puzzle-progress"
SOLVED, FAILED = "solved", "failed"


def puzzle_session(puzzle: Puzzle) -> Session:
    """A session at the puzzle's position, both seats people, the pending stones placed
    (RecordError if the puzzle does not fit its game)."""
    record = puzzle.record
    session = Session.from_saved(SavedGame(record, (Seat(), Seat()), len(record.turns)))
    for action in actions_of(session.turn_start, puzzle.pending)[0]:
        session.play(action)
    return session


class Attempt(NamedTuple):
    """What the player's turn came to: solved or not, and the texts to show."""

    solved: bool
    played: str          # the player's turn, as notation
    answer: tuple[str, ...]   # the opponent's refuting answer (empty when none is needed)
    solution: str


def attempt(puzzle: Puzzle, session: Session, start: int) -> Attempt | None:
    """Judge the turn played from the puzzle's position (session cursor `start`), or None when
    no turn has been played from it yet, or the turn took back the stones already placed."""
    if session.cursor != start + 1 or len(session.turns) <= start:
        return None
    before = session.state_at(start)
    actions = session.turn_actions(start + 1)
    played = texts_of(before, actions)
    if tuple(played[: len(puzzle.pending)]) != puzzle.pending:
        return None
    mine = played[len(puzzle.pending):]
    verdict = judge(puzzle, mine)
    return Attempt(verdict.solved, turn_text(mine), verdict.answer, turn_text(puzzle.solution))


def miss_note(puzzle: Puzzle, tried: Attempt, session: Session, start: int) -> str:
    """What a wrong turn came to, in one sentence: the answer that refutes it (played on the
    board next), the game lost or drawn on the spot, or for a win puzzle no win at once."""
    if tried.answer:
        return f"{turn_text(tried.answer)} answers it (shown on the board)."
    outcome = session.outcome
    if outcome is not None:
        if outcome.is_draw:
            return f"It ends the game in a draw: {outcome.reason}."
        if session.state_at(start).to_move not in outcome.winners:
            return f"It loses at once: {outcome.reason}."
    return "It does not win at once." if puzzle.kind == "win" else ""


def turn_text(texts: Iterable[str]) -> str:
    """Action texts as one turn's notation ('' for a turn ended without a stone)."""
    return ",".join(texts) or "end the turn"


def refutation_actions(session: Session, answer: Iterable[str]) -> list[int]:
    """The answer's actions from the shown position (after the player's wrong turn)."""
    return actions_of(session.turn_start, tuple(answer))[0]


class Progress:
    """Solved and failed puzzle ids, kept under PROGRESS_KEY when storage allows; where it does
    not (a denying frame, a full store), progress lives for this visit only and `note` says so."""

    def __init__(self, storage: BrowserStorage) -> None:
        self.storage = storage
        self.results: dict[str, str] = {}
        self.note = "" if storage.available else "Progress is not kept here: the browser denies this page storage."
        raw = storage.get(PROGRESS_KEY)
        if raw is not None:
            self.results = _read(raw)

    def record(self, puzzle_id: str, result: str) -> None:
        """Note a result (a solved puzzle stays solved) and store it when possible."""
        if self.results.get(puzzle_id) == SOLVED:
            return
        self.results[puzzle_id] = result
        if not self.storage.available:
            return
        try:
            self.storage.set(PROGRESS_KEY, json.dumps({"version": 1, "results": self.results}))
            self.note = ""
        except StorageError as exc:
            self.note = f"Progress is not saved: {exc}."

    def result(self, puzzle_id: str) -> str:
        return self.results.get(puzzle_id, "")

    def count(self, result: str) -> int:
        return sum(1 for r in self.results.values() if r == result)


def _read(raw: str) -> dict[str, str]:
    """Stored progress; anything damaged reads as no progress (it is only a convenience)."""
    try:
        data = json.loads(raw)
        results = data["results"]
        return {str(k): v for k, v in results.items() if v in (SOLVED, FAILED)}
    except (ValueError, KeyError, TypeError, AttributeError):
        return {}


def label(puzzle: Puzzle, number: int) -> str:
    """The list's line for a puzzle, e.g. '3. win in 2'."""
    goal = f"win in {puzzle.moves}" if puzzle.kind == "win" and puzzle.moves > 1 else (
        "win" if puzzle.kind == "win" else "save")
    return f"{number}. {goal}"

