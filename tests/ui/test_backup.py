"""Back up every game to one file and merge it back (ui.saves.backup, SavesStore.restore):
restoring twice adds nothing, another version of a save is only replaced by a plan the page
asks about, and a bad or foreign file is refused whole."""

from __future__ import annotations

import json

import pytest

from test_saves_store import LEVELS, DictStorage, game, store
from ui.play.saved_game import FRIEND, SavedGame, Seat
from ui.saves.backup import (IN_PROGRESS_NAME, MAX_GAMES, BackupError, backup_text, plan_restore, read_backup,
                             restore_words)
from ui.saves.savefile import encode, save_data
from ui.saves.store import AUTOSAVE_KEY, StoreError

WHEN = "2026-11-25T04:00:00Z"


def named(turns: tuple[str, ...], name: str, game_id: str) -> SavedGame:
    return game(turns)._replace(name=name, game_id=game_id, saved_at=WHEN)


def filled_store():
    saves = store(DictStorage())
    saves.save(named(("d6",), "", "aaaaaaaaaaaa"), "first")
    saves.save(named(("d6", "b5"), "", "bbbbbbbbbbbb"), "second")
    return saves


def test_a_backup_restored_into_an_empty_store_then_again_adds_nothing_twice() -> None:
    source = filled_store()
    board = named(("e5", "e4", "d4"), "", "cccccccccccc")
    text = backup_text((s for _, s in source.saved_games()), board, WHEN)
    games = read_backup(text, LEVELS)
    assert sorted(g.name for g in games) == sorted(["first", "second", IN_PROGRESS_NAME])

    target = store(DictStorage())
    plan = plan_restore(games, target.saved_games())
    assert len(plan.added) == 3 and not plan.replaced
    target.restore(plan.added, plan.replaced)
    assert sorted(e.name for e in target.entries()) == sorted(["first", "second", IN_PROGRESS_NAME])
    again = plan_restore(read_backup(text, LEVELS), target.saved_games())
    assert (again.added, again.replaced, again.already_here) == ((), (), 3)
    assert restore_words(again) == "Restored: 3 games already here."
    assert len(target.entries()) == 3


def test_the_game_on_the_board_is_already_here_and_an_empty_board_is_not_backed_up() -> None:
    board = named(("e5",), "", "cccccccccccc")
    games = read_backup(backup_text([], board, WHEN), LEVELS)
    assert plan_restore(games, [], board).already_here == 1
    assert read_backup(backup_text([], named((), "", "dddddddddddd"), WHEN), LEVELS) == []


def test_another_version_of_a_save_is_planned_as_a_replacement_not_a_second_copy() -> None:
    saves = filled_store()
    later = named(("d6", "b5", "c4"), "second", "bbbbbbbbbbbb")
    renamed = named(("d6",), "renamed", "aaaaaaaaaaaa")           # the same game and moves: here already
    other_name = named(("d6", "b2"), "a branch", "bbbbbbbbbbbb")  # the same game, saved under another name
    plan = plan_restore([later, renamed, other_name, later], saves.saved_games())
    assert [saved.record.turns for _, saved in plan.replaced] == [("d6", "b5", "c4")]
    assert [g.name for g in plan.added] == ["a branch"] and (plan.already_here, plan.repeated) == (1, 1)
    saves.restore(plan.added, plan.replaced)
    turns = sorted(s.record.turns for _, s in saves.saved_games())
    assert turns == [("d6",), ("d6", "b2"), ("d6", "b5", "c4")]


def test_a_game_by_link_is_one_save_per_game() -> None:
    friend = (Seat(), Seat(FRIEND))
    saves = store(DictStorage())
    saves.keep_by_link(named(("d6",), "", "eeeeeeeeeeee")._replace(seats=friend))
    moved_on = named(("d6", "b5"), "renamed by the player", "eeeeeeeeeeee")._replace(seats=friend)
    plan = plan_restore([moved_on], saves.saved_games())
    assert len(plan.replaced) == 1 and not plan.added


def test_two_saves_of_one_game_by_link_come_back_as_two_into_an_empty_browser() -> None:
    """Issue 38 item 12: the player's own save of a game by link ("Alice vs Bob, SUSAN by link")
    beside the one the site keeps, and the same game on the board: restored into a browser that
    has no game, both saves come back under their names and nothing is "already here"."""
    friend = (Seat(), Seat(FRIEND))
    source = store(DictStorage())
    by_link = named(("d6", "b5"), "", "eeeeeeeeeeee")._replace(seats=friend, opponent="Bob")
    source.keep_by_link(by_link)
    source.save(by_link, "Alice vs Bob, SUSAN by link")
    text = backup_text((s for _, s in source.saved_games()), by_link, WHEN)

    target = store(DictStorage())
    empty_board = named((), "", "ffffffffffff")
    plan = plan_restore(read_backup(text, LEVELS), target.saved_games(), empty_board)
    assert plan.already_here == 0 and not plan.replaced
    target.restore(plan.added, plan.replaced)
    assert sorted(e.name for e in target.entries()) == ["Alice vs Bob, SUSAN by link", "SUSAN by link"]
    assert restore_words(plan) == "Restored: 2 games added, 1 repeated in the backup."

    again = plan_restore(read_backup(text, LEVELS), target.saved_games(), empty_board)
    assert (again.added, again.replaced, again.already_here) == ((), (), 3)


def test_the_files_own_repeats_are_restored_once_and_never_said_to_be_here() -> None:
    one = named(("d6",), "one", "aaaaaaaaaaaa")
    plan = plan_restore([one, one, one._replace(name="one, renamed")], [])
    assert [g.name for g in plan.added] == ["one", "one, renamed"]
    assert (plan.already_here, plan.repeated) == (0, 1)


