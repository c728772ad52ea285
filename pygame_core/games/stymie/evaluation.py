"""A cheap static value of a STYMIE position: who is fewer stones from joining their sides.

STYMIE is a connection game like Hex (exactly one side connects on a full board), so the
classic Hex measure applies: the fewest empty cells a side must still fill to join its two goal
sides through its own stones, with the opponent's stones as walls. The side with the shorter
road is ahead, and the side to move is ahead by the stones it may still place this turn.
"""

from __future__ import annotations

import math
from collections import deque
from typing import AbstractSet, Sequence

from .state import EMPTY, StymieState, Tables

TEMPO = 0.5        # cells of road a stone still to be placed this turn is worth
SCALE = 4.0        # cells of lead that make the value tanh(1) ≈ 0.76


def road(neighbours: Sequence[Sequence[int]], cells: Sequence[int], side: int,
         start: AbstractSet[int], goal: AbstractSet[int]) -> int:
    """The fewest empty cells `side` must fill to join `start` to `goal` through its own stones
    and empty cells (0-1 breadth-first search: own stones cost 0, empty cells 1); more than the
    board's cells if the opponent's stones cut every road (the opponent has then won)."""
    far = len(cells) + 1
    dist = [far] * len(cells)
    queue: deque[int] = deque()
    for c in start:
        owner = cells[c]
        if owner == side:
            dist[c] = 0
            queue.appendleft(c)
        elif owner == EMPTY:
            dist[c] = 1
            queue.append(c)
    while queue:
        c = queue.popleft()
        d = dist[c]
        if c in goal:
            return d   # the deque pops in order of distance, so the first goal cell is nearest
        for x in neighbours[c]:
            owner = cells[x]
            if owner == side:
                if d < dist[x]:
                    dist[x] = d
                    queue.appendleft(x)
            elif owner == EMPTY and d + 1 < dist[x]:
                dist[x] = d + 1
                queue.append(x)
    return far


def roads(t: Tables, cells: Sequence[int]) -> tuple[int, int]:
    """Both sides' road lengths (Vert's, Horz's)."""
    neighbours = t.board.neighbours
    return tuple(road(neighbours, cells, side, *t.goals[side]) for side in (0, 1))  # type: ignore[return-value]


def evaluate(state: StymieState) -> float:
    """The side to move's prospects in (-1, 1) (0: even), for two players."""
    mine, theirs = state._side, 1 - state._side
    lengths = roads(state._t, state._cells)
    stones_left = state.stone_limit - len(state.turn_actions)
    lead = lengths[theirs] - lengths[mine] + TEMPO * stones_left
    return math.tanh(lead / SCALE)
