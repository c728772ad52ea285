"""The notice by the board on the plain page when the player's game waits in the saves list
because the analysis board took the page (issue 54 item 8): where it is, and a button that
brings it back (the analysis game on the board, when it has moves or a set-up position, is kept
in its place). Made only when a game waits (ui.saves.kept_away), so it costs the boot one read.
"""

from __future__ import annotations

from pygame_core.registry import find_game
from ui.i18n import N_, _, ngettext
from ui.page.page_api import GameHost
from ui.play.error_words import error_words
from ui.play.saved_game import SavedGame
from ui.saves.kept_away import KeptAway
from ui.saves.store import SavesStore, Storage, StoreError

ANALYSIS_NAME = N_("Analysis board")   # the analysis game's name in the saves list when it makes way


def offer_kept_game(host: GameHost, storage: Storage, store: SavesStore) -> KeptGameNotice | None:
    """Show the notice when a game kept while analysing waits; returns it (None when none).
    `store` is the saves panel's, so that its index sees what the notice saves and deletes."""
    kept = KeptAway(storage, store)
    waiting = kept.waiting(host.session.game_id)
    return None if waiting is None else KeptGameNotice(host, kept, store, *waiting)


def waiting_words(saved: SavedGame, name: str) -> str:
    """Where the game is, in the player's words (the name is shown as text, never as HTML)."""
    return ngettext("Your {game} game ({n} move) was kept when the analysis board opened: it is in the saves "
                    "list as “{name}”.",
                    "Your {game} game ({n} moves) was kept when the analysis board opened: it is in the saves "
                    "list as “{name}”.", len(saved.record.turns), game=find_game(saved.record.game).title, name=name)


class KeptGameNotice:
    """Says where the kept game is; "Bring it back" puts it on the board, "Leave it there" goes."""

    def __init__(self, host: GameHost, kept: KeptAway, store: SavesStore, key: str, saved: SavedGame) -> None:
        self.host, self.dom, self.kept, self.store = host, host.dom, kept, store
        self.key, self.saved = key, saved
        self.box = self.dom.make("div", None, id="kept-game-notice", class_="notice kept-game-notice",
                                 role="status", aria_live="polite")
        self.dom.by_id("save-notice").after(self.box)
        self.words = self.dom.make("span", self.box, waiting_words(saved, saved.name))
        self.back = self.dom.button(self.box, _("Bring it back"), self.bring_back, id="kept-game-back")
        self.leave = self.dom.button(self.box, _("Leave it there"), self.dismiss, id="kept-game-leave")

    def bring_back(self) -> None:
        """The kept game on the board again (its copy leaves the list once the autosave holds
        it); the game it replaces is kept when it is more than an empty board."""
        board = self.host.session
        where = ""
        try:
            if board.turns or board.record().start is not None:
                name = _(ANALYSIS_NAME)
                self.store.save(board.to_saved(), name)
                where = _("The game that was on the board is in the saves list as “{name}”.", name=name)
            self.host.load_saved(self.saved)
        except (StoreError, ValueError) as exc:
            self.words.textContent = _("The game could not be brought back: {reason}. It is still in the saves list.",
                                       reason=error_words(exc))
            return
        self._remove_copy()
        self.kept.forget(self.key)
        back = _("Your game is back on the board.")
        self._done(f"{back} {where}" if where else back)

    def _remove_copy(self) -> None:
        """Delete the kept copy only once the autosave holds the game (a full store keeps it)."""
        try:
            autosaved = self.store.resume()
            if autosaved is not None and autosaved.game_id == self.saved.game_id:
                self.store.delete(self.key)
        except StoreError:
            pass   # the copy stays in the list: nothing is lost

    def dismiss(self) -> None:
        """The game stays in the saves list; the notice is not shown again."""
        self.kept.forget(self.key)
        self.box.hidden = True

    def _done(self, words: str) -> None:
        self.words.textContent = words
        self.back.hidden = self.leave.hidden = True
