"""Puzzle streaks, pure: one game's puzzles served from the easiest to the hardest (by their
rating, pygame_core.puzzles.rating), a harder one after each solve, the streak over at the first
miss; and the best streak per game, kept in storage and carried by backups (ui.saves.backup).

Why a separate record from puzzle progress: a best streak is a number per game that only ever
rises, so a restore merges it by taking the larger, and an old backup without it changes
nothing. Stored best streaks that do not read whole are never written over (as with progress):
the best lives for this visit, and the note says so.

The page (ui.page.puzzle_streak) shows what this decides; nothing here touches the DOM.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping

from pygame_core.puzzles.catalog import Puzzle
from pygame_core.puzzles.rating import TOP
from ui.i18n import _, ngettext
from ui.play.error_words import error_words
from ui.play.storage_api import KeyValueStorage, stored_table

STREAK_KEY = "abstract-games:puzzle-streaks"
LONGEST = 100_000   # more puzzles than any game ships: a larger number in a file is not a streak


def difficulty(puzzle: Puzzle) -> tuple[Any, ...]:
    """The streak's order: the rating, then the tries the levels missed, then how far ahead the
    proof had to look, then how few of the first turns solve it (unrated puzzles last). The
    share matters where the levels find everything: a LISBON position where 133 of 163 turns
    win is a warm-up, one where 1 of 88 does is not."""
    rating = puzzle.rating
    return (rating.value if rating else TOP + 1, rating.misses if rating else 0, puzzle.plies,
            -solving_share(puzzle), puzzle.id)


def solving_share(puzzle: Puzzle) -> float:
    """The share of the first turns the proof weighed that solve the puzzle."""
    return len(puzzle.accepted) / (len(puzzle.accepted) + len(puzzle.refutations))


def streak_order(puzzles: Iterable[Puzzle], game: str) -> tuple[Puzzle, ...]:
    """The puzzles of `game`, easiest first."""
    return tuple(sorted((p for p in puzzles if p.game == game), key=difficulty))


class Streak:
    """One streak in one game: the puzzles in order, how many are solved, whether it is over."""

    def __init__(self, game: str, order: tuple[Puzzle, ...]) -> None:
        self.game = game
        self.order = order
        self.length = 0
        self.over = False

    @property
    def current(self) -> Puzzle | None:
        """The puzzle to solve now (None once the streak is over or every puzzle is solved)."""
        return None if self.over or self.cleared else self.order[self.length]

    @property
    def cleared(self) -> bool:
        return self.length == len(self.order)

    def solved(self) -> None:
        self.length += 1

    def missed(self) -> None:
        self.over = True


def streaks_from_data(value: object) -> dict[str, int]:
    """The best streaks in a backup or in storage (game -> length); what is not a game's name
    with a whole number of puzzles is left out, and no value at all (an older backup) is none."""
    if not isinstance(value, dict):
        return {}
    return {game: length for game, length in value.items() if isinstance(game, str) and type(length) is int
            and 0 < length <= LONGEST}


class BestStreaks:
    """The best streak per game, kept under STREAK_KEY when storage allows; where it does not
    (denied, full, or a stored value that does not read whole and so is never written over),
    the best lasts for this visit and `note` says so."""

    def __init__(self, storage: KeyValueStorage, key: str = STREAK_KEY) -> None:
        self.storage = storage
        self.key = key
        self.note = "" if storage.available else _("Best streaks are not kept here: the browser denies this page "
                                                   "storage.")
        self.best, whole = _read(storage.get(key) if storage.available else None)
        self._kept = storage.available and whole
        if not whole:
            self.note = _("Best streaks kept here earlier could not be read (damaged, or written by a newer "
                          "version of this page): they are left as they are, and a best streak now lasts for "
                          "this visit.")

    def of(self, game: str) -> int:
        return self.best.get(game, 0)

    def offer(self, game: str, length: int) -> bool:
        """Keep `length` as the game's best when it beats it; whether it did."""
        if length <= self.of(game):
            return False
        self.best[game] = length
        self._write()
        return True

    def merge(self, streaks: Mapping[str, int]) -> int:
        """Take a backup's best streaks where they beat the ones here; how many games rose."""
        raised = {game: length for game, length in streaks.items() if length > self.of(game)}
        if raised:
            self.best.update(raised)
            self._write()
        return len(raised) if self._kept or not self.storage.available else 0

    def _write(self) -> None:
        if not self._kept:
            return
        try:
            self.storage.set(self.key, json.dumps({"version": 1, "best": self.best}, separators=(",", ":")))
            self.note = ""
        except ValueError as exc:   # the browser refused the write (StorageError)
            self.note = _("The best streak is not saved: {reason}.", reason=error_words(exc))


def _read(raw: str | None) -> tuple[dict[str, int], bool]:
    """Stored best streaks, and whether they read whole (none stored reads whole, as none)."""
    best = stored_table(raw, "best")
    if best is None:
        return {}, False
    known = streaks_from_data(best)
    return known, len(known) == len(best)


def streak_words(streak: Streak, best: int) -> str:
    """The streak line: 'Streak: 3 solved. Best: 5.'"""
    return ngettext("Streak: {n} solved. Best: {best}.", "Streak: {n} solved. Best: {best}.", streak.length,
                    best=best)


def restored_streaks_words(raised: int) -> str:
    """What a restore did to the best streaks ('' when nothing rose)."""
    if not raised:
        return ""
    return ngettext("Best puzzle streak raised in {n} game.", "Best puzzle streaks raised in {n} games.", raised)
