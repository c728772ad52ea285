"""Named saves and autosave over a fake storage: listing, damage left alone, refusals reported."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from pygame_core.record import Record, SideLine
from pygame_core.registry import find_game
from ui.play.saved_game import AI, SavedGame, Seat
from ui.saves.savefile import encode
from ui.saves.store import AUTOSAVE_KEY, PREFIX, SavesStore, StoreError, continues

LEVELS = ("easy", "strong")


class DictStorage:
    """localStorage stand-in: a dict, optionally full (set raises) or broken (everything raises)."""

    def __init__(self, quota: int = 10**9, broken: bool = False) -> None:
        self.items: dict[str, str] = {}
        self.quota, self.broken = quota, broken

    def _check(self) -> None:
        if self.broken:
            raise RuntimeError("SecurityError: access denied")

    def get(self, key):
        self._check()
        return self.items.get(key)

    def set(self, key, value):
        self._check()
        if sum(map(len, self.items.values())) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def remove(self, key):
        self._check()
        self.items.pop(key, None)

    def keys(self):
        self._check()
        return list(self.items)


def game(turns: tuple[str, ...] = ("d6", "b5", "c4")) -> SavedGame:
    record = Record("susan", find_game("susan").resolve_options(), turns)
    return SavedGame(record, (Seat(), Seat(AI, "strong")), len(turns))


def store(storage: DictStorage) -> SavesStore:
    ticks = itertools.count(10)
    return SavesStore(storage, LEVELS, clock=lambda: f"2026-11-03T10:00:{next(ticks)}Z")


def test_autosave_resumes_the_same_game() -> None:
    saves = store(DictStorage())
    assert saves.resume() is None
    saves.autosave(game())
    saves.autosave(game(("d6", "b5")))
    back = saves.resume()
    assert back.record.turns == ("d6", "b5") and back.seats == game().seats and back.saved_at


def test_named_saves_list_load_rename_delete() -> None:
    storage = DictStorage()
    saves = store(storage)
    first = saves.save(game(), "  opening\n")
    second = saves.save(game(("d6",)), "")
    entries = saves.entries()
    assert [e.key for e in entries] == [second, first]  # newest first
    assert entries[1].name == "opening" and entries[1].moves == 3 and entries[1].game == "SUSAN"
    assert entries[0].name == "SUSAN, 1 move"
    assert entries[1].result == "White to move"
    assert saves.load(first).record.turns == ("d6", "b5", "c4")
    saves.rename(first, "middle game")
    assert saves.load(first).name == "middle game"
    assert saves.load(first).saved_at == entries[1].saved_at
    saves.delete(second)
    assert [e.key for e in saves.entries()] == [first]
    assert all(key.startswith(PREFIX) for key in storage.items)


def test_a_finished_game_lists_its_result() -> None:
    from pathlib import Path
    from pygame_core.record import from_text
    text = (Path(__file__).parents[1] / "core" / "fixtures" / "susan_manual_game.txt").read_text()
    saves = store(DictStorage())
    key = saves.save(game(from_text(text, game="susan").turns), "manual")
    assert saves.entries()[0].result.startswith("White won") and saves.entries()[0].key == key


def test_a_damaged_save_is_listed_and_left_alone_and_the_others_still_load() -> None:
    storage = DictStorage()
    saves = store(storage)
    good = saves.save(game(), "good")
    bad = saves.save(game(), "bad")
    damaged = storage.items[bad][:-20]
    storage.items[bad] = damaged
    storage.items["other-site-key"] = "not ours"
    entries = saves.entries()
    assert [e.key for e in entries] == [good, bad]
    assert entries[1].problem and "damaged" in entries[1].problem
    with pytest.raises(StoreError, match="damaged"):
        saves.load(bad)
    with pytest.raises(StoreError, match="damaged"):
        saves.rename(bad, "fixed?")
    assert storage.items[bad] == damaged and storage.items["other-site-key"] == "not ours"
    assert saves.load(good).name == "good"
    third = saves.save(game(), "third")
    assert third not in (good, bad)


def test_a_future_version_autosave_is_reported_and_kept_in_the_list() -> None:
    storage = DictStorage()
    saves = store(storage)
    future = encode(game()).replace('"version":1,"record"', '"version":7,"record"')
    storage.items[AUTOSAVE_KEY] = future
    with pytest.raises(StoreError, match="newer.*kept in the saves list"):
        saves.resume()
    assert storage.items[AUTOSAVE_KEY] == future
    [entry] = saves.entries()
    assert "newer" in entry.problem and storage.items[entry.key] == future
    saves.autosave(game())  # the next autosave may now replace the slot: the text is safe
    assert saves.resume().record == game().record


def test_a_damaged_autosave_that_cannot_be_kept_turns_autosave_off() -> None:
    storage = DictStorage()
    saves = store(storage)
    storage.items[AUTOSAVE_KEY] = "{damaged"
    storage.quota = 0
    with pytest.raises(StoreError, match="autosave is off"):
        saves.resume()
    storage.quota = 10**9
    with pytest.raises(StoreError, match="autosave is off"):
        saves.autosave(game())
    assert storage.items == {AUTOSAVE_KEY: "{damaged"}


def test_full_storage_is_reported_and_keeps_what_was_there() -> None:
    storage = DictStorage()
    saves = store(storage)
    key = saves.save(game(), "kept")
    storage.quota = sum(map(len, storage.items.values())) + 10
    with pytest.raises(StoreError, match="Quota"):
        saves.save(game(), "one too many")
    with pytest.raises(StoreError, match="refused"):
        saves.autosave(game())
    assert [e.key for e in saves.entries()] == [key]


def test_storage_that_throws_is_reported_on_every_path() -> None:
    saves = store(DictStorage(broken=True))
    for action in (lambda: saves.autosave(game()), saves.resume, lambda: saves.save(game(), "x"),
                   saves.entries, lambda: saves.load(PREFIX + "save:1"),
                   lambda: saves.rename(PREFIX + "save:1", "y"), lambda: saves.delete(PREFIX + "save:1")):
        with pytest.raises(StoreError, match="refused"):
            action()


@pytest.mark.parametrize("key", ["", AUTOSAVE_KEY, "abstract-games:save:x", "other:save:1"])
def test_only_save_keys_can_be_loaded_or_deleted(key: str) -> None:
    storage = DictStorage()
    storage.items[key] = "x"
    saves = store(storage)
    with pytest.raises(StoreError, match="not a save"):
        saves.delete(key)
    with pytest.raises(StoreError, match="not a save"):
        saves.load(key)
    assert storage.items[key] == "x"


def test_a_non_text_value_from_storage_is_reported() -> None:
    storage = DictStorage()
    storage.items[AUTOSAVE_KEY] = 42  # type: ignore[assignment]
    with pytest.raises(StoreError, match="not text"):
        store(storage).resume()


def test_over_the_page_storage_wrapper_full_and_denied_are_reported() -> None:
    from ui.saves.storage import BrowserStorage

    class WebStorage:
        def __init__(self, deny: bool) -> None:
            self.items: dict[str, str] = {}
            self.deny, self.full, self.length = deny, False, 0

        def getItem(self, key):
            return self.items.get(key)

        def setItem(self, key, value):
            if self.deny or self.full:
                raise RuntimeError("QuotaExceededError")
            self.items[key] = value
            self.length = len(self.items)

        def removeItem(self, key):
            self.items.pop(key, None)
            self.length = len(self.items)

        def key(self, index):
            return list(self.items)[index]

    web = WebStorage(deny=False)
    saves = store(BrowserStorage(web))
    assert saves.available
    key = saves.save(game(), "small")
    web.full = True
    with pytest.raises(StoreError, match="could not save: the browser refused"):
        saves.save(game(), "one too many")
    assert [e.key for e in saves.entries()] == [key]
    denied = store(BrowserStorage(None))  # a frame denied storage: even reading it throws
    assert not denied.available and denied.entries() == [] and denied.resume() is None
    with pytest.raises(StoreError, match="unavailable"):
        denied.autosave(game())


def test_a_store_full_from_the_start_still_lists_loads_and_deletes() -> None:
    """Reading and writing are judged separately (issue 14, defect 7): the start-up probe
    failing to write must not hide the saves."""
    from ui.saves.storage import BrowserStorage

    class Full:
        def __init__(self, items: dict[str, str]) -> None:
            self.items, self.full = items, True

        def getItem(self, key):
            return self.items.get(key)

        def setItem(self, key, value):
            if self.full:
                error = RuntimeError("quota")
                error.name = "QuotaExceededError"  # what the browser's DOMException carries
                raise error
            self.items[key] = value

        def removeItem(self, key):
            self.items.pop(key, None)
            self.full = False  # deleting made room

        def key(self, index):
            return list(self.items)[index]

        @property
        def length(self):
            return len(self.items)

    filled = SavesStore(DictStorage())
    key = filled.save(game(), "kept")
    web = Full(dict(filled._storage.items))  # type: ignore[attr-defined]
    storage = BrowserStorage(web)
    saves = store(storage)
    assert storage.available and not storage.writable
    assert [e.name for e in saves.entries()] == ["kept"] and saves.load(key).record == game().record
    with pytest.raises(StoreError, match="full"):
        saves.save(game(), "no room")
    saves.delete(key)
    assert storage.writable and saves.entries() == []
    saves.save(game(), "room again")
    assert [e.name for e in saves.entries()] == ["room again"]


def test_a_domexception_rethrown_by_pyodide_still_names_the_quota() -> None:
    from ui.saves.storage import BrowserStorage

    class WrappedDomException(Exception):
        name = "Error"  # how Pyodide re-throws a DOMException: a plain Error quoting it

    class FullStorage:
        length = 0

        def getItem(self, key):
            return None

        def setItem(self, key, value):
            if key.startswith(PREFIX):
                raise WrappedDomException(
                    'Error: A value of type object with tag [object DOMException] was thrown as an error!\n'
                    'String interpolation of the thrown value gives """QuotaExceededError: The quota has been '
                    'exceeded.""".')

        def removeItem(self, key):
            pass

        def key(self, index):
            return None

    with pytest.raises(StoreError, match=r"storage for this site is full \(QuotaExceededError\)"):
        store(BrowserStorage(FullStorage())).autosave(game())


