"""The one board type shared by all four games.

A board is built once per game and size. Cells are ints 0..n-1 so rules code can index lists
and build int bitsets; everything else (names, neighbours, centres for drawing) is a lookup
table computed here, at build time, and never again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

Point = tuple[float, float]

# Axial hex directions (q, r): the six neighbours of (q, r) are (q+dq, r+dr).
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True)
class Board:
    """Static description of a board.

    names[i]       printed name of cell i (canonical case of the game's notation)
    neighbours[i]  ids adjacent to cell i, sorted
    centres[i]     cell centre in unit space (x right, y down), for drawing and hit-testing
    outlines[i]    polygon vertices of cell i in the same space
    rows           cells grouped into the display rows used by text diagrams, top to bottom
    regions        named cell sets a game needs (edges, sides, corners ...)
    extras         game-specific drawing data (e.g. an off-board edge ring)
    """

    name: str
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    centres: tuple[Point, ...]
    outlines: tuple[tuple[Point, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    regions: Mapping[str, frozenset[int]] = field(default_factory=dict)
    extras: Mapping[str, object] = field(default_factory=dict)
    coords: tuple[tuple[int, int], ...] = ()
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {name.lower(): i for i, name in enumerate(self.names)}
        if len(index) != len(self.names):
            raise ValueError(f"board {self.name}: duplicate cell names")
        object.__setattr__(self, "_index", index)
        masks = tuple(sum(1 << j for j in nbrs) for nbrs in self.neighbours)
        object.__setattr__(self, "neighbour_masks", masks)

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.names)

    def cell(self, name: str) -> int | None:
        """Id of the cell called `name` (case-insensitive, surrounding spaces ignored), or None."""
        return self._index.get(name.strip().lower())

    def adjacent(self, a: int, b: int) -> bool:
        """True when cells a and b share an edge."""
        return b in self.neighbours[a]

    def bounds(self) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) over every drawn outline, extras included by callers."""
        xs = [x for poly in self.outlines for x, _ in poly]
        ys = [y for poly in self.outlines for _, y in poly]
        return min(xs), min(ys), max(xs), max(ys)


def hex_centre(q: int, r: int, pointy: bool = True) -> Point:
    """Centre of axial hex (q, r) for hexes of circumradius 1 (Red Blob Games layout)."""
    if pointy:
        return (math.sqrt(3) * (q + r / 2), 1.5 * r)
    return (1.5 * q, math.sqrt(3) * (r + q / 2))


def hex_outline(centre: Point, pointy: bool = True) -> tuple[Point, ...]:
    """The six corners of a hex of circumradius 1 around `centre`."""
    cx, cy = centre
    start = 30 if pointy else 0
    return tuple(
        (round(cx + math.cos(math.radians(start + 60 * k)), 9), round(cy + math.sin(math.radians(start + 60 * k)), 9))
        for k in range(6)
    )


def hex_board(
    name: str,
    coords: Sequence[tuple[int, int]],
    names: Sequence[str],
    rows: Iterable[Sequence[int]],
    pointy: bool = True,
    regions: Mapping[str, frozenset[int]] | None = None,
    extras: Mapping[str, object] | None = None,
) -> Board:
    """Build a board of hex cells from axial coordinates.

    Neighbours are the cells among `coords` one axial step away; centres and outlines follow
    `pointy` (pointy-top hexes in horizontal rows, or flat-top).
    """
    where: dict[tuple[int, int], int] = {c: i for i, c in enumerate(coords)}
    neighbours = tuple(
        tuple(sorted(where[(q + dq, r + dr)] for dq, dr in HEX_DIRECTIONS if (q + dq, r + dr) in where))
        for q, r in coords
    )
    centres = tuple(hex_centre(q, r, pointy) for q, r in coords)
    return Board(
        name=name,
        names=tuple(names),
        neighbours=neighbours,
        centres=centres,
        outlines=tuple(hex_outline(c, pointy) for c in centres),
        rows=tuple(tuple(row) for row in rows),
        regions=dict(regions or {}),
        extras=dict(extras or {}),
        coords=tuple(coords),
    )


def row_hex_board(name: str, row_starts: Sequence[tuple[int, int]]) -> Board:
    """A pointy-top board of horizontal rows named like SUSAN and LISBON: row letters from the
    top (a, b, ...), cells numbered from 1 at the left.

    row_starts[r] = (qmin, length) of row r, rows given top to bottom; the axial r coordinate
    of row r is r. Add game regions afterwards with `dataclasses.replace(board, regions=...)`.
    """
    coords: list[tuple[int, int]] = []
    names: list[str] = []
    rows: list[list[int]] = []
    for r, (qmin, length) in enumerate(row_starts):
        row: list[int] = []
        for i in range(length):
            row.append(len(coords))
            coords.append((qmin + i, r))
            names.append(f"{chr(ord('a') + r)}{i + 1}")
        rows.append(row)
    return hex_board(name, coords, names, rows, pointy=True)


def hexhex_board(side: int, name: str | None = None) -> Board:
    """Regular hexagon of hexes with `side` cells per side (SUSAN: 5 -> 61 cells, 6 -> 91).

    With R = side - 1 and rr = r - R for row r from the top, the row starts at
    qmin = -R - rr when rr <= 0, else -R (RULES 1.1).
    """
    big = side - 1
    starts = []
    for r in range(2 * big + 1):
        rr = r - big
        qmin = -big - rr if rr <= 0 else -big
        starts.append((qmin, 2 * side - 1 - abs(rr)))
    return row_hex_board(name or f"hexhex-{side}", starts)
