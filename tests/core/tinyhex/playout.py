"""Tiny Hex's one fast playout: fill the empty cells one stone a turn, alternately from the side
to move, and see who joined their sides (on a full Hex board exactly one side has)."""

from __future__ import annotations

import random

from pygame_core.game import END_TURN, Returns, Trace
from pygame_core.graph import groups_touching

from .state import TinyHex, goal_sides


def play(state: TinyHex, rng: random.Random, trace: Trace | None = None) -> Returns:
    if state.outcome is None and state.placed:  # end the turn in progress first
        if trace is not None:
            trace.append((state.to_move, END_TURN))
        state = state.play_unchecked(END_TURN)
    if state.outcome is not None:
        return state.returns()
    cells = list(state.cells)
    empties = [c for c, s in enumerate(cells) if s < 0]
    rng.shuffle(empties)
    seat = state.to_move
    for cell in empties:
        cells[cell] = seat
        if trace is not None:
            trace.append((seat, cell))
        seat ^= 1
    size = state.options["size"]
    black = {c for c, s in enumerate(cells) if s == 0}
    return (1.0, 0.0) if groups_touching(state.board.neighbours, black, goal_sides(size, 0)) else (0.0, 1.0)
