"""Where a board lands on the canvas, and which cell a pointer or arrow key means.

Boards describe themselves in unit space (y down). A Layout is the one affine map from that
space to canvas pixels: uniform scale, centred, with a margin. Hit-testing is a pure function
of the board, the layout and a point, so it is tested without a browser (as in chessground).
"""

from __future__ import annotations

import math
from typing import Iterable, NamedTuple, Sequence

from pygame_core.geometry import Board

Point = tuple[float, float]
Bounds = tuple[float, float, float, float]


class Layout(NamedTuple):
    """Unit space -> pixels: px = x * scale + dx, py = y * scale + dy."""

    scale: float
    dx: float
    dy: float

    def to_px(self, point: Point) -> Point:
        return point[0] * self.scale + self.dx, point[1] * self.scale + self.dy

    def to_unit(self, x: float, y: float) -> Point:
        return (x - self.dx) / self.scale, (y - self.dy) / self.scale


def bounds_of(polygons: Iterable[Sequence[Point]]) -> Bounds:
    """(min_x, min_y, max_x, max_y) over every vertex; ValueError if there are none."""
    xs: list[float] = []
    ys: list[float] = []
    for poly in polygons:
        for x, y in poly:
            xs.append(x)
            ys.append(y)
    if not xs:
        raise ValueError("no points to bound")
    return min(xs), min(ys), max(xs), max(ys)


def fit(bounds: Bounds, width: float, height: float, margin: float = 0.0) -> Layout:
    """The largest centred layout showing `bounds` inside a width x height canvas, keeping
    `margin` pixels free on every side."""
    min_x, min_y, max_x, max_y = bounds
    span_x, span_y = max(max_x - min_x, 1e-9), max(max_y - min_y, 1e-9)
    room_x, room_y = max(width - 2 * margin, 1.0), max(height - 2 * margin, 1.0)
    scale = min(room_x / span_x, room_y / span_y)
    dx = (width - span_x * scale) / 2 - min_x * scale
    dy = (height - span_y * scale) / 2 - min_y * scale
    return Layout(scale, dx, dy)


def inside(polygon: Sequence[Point], x: float, y: float) -> bool:
    """Even-odd ray casting; points exactly on an edge may go either way."""
    hit = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def hit_test(board: Board, layout: Layout, x: float, y: float, slack: float = 0.0) -> int | None:
    """The cell under pixel (x, y), or None.

    A point outside every outline still counts for the nearest cell whose centre is within
    `slack` unit lengths, so a finger landing just off the board's rim still hits.
    """
    ux, uy = layout.to_unit(x, y)
    nearest, best = None, math.inf
    for cell, (cx, cy) in enumerate(board.centres):
        distance = math.hypot(ux - cx, uy - cy)
        if distance < best:
            nearest, best = cell, distance
    # The nearest centre is nearly always the answer; check its outline first, then the rest
    # (STYMIE's squares are smaller than their neighbours, so nearest is not always right).
    if nearest is not None and inside(board.outlines[nearest], ux, uy):
        return nearest
    for cell, outline in enumerate(board.outlines):
        if inside(outline, ux, uy):
            return cell
    return nearest if best <= slack else None


def step(board: Board, cell: int, dx: int, dy: int) -> int:
    """The cell an arrow key moves a keyboard cursor to from `cell`; stays put at the edge.

    Cells are grouped into screen rows by the y of their centres. Left/right go to the next
    cell of the same row; up/down go to the nearest row above/below and the cell there
    closest in x (the left one on a tie). Pure geometry, so it works on every board and
    reaches every cell, including STYMIE's squares that sit diagonally between octagons.
    """
    cx, cy = board.centres[cell]
    if dx:
        row = [c for c, (x, y) in enumerate(board.centres) if abs(y - cy) < 1e-6 and (x - cx) * dx > 1e-6]
        return min(row, key=lambda c: abs(board.centres[c][0] - cx), default=cell)
    ahead = [y for _, y in board.centres if (y - cy) * dy > 1e-6]
    if not ahead:
        return cell
    row_y = min(ahead, key=lambda y: abs(y - cy))
    row = [c for c, (_, y) in enumerate(board.centres) if abs(y - row_y) < 1e-6]
    return min(row, key=lambda c: (round(abs(board.centres[c][0] - cx), 6), board.centres[c][0]))
