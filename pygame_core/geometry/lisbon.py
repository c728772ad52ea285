"""The LISBON board: a hexhex whose sides alternate 9 and 8 cells (docs/rules.md, LISBON).

16 rows of 9, 10, ..., 16, 15, ..., 8 cells (192 in all), pointy-top, rows a..p from the top and
cells numbered from 1 at the left. The rules treat the 45 edge cells as one circle, so the board
carries them in clockwise order from a1 (`extras["perimeter_order"]`); a cell's index in that
order is what the win test measures distances with.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from .board import Board, row_hex_board

ROWS = 16
WIDEST_ROW = 7  # row h, 16 cells


def row_starts() -> list[tuple[int, int]]:
    """(qmin, length) per row: qmin(r) = -r up to the widest row, then -7."""
    return [(-r, 9 + r) if r <= WIDEST_ROW else (-WIDEST_ROW, 23 - r) for r in range(ROWS)]


def clockwise_perimeter(board: Board) -> tuple[int, ...]:
    """The edge cells of a convex board of rows, clockwise from the top row's first cell:
    the top row left to right, the last cell of each middle row, the bottom row right to
    left, then the first cell of each middle row going up."""
    rows = board.rows
    middle = rows[1:-1]
    return (tuple(rows[0]) + tuple(row[-1] for row in middle) + tuple(reversed(rows[-1]))
            + tuple(row[0] for row in reversed(middle)))


@lru_cache(maxsize=None)
def lisbon_board() -> Board:
    """The 192-cell board with region "perimeter" and extras["perimeter_order"]."""
    board = row_hex_board("lisbon", row_starts())
    order = clockwise_perimeter(board)
    return replace(board, regions={"perimeter": frozenset(order)}, extras={"perimeter_order": order})
