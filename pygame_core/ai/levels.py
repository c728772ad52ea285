"""Named strengths of the built-in opponent.

A level is an iteration budget per action (which fixes strength and makes play repeatable for
a seed) capped by think time per turn (which keeps slow devices responsive). Every level,
the lowest included, takes a win in one and avoids a move that loses at once: the root
pre-check does that regardless of the budget, so even "easy" never looks random. From
"medium" up, the opponent also takes a win the game's own forced-win search finds (SUSAN: a
threat that cannot be answered) and avoids a move that gives the other player one; "easy"
does not, so a beginner can still win with such a trap; nor does it value a search leaf by
the game's evaluation where the game declares that (SearchHints.cut: SUSAN), only by playouts,
which keeps it the beginner's opponent there (docs/opponent-log.md, "cut playouts").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..errors import quote
from ..translatable import N_, Text

if TYPE_CHECKING:
    from ..game import GameSpec



class Level(NamedTuple):
    name: str
    iterations: int   # search iterations for each action of a turn
    seconds: float    # think time cap for the whole turn
    label: str        # for people
    perfect: bool = False  # play a game's perfect turns where it knows them (solved boards)
    forced: bool = True    # take and avoid forced wins (GameSpec.search.forced_win)
    playouts: bool = False  # value leaves by playouts even where the game declares a cut
    # What it is like to play, for people (shown where the level is chosen; level_words picks
    # one for the game): `plain` where the game adds nothing, `plain_forced` where the game has
    # forced wins the level takes, `plain_perfect` where it knows perfect turns the level plays.
    # `{times}`: how many times the level below's iterations this level searches in the game.
    plain: str = ""
    plain_forced: str = ""
    plain_perfect: str = ""


LEVELS: dict[str, Level] = {
    level.name: level for level in (
        Level("easy", 100, 0.5, N_("Easy"), forced=False, playouts=True,
              plain=N_("answers at once; takes a win in one but leaves longer traps to you")),
        Level("medium", 800, 1.5, N_("Medium"),
              plain=N_("thinks up to 1.5 s: the everyday opponent"),
              plain_forced=N_("thinks up to 1.5 s; also sees wins forced by threats: the everyday opponent")),
        Level("hard", 3000, 4.0, N_("Hard"),
              plain=N_("thinks up to 4 s and searches about {times} times as much as Medium")),
        Level("expert", 12000, 10.0, N_("Expert"), perfect=True,
              plain=N_("thinks up to 10 s and searches about {times} times as much as Hard: the most thorough"),
              plain_perfect=N_("thinks up to 10 s and searches about {times} times as much as Hard; "
                               "plays the smallest board perfectly")),
    )
}
DEFAULT_LEVEL = "medium"


def find_level(name: str) -> Level:
    """The level called `name`; ValueError listing the known ones otherwise."""
    level = LEVELS.get(name.strip().lower())
    if level is None:
        raise ValueError(Text(N_("unknown level {name}; known: {levels}"), {"name": quote(name), "levels": ", ".join(LEVELS)}))
    return level


def level_iterations(level: Level, spec: GameSpec) -> int:
    """The level's iteration budget for this game: the game's own where it declares one
    (SearchHints.budgets), else the shared one scaled (slow games get fewer, same think time).
    Here, not in ai.budget, so the page can word a level without loading the search."""
    own = spec.search.budgets.get(level.name)
    return own if own is not None else max(1, round(level.iterations * spec.search.iteration_scale))
