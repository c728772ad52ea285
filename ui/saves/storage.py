"""Guarded access to the browser's localStorage: the one place the UI touches it.

Why: in a cross-site <iframe> the browser may deny storage, and then even reading
`window.localStorage` throws; a full store throws on write. BrowserStorage turns all of that
into plain Python, judging reading and writing separately: `available` says whether storage can
be read here at all (not in a denying frame), `writable` whether there is room for about one
more saved game (ROOM_CHARS, tried by a probe write at start-up, after a removal and after a
write that follows a refused one) and the last write worked; a full store still lists, loads and
deletes. The probe is that size because a store filled to its last few bytes (by other pages of
the same origin, say) still takes a tiny write, and the next save does not. Reads never raise, and a refused
write raises StorageError with a message fit for the player (ui/saves/store.py reports it and
the game goes on). Under CPython there is no browser: tests pass a dict-like
backend, and `for_page()` gives an unavailable storage.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from ui.i18n import N_, Text

PROBE_KEY = "__storage_probe__"
ROOM_CHARS = 4096   # about one saved game of a long match: less room than this is "full"
_QUOTED_NAME = re.compile(r'"""(\w+Error)\b')


class WebStorage(Protocol):
    """The Web Storage methods used here (window.localStorage has them); any may throw."""

    def getItem(self, key: str) -> Any: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def key(self, index: int) -> Any: ...

    @property
    def length(self) -> int: ...


class StorageError(ValueError):
    """A write the browser refused; the message says why in the player's terms."""


def page_local_storage() -> WebStorage | None:
    """The page's localStorage, or None outside a browser or where the browser denies it."""
    try:
        from js import window  # only importable inside Pyodide

        return window.localStorage
    except Exception:  # ImportError under CPython, a JS SecurityError in a denied frame
        return None


def _probe(backend: WebStorage | None) -> tuple[bool, bool]:
    """(readable, writable): can the page read this storage, and is there room for a save."""
    if backend is None:
        return False, False
    try:
        backend.getItem(PROBE_KEY)
    except Exception:
        return False, False
    try:
        backend.setItem(PROBE_KEY, "x" * ROOM_CHARS)
    except Exception:
        return True, False
    try:
        backend.removeItem(PROBE_KEY)
    except Exception:
        pass   # a store that takes the write but not the removal is a strange one: it had room
    return True, True


class BrowserStorage:
    """Key/value text storage that never lets a browser exception through."""

    def __init__(self, backend: WebStorage | None) -> None:
        self._backend = backend
        self._available, self._writable = _probe(backend)

    @classmethod
    def for_page(cls) -> BrowserStorage:
        """The storage of the page this code runs in (unavailable under CPython)."""
        return cls(page_local_storage())

    @property
    def _store(self) -> WebStorage:
        """The backend, read only once `available` is checked (no backend is never available)."""
        assert self._backend is not None
        return self._backend

    @property
    def available(self) -> bool:
        """True when the page may use this storage at all (a denying frame may not)."""
        return self._available

    @property
    def writable(self) -> bool:
        """False while the store is full: the last write was refused, or the room probe was."""
        return self._writable

    def get(self, key: str) -> str | None:
        """The stored text, or None when absent or unreadable."""
        if not self._available:
            return None
        try:
            value = self._store.getItem(key)
        except Exception:
            return None
        # JS null arrives as pyodide.ffi.jsnull, which is not None.
        return value if isinstance(value, str) else None

    def keys(self) -> list[str]:
        """Every stored key (other code's too); empty when storage is unreadable."""
        if not self._available:
            return []
        try:
            found = (self._store.key(index) for index in range(self._store.length))
            return [key for key in found if isinstance(key, str)]
        except Exception:
            return []

    def set(self, key: str, value: str) -> None:
        """Store text under key; StorageError when the browser refuses."""
        self._write(lambda: self._store.setItem(key, value))

    def remove(self, key: str) -> None:
        """Delete key (absent is fine); StorageError when the browser refuses. Removing works
        in a full store, and makes room: the next write is tried again."""
        self._write(lambda: self._store.removeItem(key))

    def _write(self, action: Any) -> None:
        if not self._available:
            raise StorageError(N_("saving is unavailable here: the browser denies this page storage"))
        try:
            action()
        except Exception as exc:
            reason = _describe(exc)
            if reason == "QuotaExceededError":
                self._writable = False
                raise StorageError(N_("the browser's storage for this site is full (QuotaExceededError): "
                                      "delete saves to make room")) from None
            raise StorageError(Text(N_("the browser refused to save ({reason})"), {"reason": reason})) from None
        if not self._writable:
            self._writable = _probe(self._backend)[1]   # after a refusal: is there room again?


def _describe(exc: Exception) -> str:
    """A short reason from a JS error (its `name`, e.g. QuotaExceededError) or a Python one.

    Pyodide re-throws a DOMException (what localStorage throws) as a plain `Error` whose
    message quotes the original's text (QuotaExceededError: ...) in triple double quotes:
    take the name from there.
    """
    name = getattr(exc, "name", None)
    if name == "Error":
        quoted = _QUOTED_NAME.search(str(exc))
        name = quoted.group(1) if quoted else name
    return name if isinstance(name, str) and name else type(exc).__name__
