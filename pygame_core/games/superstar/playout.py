"""SUPERSTAR's one fast playout, from any state: what the search runs, `bench` times and the
agreement tests replay through SuperstarState.

Policy: fill every vacant cell, alternately from the side to move, then both pass and the
board is counted with the rules' own counting code. A random game that may pass would often
end after a few moves and say nothing about the position, so the playout passes only once the
board is full.

Reward: mostly the result, a little the margin (`reward`): a playout won by more says more
about the position, and a pure win/loss signal makes the search indifferent to points it
could still gain once the result looks certain. The winner is the seat with the larger reward.
"""

from __future__ import annotations

import math
import random

from ...game import Returns, Trace
from .board import EMPTY, totals
from .state import SuperstarState

RESULT_WEIGHT = 0.85
MARGIN_SCALE = 20.0


def reward(white_total: float, black_total: float) -> Returns:
    """(White's, Black's) reward in [0, 1] for final totals; above 0.5 exactly for the winner."""
    margin = white_total - black_total
    result = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    white = RESULT_WEIGHT * result + (1 - RESULT_WEIGHT) * (0.5 + 0.5 * math.tanh(margin / MARGIN_SCALE))
    return (white, 1.0 - white)


def play(state: SuperstarState, rng: random.Random, trace: Trace | None = None) -> Returns:
    """Play on from `state` by the policy above; the reward of the final count."""
    if state.outcome is not None:
        return reward(*state.outcome.details["score"].totals)
    cells = list(state.cells)
    empties = [c for c, s in enumerate(cells) if s == EMPTY]
    rng.shuffle(empties)
    seat = state.to_move
    if trace is None:
        cells_of = (seat, 1 - seat)
        for i, cell in enumerate(empties):
            cells[cell] = cells_of[i & 1]
    else:
        for cell in empties:
            cells[cell] = seat
            trace.append((seat, cell))
            seat ^= 1
    return reward(*totals(cells, state.options["komi"]))
