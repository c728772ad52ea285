"""The built-in opponent: MCTS with a solver and tactical checks, plus baseline players.

Works only through the game protocol (pygame_core.game), so every registered game is playable;
per-game choices live in `tuning`. Entry points: `make_player(spec_text, game_spec, rng)`,
`MctsPlayer`, `TurnSearch` (sliced search for the browser worker), `LEVELS`.
"""

from .baselines import RandomPlayer, Tactician
from .levels import DEFAULT_LEVEL, LEVELS, Level, find_level
from .player import MctsPlayer, Player, TurnSearch, make_player

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level", "MctsPlayer", "Player", "RandomPlayer", "Tactician",
           "TurnSearch", "find_level", "make_player"]
