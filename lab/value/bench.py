"""What an evaluation costs in CPython: microseconds a call, the median of several rounds over
the same positions from real games (Pyodide runs at about 0.63x CPython, so the page's budget
of 25 us is about 16 us here). Timed on the process's CPU clock, so other work on a shared
machine does not count (it still slows the caches)."""

from __future__ import annotations

import statistics
import time
from typing import Callable, Sequence

from pygame_core.games.susan.state import SusanState


def microseconds(evaluate: Callable[[SusanState], float], states: Sequence[SusanState], rounds: int = 7) -> float:
    """Median over `rounds` of the mean time of one call, in microseconds."""
    evaluate(states[0])  # a first call may parse weights: not part of the cost of a call
    times = []
    for _ in range(rounds):
        started = time.process_time()
        for state in states:
            evaluate(state)
        times.append((time.process_time() - started) / len(states))
    return statistics.median(times) * 1e6
