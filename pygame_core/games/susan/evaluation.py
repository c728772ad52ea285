"""A cheap static value of a two-player SUSAN position, for the alpha-beta player's leaves.

SUSAN turns on last liberties: a stone with one empty neighbour is lost to the opponent's next
placement there (unless that placement would surround the placer), so such a stone weighs far
more than stones with room. Empty neighbours are also what a stone can slide to (mobility).
And only a few slides in a row are allowed before the game is drawn, so the value shrinks
towards a draw as those slides run out.
"""

from __future__ import annotations

import math
from typing import Sequence

from .board import EMPTY
from .state import SusanState

# value of one stone by its empty neighbours (0 cannot occur in an undecided position)
BY_LIBERTIES = (0.0, -3.0, -0.6, 0.0, 0.1, 0.15, 0.2)
ATTACK_TO_MOVE = 4.0  # an opponent stone in atari with us to move is nearly a win in one
MOBILITY = 0.05       # per slide target of a stone
SCALE = 4.0


def liberties(cells: Sequence[int], nbrs: Sequence[Sequence[int]]) -> list[int]:
    """Empty neighbours of every cell: all of them, less one per stone next door."""
    libs = [len(nb) for nb in nbrs]
    for c, seat in enumerate(cells):
        if seat != EMPTY:
            for x in nbrs[c]:
                libs[x] -= 1
    return libs


def evaluate(state: SusanState) -> float:
    """The side to move's prospects in (-1, 1) (0: even), for two players."""
    cells, nbrs = state.cells, state.board.neighbours
    me = state.to_move
    score = 0.0
    libs = liberties(cells, nbrs)
    for c, seat in enumerate(cells):
        if seat == EMPTY:
            continue
        free = libs[c]
        value = BY_LIBERTIES[free] + MOBILITY * free
        if seat == me:
            score += value
        elif free == 1 and any(libs[x] for x in nbrs[c] if cells[x] == EMPTY):
            score += ATTACK_TO_MOVE  # we can place on its last liberty and live there
        else:
            score -= value
    slides_left = 3 * len(state.active) - state.consecutive_slides
    damping = min(1.0, slides_left / 3)
    return math.tanh(score / SCALE) * damping
