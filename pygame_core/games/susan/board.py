"""SUSAN pieces shared by the immutable state (susan.py) and the fast playout (susan_playout.py):
the per-size lookup tables, the action codes and the outcome judgement, so the two paths
cannot disagree on the rules."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Sequence

from ...game import Action
from ...geometry import Board, hexhex_board

EMPTY = -1


# --- board and lookup tables ------------------------------------------------------------------

class Tables:
    """Everything about one board size that the rules look up on every move, built once."""

    def __init__(self, side: int) -> None:
        board = hexhex_board(side, f"susan-{3 * side * (side - 1) + 1}")
        n = board.size
        corners = frozenset(c for c in range(n) if len(board.neighbours[c]) == 3)
        edges = frozenset(c for c in range(n) if len(board.neighbours[c]) < 6)
        # the interior neighbour of each corner: the manual's "safe spaces"
        safe = frozenset(nb for c in corners for nb in board.neighbours[c] if nb not in edges)
        self.board: Board = replace(board, regions={"corners": corners, "edges": edges, "safe": safe})
        self.side = side
        self.n = n
        self.neighbours: tuple[tuple[int, ...], ...] = board.neighbours
        # slides[f] = ((t, action), ...) for every neighbour t of f
        self.slides: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((t, n + f * n + t) for t in board.neighbours[f]) for f in range(n))


@lru_cache(maxsize=None)
def tables(side: int) -> Tables:
    """The shared tables for boards with `side` cells per side."""
    return Tables(side)


def slide_action(board_size: int, source: int, target: int) -> Action:
    """The action code of sliding the stone on `source` to `target` (board_size = cell count)."""
    return board_size + source * board_size + target


def slide_cells(board_size: int, action: Action) -> tuple[int, int]:
    """(source, target) of a slide action code."""
    return divmod(action - board_size, board_size)


def judge(mover: int, hit: set[int], active: tuple[int, ...], variant: str) -> tuple[tuple[int, ...], int | None]:
    """Who leaves the game and who wins after `mover`'s move surrounded stones of the seats in
    `hit` (non-empty). Shared by the clean API and the fast playout so they cannot disagree."""
    if mover in hit:
        out: tuple[int, ...] = (mover,)
    elif variant == "A":
        return (), mover
    else:
        out = tuple(sorted(hit))
    remaining = [p for p in active if p not in out]
    return out, (remaining[0] if len(remaining) == 1 else None)


def next_seat(mover: int, active: Sequence[int], players: int) -> int:
    """The first active seat after `mover` in seat order."""
    for step in range(1, players + 1):
        seat = (mover + step) % players
        if seat in active:
            return seat
    raise AssertionError("no active player")
