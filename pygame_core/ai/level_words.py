"""What a level is like to play in one game, in words true of that game.

The levels are shared but what they do is not: forced wins exist only where the game has a
forced-win search (SUSAN), perfect play only where it knows solved boards (STYMIE), and how much
more a level searches than the one below depends on the game's own budgets (SUSAN's Hard
searches about 12 times Medium's iterations, the others about 4). So the words shown where a
level is chosen are picked and filled from the budget resolved for the game, never written once
for every game (one sentence for all promised SUSAN's threat search in STYMIE).
"""

from __future__ import annotations

from ..game import GameSpec
from ..translatable import Text
from .levels import LEVELS, Level, level_iterations


def level_words(spec: GameSpec, level: Level) -> Text:
    """`level`'s plain words in this game (Level.plain and its variants), `{times}` filled with
    its iterations over the level below's, both as ai.budget resolves them for the game (read
    here from the level and the game's hints, so the page does not load the search to word a
    level)."""
    if level.perfect and spec.search.perfect is not None and level.plain_perfect:
        words = level.plain_perfect
    elif level.forced and spec.search.forced_win is not None and level.plain_forced:
        words = level.plain_forced
    else:
        words = level.plain
    below = _below(level)
    times = 1 if below is None else round(level_iterations(level, spec) / level_iterations(below, spec))
    return Text(words, {"times": times})


def _below(level: Level) -> Level | None:
    """The level listed before `level` in LEVELS (None for the lowest)."""
    names = list(LEVELS)
    index = names.index(level.name)
    return LEVELS[names[index - 1]] if index > 0 else None
