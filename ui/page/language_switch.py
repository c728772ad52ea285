"""The full page's Language select, beside Theme: every language listed by its own name.

Choosing one remembers it (the key assets/i18n.mjs reads) and reloads the page. Why reload
rather than re-translate in place: the language is decided once, before anything is drawn, and
every text on the page was written in it when its part was built (the panels, the dialogs made
so far, the first screen's JavaScript, the rules help), so switching in place would mean every
part redrawing itself and any one that forgot would stay in the old language. A reload draws all
of it in the new one through the same path as any visit, and costs nothing of the game: the
autosave, written after every move, reopens it. The reload drops `lang` from the address, or a
`?lang=` there would override the new choice. Where the browser refuses to remember the choice
(a denying frame, a full store), it cannot autosave the game either: the address then carries
both, the choice as `lang` and the game as a share fragment, for this visit.
An embed shows no switch: its language is its address's (the blog author's choice).
"""

from __future__ import annotations

from typing import Any

from ui.i18n import LANGUAGES, current, known
from ui.page.page_api import GameHost
from ui.saves.share import encode
from ui.saves.storage import BrowserStorage, StorageError

LANGUAGE_KEY = "abstract-games:language"   # assets/i18n.mjs reads the same key
LANG_PARAM = "lang"


def reload_address(href: str, lang: str | None = None, fragment: str | None = None) -> str:
    """`href` without its `lang` settings; with `lang=<lang>` as its only one when given, and
    `fragment` as its fragment when given. The rest of the query stays as it was."""
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit
    parts = urlsplit(href)
    pairs = [(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True) if key != LANG_PARAM]
    if lang is not None:
        pairs.append((LANG_PARAM, lang))
    parts = parts._replace(query=urlencode(pairs))
    return urlunsplit(parts if fragment is None else parts._replace(fragment=fragment))


class LanguageSwitch:
    """The "Language" select: lists the languages, shows the page's, reloads in the one chosen."""

    def __init__(self, host: GameHost, storage: BrowserStorage | None = None) -> None:
        self.host = host
        self.storage = storage if storage is not None else BrowserStorage.for_page()
        dom = host.dom
        self.select = dom.by_id("language")
        for language in LANGUAGES:
            dom.make("option", self.select, language.name, value=language.code, lang=language.code)
        self.select.value = current().code
        dom.on(self.select, "change", self._changed)

    def _changed(self, event: Any) -> None:
        language = known(str(event.target.value))
        if language is None or language is current():
            return
        location = self.host.dom.window.location
        href = str(location.href)
        try:
            self.storage.set(LANGUAGE_KEY, language.code)
            address = reload_address(href)
        except StorageError:   # not remembered, nor is the game autosaved: the address keeps both
            address = reload_address(href, language.code, encode(self.host.session.to_saved().record))
        if address == href:
            location.reload()   # the same address: replace() would not reload a page with a fragment
        else:
            location.replace(address)
