"""Where the player's game went while the analysis board had the page (issue 54 item 8).

The analysis board keeps the game it takes the board from as a named save ("Game kept while
analysing", ui.page.analysis_board) and gives it back on Close. Left another way (the page
closed, the plain address opened), the autosave holds the analysis game and the player's game
waits in the saves list, where nothing pointed to it. This remembers its key under one storage
key, so the plain page can say where the game is and offer it back (ui.page.kept_game_notice),
reading one key and one save, never the list.
"""

from __future__ import annotations

from ui.play.saved_game import SavedGame
from ui.saves.store import PREFIX, SavesStore, Storage, StoreError

KEPT_KEY = PREFIX + "kept-while-analysing"


class KeptAway:
    """The key of the game the analysis board kept, until it is back on the board."""

    def __init__(self, storage: Storage, store: SavesStore) -> None:
        self.storage, self.store = storage, store

    def note(self, key: str) -> None:
        """The analysis board kept the game on the board under `key`; a game kept earlier and
        still waiting stays the one noted (then the board held an analysis, not the player's
        game: a reload of the analysis board's address)."""
        if self.key() not in ("", key) and self._load(self.key()) is not None:
            return
        self._write(key)

    def key(self) -> str:
        try:
            return self.storage.get(KEPT_KEY) or ""
        except Exception:   # a storage that throws (the Storage protocol allows it): nothing noted
            return ""

    def waiting(self, on_board: str) -> tuple[str, SavedGame] | None:
        """The kept game and its key while it is in the saves list and not on the board (the
        game id `on_board`); forgotten once it is back or gone."""
        key = self.key()
        if not key:
            return None
        saved = self._load(key)
        if saved is None or saved.game_id == on_board:
            self.forget(key)
            return None
        return key, saved

    def forget(self, key: str) -> None:
        """The game kept under `key` is back (or gone): nothing waits any more."""
        if self.key() == key:
            self._write("")

    def _load(self, key: str) -> SavedGame | None:
        try:
            return self.store.load(key)
        except (StoreError, ValueError):
            return None   # deleted, damaged or not a save key: nothing to offer

    def _write(self, key: str) -> None:
        try:
            if key:
                self.storage.set(KEPT_KEY, key)
            else:
                self.storage.remove(KEPT_KEY)
        except Exception:   # a refusal (StorageError) or a storage that throws
            pass   # then the kept game is only in the saves list, as before: nothing is lost
