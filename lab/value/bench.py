"""What an evaluation costs: microseconds a call, the median of several rounds over the same
positions (from real games, `lab.value bench`; or from seeded random games, `report`, which
tools/bench_eval_speed.py runs in CPython and in Pyodide alike: the page's budget is 25 us in
Pyodide). Timed on the process's CPU clock, so other work on a shared machine does not count
(it still slows the caches)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Callable, Sequence

from pygame_core.games.susan import learned
from pygame_core.games.susan.evaluation import evaluate as hand_evaluate
from pygame_core.games.susan.state import SusanState, new_state

REPORT_GAMES, REPORT_SEED = 40, 5306


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


def random_positions(games: int, seed: int) -> list[SusanState]:
    """Every undecided position of `games` seeded random two-player games (slides included):
    the same list in every runtime."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = new_state({"size": 5, "players": 2})
        while state.outcome is None:
            found.append(state)
            actions = state.legal_actions()
            state = state.play_unchecked(actions[rng.randrange(len(actions))])
    return found


def report(rounds: int = 7) -> dict[str, float]:
    """Microseconds an evaluation, hand and learned, over the seeded random games' positions."""
    states = random_positions(REPORT_GAMES, REPORT_SEED)
    return {"positions": len(states), "hand": microseconds(hand_evaluate, states, rounds),
            "learned": microseconds(learned.evaluate, states, rounds)}
