"""Puzzle mode, pure: a puzzle as a Session, the player's turns judged against the proved
answers (a longer win played out against the defence), and the player's progress kept in
storage (in memory where storage is denied).

The page (ui.page.learn_panel) shows what this decides; nothing here touches the DOM.
"""

from __future__ import annotations

import json
from typing import Iterable, NamedTuple

from pygame_core.game import GameState
from pygame_core.puzzles.catalog import Puzzle, actions_of, judge, texts_of
from pygame_core.puzzles.defence import defence, winning_turn
from pygame_core.puzzles.prove import WIN, Prover
from ui.i18n import _, ngettext, say
from ui.play.error_words import error_words
from ui.play.saved_game import SavedGame, Seat
from ui.play.session import Session
from ui.play.storage_api import KeyValueStorage, stored_table

PROGRESS_KEY = "abstract-games:puzzle-progress"
SOLVED, FAILED, GOOD = "solved", "failed", "good"


def puzzle_session(puzzle: Puzzle) -> Session:
    """A session at the puzzle's position, both seats people, the pending stones placed
    (RecordError if the puzzle does not fit its game)."""
    record = puzzle.record
    session = Session.from_saved(SavedGame(record, (Seat(), Seat()), len(record.turns)))
    for action in actions_of(session.turn_start, puzzle.pending)[0]:
        session.play(action)
    return session


class Attempt(NamedTuple):
    """What one of the player's turns came to, and the texts to show."""

    result: str          # SOLVED, FAILED, or GOOD: right, and the defence answers (a longer win)
    played: str          # the player's turn, as notation
    answer: tuple[str, ...]   # the reply to play on the board: a miss's refutation, or the defence
                              # (a win reached by the defence's last, forced reply comes with it)
    solution: str        # a right turn there (the puzzle's solution at its start)

    @property
    def solved(self) -> bool:
        return self.result == SOLVED


class PuzzleTry:
    """One try at a puzzle, judged turn by turn. The first turn is judged against the proof
    shipped with the puzzle; a win in more than one turn is then played out: the defence
    answers each right turn (pygame_core.puzzles.defence), and each later turn must still
    win in the turns left, until the win is reached or a turn lets it slip."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.start = len(puzzle.record.turns)   # the cursor at the puzzle's position
        self.next = self.start + 1              # the cursor after the player's next turn
        self.finished = False
        self.prover = Prover(limit=None)

    @property
    def plies_left(self) -> int:
        """Whole turns left for the goal, the player's next one included."""
        return self.puzzle.plies - (self.next - self.start - 1)

    @property
    def first(self) -> bool:
        return self.next == self.start + 1

    def judge(self, session: Session) -> Attempt | None:
        """Judge the player's turn just played, or None when the shown position is not right
        after the player's next turn (nothing played yet, the defence's turn, the try over),
        or that turn took back the stones already placed."""
        if self.finished or session.cursor != self.next or len(session.turns) < self.next:
            return None
        before, after = session.state_at(self.next - 1), session.state_at(self.next)
        played = texts_of(before, session.turn_actions(self.next))
        if self.first:
            pending = self.puzzle.pending
            if tuple(played[: len(pending)]) != pending:
                return None
            mine = played[len(pending):]
            verdict = judge(self.puzzle, mine)
            right, answer, solution = verdict.solved, verdict.answer, self.puzzle.solution
        else:
            mine = played
            right = self.prover.reaches(WIN, after, before.to_move, self.plies_left)
            refutation = None if right else self.prover.refutation(WIN, after, before.to_move, self.plies_left)
            answer = () if refutation is None else texts_of(after, refutation)
            solution = self.solution_here(before)
        if not right:
            self.finished = True
            return Attempt(FAILED, turn_text(mine), answer, turn_text(solution))
        if self.puzzle.kind != WIN or after.outcome is not None:
            self.finished = True
            return Attempt(SOLVED, turn_text(mine), (), turn_text(solution))
        reply = defence(self.prover, after, before.to_move, self.plies_left - 1) or ()
        later = after
        for action in reply:
            later = later.play_unchecked(action)
        self.next += 2
        self.finished = later.outcome is not None   # every reply lost at once (a SUPERSTAR pass ends it)
        return Attempt(SOLVED if self.finished else GOOD, turn_text(mine), texts_of(after, reply), turn_text(solution))

    def solution_here(self, state: GameState) -> tuple[str, ...]:
        """A right turn at `state`, the position before the player's next turn."""
        if self.first:
            return self.puzzle.solution
        turn = winning_turn(self.prover, state, self.plies_left)
        return () if turn is None else texts_of(state, turn)


