"""The page's language at boot: the Python side speaks what assets/i18n.mjs chose.

The language is decided once, in JavaScript, before anything is drawn (the address's `?lang=`,
the remembered choice, the browser's preference) and written to `<html lang>`. Python reads it
from there rather than deciding again, so the two halves of the page can never disagree. For a
language other than English the compiled catalog `i18n/<code>.mo` is fetched from the site
(after the first screen is drawn, so the first visit does not wait for it; the service worker
keeps it for offline visits) and installed before the page builds its panels, whose texts are
written as they are built. A catalog that does not arrive or does not read leaves the page in
English, which is built in, with one calm notice: a language is a nicety, never a reason to fail.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from ui.i18n import CatalogError, Language, _, known, use_catalog
from ui.i18n.languages import ENGLISH

CATALOG_DIR = "./i18n/"   # relative to the page, which is at the site's root (tools/build.py writes it)

FetchBytes = Callable[[str], Awaitable[bytes]]


def page_language(html_lang: str) -> Language:
    """The site's language for the page's `<html lang>`; English for anything not known."""
    return known(html_lang) or ENGLISH


def catalog_url(language: Language) -> str:
    """Where the site keeps `language`'s compiled catalog."""
    return f"{CATALOG_DIR}{language.code}.mo"


async def speak(language: Language, fetch_bytes: FetchBytes) -> str:
    """Install `language`'s catalog, fetched with `fetch_bytes`. Returns "" when the page speaks
    it, else the notice that says it stays English (the page's language is then unchanged)."""
    if language is ENGLISH:
        return ""
    try:
        use_catalog(language.code, await fetch_bytes(catalog_url(language)))
    except (OSError, CatalogError):
        return _("{language} could not be loaded in full, so some of the page is in English for now. "
                 "Reload the page to try again.", language=language.name)
    return ""


async def speak_page_language(document: Any, fetch_bytes: FetchBytes | None = None) -> str:
    """Speak the language `<html lang>` names (ui/main.py calls this before the page is built);
    the notice when it could not be had, for `show_notice` once the page is there."""
    language = page_language(str(document.documentElement.lang or ""))
    return await speak(language, fetch_bytes or _fetch_bytes)


def show_notice(document: Any, notice: str) -> None:
    """Say `notice` in the page's notice line for the language (nothing to say: it stays hidden)."""
    element = document.getElementById("language-notice")
    element.textContent = notice
    element.hidden = not notice


async def _fetch_bytes(url: str) -> bytes:
    """The bytes at `url`, through the page's fetch (and so its service worker); OSError if not."""
    import js   # the browser's globals: only ever reached in the page

    try:
        response = await js.fetch(url)
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        return bytes((await response.arrayBuffer()).to_bytes())
    except OSError:
        raise
    except Exception as exc:   # a network failure rejects fetch() with a JavaScript TypeError
        raise OSError(str(exc)) from None
