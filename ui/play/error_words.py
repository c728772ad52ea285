"""An error's words for players. The core raises its errors with a `Text` (an English template
and its values, pygame_core.translatable): kept as `message` by its own error classes, as the
first argument by a plain ValueError. Reading it from there, instead of `str(error)`, keeps the
template, so the page can show it in the player's language."""

from __future__ import annotations

from ui.i18n import say


def error_text(error: BaseException) -> str:
    """The error's text for players as the core gave it (a Text where it gave one), in English."""
    message = getattr(error, "message", None)
    if isinstance(message, str):
        return message
    if error.args and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)


def error_words(error: BaseException) -> str:
    """The error's text for players in the player's language."""
    return say(error_text(error))
