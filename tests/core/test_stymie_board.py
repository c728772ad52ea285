"""The STYMIE 4.8.8 board (docs/rules.md, STYMIE): counts, names, adjacency, sides and drawing polygons."""

from __future__ import annotations

import math

import pytest

from pygame_core.geometry.stymie import stymie_board

SIZES = range(3, 13)
# the board table: n -> (last column, octagons, squares, total)
TABLE = {3: ("E", 9, 4, 13), 4: ("G", 16, 9, 25), 5: ("I", 25, 16, 41), 6: ("K", 36, 25, 61),
         7: ("M", 49, 36, 85), 8: ("O", 64, 49, 113), 9: ("Q", 81, 64, 145), 10: ("S", 100, 81, 181),
         11: ("U", 121, 100, 221), 12: ("W", 144, 121, 265)}


@pytest.mark.parametrize("n", SIZES)
def test_cell_counts_and_columns_follow_the_table(n: int) -> None:
    board = stymie_board(n)
    last, octagons, squares, total = TABLE[n]
    span = 2 * n - 1
    assert board.size == total
    assert len(board.regions["octagons"]) == octagons and len(board.regions["squares"]) == squares
    assert board.cell(f"{last}{span}") is not None and board.cell(f"{last}1") is not None
    assert board.cell(f"{chr(ord(last) + 1)}1") is None and board.cell(f"A{span + 1}") is None
    assert len(board.rows) == span
    assert [len(row) for row in board.rows] == [n if y % 2 else n - 1 for y in range(span, 0, -1)]
    for side in ("top", "bottom", "left", "right"):
        assert len(board.regions[side]) == n


@pytest.mark.parametrize("n", SIZES)
def test_adjacency_follows_the_formulas(n: int) -> None:
    board = stymie_board(n)
    where = {xy: c for c, xy in enumerate(board.coords)}
    for cell, (x, y) in enumerate(board.coords):
        octagon = x % 2 == 1
        assert (y % 2 == 1) == octagon  # mixed parity is never a cell
        expected = {(x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1)}
        if octagon:
            expected |= {(x + 2, y), (x - 2, y), (x, y + 2), (x, y - 2)}
        assert {board.coords[c] for c in board.neighbours[cell]} == expected & where.keys()
        for nbr in board.neighbours[cell]:
            assert cell in board.neighbours[nbr]
            assert octagon or board.coords[nbr][0] % 2 == 1  # squares touch only octagons
        if octagon:
            assert where.get((x + 2, y + 2)) not in board.neighbours[cell]  # diagonal octagons don't touch


def test_named_facts_on_the_default_board() -> None:
    board = stymie_board(8)
    names = lambda cells: sorted(board.names[c] for c in cells)  # noqa: E731
    assert names(board.neighbours[board.cell("g5")]) == ["E5", "F4", "F6", "G3", "G7", "H4", "H6", "I5"]
    assert names(board.neighbours[board.cell("F6")]) == ["E5", "E7", "G5", "G7"]
    assert names(board.neighbours[board.cell("a1")]) == ["A3", "B2", "C1"]
    assert board.cell(" f6 ") == board.cell("F6") and board.names[board.cell("f6")] == "F6"
    assert board.cell("a2") is None and board.cell("b1") is None  # mixed parity
    assert names(board.regions["top"]) == [f"{c}15" for c in "ACEGIKMO"]
    assert names(board.regions["left"]) == sorted(f"A{r}" for r in range(1, 16, 2))
    assert board.regions["right"] & board.regions["bottom"] == {board.cell("O1")}


def test_rows_run_from_the_top_and_row_one_is_drawn_at_the_bottom() -> None:
    board = stymie_board(5)
    assert [board.names[c] for c in board.rows[0]] == ["A9", "C9", "E9", "G9", "I9"]
    assert [board.names[c] for c in board.rows[-2]] == ["B2", "D2", "F2", "H2"]
    assert board.centres[board.cell("a1")][1] > board.centres[board.cell("a9")][1]
    assert board.centres[board.cell("a1")][0] < board.centres[board.cell("i1")][0]


@pytest.mark.parametrize("n", [3, 8, 12])
def test_polygons_tile_the_plane_adjacent_cells_share_a_side(n: int) -> None:
    """Cells that are adjacent share exactly one side (two corners); others share no corner
    (diagonal octagons only meet across a square). Octagons are regular with sides touching."""
    board = stymie_board(n)
    corners = [set(poly) for poly in board.outlines]
    octagons = board.regions["octagons"]
    for a in range(board.size):
        assert len(board.outlines[a]) == (8 if a in octagons else 4)
        poly = board.outlines[a]
        sides = {round(math.dist(poly[i], poly[i - 1]), 6) for i in range(len(poly))}
        assert sides == {round(2 * (math.sqrt(2) - 1), 6)}  # every side of the tiling has one length
        for b in range(a + 1, board.size):
            shared = len(corners[a] & corners[b])
            assert shared == (2 if board.adjacent(a, b) else 0), (board.names[a], board.names[b])


def test_sizes_outside_the_range_are_refused() -> None:
    for n in (2, 13):
        with pytest.raises(ValueError, match=str(n)):
            stymie_board(n)
