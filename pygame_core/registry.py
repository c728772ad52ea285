"""The list of games. Adding a game = one import and one entry in GAMES."""

from __future__ import annotations

from .game import GameSpec
from .games.lisbon import SPEC as LISBON
from .games.stymie import SPEC as STYMIE
from .games.superstar import SPEC as SUPERSTAR
from .games.susan import SPEC as SUSAN

GAMES: tuple[GameSpec, ...] = (SUSAN, STYMIE, SUPERSTAR, LISBON,)


def find_game(name: str) -> GameSpec:
    """The game called `name` (case-insensitive); ValueError listing the known names otherwise."""
    wanted = name.strip().lower()
    for spec in GAMES:
        if spec.name == wanted:
            return spec
    raise ValueError(f"unknown game {name!r}; known: {', '.join(s.name for s in GAMES)}")
