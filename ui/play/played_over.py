"""A line of play that a move from an earlier position would replace, and the words for keeping it.

A game has one line of play: a turn played while an earlier position is shown replaces the moves
after it. That is the player's say-so only when they took those moves back with Undo and the
game as it was had no result. Otherwise (a move-list jump, a saved game opened at an earlier
move, a finished game) the game as it was, its result included, is kept first as a named save
(ui.page.saves_panel, through Session.before_replacing), and where it cannot be kept the turn is
refused. Pure: tested under CPython.
"""

from __future__ import annotations

from typing import NamedTuple

from ui.play.saved_game import SavedGame, new_game_id
from ui.play.session import Session
from ui.play.view import final_outcome, result_words


class PlayedOver(NamedTuple):
    """The moves a turn would replace: `game` is the whole game as it was, shown at its end,
    under an id of its own (it goes on as a separate game); moves `first` to `last` (1-based)
    are the ones replaced; `result` is how it ended ("Black wins"; "" when it had not)."""

    game: SavedGame
    first: int
    last: int
    result: str

    @property
    def moves(self) -> str:
        return f"Move {self.first}" if self.first == self.last else f"Moves {self.first}–{self.last}"

    def save_name(self, title: str) -> str:
        """The named save's name, e.g. "SUSAN, Black wins, before move 5 was replayed" (the result
        is named: a resignation is not part of a save's record)."""
        result = f", {self.result}" if self.result else ""
        return f"{title}{result}, before move {self.first} was replayed"

    def kept_words(self, name: str) -> str:
        """What the message line says once the game as it was is kept."""
        what = f"{self.moves} and the result ({self.result}) were" if self.result else \
            f"{self.moves} {'was' if self.first == self.last else 'were'}"
        return f"{what} kept as the saved game “{name}” (Saves, sharing and export)."

    def refused_words(self, why: str) -> str:
        """What the message line says when they cannot be kept, so the turn is not played."""
        how = ("Export the game first (Saves, sharing and export)." if self.result else
               "To replace them, take them back with Undo first.")
        return f"The move was not played: {self.moves[0].lower() + self.moves[1:]} could not be kept ({why}). {how}"


def played_over(session: Session) -> PlayedOver | None:
    """What a turn played now in `session` would replace that needs keeping: None at the end of
    the record, or when the moves after the shown position were taken back with Undo and the
    game as it was had no result."""
    count = len(session.turns)
    if session.cursor >= count:
        return None
    outcome = final_outcome(session)
    if session.taken_back and outcome is None:
        return None
    game = session.to_saved()._replace(cursor=count, game_id=new_game_id())
    result = result_words(session.state_at(count), outcome) if outcome is not None else ""
    return PlayedOver(game, session.cursor + 1, count, result)