# --- two tabs share one autosave slot (issue 14, defect 6) -------------------------------------

def tab_game(game_id: str, game: str, *turns: str) -> SavedGame:
    record = Record(game, find_game(game).resolve_options(), turns)
    return SavedGame(record, (Seat(), Seat()), len(turns), game_id=game_id)


def kept_games(saves: SavesStore) -> list[tuple[str, tuple[str, ...]]]:
    return sorted((s.game_id, s.record.turns) for _, s in saves.saved_games() if s.kept)


def test_a_tab_never_overwrites_another_tabs_game() -> None:
    storage = DictStorage()
    tab_a, tab_b = store(storage), store(storage)
    tab_a.autosave(tab_game("x", "susan", "d6", "b5"))
    kept = tab_b.autosave(tab_game("y", "stymie", "c3"))  # B starts a new STYMIE game
    assert kept is not None and kept.game_id == "x"
    assert kept_games(tab_a) == [("x", ("d6", "b5"))]
    tab_a.autosave(tab_game("x", "susan", "d6", "b5", "c4"))  # A moves again: B's game is kept
    assert kept_games(tab_a) == [("x", ("d6", "b5")), ("y", ("c3",))]
    tab_b.autosave(tab_game("y", "stymie", "c3", "b2"))
    tab_a.autosave(tab_game("x", "susan", "d6", "b5", "c4", "e5"))
    # taking turns at the slot updates the kept copies instead of adding new ones
    assert kept_games(tab_a) == [("x", ("d6", "b5", "c4")), ("y", ("c3", "b2"))]
    assert len(tab_a.entries()) == 2 and all("kept from another tab" in e.name for e in tab_a.entries())


