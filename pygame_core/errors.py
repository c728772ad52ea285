"""Error classes for everything that reads outside input.

Modelled on python-chess: every move error is a ValueError, and the subclass says whether the
text could not be read at all or named a move the rules forbid. (There is no ambiguous-move
error: in all four games' notations a turn's text names exactly one sequence of actions.)
Each error names the offending input so a message can be shown to the player as it is.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

Reader = TypeVar("Reader", bound=Callable[..., Any])

EXCERPT = 40  # characters of outside input an error message quotes at most


def quote(value: Any, limit: int = EXCERPT) -> str:
    """`value` quoted for a message, cut to `limit` characters: outside input can be megabytes
    long, and a message is read by a person."""
    if isinstance(value, int) and value.bit_length() > 128:  # str() of a huge int raises past 4300 digits
        return f"a number of about {value.bit_length() * 0.30103:.0f} digits"
    text = value if isinstance(value, str) else str(value)
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text)} characters)"



class MoveError(ValueError):
    """A move given as text or as an action could not be played."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{quote(text)}: {reason}")
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


def reads_outside_input(error: type[ValueError], what: str) -> Callable[[Reader], Reader]:
    """Decorator for the functions that read outside input (saves, imports, links, requests):
    whatever goes wrong inside, they raise only `error`, with a short message. A contract at the
    boundary rather than a list of exception types: an OverflowError or a RecursionError that
    nobody foresaw must still end as a reported, harmless failure, never a traceback."""

    def decorate(reader: Reader) -> Reader:
        @functools.wraps(reader)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return reader(*args, **kwargs)
            except error:
                raise
            except Exception as exc:  # the contract: nothing else escapes
                raise error(f"{what} could not be read ({type(exc).__name__}: {quote(str(exc), 80)})") from None

        return guarded  # type: ignore[return-value]

    return decorate
