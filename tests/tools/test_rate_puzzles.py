"""tools/rate_puzzles.py: the shipped ratings are what the levels' seeded tries give (a few
puzzles of each game rated again, the harder ones among them), and a level that solves every try
spares the stronger ones."""

from __future__ import annotations

from pygame_core.puzzles.catalog import shipped
from pygame_core.puzzles.rating import TRIES
from tools.rate_puzzles import solves


def test_the_shipped_ratings_are_the_levels_tries_again() -> None:
    puzzles = shipped()
    chosen = [next(p for p in puzzles if p.game == game) for game in ("susan", "stymie", "superstar", "lisbon")]
    chosen += [p for p in puzzles if p.rating and p.rating.value > 1][:3]
    for puzzle in chosen:
        assert solves(puzzle) == puzzle.solves, puzzle.id


def test_levels_above_one_that_solves_every_try_count_as_solving() -> None:
    for puzzle in shipped():
        counts = puzzle.solves
        first = next((i for i, count in enumerate(counts) if count == TRIES), len(counts))
        assert all(count == TRIES for count in counts[first:]), puzzle.id