def test_one_game_continued_differently_in_two_tabs_keeps_both_lines() -> None:
    storage = DictStorage()
    tab_a, tab_b = store(storage), store(storage)
    tab_a.autosave(tab_game("x", "susan", "d6"))
    tab_b.autosave(tab_game("x", "susan", "d6", "b5"))    # B resumed A's game and went on: no fork
    assert kept_games(tab_a) == []
    tab_a.autosave(tab_game("x", "susan", "d6", "e5"))    # A went on differently: B's line is kept
    assert kept_games(tab_a) == [("x", ("d6", "b5"))]


def test_a_new_game_in_the_same_tab_replaces_that_tab_s_own_game() -> None:
    saves = store(DictStorage())
    saves.autosave(tab_game("x", "susan", "d6"))
    assert saves.autosave(tab_game("z", "lisbon")) is None and saves.entries() == []
    assert saves.resume().game_id == "z"  # type: ignore[union-attr]


def test_a_game_already_saved_with_all_its_moves_is_not_kept_again() -> None:
    """Issue 30, item 8: a share link opened in a second tab saves the game in progress first;
    that tab's first autosave must not keep the same game a second time."""
    storage = DictStorage()
    first_tab, second_tab = store(storage), store(storage)
    in_progress = game(("e5", "e4"))._replace(game_id="aaaaaaaaaaaa")
    first_tab.autosave(in_progress)
    second_tab.save(in_progress, "Game in progress before a shared link was opened")
    shared = game(("d6",))._replace(game_id="bbbbbbbbbbbb")
    assert second_tab.autosave(shared) is None
    assert [entry.moves for entry in second_tab.entries()] == [2]
    first_tab.autosave(in_progress._replace(record=game(("e5", "e4", "d4")).record, cursor=3))
    assert sorted(entry.moves for entry in first_tab.entries()) == [1, 2]   # the shared game is kept, once


