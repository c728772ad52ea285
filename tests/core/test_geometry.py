"""Hex geometry shared by SUSAN, LISBON and SUPERSTAR: counts, adjacency and drawing data."""

import math

import pytest

from pygame_core.geometry import hexhex_board


@pytest.mark.parametrize("side, cells, edge", [(5, 61, 24), (6, 91, 30)])
def test_hexhex_counts(side: int, cells: int, edge: int) -> None:
    board = hexhex_board(side)
    degrees = [len(n) for n in board.neighbours]
    assert board.size == cells == 3 * side * (side - 1) + 1
    assert sum(d < 6 for d in degrees) == edge
    assert degrees.count(3) == 6
    assert [len(r) for r in board.rows] == [2 * side - 1 - abs(r - side + 1) for r in range(2 * side - 1)]


def test_neighbours_are_symmetric_and_one_unit_apart() -> None:
    board = hexhex_board(5)
    for a, nbrs in enumerate(board.neighbours):
        for b in nbrs:
            assert a in board.neighbours[b]
            (x1, y1), (x2, y2) = board.centres[a], board.centres[b]
            assert math.isclose(math.hypot(x1 - x2, y1 - y2), math.sqrt(3))
        assert board.neighbour_masks[a] == sum(1 << b for b in nbrs)


def test_names_follow_the_manual() -> None:
    board = hexhex_board(5)
    assert [board.names[c] for c in board.neighbours[board.cell("a1")]] == ["a2", "b1", "b2"]
    assert board.cell(" E5 ") == board.cell("e5") is not None
    assert board.cell("j1") is None and board.cell("a6") is None and board.cell("") is None
    assert len(board.neighbours[board.cell("e5")]) == 6


def test_outlines_enclose_their_centres() -> None:
    board = hexhex_board(6)
    for (cx, cy), poly in zip(board.centres, board.outlines, strict=True):
        assert len(poly) == 6
        assert all(math.isclose(math.hypot(x - cx, y - cy), 1.0) for x, y in poly)
