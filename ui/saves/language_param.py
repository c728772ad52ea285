"""The page's language in the addresses it makes: game links, embed code, an embed's full page.

The maker of a link or an embed picks its language by the page they make it from: a link made on
a French page opens French (`?lang=fr`, which assets/i18n.mjs reads before anything is drawn).
English, the built-in default, adds nothing, so a link made on an English page opens in each
reader's own language, as the site's address always did.
"""

from __future__ import annotations

from ui.i18n.languages import BY_CODE, ENGLISH

LANG_PARAM = "lang"


def language_query(code: str) -> str:
    """`lang=<code>` for a language of the site other than English, else ""."""
    language = BY_CODE.get(code)
    return "" if language is None or language is ENGLISH else f"{LANG_PARAM}={language.code}"


def with_language(address: str, code: str) -> str:
    """`address` (a page's, with no query of its own) with the `lang` its language adds."""
    query = language_query(code)
    return f"{address}?{query}" if query else address

