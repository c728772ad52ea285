"""Guided replays: a game, move by move, with notes written for this site, as Learn shows them.

The replays are lessons of kind `replay` in each game's lesson file (pygame_core.lessons, which
checks that every move is legal, the game ends as stated and each note names its move). The
SUSAN one is the example game of Stephen Linhart's SUSAN manual (1994; the computer, Black,
against the author, White): only the moves come from the manual, the notes are ours, and
tests/core/test_guided.py checks what they state about the board.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, NamedTuple

from ..lessons.model import Replay, all_lessons, lessons_of
from ..record import Record
from ..translatable import N_


NO_NOTE = N_("No note on this move.")   # what the page shows for a move without a note


class GuidedGame(NamedTuple):
    id: str
    game: str
    title: str
    source: str
    turns: tuple[str, ...]
    notes: Mapping[int, str]      # after move n (0: before the first) -> the note shown there
    start: Record                 # the options and starting position (no turns)

    @staticmethod
    def of(replay: Replay) -> "GuidedGame":
        record = replay.record
        return GuidedGame(replay.id, replay.game, replay.title, replay.source, record.turns, replay.notes,
                          replace(record, turns=()))

    def record(self) -> Record:
        return replace(self.start, turns=self.turns)

    def note(self, move: int) -> str:
        """The note for the position after `move`; "" when that move has none (an earlier
        move's note, shown again, would describe a board that has moved on)."""
        return self.notes.get(move, "")


def guided_games(game: str | None = None) -> tuple[GuidedGame, ...]:
    """The guided replays, of one game or all (games in the registry's order)."""
    return tuple(GuidedGame.of(lesson) for lesson in all_lessons(game) if isinstance(lesson, Replay))


def guided_game(lesson_id: str, game: str) -> GuidedGame:
    """One game's replay by its id; KeyError when the game has no such replay."""
    for lesson in lessons_of(game):
        if isinstance(lesson, Replay) and lesson.id == lesson_id:
            return GuidedGame.of(lesson)
    raise KeyError(lesson_id)


SUSAN_MANUAL_GAME = guided_game("susan-manual", "susan")
