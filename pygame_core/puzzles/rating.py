"""How hard a puzzle is, measured by the computer's own levels (tools/rate_puzzles.py tries
each level on each puzzle TRIES times, with a different seed each time, and stores how often
each solved it in the puzzle file).

Why the levels: they are the opponents players know, from Easy to Expert, so "Easy finds it
every time" means something to them; and the count is measured, not guessed from the kind of
puzzle. The rating runs from 1 (every level found the move every time) to 5 (every level
missed it at least once); the misses in all break ties, and the streak (ui.play.streak) serves
puzzles in this order.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from ..translatable import N_, N_plural, Text

RATED_LEVELS = ("easy", "medium", "hard", "expert")   # pygame_core.ai.levels, weakest first
TRIES = 3          # seeds per level and puzzle
TOP = len(RATED_LEVELS) + 1


class Rating(NamedTuple):
    """A puzzle's rating (1..TOP) and the tries missed over all levels."""

    value: int
    misses: int

    def text(self) -> Text:
        """For players: 'Rating 1 of 5: every level of the computer finds it every time.'"""
        if self.misses == 0:
            return Text(N_("Rating {rating} of {top}: every level of the computer finds it every time."),
                        {"rating": self.value, "top": TOP})
        return N_plural("Rating {rating} of {top}: the computer's levels missed it once in {tries} tries.",
                        "Rating {rating} of {top}: the computer's levels missed it {n} times in {tries} tries.",
                        self.misses, {"rating": self.value, "top": TOP, "tries": TRIES * len(RATED_LEVELS)})


def check_solves(solves: Sequence[int]) -> str:
    """What is wrong with a puzzle's stored solves ('' when they are one count per level)."""
    if len(solves) != len(RATED_LEVELS):
        return f"{len(solves)} counts for {len(RATED_LEVELS)} levels"
    if any(not 0 <= count <= TRIES for count in solves):
        return f"a count outside 0..{TRIES}"
    return ""


def rating_of(solves: Sequence[int]) -> Rating:
    """The rating of the solve counts per level (RATED_LEVELS' order, each out of TRIES): one
    more than the levels that missed at least once."""
    missed_levels = sum(1 for count in solves if count < TRIES)
    return Rating(1 + missed_levels, sum(TRIES - count for count in solves))
