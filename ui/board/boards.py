"""What the renderer needs to know about a board beyond its cells, computed once per board.

The rules' Board gives centres and outlines; drawing also wants each cell's stone radius, which
cells are of a second kind (squares among octagons), off-board decoration (an edge ring the
board declares, the goal bars the game declares) and the bounds that include all of it. Only
geometry and declared data are read here; no game rules and no game names.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Iterable, NamedTuple, Sequence

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
    label_size: float = 0.6         # edge labels' font size in unit lengths
    cell_labels: bool = True        # the coordinates name each empty cell (else the edges do)


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


_NAME = re.compile(r"([A-Za-z]+)(\d+)")


def grid_lines(board: Board) -> tuple[dict[str, float], dict[str, float]] | None:
    """When every cell's name is a column letter and a row number, each letter on one x and
    each number on one y (STYMIE: octagons and squares share the letters and numbers of one
    grid), the x of each letter and the y of each number; else None (hex boards)."""
    columns: dict[str, set[float]] = {}
    rows: dict[str, set[float]] = {}
    for name, (x, y) in zip(board.names, board.centres, strict=True):
        match = _NAME.fullmatch(name)
        if match is None:
            return None
        columns.setdefault(match[1], set()).add(round(x, 6))
        rows.setdefault(match[2], set()).add(round(y, 6))
    if len(columns) < 2 or len(rows) < 2 or any(len(v) != 1 for v in (*columns.values(), *rows.values())):
        return None
    xs = {letter: next(iter(v)) for letter, v in columns.items()}
    ys = {number: next(iter(v)) for number, v in rows.items()}
    if len(set(xs.values())) != len(xs) or len(set(ys.values())) != len(ys):
        return None
    return xs, ys


def _grid_labels(board: Board, around: Bounds) -> tuple[tuple[tuple[str, Point], ...], float]:
    """Column letters above and below, row numbers left and right, just outside `around`
    (the board with its goal bars), sized to the spacing of the lines; none for hex boards.
    Why: on STYMIE's small squares a name inside the cell is a few pixels high."""
    lines = grid_lines(board)
    if lines is None:
        return (), 0.6
    xs, ys = lines
    pitch = min(_min_gap(xs.values()), _min_gap(ys.values()))
    size = pitch * 0.8   # as large as neighbouring labels allow
    off = size * 0.9
    min_x, min_y, max_x, max_y = around
    labels = [(letter, (x, y)) for letter, x in xs.items() for y in (min_y - off, max_y + off)]
    labels += [(number, (x, y)) for number, y in ys.items() for x in (min_x - off * 1.3, max_x + off * 1.3)]
    return tuple(labels), size


def _min_gap(values: Iterable[float]) -> float:
    ordered = sorted(values)
    return min((b - a for a, b in zip(ordered, ordered[1:], strict=False)), default=1.0)


_CACHE: dict[tuple[int, GoalBars, bool], BoardArt] = {}


def art_for(board: Board, goal_bars: GoalBars = (), coordinates: bool = False) -> BoardArt:
    """BoardArt for `board` with the game's goal bars (and, with `coordinates`, the line labels
    of a grid-named board outside it), cached by the board's identity: boards are immutable and
    built once per size (and unhashable, since their regions are dicts)."""
    key = (id(board), goal_bars, coordinates)
    cached = _CACHE.get(key)
    if cached is not None and cached.board is board:
        return cached
    decor = _decor(board, goal_bars)
    edge_labels, label_size = _edge_labels(board), 0.6
    everything = list(board.outlines) + [p for d in decor for p in d.polygons]
    grid, grid_size = _grid_labels(board, bounds_of(everything))
    if coordinates and grid:
        edge_labels, label_size = grid, grid_size
    half = label_size * 5 / 6   # a label's box: 0.5 units each way at the usual size
    everything += [((x - half, y - half), (x + half, y + half)) for _, (x, y) in edge_labels]
    art = BoardArt(
        board=board,
        radius=tuple(inradius(c, o) for c, o in zip(board.centres, board.outlines, strict=True)),
        alt_cells=_alt_cells(board),
        decor=decor,
        edge_labels=edge_labels,
        bounds=bounds_of(everything),
        label_size=label_size,
        cell_labels=not grid,
    )
    _CACHE[key] = art
    return art
