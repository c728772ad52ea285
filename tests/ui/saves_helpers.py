"""Random but legal game records for every registered game, for the save/share/embed tests."""

from __future__ import annotations

import random

from hypothesis import settings, strategies as st

from pygame_core.game import GameSpec
from pygame_core.random_play import random_turns
from pygame_core.record import Record, from_actions
from pygame_core.registry import GAME_NAMES, find_game


def random_options(spec: GameSpec, rng: random.Random) -> dict:
    """Resolved options, each drawn at random from its choices or its numeric range."""
    given = {}
    for option in spec.options:
        if option.choices:
            given[option.name] = rng.choice(option.choices)
        elif option.minimum is not None and option.maximum is not None:
            step = option.step or 1
            given[option.name] = option.minimum + step * rng.randint(0, int((option.maximum - option.minimum) / step))
    return spec.resolve_options(given)


def random_record(spec: GameSpec, seed: int, max_turns: int = 30) -> Record:
    rng = random.Random(seed)
    options = random_options(spec, rng)
    start = spec.new_state(options)
    turns = random_turns(start, rng, rng.randint(0, max_turns))
    return Record(spec.name, options, tuple(from_actions(start, turns)))


GAME_SPECS = st.sampled_from([find_game(name) for name in GAME_NAMES])  # the built-in games
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def examples(wanted: int) -> int:
    """`wanted`, or fewer where the loaded hypothesis profile asks for fewer (Pyodide)."""
    return min(wanted, settings.default.max_examples)
