"""Error classes for everything that reads outside input.

Modelled on python-chess: every move error is a ValueError, and the subclass says whether the
text could not be read at all or named a move the rules forbid. (There is no ambiguous-move
error: in all four games' notations a turn's text names exactly one sequence of actions.)
Each error names the offending input so a message can be shown to the player as it is. Every
error's words for players are a `Text` (translatable.py): a str holding the English, as `str(error)`
and `error.reason` always were, that the page shows in the player's language with
`ui.i18n.say(error.message)` (docs/languages.md, "The core's texts").
"""

from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

from .translatable import N_, Text

Reader = TypeVar("Reader", bound=Callable[..., Any])

EXCERPT = 40  # characters of outside input an error message quotes at most


def quote(value: Any, limit: int = EXCERPT) -> str:
    """`value` quoted for a message, cut to `limit` characters: outside input can be megabytes
    long, and a message is read by a person."""
    if isinstance(value, int) and value.bit_length() > 128:  # str() of a huge int raises past 4300 digits
        return Text(N_("a number of about {digits} digits"), {"digits": f"{value.bit_length() * 0.30103:.0f}"})
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit:
        return repr(text)
    return Text(N_("{start}… ({count} characters)"), {"start": repr(text[:limit]), "count": len(text)})



def as_text(message: str) -> Text:
    """`message` as a Text: itself when it is one, else a Text of that English with no values."""
    return message if isinstance(message, Text) else Text(message)


def text_of(error: BaseException) -> Text:
    """What `error` says to players: its `message` Text (the errors here) or the Text it was raised
    with (`ValueError(Text(...))`), else its English words as they are."""
    message = getattr(error, "message", None) or (error.args[0] if len(error.args) == 1 else None)
    return message if isinstance(message, Text) else Text(str(error))


class MoveError(ValueError):
    """A move given as text or as an action could not be played: `text` the move as given,
    `reason` why (a Text: English as a str, translatable by the page), `message` both."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = as_text(reason)
        self.message = Text(N_("{move}: {reason}"), {"move": quote(text), "reason": self.reason})
        super().__init__(self.message)


class InvalidMoveError(MoveError):
    """The text is not a move in this game's notation (bad syntax, unknown cell)."""


class IllegalMoveError(MoveError):
    """The move is well formed but the rules do not allow it here."""


class OptionsError(ValueError):
    """A game option is unknown or has a value the game does not support (`message`: a Text)."""

    def __init__(self, message: str) -> None:
        self.message = as_text(message)
        super().__init__(self.message)


class RecordError(ValueError):
    """A game record or position could not be read, or does not replay.

    `turn` is the 1-based move number of the failing turn, when the error is about one turn;
    `message` the whole text for players (a Text), move number included.
    """

    def __init__(self, message: str, turn: int | None = None) -> None:
        self.message = as_text(message) if turn is None else Text(
            N_("move {turn}: {message}"), {"turn": turn, "message": as_text(message)})
        super().__init__(self.message)
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
                raise error(Text(N_("{what} could not be read ({detail})"), {
                    "what": as_text(what), "detail": f"{type(exc).__name__}: {quote(str(exc), 80)}"})) from None

        return guarded  # type: ignore[return-value]

    return decorate
