"""What the renderer needs to know about a board beyond its cells, computed once per board.

The rules' Board gives centres and outlines; drawing also wants each cell's stone radius, which
cells are of a second kind (squares among octagons), off-board decoration (an edge ring the
board declares, the goal bars the game declares) and the bounds that include all of it. Only
geometry and declared data are read here; no game rules and no game names.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import NamedTuple, Sequence

from pygame_core.geometry import Board

from ui.board.layout import Bounds, Point, bounds_of


GoalBars = tuple[tuple[str, str], ...]   # Presentation.goal_bars: (side name, "top-bottom" | "left-right")


class Decor(NamedTuple):
    """Off-board polygons in unit space. role: "frame" (neutral) or "side:NAME" (drawn in
    the stone colour of the side called NAME, e.g. the edges a player must connect)."""

    polygons: tuple[tuple[Point, ...], ...]
    role: str


class BoardArt(NamedTuple):
    board: Board
    radius: tuple[float, ...]       # inradius of each cell: stones are drawn inside it
    alt_cells: frozenset[int]       # cells filled with the theme's second cell colour
    decor: tuple[Decor, ...]
    edge_labels: tuple[tuple[str, Point], ...]   # shown with the coordinates
    bounds: Bounds


def inradius(centre: Point, outline: Sequence[Point]) -> float:
    """Distance from `centre` to the nearest edge line of `outline`."""
    cx, cy = centre
    best = math.inf
    for i, (x1, y1) in enumerate(outline):
        x2, y2 = outline[(i + 1) % len(outline)]
        length = math.hypot(x2 - x1, y2 - y1)
        if length > 0:
            best = min(best, abs((x2 - x1) * (y1 - cy) - (x1 - cx) * (y2 - y1)) / length)
    return best


def _alt_cells(board: Board) -> frozenset[int]:
    """Cells whose outline has a different vertex count from most cells."""
    counts = Counter(len(o) for o in board.outlines)
    usual = counts.most_common(1)[0][0]
    return frozenset(c for c, o in enumerate(board.outlines) if len(o) != usual)


def _goal_bars(bounds: Bounds, goal_bars: GoalBars) -> tuple[Decor, ...]:
    """Bars outside the board in the colour of the side that must connect them, as the game
    declares them ((side, "top-bottom" or "left-right"), e.g. STYMIE's Vert and Horz); the role
    follows the side, not the seat, because a swap changes which seat plays which side."""
    min_x, min_y, max_x, max_y = bounds
    gap, thick = 0.2, 0.35

    def box(x1: float, y1: float, x2: float, y2: float) -> tuple[Point, ...]:
        return ((x1, y1), (x2, y1), (x2, y2), (x1, y2))

    edges = {
        "top-bottom": (box(min_x, min_y - gap - thick, max_x, min_y - gap),
                       box(min_x, max_y + gap, max_x, max_y + gap + thick)),
        "left-right": (box(min_x - gap - thick, min_y, min_x - gap, max_y),
                       box(max_x + gap, min_y, max_x + gap + thick, max_y)),
    }
    return tuple(Decor(edges[where], f"side:{side}") for side, where in goal_bars if where in edges)


def _decor(board: Board, goal_bars: GoalBars) -> tuple[Decor, ...]:
    ring = board.extras.get("edge_ring")
    if isinstance(ring, tuple) and ring:   # an edge ring off the board: (coords, centre, outline) per cell
        return (Decor(tuple(outline for _, _, outline in ring), "frame"),)
    return _goal_bars(board.bounds(), goal_bars)


def _edge_labels(board: Board) -> tuple[tuple[str, Point], ...]:
    """Line labels printed off the board (SUPERSTAR's letters and numbers on its edge ring)."""
    labels = board.extras.get("line_labels")
    return tuple(labels) if isinstance(labels, tuple) else ()


_CACHE: dict[tuple[int, GoalBars], BoardArt] = {}


def art_for(board: Board, goal_bars: GoalBars = ()) -> BoardArt:
    """BoardArt for `board` with the game's goal bars, cached by the board's identity: boards
    are immutable and built once per size (and unhashable, since their regions are dicts)."""
    cached = _CACHE.get((id(board), goal_bars))
    if cached is not None and cached.board is board:
        return cached
    decor = _decor(board, goal_bars)
    edge_labels = _edge_labels(board)
    everything = list(board.outlines) + [p for d in decor for p in d.polygons]
    everything += [((x - 0.5, y - 0.5), (x + 0.5, y + 0.5)) for _, (x, y) in edge_labels]
    art = BoardArt(
        board=board,
        radius=tuple(inradius(c, o) for c, o in zip(board.centres, board.outlines)),
        alt_cells=_alt_cells(board),
        decor=decor,
        edge_labels=edge_labels,
        bounds=bounds_of(everything),
    )
    _CACHE[(id(board), goal_bars)] = art
    return art
