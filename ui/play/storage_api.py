"""The storage the play layer keeps its small records in (New game's last choices, the results
against the computer, puzzle and tutorial progress), as the page hands it over.

Why Protocols: `ui/play/` is below `ui/saves/` (docs/architecture.md) and imports nothing above
it, so it cannot name `ui.saves.storage.BrowserStorage`; the page passes one in, and the tests
may pass anything with these members.
"""

from __future__ import annotations

from typing import Any, Protocol

from pygame_core.jsontext import load_json


class TextStorage(Protocol):
    """BrowserStorage's reading and writing: `get` never raises; `set` raises a ValueError
    (BrowserStorage's StorageError) whose message is for the player when the browser refuses."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...


class KeyValueStorage(TextStorage, Protocol):
    """A TextStorage that also says whether the page may use it at all, and removes a key
    (raising as `set` does)."""

    @property
    def available(self) -> bool: ...
    def remove(self, key: str) -> None: ...


def stored_table(raw: str | None, field: str, assumed_version: int | None = None) -> dict[str, Any] | None:
    """The `field` table of a small record stored as {"version": 1, field: {...}}: {} when
    nothing is stored, None when what is stored does not read (the caller keeps it as it is).
    `assumed_version` is the version of a record written before it carried one."""
    if raw is None:
        return {}
    try:
        data = load_json(raw)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("version", assumed_version) != 1:
        return None
    table = data.get(field)
    return table if isinstance(table, dict) else None
