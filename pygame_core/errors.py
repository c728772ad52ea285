"""Error classes for everything that reads outside input.

Modelled on python-chess: every move error is a ValueError, and the subclass says whether the
text could not be read at all or named a move the rules forbid. (There is no ambiguous-move
error: in all four games' notations a turn's text names exactly one sequence of actions.)
Each error names the offending input so a message can be shown to the player as it is.
"""

from __future__ import annotations


class MoveError(ValueError):
    """A move given as text or as an action could not be played."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{text!r}: {reason}")
        self.text = text
        self.reason = reason


class InvalidMoveError(MoveError):
    """The text is not a move in this game's notation (bad syntax, unknown cell)."""


class IllegalMoveError(MoveError):
    """The move is well formed but the rules do not allow it here."""


class OptionsError(ValueError):
    """A game option is unknown or has a value the game does not support."""


class RecordError(ValueError):
    """A game record or position could not be read, or does not replay.

    `turn` is the 1-based move number of the failing turn, when the error is about one turn.
    """

    def __init__(self, message: str, turn: int | None = None) -> None:
        super().__init__(message if turn is None else f"move {turn}: {message}")
        self.turn = turn
