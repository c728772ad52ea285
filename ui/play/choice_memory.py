"""Each game's last New game choices (options and players), kept in the browser's storage.

Why per game: SUSAN's "4 players" means nothing to STYMIE, so choices never carry from one
game to another; each game reopens with what was last started in it. The memory is a
convenience: unreadable, damaged or unwritable storage (a denying frame, a full store, a
hand-edited value) just means the game's defaults. Pure: the storage is passed in.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, NamedTuple, Sequence

from pygame_core.errors import OptionsError
from pygame_core.jsontext import load_json
from pygame_core.registry import find_game
from ui.play.storage_api import TextStorage

MEMORY_KEY = "abstract-games:new-game-choices"
MAX_TEXT = 4096   # a value this long was not written by this page


class Remembered(NamedTuple):
    options: dict[str, Any]   # the options as the game resolved them (every option named)
    seats: list[str]          # one seat choice per player: "human" or a level name


def _load(storage: TextStorage) -> dict[str, Any]:
    try:
        text = storage.get(MEMORY_KEY)
        data = load_json(text) if isinstance(text, str) and len(text) <= MAX_TEXT else {}
    except Exception:   # damaged JSON, or a storage that throws after all
        return {}
    return data if isinstance(data, dict) else {}


def recall(storage: TextStorage, game: str, seat_choices: Sequence[str]) -> Remembered | None:
    """`game`'s last choices, if they are still valid (the options check out with the game's
    own OptionSpecs, one known seat choice per player); else None (use the defaults)."""
    entry = _load(storage).get(game)
    if not isinstance(entry, dict):
        return None
    options, seats = entry.get("options"), entry.get("seats")
    if not isinstance(options, dict) or not isinstance(seats, list):
        return None
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        return None
    try:
        spec = find_game(game)
        resolved = spec.resolve_options(dict(options))
    except (ValueError, OptionsError):
        return None
    if len(seats) != len(spec.player_names(resolved)) or not all(s in seat_choices for s in seats):
        return None
    return Remembered(dict(resolved), list(seats))


def remember(storage: TextStorage, game: str, options: Mapping[str, str], seats: Sequence[str]) -> None:
    """Keep `game`'s choices beside the other games' (a refused write is ignored: the game
    starts anyway, and the form shows the defaults next time)."""
    data = _load(storage)
    data[game] = {"options": {str(k): str(v) for k, v in options.items()}, "seats": [str(s) for s in seats]}
    try:
        storage.set(MEMORY_KEY, json.dumps(data, sort_keys=True))
    except Exception:
        pass
