"""Where the saves sit in storage: each named save's text under its own key, read, written and
decoded with every failure a StoreError, and the index of them (ui.saves.save_index) kept true.

A SaveShelf is how SavesStore (ui.saves.store) touches storage; the store decides what the saves
mean (the autosave slot and the other-tab rule, names, the list, games by link, a backup's
restore). They were one class until issue 55 split them at this seam, the keys and texts vs
what is done with them, so the store's next feature does not grow the storage plumbing with it.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Collection, NamedTuple, Protocol

from pygame_core.errors import text_of
from ui.i18n import N_, Text
from ui.play.saved_game import SavedGame
from ui.saves.save_index import SaveIndex
from ui.saves.savefile import SaveError, decode

PREFIX = "abstract-games:"
AUTOSAVE_KEY = PREFIX + "autosave"
SAVE_PREFIX = PREFIX + "save:"
_SAVE_KEY = re.compile(r"^" + re.escape(SAVE_PREFIX) + r"(\d{1,9})$")


class Storage(Protocol):
    """The part of a localStorage-like object the store uses; any method may raise."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class StoreError(ValueError):
    """Saving or loading did not work; the message is for the player."""


def check_key(key: str) -> None:
    """StoreError unless `key` is a named save's key (the autosave slot is not one)."""
    if not _SAVE_KEY.match(key):
        raise StoreError(Text(N_("{key} is not a save"), {"key": repr(key[:40])}))


class Failure(NamedTuple):
    """What a storage call says when it fails, each a whole sentence so that a translation orders
    its own words: with the storage's message for players (`said`), or with the browser's own
    refusal (`refused`)."""

    said: str
    refused: str


LISTING = Failure(N_("could not list the saves: {problem}"),
                  N_("could not list the saves: the browser's storage refused ({problem})"))
READING = Failure(N_("could not read the saves: {problem}"),
                  N_("could not read the saves: the browser's storage refused ({problem})"))
SAVING = Failure(N_("could not save: {problem}"), N_("could not save: the browser's storage refused ({problem})"))
DELETING = Failure(N_("could not delete the save: {problem}"),
                   N_("could not delete the save: the browser's storage refused ({problem})"))


class SaveShelf:
    """The named saves' keys and texts in `storage` (and the autosave slot's text, read and
    written like any key); `levels` are the computer levels a save may name."""

    def __init__(self, storage: Storage, levels: Collection[str] | None = None) -> None:
        self._storage = storage
        self._levels = levels
        self._index = SaveIndex(lambda: ((key, self.read(key)) for key in self.keys()))

    def keys(self) -> list[str]:
        """The keys of the named saves (listing keys reads no save)."""
        keys = self._call(self._storage.keys, LISTING)
        return [k for k in keys if isinstance(k, str) and _SAVE_KEY.match(k)]

    def newest_first(self) -> list[str]:
        """The named saves' keys, newest first by the date each states, those stating none last."""
        return self._index.newest_first(self.keys(), self.read)

    def new_key(self) -> str:
        """A key after every named save's (so a new save lists after those made before it)."""
        numbers = [int(m.group(1)) for m in map(_SAVE_KEY.match, self.keys()) if m]
        return f"{SAVE_PREFIX}{max(numbers, default=0) + 1}"

    def read(self, key: str) -> str | None:
        text = self._call(lambda: self._storage.get(key), READING)
        if text is not None and not isinstance(text, str):
            raise StoreError(N_("the browser returned something that is not text"))
        return text

    def write(self, key: str, text: str) -> None:
        self._call(lambda: self._storage.set(key, text), SAVING)
        if _SAVE_KEY.match(key):
            self._index.wrote(key, text)

    def remove(self, key: str) -> None:
        self._call(lambda: self._storage.remove(key), DELETING)
        self._index.wrote(key, None)

    def heard(self, key: str | None, text: str | None) -> None:
        """Another tab changed `key` to `text` (None: removed; key None: storage cleared)."""
        if key is None:
            self._index.forget()
        elif _SAVE_KEY.match(key):
            self._index.wrote(key, text)

    def load(self, key: str) -> SavedGame:
        """The save under `key`; StoreError when it is gone or damaged."""
        text = self.read(key)
        if text is None:
            raise StoreError(N_("that save is gone (deleted in another tab?)"))
        return self.decoded(text)

    def decoded(self, text: str) -> SavedGame:
        try:
            return decode(text, self._levels)
        except SaveError as exc:
            raise StoreError(Text(N_("this save is damaged and was left as it is: {problem}"),
                                  {"problem": text_of(exc)})) from None

    def loaded(self, keys: list[str]) -> tuple[list[tuple[str, SavedGame]], int]:
        """(key, save) for each of `keys` that loads, and how many did not."""
        found, damaged = [], 0
        for key in keys:
            try:
                found.append((key, self.load(key)))
            except StoreError:
                damaged += 1   # damaged, or gone in another tab
        return found, damaged

    def saves_of(self, game_id: str) -> list[tuple[str, SavedGame]]:
        """(key, save) for the named saves of one game (by the index: no other save is read)."""
        return self.loaded(self._index.keys_of(game_id))[0]

    @staticmethod
    def _call(action: Callable[[], Any], failure: Failure) -> Any:
        try:
            return action()
        except StoreError:
            raise
        except ValueError as exc:  # ui.saves.storage.StorageError: already a message for the player
            raise StoreError(Text(failure.said, {"problem": text_of(exc)})) from None
        except Exception as exc:  # a raw browser storage throws its own error types
            raise StoreError(Text(failure.refused, {"problem": _brief(exc)})) from None


def _brief(exc: Exception) -> str:
    text = str(exc) or type(exc).__name__
    return text[:160]
