"""The languages the site speaks.

Adding a language is one line here and one catalog, ui/locale/<code>.po (docs/languages.md).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """One language: its code (the catalog's name and `<html lang>`), its own name for itself
    (what the Language switch lists) and how it writes numbers, from CLDR: the decimal symbol
    (komi 6.5 or 6,5), the thousands' group symbol (1,000, 1.000, or 1 000 with a narrow no-break
    space) and the fewest digits a number has before the first group for it to be grouped at
    all (Spanish writes 1000 but 10.000). tests/tools/test_number_symbols.py checks them against
    CLDR (Babel's symbols, the ICU of Node's Intl for the grouping digits, which Babel lacks)."""

    code: str
    name: str
    decimal: str
    group: str = ","
    min_grouping: int = 1


ENGLISH = Language("en", "English", ".", ",", 1)
LANGUAGES: tuple[Language, ...] = (
    ENGLISH,
    Language("pt", "Português", ",", ".", 1),
    Language("nl", "Nederlands", ",", ".", 1),
    Language("de", "Deutsch", ",", ".", 1),
    Language("es", "Español", ",", ".", 2),
    Language("fr", "Français", ",", "\u202f", 1),
)
BY_CODE = {language.code: language for language in LANGUAGES}
MAX_CODE_CHARS = 35   # a BCP 47 tag a browser or an address may give is short; longer is noise


def known(tag: str | None) -> Language | None:
    """The site's language for a BCP 47 tag (`pt-BR`, `de`, `FR-ca`), or None: only the primary
    subtag counts, so every Portuguese is Portuguese."""
    if not isinstance(tag, str) or not tag or len(tag) > MAX_CODE_CHARS:
        return None
    return BY_CODE.get(tag.strip().split("-")[0].split("_")[0].lower())

