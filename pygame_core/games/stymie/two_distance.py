"""Two-distance on STYMIE's board, and the move prior it gives (an experiment: `prior=twodistance`).

The road length (`evaluation.road`) counts the cells of a side's single best road, so a road the
opponent cuts with one stone counts as much as a cell with two ways through. Hex programs since
Queenbee (van Rijswijck, 2000) measure *two-distance* instead: a cell's distance from a goal is
one more than its **second**-nearest neighbour's, since the opponent will block the nearest. A
side's *potential* at an empty cell is its two-distance to one goal plus that to the other; the
cells where a side's potential is lowest are its main lines, and Queenbee plays first where the
two sides' potentials together are lowest. STYMIE is a connection game with Hex's lemma (every
vertex of the 4.8.8 tiling has degree 3), so the measure carries over; a turn may place two or
three stones, which the measure ignores.

The mover's own groups are contracted, as in Queenbee: an empty cell's neighbours are the empty
cells next to it and those next to any own group it touches, and a cell touching an own group
that reaches the goal is as near as a cell on the goal row.
"""

from __future__ import annotations

import math
from typing import AbstractSet, Mapping, Sequence

from ...game import Action, GameState
from ...geometry import Board
from ...patterns import Prior, group_labels
from .state import EMPTY, tables

FAR = 1 << 16     # the two-distance of a cell with fewer than two ways to the goal
SHARPNESS = 2.0   # cells of potential above the best move that divide its prior by e


def effective_neighbours(board: Board, cells: Sequence[int], side: int,
                         goals: Sequence[AbstractSet[int]]) -> tuple[list[list[int]], list[list[bool]]]:
    """Per empty cell, its neighbours for `side` with the side's groups contracted: the empty
    cells next to it or next to a group of `side` it touches; and, per goal, whether the cell
    reaches that goal directly or through such a group. Occupied cells get empty lists."""
    size, neighbours = len(cells), board.neighbours
    group = group_labels(board, cells, side)
    count = max(group, default=-1) + 1
    liberties: list[set[int]] = [set() for _ in range(count)]
    reaches = [[False] * len(goals) for _ in range(count)]
    for c in range(size):
        gid = group[c]
        if gid < 0:
            continue
        liberties[gid].update(x for x in neighbours[c] if cells[x] == EMPTY)
        reaches[gid] = [r or c in goal for r, goal in zip(reaches[gid], goals, strict=True)]
    near: list[list[int]] = [[] for _ in range(size)]
    touches = [[False] * len(goals) for _ in range(size)]
    for c in range(size):
        if cells[c] != EMPTY:
            continue
        found = {x for x in neighbours[c] if cells[x] == EMPTY}
        reach = [c in goal for goal in goals]
        for gid in {group[x] for x in neighbours[c] if group[x] >= 0}:
            found |= liberties[gid]
            reach = [r or g for r, g in zip(reach, reaches[gid], strict=True)]
        found.discard(c)
        near[c] = sorted(found)
        touches[c] = reach
    return near, touches


def two_distances(near: Sequence[Sequence[int]], touching: Sequence[bool]) -> list[int]:
    """Each cell's two-distance from a goal: 1 for an empty cell touching it (`touching`),
    else one more than its second-nearest neighbour's (in `near`, the contracted neighbours);
    FAR for a cell with fewer than two ways there, and for occupied cells. Cells are labelled in
    rounds of increasing distance, so the second labelled neighbour is the second-nearest."""
    size = len(near)
    dist = [FAR] * size
    seen = [0] * size
    frontier = [c for c in range(size) if touching[c]]
    for c in frontier:
        dist[c] = 1
    d = 1
    while frontier:
        following = []
        for c in frontier:
            for x in near[c]:
                if dist[x] == FAR:
                    seen[x] += 1
                    if seen[x] == 2:
                        dist[x] = d + 1
                        following.append(x)
        frontier, d = following, d + 1
    return dist


def potentials(size: int, cells: Sequence[int], side: int) -> list[int]:
    """`side`'s potential at each cell of the `size` board: its two-distance to one goal plus
    that to the other (at least FAR where a goal is out of two-way reach or the cell is taken)."""
    t = tables(size)
    near, touches = effective_neighbours(t.board, cells, side, t.goals[side])
    first = two_distances(near, [r[0] for r in touches])
    second = two_distances(near, [r[1] for r in touches])
    return [a + b for a, b in zip(first, second, strict=True)]


def move_weights(state: GameState) -> dict[int, float]:
    """Per empty cell, exp(-(its potential for both sides together above the best cell's) /
    SHARPNESS): 1 where the two sides' main lines cross, smaller away from them."""
    size, cells = state.options["size"], state._cells  # type: ignore[attr-defined]
    total = [a + b for a, b in zip(potentials(size, cells, 0), potentials(size, cells, 1), strict=True)]
    empty = [c for c, owner in enumerate(cells) if owner == EMPTY]
    if not empty:
        return {}
    best = min(total[c] for c in empty)
    return {c: math.exp(-min(total[c] - best, 4 * FAR) / SHARPNESS) for c in empty}


class TwoDistancePrior(Prior):
    """The learned prior, each placement's probability scaled by its two-distance weight
    (`move_weights`); a swap or an end of turn keeps its own."""

    def settings(self) -> dict[str, object]:
        return {"reweighted_by": "two-distance", "sharpness": SHARPNESS}

    def __call__(self, state: GameState, last: Action | None) -> dict[Action, float]:
        learned: Mapping[Action, float] = super().__call__(state, last)
        weights = move_weights(state)
        return {action: p * weights.get(action, 1.0) if action >= 0 else p for action, p in learned.items()}


def with_two_distance(learned: Prior) -> TwoDistancePrior:
    """`learned` (the shipped fit or a `patterns=` file's) reweighted by two-distance."""
    if not isinstance(learned, Prior):
        raise ValueError("the two-distance prior reweights a learned prior; this search has none")
    return TwoDistancePrior(learned.features, learned.weights)
