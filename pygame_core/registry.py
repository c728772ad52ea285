"""The list of games. A built-in game is a package under games/ exposing SPEC plus one line in
GAMES; a game that lives elsewhere (a plug-in) calls `register` (the tests' fifth game is
registered only for the tests that ask, by the `fifth_game` fixture of tests/conftest.py).

Why module names rather than imported specs: a game's package builds its boards and tables
when it is imported, and the page shows one game at start, so importing all four would cost
the page's boot for nothing. `find_game` imports a game's package the first time it is asked for.
"""

from __future__ import annotations

from importlib import import_module

from .game import GameSpec

from .errors import quote
from .translatable import N_, Text

GAMES: dict[str, str] = {  # name -> the module that defines its SPEC
    "susan": f"{__package__}.games.susan",
    "stymie": f"{__package__}.games.stymie",
    "superstar": f"{__package__}.games.superstar",
    "lisbon": f"{__package__}.games.lisbon",
}
GAME_NAMES: tuple[str, ...] = tuple(GAMES)  # the built-in games, in the order the page lists them
DEFAULT_GAME = GAME_NAMES[0]


def register(name: str, module: str) -> None:
    """Make the game whose SPEC is defined in `module` known as `name` (lower case)."""
    GAMES[name.strip().lower()] = module


def game_names() -> tuple[str, ...]:
    """Every registered game's name: the built-in ones first."""
    return tuple(GAMES)


def find_game(name: str) -> GameSpec:
    """The game called `name` (case-insensitive); ValueError listing the known names otherwise."""
    wanted = name.strip().lower()
    if wanted not in GAMES:
        raise ValueError(Text(N_("unknown game {name}; known: {games}"), {"name": quote(name), "games": ", ".join(GAMES)}))
    spec: GameSpec = import_module(GAMES[wanted]).SPEC
    return spec


def all_games() -> tuple[GameSpec, ...]:
    """Every registered game's spec, built-in ones first (imports them all)."""
    return tuple(find_game(name) for name in GAMES)
