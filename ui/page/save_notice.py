"""The notice by the board while the game is not being saved (issue 38: a full store used to
lose moves with one line in a closed panel): which moves are not kept, what makes room, and a
button that downloads the game at once. While moves are unsaved, closing the page asks first
(beforeunload), and body[data-storage] says "full" while the store has no room. When saving
works again, the notice says so once and then goes. Words: ui.saves.room.
"""

from __future__ import annotations

from typing import Any, Callable

from ui.i18n import N_, _
from ui.page.dom_helpers import Dom
from ui.page.transfer_panel import download_text
from ui.play.saved_game import SavedGame
from ui.saves.room import Space, notice_words, space_used
from ui.saves.savefile import encode
from ui.saves.storage import BrowserStorage

WORKS_AGAIN = N_("Saving works again: every move of this game is saved.")


class SaveNotice:
    """Tells the player, where they look, whether the game on the board is safe in the store."""

    def __init__(self, dom: Dom, storage: BrowserStorage, current: Callable[[], SavedGame]) -> None:
        self.dom, self.storage, self.current = dom, storage, current
        self.box = dom.by_id("save-notice")
        self.headline = dom.make("strong", self.box, class_="save-notice-headline")
        self.kept_line = dom.make("span", self.box, class_="save-notice-kept")
        self.advice = dom.make("span", self.box, class_="save-notice-advice")
        self.download = dom.button(self.box, _("Download this game"), self._download, id="save-notice-download")
        self._kept_id: str | None = None     # the game the store holds, and its turns
        self._kept: tuple[str, ...] = ()
        self._problem = ""                   # why the last autosave failed ("" when it worked)
        self._space: Space | None = None     # how the full store's space is shared, read once
        dom.on(dom.window, "beforeunload", self._before_unload)

    @property
    def unsaved(self) -> bool:
        """Whether the game on the board has changes the store does not hold."""
        return bool(self._problem)

    def holds(self, saved: SavedGame) -> None:
        """The store holds `saved` (an autosave that worked, or the game resumed from it)."""
        self._kept_id, self._kept = saved.game_id, saved.record.turns

    def saved(self, saved: SavedGame) -> None:
        """An autosave of `saved` worked."""
        recovered = self.unsaved
        self._problem = ""
        self.holds(saved)
        self.show(saved, _(WORKS_AGAIN) if recovered else "")

    def failed(self, saved: SavedGame, problem: str) -> None:
        """An autosave of `saved` did not work; `problem` says why (a sentence)."""
        self._problem = problem
        self.show(saved)

    def show(self, saved: SavedGame, news: str = "") -> None:
        """Bring the notice and body[data-storage] up to date for the game on the board."""
        full = self.storage.available and not self.storage.writable
        self.dom.document.body.dataset.storage = "full" if full else "available"
        if not (full or self._problem):
            self._space = None
            self._say(news, "", "", recovered=bool(news))
            return
        if full and self._space is None:
            self._space = space_used(self.storage)
        kept = self._kept if saved.game_id == self._kept_id else ()
        words = notice_words(self._problem, full, kept, saved.record.turns, self._space or Space(0, 0))
        self._say(*words)

    def _say(self, headline: str, kept: str, advice: str, recovered: bool = False) -> None:
        self.box.hidden = not headline
        self.box.dataset.state = "recovered" if recovered else "unsaved" if self._problem else "full"
        self.headline.textContent = headline
        self.kept_line.textContent = kept and " " + kept
        self.advice.textContent = advice and " " + advice
        self.download.hidden = recovered

    def _before_unload(self, event: Any) -> None:
        """Closing or leaving the page with moves the store does not hold: the browser asks."""
        if self.unsaved:
            event.preventDefault()
            event.returnValue = ""

    def _download(self) -> None:
        """The game on the board as a save file, which Import opens again."""
        saved = self.current()
        download_text(self.dom, f"{saved.record.game}-{len(saved.record.turns)}-moves-save.json", encode(saved),
                      "application/json")
