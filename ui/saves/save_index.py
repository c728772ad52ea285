"""What each named save says about itself (its game id and date), without decoding it: what lets
a move's autosave cost the same with 1,000 saves as with one (issue 38, item 6), and the saves
list open one page of 1,000 saves at the cost of one page (issue 54, item 16).

When another tab's game is in the autosave slot, the store looks for saves of that game (to
keep it, or to see it is kept already); decoding every save for that (each is replayed move by
move) froze a page with a restored backup of 1,000 games for seconds on every move; and the
saves list, which lists the newest first, decoded every save to order them. The index maps each
save's key to its game id and date, read with a plain (bounded) JSON parse once per tab when
first needed, then kept current by this tab's own writes and by the storage events of other
tabs. It only narrows the search and orders the list: every save it names is decoded and
checked before it is used or listed, so a stale entry can cost a duplicate save or a save
listed out of date order, never a wrong one.
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple

from pygame_core.jsontext import load_json


class SaveFacts(NamedTuple):
    """What a save's JSON says of itself: "" for what it does not say (or a save that does not parse)."""

    game_id: str = ""
    saved_at: str = ""


class SaveIndex:
    """Facts per save key; `read_all` lists (key, text) of every named save when first needed."""

    def __init__(self, read_all: Callable[[], Iterable[tuple[str, str | None]]]) -> None:
        self._read_all = read_all
        self._facts: dict[str, SaveFacts] | None = None   # None until first needed

    def _known(self) -> dict[str, SaveFacts]:
        if self._facts is None:
            self._facts = {key: facts_in(text) for key, text in self._read_all()}
        return self._facts

    def keys_of(self, game_id: str) -> list[str]:
        """The saves that may hold `game_id`'s game: those with its id, or with none (saved
        before ids existed); every save when `game_id` itself is ""."""
        return [key for key, facts in self._known().items() if not game_id or facts.game_id in (game_id, "")]

    def newest_first(self, keys: Iterable[str], read: Callable[[str], str | None]) -> list[str]:
        """`keys` (the saves in storage now) by the date each states, newest first (the later key
        first on the same date); those that state none (damaged) last. A key the index does not
        know yet is read with `read`; one it knows that is not in `keys` is forgotten."""
        known = self._known()
        present = list(keys)
        for key in set(known).difference(present):
            del known[key]
        for key in present:
            if key not in known:
                known[key] = facts_in(read(key))
        return sorted(present, key=lambda key: (known[key].saved_at != "", known[key].saved_at, _number(key)),
                      reverse=True)

    def wrote(self, key: str, text: str | None) -> None:
        """`key` now holds `text` (None: it is gone), written here or in another tab."""
        if self._facts is None:
            return
        if text is None:
            self._facts.pop(key, None)
        else:
            self._facts[key] = facts_in(text)

    def forget(self) -> None:
        """Storage was cleared or changed wholesale (another tab): read it again when needed."""
        self._facts = None


def facts_in(text: str | None) -> SaveFacts:
    """The save's game id and date by a plain JSON read ("" for each it does not state, or when it
    does not parse or nests too deep: a damaged save, listed as such, never the runtime's end)."""
    try:
        data = load_json(text or "")
    except ValueError:
        return SaveFacts()
    if not isinstance(data, dict):
        return SaveFacts()
    game_id, saved_at = data.get("game_id"), data.get("saved_at")
    return SaveFacts(game_id if isinstance(game_id, str) else "", saved_at if isinstance(saved_at, str) else "")


def _number(key: str) -> int:
    """A save key's number (abstract-games:save:12 -> 12), 0 for none."""
    number = key.rpartition(":")[2]
    return int(number) if number.isdigit() else 0
