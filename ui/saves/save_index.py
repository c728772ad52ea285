"""Which named saves hold which game, without decoding them: what lets a move's autosave cost
the same with 1,000 saves as with one (issue 38, item 6).

When another tab's game is in the autosave slot, the store looks for saves of that game (to
keep it, or to see it is kept already); decoding every save for that (each is replayed move by
move) froze a page with a restored backup of 1,000 games for seconds on every move. The index
maps each save's key to its game id, read with a plain (bounded) JSON parse once per tab when first
needed, then kept current by this tab's own writes and by the storage events of other tabs.
It only narrows the search: every save it names is decoded and checked before it is used, so
a stale entry can cost a duplicate save, never a wrong one.
"""

from __future__ import annotations

from typing import Callable, Iterable

from pygame_core.jsontext import load_json


class SaveIndex:
    """Game id per save key; `read_all` lists (key, text) of every named save when first needed."""

    def __init__(self, read_all: Callable[[], Iterable[tuple[str, str | None]]]) -> None:
        self._read_all = read_all
        self._ids: dict[str, str] | None = None   # None until first needed

    def keys_of(self, game_id: str) -> list[str]:
        """The saves that may hold `game_id`'s game: those with its id, or with none (saved
        before ids existed); every save when `game_id` itself is ""."""
        if self._ids is None:
            self._ids = {key: game_id_in(text) for key, text in self._read_all()}
        return [key for key, found in self._ids.items() if not game_id or found in (game_id, "")]

    def wrote(self, key: str, text: str | None) -> None:
        """`key` now holds `text` (None: it is gone), written here or in another tab."""
        if self._ids is None:
            return
        if text is None:
            self._ids.pop(key, None)
        else:
            self._ids[key] = game_id_in(text)

    def forget(self) -> None:
        """Storage was cleared or changed wholesale (another tab): read it again when needed."""
        self._ids = None


def game_id_in(text: str | None) -> str:
    """The save's game id by a plain JSON read ("" when it has none, does not parse or nests
    too deep: a damaged save, listed as such, never the runtime's end)."""
    try:
        found = load_json(text or "").get("game_id")
    except (ValueError, AttributeError):
        return ""
    return found if isinstance(found, str) else ""
