"""The list of games. Adding a game = a module under games/ exposing SPEC, named in GAME_NAMES.

Why names rather than imported specs: a game's module builds its boards and tables when it is
imported, and the page shows one game at start, so importing all four would cost the page's
boot for nothing. `find_game` imports a game's module the first time it is asked for.
"""

from __future__ import annotations

from importlib import import_module

from .game import GameSpec

GAME_NAMES: tuple[str, ...] = ("susan", "stymie", "superstar", "lisbon")
DEFAULT_GAME = GAME_NAMES[0]


def find_game(name: str) -> GameSpec:
    """The game called `name` (case-insensitive); ValueError listing the known names otherwise."""
    wanted = name.strip().lower()
    if wanted not in GAME_NAMES:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(GAME_NAMES)}")
    spec: GameSpec = import_module(f"{__package__}.games.{wanted}").SPEC
    return spec


def all_games() -> tuple[GameSpec, ...]:
    """Every game's spec, in GAME_NAMES order (imports them all)."""
    return tuple(find_game(name) for name in GAME_NAMES)
