"""SaveShelf on its own (ui/saves/shelf.py): the named saves' keys and texts in storage, each
failure a StoreError, and the index that finds one game's saves without reading the others.
What the saves mean (autosave, names, the list) is SavesStore's, tested in test_saves_store.py."""

from __future__ import annotations

import pytest

from test_saves_store import LEVELS, DictStorage, game
from ui.saves.savefile import encode
from ui.saves.shelf import AUTOSAVE_KEY, PREFIX, SAVE_PREFIX, SaveShelf, StoreError, check_key


class Reads(DictStorage):
    """A DictStorage that counts the reads of each key."""

    def __init__(self) -> None:
        super().__init__()
        self.reads: list[str] = []

    def get(self, key):
        self.reads.append(key)
        return super().get(key)


def of(game_id: str, *turns: str):
    return game(turns or ("d6",))._replace(game_id=game_id)


def test_only_named_saves_are_listed_and_a_new_key_follows_the_highest() -> None:
    storage = DictStorage()
    storage.items = {AUTOSAVE_KEY: "{}", PREFIX + "choices": "{}", SAVE_PREFIX + "2": "x",
                     SAVE_PREFIX + "10": "x", SAVE_PREFIX + "x1": "x", "other": "x"}
    shelf = SaveShelf(storage, LEVELS)
    assert sorted(shelf.keys()) == [SAVE_PREFIX + "10", SAVE_PREFIX + "2"]
    assert shelf.new_key() == SAVE_PREFIX + "11"
    assert SaveShelf(DictStorage()).new_key() == SAVE_PREFIX + "1"


def test_a_save_reads_back_as_written_and_a_gone_or_damaged_one_says_which() -> None:
    shelf = SaveShelf(DictStorage(), LEVELS)
    key = shelf.new_key()
    shelf.write(key, encode(game()))
    assert shelf.load(key) == game()
    with pytest.raises(StoreError, match="gone"):
        shelf.load(SAVE_PREFIX + "9")
    shelf.write(key, "{not json")
    with pytest.raises(StoreError, match="damaged and was left as it is"):
        shelf.load(key)
    assert shelf.read(key) == "{not json"   # left as it is


def test_loading_many_counts_those_that_do_not_load() -> None:
    shelf = SaveShelf(DictStorage(), LEVELS)
    shelf.write(SAVE_PREFIX + "1", encode(game()))
    shelf.write(SAVE_PREFIX + "2", "damaged")
    found, damaged = shelf.loaded([SAVE_PREFIX + "1", SAVE_PREFIX + "2", SAVE_PREFIX + "3"])
    assert found == [(SAVE_PREFIX + "1", game())] and damaged == 2


def test_every_failure_of_the_storage_is_a_store_error_for_the_player() -> None:
    broken = SaveShelf(DictStorage(broken=True))
    for attempt, doing in ((broken.keys, "list the saves"), (lambda: broken.read(AUTOSAVE_KEY), "read the saves"),
                           (lambda: broken.write(AUTOSAVE_KEY, "x"), "save"),
                           (lambda: broken.remove(SAVE_PREFIX + "1"), "delete the save")):
        with pytest.raises(StoreError, match=f"could not {doing}: the browser's storage refused"):
            attempt()

    class Words(DictStorage):
        def set(self, key, value):
            raise ValueError("the browser's storage is full")   # ui.saves.storage.StorageError's kind
    with pytest.raises(StoreError, match=r"^could not save: the browser's storage is full$"):
        SaveShelf(Words()).write(AUTOSAVE_KEY, "x")

    class NotText(DictStorage):
        def get(self, key):
            return 42
    with pytest.raises(StoreError, match="not text"):
        SaveShelf(NotText()).read(AUTOSAVE_KEY)


def test_one_game_s_saves_are_found_by_the_index_without_reading_the_others() -> None:
    storage = Reads()
    for number, game_id in enumerate(("a", "b", "a"), start=1):
        storage.items[f"{SAVE_PREFIX}{number}"] = encode(of(game_id))
    shelf = SaveShelf(storage, LEVELS)
    assert [key for key, _ in shelf.saves_of("b")] == [SAVE_PREFIX + "2"]   # the index is read once a tab
    shelf.write(SAVE_PREFIX + "4", encode(of("c")))
    shelf.write(SAVE_PREFIX + "5", encode(of("a")))   # this tab's writes keep it true
    shelf.write(AUTOSAVE_KEY, encode(of("a")))   # the slot is not a named save
    storage.reads.clear()
    assert [key for key, _ in shelf.saves_of("a")] == [SAVE_PREFIX + "1", SAVE_PREFIX + "3", SAVE_PREFIX + "5"]
    assert sorted(storage.reads) == [SAVE_PREFIX + "1", SAVE_PREFIX + "3", SAVE_PREFIX + "5"]


def test_the_index_follows_removals_and_other_tabs_changes() -> None:
    storage = DictStorage()
    shelf = SaveShelf(storage, LEVELS)
    shelf.write(SAVE_PREFIX + "1", encode(of("a")))
    shelf.write(SAVE_PREFIX + "2", encode(of("a")))
    shelf.remove(SAVE_PREFIX + "1")
    assert [key for key, _ in shelf.saves_of("a")] == [SAVE_PREFIX + "2"]
    storage.items[SAVE_PREFIX + "7"] = encode(of("a"))   # another tab wrote it
    shelf.heard(SAVE_PREFIX + "7", storage.items[SAVE_PREFIX + "7"])
    assert [key for key, _ in shelf.saves_of("a")] == [SAVE_PREFIX + "2", SAVE_PREFIX + "7"]
    storage.items = {SAVE_PREFIX + "3": encode(of("a"))}   # another tab cleared storage, then saved
    shelf.heard(None, None)
    assert [key for key, _ in shelf.saves_of("a")] == [SAVE_PREFIX + "3"]


def test_only_a_named_save_s_key_passes_the_check() -> None:
    check_key(SAVE_PREFIX + "12")
    for key in (AUTOSAVE_KEY, SAVE_PREFIX + "x", PREFIX + "choices", SAVE_PREFIX + "1234567890"):
        with pytest.raises(StoreError, match="is not a save"):
            check_key(key)
