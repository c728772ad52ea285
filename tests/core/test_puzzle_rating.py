"""Puzzle ratings: the counts each level solved, the rating they make, their place in the
puzzle file, and every shipped puzzle rated."""

from __future__ import annotations

import pytest

from pygame_core.errors import RecordError
from pygame_core.puzzles.catalog import from_entry, shipped, to_entry
from pygame_core.puzzles.rating import RATED_LEVELS, TOP, TRIES, Rating, check_solves, rating_of


def test_the_rating_counts_the_levels_that_missed() -> None:
    assert rating_of((TRIES,) * 4) == Rating(1, 0)
    assert rating_of((0, TRIES, TRIES, TRIES)) == Rating(2, TRIES)
    assert rating_of((1, 2, TRIES, TRIES)) == Rating(3, 2 * TRIES - 3)
    assert rating_of((0, 0, 0, 0)) == Rating(TOP, 4 * TRIES)


def test_the_rating_speaks_to_players() -> None:
    assert rating_of((TRIES,) * 4).text() == f"Rating 1 of {TOP}: every level of the computer finds it every time."
    assert rating_of((TRIES - 1, TRIES, TRIES, TRIES)).text() == \
        f"Rating 2 of {TOP}: the computer's levels missed it once in {TRIES * len(RATED_LEVELS)} tries."
    assert rating_of((0, 1, TRIES, TRIES)).text().startswith(f"Rating 3 of {TOP}: the computer's levels missed it "
                                                              f"{2 * TRIES - 1} times")


def test_bad_counts_are_named() -> None:
    assert check_solves((TRIES,) * 4) == ""
    assert check_solves((1, 2)) == "2 counts for 4 levels"
    assert check_solves((0, 0, 0, TRIES + 1)) == f"a count outside 0..{TRIES}"


def test_the_counts_travel_in_the_puzzle_file_and_bad_ones_are_refused() -> None:
    puzzle = shipped()[0]
    assert from_entry(to_entry(puzzle)) == puzzle and puzzle.solves
    unrated = to_entry(puzzle._replace(solves=()))
    assert "solves" not in unrated and from_entry(unrated).rating is None   # a file before ratings reads
    with pytest.raises(RecordError, match="rating is malformed"):
        from_entry({**to_entry(puzzle), "solves": [9, 9, 9, 9]})


def test_every_shipped_puzzle_is_rated_and_the_ratings_spread() -> None:
    puzzles = shipped()
    assert all(p.rating is not None for p in puzzles), [p.id for p in puzzles if p.rating is None]
    assert len({p.rating.value for p in puzzles if p.rating}) >= 2
