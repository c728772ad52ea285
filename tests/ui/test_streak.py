"""Puzzle streaks, pure: the order (rising rating), a streak's course, the best streak per game
kept in storage (failing soft), and carried by backups (an older backup without it still reads)."""

from __future__ import annotations

import json

from pygame_core.puzzles.catalog import shipped
from pygame_core.puzzles.rating import TRIES
from test_storage import DeniedStorage, DictStorage, FullStorage
from ui.play.streak import (STREAK_KEY, BestStreaks, Streak, difficulty, restored_streaks_words, solving_share,
                            streak_order, streak_words, streaks_from_data)
from ui.saves.backup import backup_text, read_backup_file
from ui.saves.storage import BrowserStorage

WHEN = "2026-11-28T23:00:00Z"


def test_a_game_s_puzzles_are_served_with_rising_rating() -> None:
    for game in ("susan", "stymie", "superstar", "lisbon"):
        order = streak_order(shipped(), game)
        assert {p.id for p in order} == {p.id for p in shipped() if p.game == game}
        ratings = [p.rating.value for p in order if p.rating]
        assert ratings == sorted(ratings) and len(ratings) == len(order)
        assert [difficulty(p) for p in order] == sorted(difficulty(p) for p in order)


def test_the_order_puts_a_puzzle_the_levels_miss_after_one_they_find() -> None:
    easy, hard = shipped()[0]._replace(solves=(TRIES,) * 4), shipped()[0]._replace(solves=(0, 0, 1, TRIES))
    assert [p.solves for p in streak_order([hard, easy], easy.game)] == [easy.solves, hard.solves]


def test_among_puzzles_alike_for_the_levels_one_that_most_turns_solve_comes_first() -> None:
    """LISBON: every level finds every puzzle, all one turn deep; a position where most turns win
    is served before one where a single turn does (the order counted all turns alike before)."""
    order = streak_order(shipped(), "lisbon")
    first, last = order[0], order[-1]
    assert first.rating == last.rating and first.plies == last.plies
    assert len(first.accepted) > len(first.refutations) and len(last.accepted) == 1
    shares = [solving_share(p) for p in order]
    assert shares == sorted(shares, reverse=True)


def test_a_streak_runs_until_the_first_miss() -> None:
    order = streak_order(shipped(), "susan")
    streak = Streak("susan", order)
    assert streak.current == order[0]
    streak.solved()
    streak.solved()
    assert streak.current == order[2] and streak.length == 2 and not streak.over
    streak.missed()
    assert streak.over and streak.current is None and streak.length == 2
    assert streak_words(streak, 5) == "Streak: 2 solved. Best: 5."


def test_a_streak_through_every_puzzle_is_cleared() -> None:
    order = streak_order(shipped(), "lisbon")[:2]
    streak = Streak("lisbon", order)
    streak.solved()
    streak.solved()
    assert streak.cleared and streak.current is None


def test_the_best_streak_per_game_survives_a_reload_and_only_rises() -> None:
    backend = DictStorage()
    best = BestStreaks(BrowserStorage(backend))
    assert best.offer("susan", 3) and best.offer("susan", 4) and not best.offer("susan", 2)
    assert best.offer("lisbon", 1)
    again = BestStreaks(BrowserStorage(backend))
    assert (again.of("susan"), again.of("lisbon"), again.of("stymie")) == (4, 1, 0)
    assert json.loads(backend.items[STREAK_KEY]) == {"version": 1, "best": {"susan": 4, "lisbon": 1}}


def test_damaged_stored_streaks_are_never_written_over() -> None:
    for damaged in ("{not json", json.dumps({"version": 2, "best": {}}), json.dumps({"version": 1, "best": {"susan": "x"}})):
        backend = DictStorage()
        backend.items[STREAK_KEY] = damaged
        best = BestStreaks(BrowserStorage(backend))
        assert "could not be read" in best.note
        assert best.offer("susan", 2) and best.of("susan") == 2   # this visit still counts
        assert backend.items[STREAK_KEY] == damaged
        assert best.merge({"stymie": 3}) == 0 and backend.items[STREAK_KEY] == damaged


def test_full_or_denied_storage_says_the_best_is_not_kept() -> None:
    full = BestStreaks(BrowserStorage(FullStorage()))
    assert full.offer("susan", 1) and "not saved" in full.note and full.of("susan") == 1
    denied = BestStreaks(BrowserStorage(DeniedStorage()))
    assert "not kept here" in denied.note and denied.offer("susan", 1) and denied.of("susan") == 1


def test_a_backup_carries_the_best_streaks_and_a_restore_keeps_the_larger() -> None:
    text = backup_text([], None, WHEN, streaks={"susan": 5, "lisbon": 2})
    assert json.loads(text)["streaks"] == {"susan": 5, "lisbon": 2}
    backup = read_backup_file(text)
    assert backup.streaks == {"susan": 5, "lisbon": 2}
    backend = DictStorage()
    here = BestStreaks(BrowserStorage(backend))
    here.offer("lisbon", 7)
    assert here.merge(backup.streaks) == 1
    assert BestStreaks(BrowserStorage(backend)).best == {"susan": 5, "lisbon": 7}
    assert restored_streaks_words(1) == "Best puzzle streak raised in 1 game."
    assert restored_streaks_words(0) == ""


def test_an_old_backup_without_streaks_still_imports() -> None:
    text = backup_text([], None, WHEN)
    assert "streaks" not in json.loads(text)
    assert read_backup_file(text).streaks == {}


def test_streaks_in_a_file_that_are_not_counts_are_left_out() -> None:
    assert streaks_from_data({"susan": 3, "stymie": True, "lisbon": -1, "superstar": "4", "x": 10**9}) == {"susan": 3}
    assert streaks_from_data(["susan", 3]) == {} and streaks_from_data(None) == {}