def miss_note(puzzle: Puzzle, tried: Attempt, session: Session, start: int) -> str:
    """What a wrong turn came to, in one sentence: the answer that refutes it (played on the
    board next), the game lost or drawn on the spot, or for a win puzzle no win at once."""
    if tried.answer:
        return _("{answer} answers it (shown on the board).", answer=turn_text(tried.answer))
    outcome = session.outcome
    if outcome is not None:
        if outcome.is_draw:
            return _("It ends the game in a draw: {reason}.", reason=say(outcome.reason))
        if session.state_at(start).to_move not in outcome.winners:
            return _("It loses at once: {reason}.", reason=say(outcome.reason))
    return _("It does not win at once.") if puzzle.kind == "win" else ""


def turn_text(texts: Iterable[str]) -> str:
    """Action texts as one turn's notation ('' for a turn ended without a stone)."""
    return ",".join(texts) or _("end the turn")


def refutation_actions(session: Session, answer: Iterable[str]) -> list[int]:
    """The answer's actions from the shown position (after the player's wrong turn)."""
    return actions_of(session.turn_start, tuple(answer))[0]


class Progress:
    """Solved and failed puzzle ids, kept under PROGRESS_KEY when storage allows; where it does
    not (a denying frame, a full store, stored progress that does not read whole and so is
    never written over), progress lives for this visit only and `note` says so. Tutorials keep
    theirs the same way under their own key (ui.play.tutorials)."""

    def __init__(self, storage: KeyValueStorage, key: str = PROGRESS_KEY) -> None:
        self.storage = storage
        self.key = key
        self.note = "" if storage.available else _("Progress is not kept here: the browser denies this page storage.")
        self.results, whole = _read(storage.get(key))
        self._kept = storage.available and whole   # written back as it goes
        if not whole:
            self.note = _("Progress kept here earlier could not be read (damaged, or written by a newer version "
                          "of this page): it is left as it is, and progress now lasts for this visit.")

    def record(self, puzzle_id: str, result: str) -> None:
        """Note a result (a solved puzzle stays solved) and store it when possible."""
        if self.results.get(puzzle_id) == SOLVED:
            return
        self.results[puzzle_id] = result
        if not self._kept:
            return
        try:
            self.storage.set(self.key, json.dumps({"version": 1, "results": self.results}))
            self.note = ""
        except ValueError as exc:   # the browser refused the write (StorageError)
            self.note = _("Progress is not saved: {reason}.", reason=error_words(exc))

    def result(self, puzzle_id: str) -> str:
        return self.results.get(puzzle_id, "")

    def count(self, result: str) -> int:
        return sum(1 for r in self.results.values() if r == result)

    def summary(self, puzzle_ids: Iterable[str]) -> str:
        """How far the player is through these puzzles (one game's), e.g. '7 of 15 solved, 2
        missed': a puzzle missed counts as missed until it is solved."""
        ids = list(puzzle_ids)
        solved = sum(1 for i in ids if self.result(i) == SOLVED)
        missed = sum(1 for i in ids if self.result(i) == FAILED)
        if missed:
            return _("{solved} of {total} solved, {missed} missed", solved=solved, total=len(ids), missed=missed)
        return _("{solved} of {total} solved", solved=solved, total=len(ids))


def _read(raw: str | None) -> tuple[dict[str, str], bool]:
    """Stored progress, and whether it read whole (absent progress does: as none)."""
    results = stored_table(raw, "results", assumed_version=1)
    if results is None:
        return {}, False
    known = {str(k): v for k, v in results.items() if v in (SOLVED, FAILED)}
    return known, len(known) == len(results)


def label(puzzle: Puzzle, number: int) -> str:
    """The list's line for a puzzle, e.g. '3. win in 2'."""
    if puzzle.kind != "win":
        return _("{number}. save", number=number)
    if puzzle.moves > 1:
        return ngettext("{number}. win in {n}", "{number}. win in {n}", puzzle.moves, number=number)
    return _("{number}. win", number=number)

