"""Board fitting, hit-testing and keyboard steps: pure geometry, no browser."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.geometry import Board, hexhex_board
from pygame_core.geometry.lisbon import lisbon_board
from pygame_core.geometry.stymie import stymie_board
from pygame_core.geometry.superstar import superstar_board
from ui.board.boards import art_for
from ui.board.layout import Layout, fit, hit_test, inside, step

SUSAN = hexhex_board(5)
STYMIE = stymie_board(4)


@pytest.mark.parametrize("width, height", [(375, 500), (900, 600), (200, 800)])
def test_fit_keeps_the_board_inside_the_canvas_and_centred(width: int, height: int) -> None:
    bounds = SUSAN.bounds()
    layout = fit(bounds, width, height, margin=10)
    x1, y1 = layout.to_px(bounds[:2])
    x2, y2 = layout.to_px(bounds[2:])
    assert 10 - 1e-6 <= x1 < x2 <= width - 10 + 1e-6
    assert 10 - 1e-6 <= y1 < y2 <= height - 10 + 1e-6
    assert math.isclose(x1, width - x2) and math.isclose(y1, height - y2)
    # one of the two directions is filled edge to edge (largest fit)
    assert math.isclose(x1, 10) or math.isclose(y1, 10)


def test_to_unit_inverts_to_px() -> None:
    layout = Layout(23.5, 11.0, -4.0)
    assert layout.to_unit(*layout.to_px((1.25, -3.5))) == pytest.approx((1.25, -3.5))


def test_every_centre_hits_its_own_cell() -> None:
    for board in (SUSAN, STYMIE):
        layout = fit(art_for(board).bounds, 400, 400, 8)
        for cell, centre in enumerate(board.centres):
            assert hit_test(board, layout, *layout.to_px(centre)) == cell


def test_points_near_a_vertex_of_a_square_hit_the_square_not_the_nearest_octagon_centre() -> None:
    layout = Layout(1.0, 0.0, 0.0)
    square = next(iter(STYMIE.regions["squares"]))
    cx, cy = STYMIE.centres[square]
    corner = STYMIE.outlines[square][0]
    x, y = cx + 0.9 * (corner[0] - cx), cy + 0.9 * (corner[1] - cy)
    assert hit_test(STYMIE, layout, x, y) == square


def test_outside_the_board_is_no_cell_unless_within_slack() -> None:
    layout = Layout(10.0, 200.0, 200.0)
    far = layout.to_px((0.0, 100.0))
    assert hit_test(SUSAN, layout, *far) is None
    a1 = SUSAN.cell("a1")
    cx, cy = SUSAN.centres[a1]
    just_off = layout.to_px((cx, cy - 1.2))
    assert hit_test(SUSAN, layout, *just_off) is None
    assert hit_test(SUSAN, layout, *just_off, slack=1.5) == a1


@settings(max_examples=60, deadline=None)
@given(st.floats(-6, 6), st.floats(-7, 7))
def test_a_hit_is_always_the_cell_whose_outline_contains_the_point(x: float, y: float) -> None:
    layout = Layout(1.0, 0.0, 0.0)
    cell = hit_test(SUSAN, layout, x, y)
    containing = [c for c, o in enumerate(SUSAN.outlines) if inside(o, x, y)]
    if cell is None:
        assert containing == []
    else:
        assert cell in containing


def test_arrow_keys_walk_rows_and_stop_at_the_edge() -> None:
    e5 = SUSAN.cell("e5")
    assert SUSAN.names[step(SUSAN, e5, 1, 0)] == "e6"
    assert SUSAN.names[step(SUSAN, e5, -1, 0)] == "e4"
    assert SUSAN.names[step(SUSAN, e5, 0, -1)] == "d4"
    assert SUSAN.names[step(SUSAN, e5, 0, 1)] == "f4"
    a5 = SUSAN.cell("a5")
    assert step(SUSAN, a5, 1, 0) == a5 and step(SUSAN, a5, 0, -1) == a5


@pytest.mark.parametrize("board", [STYMIE, superstar_board(), lisbon_board()], ids=lambda b: b.name)
def test_arrow_keys_reach_every_cell(board: Board) -> None:
    seen = {0}
    frontier = [0]
    while frontier:
        cell = frontier.pop()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = step(board, cell, dx, dy)
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    assert len(seen) == board.size
