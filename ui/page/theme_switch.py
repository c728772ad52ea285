"""The full page's Theme choice (Auto, Light, Dark) beside Coordinates and Sound.

The page opens in the address's `?theme=` when it names one (as an embed does), else in the
choice the player last made here, remembered in the browser's storage; Auto follows the
system's colour scheme. An embed takes its theme from its own address and shows no switch.
assets/first-screen.mjs applies the same choice before Python runs, so the page never flashes
the other scheme.
"""

from __future__ import annotations

from typing import Any

from ui.board.theme import theme_choice
from ui.page.page_api import Page
from ui.saves.storage import BrowserStorage, StorageError

THEME_KEY = "abstract-games:theme"


class ThemeSwitch:
    """The "Theme" select: sets the page's theme and remembers the player's choice."""

    def __init__(self, page: Page, storage: BrowserStorage | None = None) -> None:
        self.page = page
        self.storage = storage if storage is not None else BrowserStorage.for_page()
        window = page.dom.window
        asked = window.URLSearchParams.new(window.location.search).get("theme")
        choice = theme_choice(None if asked is None else str(asked), self.storage.get(THEME_KEY))
        self.select = page.dom.by_id("theme")
        self.select.value = choice
        page.set_theme(choice)
        page.dom.on(self.select, "change", self._changed)

    def _changed(self, event: Any) -> None:
        choice = theme_choice(str(event.target.value), None)
        self.page.set_theme(choice)
        try:
            self.storage.set(THEME_KEY, choice)
        except StorageError:
            pass   # not remembered (a denying frame, a full store); the choice holds for this visit
