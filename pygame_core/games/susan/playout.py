"""SUSAN's one fast playout, from any state: what the search runs, `bench` times and the
agreement tests replay through SusanState.

Policy: each ply, with chance SLIDE_CHANCE the mover tries a slide (a random cell; if it holds
one of the mover's stones with an empty neighbour, that stone slides to a random empty
neighbour), otherwise places on a random empty cell. Placement-heavy games reach a surround
quickly, which is what the estimate needs; slides are still played, so the slide-draw rule
and slide tactics show up.

Speed: mutable lists and incremental counts instead of SusanState's copies. Per cell the
number of empty neighbours (liberties), the empty cells in a list with swap-remove. A stone
is surrounded exactly when its liberties reach 0, so after a move only the destination and
its neighbours are looked at. Outcomes go through the same `judge` as SusanState.
"""

from __future__ import annotations

import random

from ...game import Returns, Trace
from .board import EMPTY, judge, next_seat
from .state import SusanState

SLIDE_CHANCE = 0.2  # slides are rare in a random game's early plies, common later


def play(state: SusanState, rng: random.Random, trace: Trace | None = None) -> Returns:
    """Play on from `state` by the policy above; the returns at the end (as SusanState.returns)."""
    if state.outcome is not None:
        return state.returns()
    t = state._setup.tables
    n, nbrs = t.n, t.neighbours
    players, variant = state.num_players, state._setup.variant
    cells = list(state.cells)
    libs = [sum(1 for x in nbrs[c] if cells[x] == EMPTY) for c in range(n)]
    empties = [c for c in range(n) if cells[c] == EMPTY]
    slot = [0] * n
    for i, c in enumerate(empties):
        slot[c] = i
    active = state.active
    me, slides, draw = state.to_move, state.consecutive_slides, rng.random

    def fill(c: int, p: int) -> None:
        last = empties.pop()
        if last != c:
            empties[slot[c]] = last
            slot[last] = slot[c]
        cells[c] = p
        for x in nbrs[c]:
            libs[x] -= 1

    def free(c: int) -> None:
        cells[c] = EMPTY
        slot[c] = len(empties)
        empties.append(c)
        for x in nbrs[c]:
            libs[x] += 1

    while True:
        dest = -1
        if draw() < SLIDE_CHANCE:
            source = int(draw() * n)
            if cells[source] == me and libs[source]:
                targets = [x for x in nbrs[source] if cells[x] == EMPTY]
                dest = targets[int(draw() * len(targets))]
                free(source)
                slides += 1
                action = n + source * n + dest
        if dest < 0:
            dest = empties[int(draw() * len(empties))]
            slides = 0
            action = dest
        fill(dest, me)
        if trace is not None:
            trace.append((me, action))
        if libs[dest] == 0 or any(libs[x] == 0 and cells[x] != EMPTY for x in nbrs[dest]):
            hit = {cells[c] for c in (dest, *nbrs[dest]) if cells[c] != EMPTY and libs[c] == 0}
            out, winner = judge(me, hit, active, variant)
            if winner is not None:
                return tuple(1.0 if p == winner else 0.0 for p in range(players))
            active = tuple(p for p in active if p not in out)
            for c in range(n):
                if cells[c] in out:
                    free(c)
            slides = 0
        elif slides >= 3 * len(active):
            return tuple(0.5 if p in active else 0.0 for p in range(players))
        me = next_seat(me, active, players)
