"""The languages the site speaks.

Adding a language is one line here and one catalog, ui/locale/<code>.po (docs/languages.md).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """One language: its code (the catalog's name and `<html lang>`), its own name for itself
    (what the Language switch lists) and CLDR's decimal symbol (komi 6.5 or 6,5; the test of the
    catalogs checks it against Babel's CLDR data)."""

    code: str
    name: str
    decimal: str


ENGLISH = Language("en", "English", ".")
LANGUAGES: tuple[Language, ...] = (
    ENGLISH,
    Language("pt", "Português", ","),
    Language("nl", "Nederlands", ","),
    Language("de", "Deutsch", ","),
    Language("es", "Español", ","),
    Language("fr", "Français", ","),
)
BY_CODE = {language.code: language for language in LANGUAGES}
MAX_CODE_CHARS = 35   # a BCP 47 tag a browser or an address may give is short; longer is noise


def known(tag: str | None) -> Language | None:
    """The site's language for a BCP 47 tag (`pt-BR`, `de`, `FR-ca`), or None: only the primary
    subtag counts, so every Portuguese is Portuguese."""
    if not isinstance(tag, str) or not tag or len(tag) > MAX_CODE_CHARS:
        return None
    return BY_CODE.get(tag.strip().split("-")[0].split("_")[0].lower())

