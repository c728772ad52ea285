"""STYMIE's one fast playout, from any state: what the search runs, `bench` times and the
agreement tests replay through StymieState.

Policy: finish the turn in progress (end it when its stones already form a turn, else add a
random stone that keeps it legal), then fill every empty cell with single stones, alternately
from the side to move. Singles are legal turns at any time; in real play both sides place pairs,
so the share of the board each side gets is about the same.

Why fill the whole board and look only once: stones never leave the board, so a connected side
stays connected, and on a full 4.8.8 board exactly one side is connected (every vertex of the
tiling has degree 3, the Hex argument; tests check it on random full boards). So the full
board's connected side is the side that connected first, and the rules would have ended the
game with the same winner at that turn; the stones after it change nothing. One flood fill
replaces a connection test after every turn.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ...game import END_TURN, Returns, Trace
from .state import EMPTY, VERT, StymieState, tables

_WON, _LOST = 1.0, 0.0


@lru_cache(maxsize=None)
def _fast_tables(size: int) -> tuple[list[list[int]], list[int], list[bool]]:
    """Plain lists for the hot loop: neighbours, Vert's start cells (top), Vert's goal flags (bottom)."""
    t = tables(size)
    top, bottom = t.goals[VERT]
    return [list(n) for n in t.board.neighbours], sorted(top), [c in bottom for c in range(t.board.size)]


def _finish_turn(state: StymieState, rng: random.Random, trace: Trace | None) -> StymieState:
    """The state at the start of the next turn, the turn in progress completed legally."""
    while state.turn_actions and state.outcome is None:
        actions = state.legal_actions()
        action = END_TURN if END_TURN in actions else actions[int(rng.random() * len(actions))]
        if trace is not None:
            trace.append((state.to_move, action))
        state = state.play_unchecked(action)
    return state


def play(state: StymieState, rng: random.Random, trace: Trace | None = None) -> Returns:
    """Play on from `state` by the policy above; the returns at the end (as StymieState.returns)."""
    state = _finish_turn(state, rng, trace)
    if state.outcome is not None:
        return state.returns()
    neighbours, top, bottom = _fast_tables(state.options["size"])
    sides = list(state._cells)
    empties = [c for c, s in enumerate(sides) if s == EMPTY]
    rng.shuffle(empties)
    seat, side = state.to_move, state._side
    if trace is None:
        sides_in_order = (side, side ^ 1)
        for i, cell in enumerate(empties):
            sides[cell] = sides_in_order[i & 1]
    else:
        for cell in empties:
            sides[cell] = side
            trace.append((seat, cell))
            side ^= 1
            seat ^= 1
    vert_seat = state.seat_of(VERT)
    winner = vert_seat if _vert_connected(sides, neighbours, top, bottom) else 1 - vert_seat
    return (_WON, _LOST) if winner == 0 else (_LOST, _WON)


def _vert_connected(cells: list[int], neighbours: list[list[int]], top: list[int], bottom: list[bool]) -> bool:
    """Flood Vert's stones from the top row; True when they reach the bottom row.
    Marks visited stones in `cells` (the board is finished with)."""
    visited = 2
    stack = [c for c in top if cells[c] == VERT]
    for c in stack:
        cells[c] = visited
    while stack:
        cell = stack.pop()
        if bottom[cell]:
            return True
        for nbr in neighbours[cell]:
            if cells[nbr] == VERT:
                cells[nbr] = visited
                stack.append(nbr)
    return False