def test_a_restore_that_runs_out_of_room_changes_nothing() -> None:
    storage = DictStorage()
    saves = store(storage)
    saves.save(named(("d6",), "", "aaaaaaaaaaaa"), "first")
    before = dict(storage.items)
    storage.quota = sum(map(len, storage.items.values())) + len(encode(named(("d6",), "x", "ffffffffffff"))) + 200
    many = [named(("d6",), f"copy {n}", f"{n:012d}") for n in range(5)]
    replacement = named(("d6", "b5"), "first", "aaaaaaaaaaaa")
    plan = plan_restore([replacement, *many], saves.saved_games())
    with pytest.raises(StoreError, match="nothing was restored"):
        saves.restore(plan.added, plan.replaced)
    assert storage.items == before


BAD_FILES = [
    ("not json at all", "not JSON"),
    ("[1, 2]", "not a backup"),
    (json.dumps({"format": "something-else", "version": 1, "games": []}), "not a backup"),
    (encode(named(("d6",), "one", "aaaaaaaaaaaa")), "one saved game, not a backup"),
    (json.dumps({"format": "pygame-site-backup", "version": 2, "games": []}), "newer"),
    (json.dumps({"format": "pygame-site-backup", "version": True, "games": []}), "version"),
    (json.dumps({"format": "pygame-site-backup", "version": 1, "games": {}}), "no list"),
    (json.dumps({"format": "pygame-site-backup", "version": 1, "games": [{}] * (MAX_GAMES + 1)}), "more than"),
    ("[" * 5000, "not JSON"),
    ("x" * 10_000_001, "more than a backup can be"),
]


@pytest.mark.parametrize("text, words", BAD_FILES)
def test_a_bad_or_foreign_file_is_refused_with_its_reason(text: str, words: str) -> None:
    with pytest.raises(BackupError, match=words) as refused:
        read_backup(text, LEVELS)
    assert len(str(refused.value)) < 400


def test_one_bad_game_refuses_the_whole_file_and_names_it() -> None:
    good = save_data(named(("d6",), "good", "aaaaaaaaaaaa"))
    bad_move = {**save_data(named(("d6",), "bad", "bbbbbbbbbbbb")), "record": {**good["record"], "turns": ["d6", "d6"]}}
    hostile_name = {**good, "name": "<img src=x onerror=alert(1)>\x00"}
    for bad in (bad_move, hostile_name, {**good, "seats": []}, "a string", {**good, "game_id": "<b>"}):
        text = json.dumps({"format": "pygame-site-backup", "version": 1, "games": [good, bad]})
        with pytest.raises(BackupError, match="game 2 of the backup is not a valid save, so nothing was restored"):
            read_backup(text, LEVELS)


def test_a_hostile_name_that_is_valid_text_comes_back_as_text() -> None:
    """Names are shown with textContent: a name that looks like HTML is kept as it is."""
    saved = named(("d6",), "<b>bold?</b>", "aaaaaaaaaaaa")
    assert read_backup(backup_text([saved], None, WHEN), LEVELS)[0].name == "<b>bold?</b>"


def test_the_autosave_is_never_written_by_a_restore() -> None:
    saves = filled_store()
    saves.autosave(named(("e5",), "", "cccccccccccc"))
    slot = saves._storage.get(AUTOSAVE_KEY)
    plan = plan_restore([named(("e5", "e4"), "", "cccccccccccc")], saves.saved_games())
    saves.restore(plan.added, plan.replaced)
    assert saves._storage.get(AUTOSAVE_KEY) == slot and len(saves.saved_games()) == 3


def test_the_record_against_the_computer_travels_in_the_backup_and_merges_by_game() -> None:
    """Issue 40.4: restoring brings back the record, counts no game twice (restoring twice, or
    a game counted on both devices), and a damaged record never costs the games."""
    from ui.play.results import LOSS, WIN, ResultsRecord, Tally
    from ui.saves.backup import read_backup_file
    from ui.saves.storage import BrowserStorage

    here = ResultsRecord(BrowserStorage(DictStorage()))
    here.add("aaaaaaaaaaaa", "susan", "hard", WIN)
    here.add("bbbbbbbbbbbb", "lisbon", "easy", LOSS)
    text = backup_text([named(("d6",), "first", "cccccccccccc")], None, WHEN, here.entries())
    backup = read_backup_file(text, LEVELS)
    assert [g.name for g in backup.games] == ["first"] and backup.results == here.entries()

    elsewhere = ResultsRecord(BrowserStorage(DictStorage()))
    elsewhere.add("aaaaaaaaaaaa", "susan", "hard", WIN)   # the same game, counted on both
    elsewhere.add("dddddddddddd", "susan", "hard", LOSS)
    assert elsewhere.merge(backup.results) == 1
    assert elsewhere.merge(read_backup_file(text, LEVELS).results) == 0
    assert elsewhere.tally("susan", "hard") == Tally(1, 1, 0) and elsewhere.tally("lisbon", "easy") == Tally(0, 1, 0)
    assert restore_words(plan_restore(backup.games, []), 1) == (
        "Restored: 1 game added. Your record against the computer: 1 game added.")

    damaged = json.loads(text)
    damaged["results"] = {"version": 1, "games": "lots"}
    assert read_backup_file(json.dumps(damaged), LEVELS) == (backup.games, {}, {})
    assert "results" not in json.loads(backup_text([], None, WHEN))   # no record, no section
