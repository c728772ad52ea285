"""Random-playout speed, one function for the CLI and the browser worker so that the CPython and
in-browser figures come from the same code."""

from __future__ import annotations

import random
import time
from typing import Any, Mapping

from .game import GameSpec


def playout_rate(spec: GameSpec, given: Mapping[str, Any], seconds: float, seed: int = 1) -> tuple[int, float]:
    """(playouts, elapsed seconds) of `spec`'s fast random playouts run for about `seconds`."""
    if spec.random_playout is None:
        raise ValueError(f"{spec.name} has no fast playout")
    options = spec.resolve_options(given)
    rng = random.Random(seed)
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        spec.random_playout(options, rng)
        count += 1
    return count, elapsed
