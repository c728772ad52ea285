"""The STYMIE board: the 4.8.8 tiling of octagons and squares (RULES §2.1).

With M = 2n - 1 columns A.. and rows 1.. (row 1 at the bottom), cell (x, y) is an octagon
when x and y are both odd and a square when both are even; mixed parity is no cell. In
drawing units an octagon's centre sits at its index coordinates, so octagons have pitch 2
and flat sides of inradius 1 that touch their orthogonal neighbours; the square between four
octagons is the 45°-rotated square that fills the gap, so the polygons tile exactly.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .board import Board, Point

MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 3, 12, 8

_OCTAGON_RADIUS = 1 / math.cos(math.pi / 8)  # circumradius of an octagon of inradius 1
_SQUARE_RADIUS = 2 - math.sqrt(2)  # half-diagonal of the square whose sides meet the octagons'


def is_octagon(x: int, y: int) -> bool:
    return x % 2 == 1 and y % 2 == 1


def cell_name(x: int, y: int) -> str:
    """'F6' for column 6, row 6: the upper-case label printed on the board."""
    return f"{chr(ord('A') + x - 1)}{y}"


def _polygon(centre: Point, radius: float, corners: int, start: float) -> tuple[Point, ...]:
    """Regular polygon corners, rounded so shared corners compare equal (+ 0.0 drops -0.0)."""
    cx, cy = centre
    return tuple(
        (round(cx + radius * math.cos(start + 2 * math.pi * k / corners), 9) + 0.0,
         round(cy + radius * math.sin(start + 2 * math.pi * k / corners), 9) + 0.0)
        for k in range(corners)
    )


@lru_cache(maxsize=None)
def stymie_board(n: int = DEFAULT_SIZE) -> Board:
    """The board with n octagons per side: n² octagons and (n - 1)² squares.

    Cell ids run row by row from the top row (M) down, left to right; `rows` lists them in
    that order, `coords[i]` is (x, y) with x = column index (A = 1) and y = row number.
    Regions: top/bottom/left/right (the octagons on each border), octagons, squares.
    """
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise ValueError(f"STYMIE board size {n} is outside {MIN_SIZE}..{MAX_SIZE}")
    span = 2 * n - 1
    coords = [(x, y) for y in range(span, 0, -1) for x in range(1, span + 1) if x % 2 == y % 2]
    where = {xy: i for i, xy in enumerate(coords)}

    def neighbours(x: int, y: int) -> tuple[int, ...]:
        steps = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        if is_octagon(x, y):
            steps += [(2, 0), (-2, 0), (0, 2), (0, -2)]
        return tuple(sorted(where[(x + dx, y + dy)] for dx, dy in steps if (x + dx, y + dy) in where))

    centres = tuple((float(x), float(span + 1 - y)) for x, y in coords)
    outlines = tuple(
        _polygon(c, _OCTAGON_RADIUS, 8, math.pi / 8) if is_octagon(x, y) else _polygon(c, _SQUARE_RADIUS, 4, 0.0)
        for c, (x, y) in zip(centres, coords, strict=True)
    )
    octagons = frozenset(i for i, (x, y) in enumerate(coords) if is_octagon(x, y))
    regions = {
        "top": frozenset(i for i in octagons if coords[i][1] == span),
        "bottom": frozenset(i for i in octagons if coords[i][1] == 1),
        "left": frozenset(i for i in octagons if coords[i][0] == 1),
        "right": frozenset(i for i in octagons if coords[i][0] == span),
        "octagons": octagons,
        "squares": frozenset(range(len(coords))) - octagons,
    }
    rows = tuple(tuple(i for i, (_, y) in enumerate(coords) if y == row) for row in range(span, 0, -1))
    return Board(
        name=f"stymie-{n}",
        names=tuple(cell_name(x, y) for x, y in coords),
        neighbours=tuple(neighbours(x, y) for x, y in coords),
        centres=centres,
        outlines=outlines,
        rows=rows,
        regions=regions,
        coords=tuple(coords),
    )
