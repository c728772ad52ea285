"""Search and playout speed: MCTS iterations and random playouts per second from a game's opening,
the same code on CPython and in the browser worker so the two figures compare like with like."""

from __future__ import annotations

import random
import time
from typing import Any, Mapping

from ..benchmark import playout_rate
from ..game import GameSpec
from .search import Mcts
from .tuning import tuning_for


def measure(spec: GameSpec, given: Mapping[str, Any], seconds: float, seed: int = 1,
            frozen: bool = False) -> dict[str, Any]:
    """Iterations per second of a fresh search from the opening of `spec` with options `given`,
    and random playouts per second of its fast playout (`frozen`: the game's frozen baseline
    hints, so a change's cost in speed is measured the same way on both sides)."""
    options = spec.resolve_options(given)
    tuning = tuning_for(spec, frozen)
    mcts = Mcts(tuning.simulator, random.Random(seed), tuning.config)
    started = time.perf_counter()
    mcts.set_root(spec.new_state(options))
    prepared = time.perf_counter()
    done = mcts.run(None, prepared + seconds)
    elapsed = time.perf_counter() - prepared
    label = " ".join(f"{k}={v}" for k, v in given.items()) or "default"
    playouts, playout_seconds = playout_rate(spec, given, seconds, seed)
    return {"playouts_per_second": round(playouts / playout_seconds, 1),
            "game": spec.name, "options": label, "iterations": done, "seconds": round(elapsed, 3),
            "per_second": round(done / elapsed, 1) if elapsed else 0.0,
            "root_check_seconds": round(prepared - started, 4)}
