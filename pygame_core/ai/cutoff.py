"""Cut playouts: a search leaf valued by a few random actions and the game's static evaluation.

SUSAN's full playouts judge every move within a few hundredths of 0.55 (docs/opponent-log.md,
"Diagnosis"), so the tree cannot tell its moves apart, while alpha-beta on the static evaluation
(`SearchHints.evaluate`) beats every MCTS level at equal time. A cut playout plays `plies` random
actions from the leaf (fewer when the game ends first) and scores the position it reaches by a
logistic of the evaluation, P(side to move wins) = 1 / (1 + exp(-slope * evaluate(state))),
so the tree averages calibrated win chances instead of coin flips. `slope` is fitted by
`fit_slope` on positions from real games labelled with their results (`ladder calibrate`).

A game turns it on for every level by declaring `SearchHints.cut` (SUSAN does); a player spec
overrides it (`mcts:level=hard,cut=4,slope=3`, or `cut=off` for full playouts, see ai.player).
Two-player games with an evaluation only. Pure Python, so CPython and Pyodide search alike.
"""

from __future__ import annotations

import math
import random
from typing import Callable, Final, Literal, Sequence

from ..game import GameState, LeafCut, Returns, Trace
from .search import Simulator

DEFAULT_SLOPE = 2.0  # (evaluate + 1) / 2 near 0, the scale the evaluation was written on
CUT_OFF: Final = "off"  # a player spec's `cut=off`: full playouts even where the game declares a cut

CutChoice = LeafCut | Literal["off"] | None   # a player's: its own cut, none, or the game's (None)


def squash(value: float, slope: float) -> float:
    """A static evaluation in (-1, 1) as a win chance in (0, 1)."""
    return 1.0 / (1.0 + math.exp(-slope * value))


def cut_simulation(evaluate: Callable[[GameState], float], plies: int, slope: float,
                   fallback: Simulator) -> Simulator:
    """A simulator that plays `plies` uniformly random actions, then scores the position by
    `squash(evaluate(...), slope)` for its side to move (an ended game by its result).
    Games of more than two players go to `fallback` (the evaluation is for two)."""

    def simulate(state: GameState, rng: random.Random, trace: Trace | None) -> Returns:
        if state.num_players != 2:
            return fallback(state, rng, trace)
        for _ in range(plies):
            if state.outcome is not None:
                break
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            if trace is not None:
                trace.append((state.to_move, action))
            state = state.play_unchecked(action)
        if state.outcome is not None:
            return state.returns()
        value = squash(evaluate(state), slope)
        return (value, 1.0 - value) if state.to_move == 0 else (1.0 - value, value)

    return simulate


def fit_slope(values: Sequence[float], outcomes: Sequence[float], steps: int = 50) -> float:
    """The maximum-likelihood slope of P(win) = squash(value, slope) (no intercept: an even
    position is an even game) for evaluations `values` and results `outcomes` for the same
    side (1 win, 0 loss, 0.5 draw). Newton's method on the concave log-likelihood; ValueError
    when the data cannot fix a finite slope (no values, or the evaluation never misjudges)."""
    if len(values) != len(outcomes) or not values:
        raise ValueError("fit_slope needs as many outcomes as values, and at least one")
    slope = 0.0
    for _ in range(steps):
        gradient = curvature = 0.0
        for x, y in zip(values, outcomes, strict=True):
            p = squash(x, slope)
            gradient += (y - p) * x
            curvature += p * (1.0 - p) * x * x
        if curvature <= 1e-12:
            raise ValueError("the evaluations are all 0: no slope can be fitted")
        step = gradient / curvature
        slope += step
        if abs(slope) > 1e3:
            raise ValueError("the evaluation never misjudges these positions: the slope is unbounded")
        if abs(step) < 1e-9:
            break
    return slope
