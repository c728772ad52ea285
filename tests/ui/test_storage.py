"""BrowserStorage: never lets a browser error through, reports availability, refuses loudly."""

import pytest

from ui.saves.storage import BrowserStorage, StorageError


class DictStorage:
    """A working localStorage: the Web Storage methods over a dict."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str):
        return self.items.get(key, JsNull())

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    def key(self, index: int):
        return list(self.items)[index]

    @property
    def length(self) -> int:
        return len(self.items)


class JsNull:
    """Stands for pyodide.ffi.jsnull: what getItem gives for a missing key (not None)."""


class SecurityError(Exception):
    """Stands for the JS error a storage-denied frame throws on every access."""

    name = "SecurityError"


class DeniedStorage:
    def __getattr__(self, name: str):
        raise SecurityError("Access is denied for this document.")


class FullStorage(DictStorage):
    """Accepts the start-up probe, then refuses writes like a full store."""

    def setItem(self, key: str, value: str) -> None:
        if key != "__storage_probe__":
            error = Exception("quota")
            error.name = "QuotaExceededError"
            raise error
        super().setItem(key, value)


def test_working_storage_round_trips_text():
    storage = BrowserStorage(DictStorage())
    storage.set("abstract-games:autosave", "{}")
    assert storage.available
    assert storage.get("abstract-games:autosave") == "{}"
    assert storage.keys() == ["abstract-games:autosave"]
    storage.remove("abstract-games:autosave")
    assert storage.keys() == []


def test_missing_key_reads_as_none_not_js_null():
    assert BrowserStorage(DictStorage()).get("nothing") is None


def test_probe_leaves_nothing_behind():
    backend = DictStorage()
    BrowserStorage(backend)
    assert backend.items == {}


@pytest.mark.parametrize("backend", [DeniedStorage(), None], ids=["denied", "no-browser"])
def test_unavailable_storage_reads_empty_and_refuses_writes(backend):
    storage = BrowserStorage(backend)
    assert not storage.available
    assert storage.get("key") is None
    assert storage.keys() == []
    with pytest.raises(StorageError, match="denies this page storage"):
        storage.set("key", "value")
    with pytest.raises(StorageError):
        storage.remove("key")


def test_refused_write_names_the_browser_reason():
    storage = BrowserStorage(FullStorage())
    assert storage.available
    with pytest.raises(StorageError, match="QuotaExceededError"):
        storage.set("key", "value")


def test_storage_error_is_a_value_error_for_the_saves_store():
    assert issubclass(StorageError, ValueError)


def test_for_page_outside_a_browser_is_unavailable():
    assert not BrowserStorage.for_page().available
