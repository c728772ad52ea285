"""An error's message in the player's language.

Why: the core's errors (and the saves' ones) carry their words for players as their argument, a
`Text` (English with its values) or a plain message id, while `str(error)` is always the English.
The page shows `error_words(error)`, never `str(error)`, wherever a player reads why.
"""

from __future__ import annotations

from ui.i18n import say


def error_words(error: BaseException) -> str:
    """What `error` says, translated: its one text argument through `say`, else its English."""
    words = error.args[0] if len(error.args) == 1 else None
    return say(words) if isinstance(words, str) else str(error)
