"""An error's words for players, in the player's language. The core raises its errors with a
`Text` (an English template and its values, pygame_core.translatable), and the saves raise theirs
the same way; `pygame_core.errors.text_of` finds it (the error's `message`, or the Text it was
raised with), so the template reaches `say` instead of `str(error)`'s English."""

from __future__ import annotations

from pygame_core.errors import text_of
from ui.i18n import say


def error_words(error: BaseException) -> str:
    """The error's text for players in the player's language."""
    return say(text_of(error))
