"""`N_`: marks a text the core defines for players (rules, lessons, move errors) as one to translate.

The core never knows the player's language: it keeps the English text, which is the message id of
the catalogs (ui/locale/*.po, extracted by Babel, which knows `N_`), and the page translates it
where it shows it (ui.i18n). A text with values in it keeps named placeholders, `{cell}`, and
carries the values beside it, so a translation may put them in its own order.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """`message` unchanged: the mark is for the extractor, the translating is done where it is shown."""
    return message
