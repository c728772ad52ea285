"""The SUPERSTAR board: a 12-sided star of 175 hexes inside an off-board edge ring of 60 (RULES §3.1).

Cells are the cube coordinates (x, y, z), x + y + z = 0, with min(x, y, z) >= -5 or
max(x, y, z) <= 5, and max(|x|, |y|, |z|) <= 9: a hexagram of two side-16 triangles with the
tip cell of each point removed. Hexes are flat-topped (star points left and right); axial
q = x, r = z, so the centre is (1.5q, √3(r + q/2)) with y pointing down.

Labels (the one place they are defined): letter A..S = 9 − z (the line a player follows looking
down-right), number 1..19 = y + 10 (the line followed looking down-left), e.g. "J10" = centre.
Cell ids run letter by letter, A first, numbers ascending; `rows` are these letter lines, so a
text diagram has 19 rows A..S of 2..15 symbols.

Regions: "edge_adjacent" (the 54 boundary cells), "inward_corners" (6), "outward_corners" (12)
and "side0".."side11" (5 cells each), numbered clockwise on screen from the side that starts at
the upper-left inward corner J15. Extras, for drawing and scoring:
  edge_ring      the 60 off-board edge cells clockwise, each (axial coords, centre, outline)
  edge_contacts  per board cell, the indices into edge_ring of the edge cells it touches
  line_labels    (text, point) for each letter and number, on the edge cell where its line
                 leaves the board going down; the one pair that would share a cell (D and 4,
                 at the notch below E5) is moved half a cell further along its own line, as
                 Freeling's board shifts them (a whole cell would land on the 3 and the C)
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from .board import HEX_DIRECTIONS, Board, Point, hex_board, hex_centre, hex_outline

ARM = 5     # |coordinate| bound of the central hexagon
REACH = 9   # |coordinate| bound of the star points (triangle side 16, tip removed)
LETTERS = "ABCDEFGHIJKLMNOPQRS"


def on_board(q: int, r: int) -> bool:
    """True when axial (q, r) = cube (q, −q−r, r) is one of the 175 cells."""
    cube = (q, -q - r, r)
    return (min(cube) >= -ARM or max(cube) <= ARM) and max(map(abs, cube)) <= REACH


def label(q: int, r: int) -> str:
    """Notation of axial (q, r): letter 9 − z, number y + 10."""
    return f"{LETTERS[REACH - r]}{-q - r + 10}"


def _clockwise(point: Point) -> float:
    """Sort key going clockwise on screen (y down) from the left-hand star point."""
    return math.atan2(point[1], point[0])


def _sides(boundary: list[int], contacts: list[int]) -> list[tuple[int, ...]]:
    """Cut the clockwise boundary walk into the 12 five-cell sides.

    A side runs from a corner (a cell touching 1 or 3 edge cells) to the next corner; the
    step between the two outward corners of a star point is not a side. Inward corners end
    one side and start the next.
    """
    corners = [i for i, c in enumerate(boundary) if contacts[c] != 2]
    sides = []
    for k, start in enumerate(corners):
        stop = corners[(k + 1) % len(corners)]
        walk = [boundary[(start + i) % len(boundary)] for i in range((stop - start) % len(boundary) + 1)]
        if not (len(walk) == 2 and contacts[walk[0]] == contacts[walk[1]] == 3):
            sides.append(tuple(walk))
    return sides


def _line_labels(coords: list[tuple[int, int]]) -> list[tuple[str, Point]]:
    """Where each letter and number is printed: past the down-right end of a letter line
    (z fixed, q growing) and past the down-left end of a number line (y fixed, q falling)."""
    spots: list[tuple[str, tuple[int, int], tuple[int, int]]] = []
    for z in range(-REACH, REACH + 1):
        q = max(cq for cq, cr in coords if cr == z)
        spots.append((LETTERS[REACH - z], (q + 1, z), (1, 0)))
    for y in range(-REACH, REACH + 1):
        q = min(cq for cq, cr in coords if -cq - cr == y)
        spots.append((str(y + 10), (q - 1, -(q - 1) - y), (-1, 1)))
    taken: dict[tuple[int, int], int] = {}
    for spot in spots:
        taken[spot[1]] = taken.get(spot[1], 0) + 1
    labels: list[tuple[str, Point]] = []
    for text, (q, r), (dq, dr) in spots:
        centre = hex_centre(q, r, pointy=False)
        if taken[(q, r)] > 1:
            beyond = hex_centre(q + dq, r + dr, pointy=False)
            centre = (centre[0] + beyond[0]) / 2, (centre[1] + beyond[1]) / 2
        labels.append((text, centre))
    return labels


@lru_cache(maxsize=None)
def superstar_board() -> Board:
    """The 175-cell board with its regions and edge-ring extras (built once)."""
    span = range(-REACH, REACH + 1)
    coords = sorted(((q, r) for r in span for q in span if on_board(q, r)),
                    key=lambda c: (REACH - c[1], -c[0] - c[1]))  # letter, then number
    where = set(coords)
    rows = [[i for i, (_, r) in enumerate(coords) if REACH - r == letter] for letter in range(len(LETTERS))]
    board = hex_board("superstar", coords, [label(q, r) for q, r in coords], rows, pointy=False)

    ring_coords = sorted({(q + dq, r + dr) for q, r in coords for dq, dr in HEX_DIRECTIONS} - where,
                         key=lambda c: _clockwise(hex_centre(c[0], c[1], pointy=False)))
    ring_index = {c: i for i, c in enumerate(ring_coords)}
    edge_contacts = tuple(
        tuple(sorted(ring_index[(q + dq, r + dr)] for dq, dr in HEX_DIRECTIONS if (q + dq, r + dr) in ring_index))
        for q, r in coords)
    counts = [len(t) for t in edge_contacts]
    boundary = sorted((c for c in range(board.size) if counts[c]), key=lambda c: _clockwise(board.centres[c]))
    start = board.cell("J15")
    assert start is not None
    boundary = boundary[boundary.index(start):] + boundary[:boundary.index(start)]
    regions = {
        "edge_adjacent": frozenset(boundary),
        "inward_corners": frozenset(c for c in boundary if counts[c] == 1),
        "outward_corners": frozenset(c for c in boundary if counts[c] == 3),
    }
    for k, side in enumerate(_sides(boundary, counts)):
        regions[f"side{k}"] = frozenset(side)
    edge_ring = tuple(
        (c, hex_centre(c[0], c[1], pointy=False), hex_outline(hex_centre(c[0], c[1], pointy=False), pointy=False))
        for c in ring_coords)
    extras = {
        "edge_ring": edge_ring,
        "edge_contacts": edge_contacts,
        "line_labels": tuple(_line_labels(coords)),
    }
    return replace(board, regions=regions, extras=extras)