def test_a_side_line_played_in_one_tab_is_kept_when_another_tab_plays_on_the_main_line() -> None:
    """Issue 54.10: tab B resumed the game before tab A played a side line for move 2 and then
    closed; B's next move must not write over A's side line."""
    storage = DictStorage()
    tab_a, tab_b = store(storage), store(storage)
    main = tab_game("x", "susan", "d6", "b5", "c4")
    tab_b.autosave(main)
    side = SideLine(2, ("e5", "a1"))
    branched = main._replace(record=replace(main.record, side_lines=(side,)))
    tab_a.autosave(branched)                                             # A's side line, then A is closed
    kept = tab_b.autosave(tab_game("x", "susan", "d6", "b5", "c4", "a5"))   # B plays on the main line
    assert kept is not None and kept.record.side_lines == (side,)
    [(_, copy)] = tab_b.saved_games()
    assert copy.record == branched.record and "kept from another tab" in copy.name


def test_a_game_holding_every_move_of_another_in_any_line_continues_it() -> None:
    main = tab_game("x", "susan", "d6", "b5", "c4")
    with_side = main._replace(record=replace(main.record, side_lines=(SideLine(2, ("e5",)),)))
    promoted = tab_game("x", "susan", "d6", "e5")._replace(
        record=replace(tab_game("x", "susan", "d6", "e5").record, side_lines=(SideLine(2, ("b5", "c4")),)))
    assert continues(with_side, main) and not continues(main, with_side)
    assert continues(promoted, with_side) and continues(with_side, promoted)   # the same moves, lines swapped
    longer = promoted._replace(record=replace(promoted.record, turns=("d6", "e5", "a1")))
    assert continues(longer, with_side) and not continues(with_side, longer)
    other_side = with_side._replace(record=replace(main.record, side_lines=(SideLine(3, ("a1",)),)))
    assert not continues(other_side, with_side) and not continues(with_side, other_side)
