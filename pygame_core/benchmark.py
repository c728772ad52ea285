"""Playout speed, one function for the CLI and the browser worker so that the CPython and
in-browser figures come from the same code: each game's one fast playout (the one the search
runs) from the opening position."""

from __future__ import annotations

import random
import time
from typing import Any, Mapping

from .game import GameSpec


def playout_rate(spec: GameSpec, given: Mapping[str, Any], seconds: float, seed: int = 1) -> tuple[int, float]:
    """(playouts, elapsed seconds) of `spec`'s fast playout from the opening, run for about `seconds`."""
    if spec.playout is None:
        raise ValueError(f"{spec.name} has no fast playout")
    playout, opening = spec.playout, spec.new_game(given)
    rng = random.Random(seed)
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        playout(opening, rng, None)
        count += 1
    return count, elapsed
