"""The board's fitted size and zoom: pure arithmetic, no browser."""

import math

import pytest

from pygame_core.geometry import hexhex_board
from pygame_core.geometry.lisbon import lisbon_board
from pygame_core.geometry.stymie import stymie_board
from pygame_core.geometry.superstar import superstar_board
from ui.board.boards import art_for
from ui.board.layout import fit
from ui.board.sizing import MIN_HEIGHT_PX, MIN_TAP_PX, Room, fitted_size, smallest_cell, zoom_for

BOARDS = {"susan5": hexhex_board(5), "susan6": hexhex_board(6), "stymie8": stymie_board(8),
          "stymie12": stymie_board(12), "superstar": superstar_board(), "lisbon": lisbon_board()}
SQUARE = (0.0, 0.0, 10.0, 10.0)


def test_a_wide_room_gives_the_height_left_above_the_buttons() -> None:
    # 800 high, the board starts at 170 and 60 px must stay free under it: 570 px high
    assert fitted_size(SQUARE, Room(width=780, viewport_height=800, top=170, below=60)) == (570, 570)


def test_a_narrow_room_gives_the_full_width() -> None:
    assert fitted_size(SQUARE, Room(width=374, viewport_height=844, top=200, below=110)) == (374, 374)


def test_a_short_viewport_keeps_a_readable_board() -> None:
    width, height = fitted_size(SQUARE, Room(width=780, viewport_height=300, top=200, below=60))
    assert height == MIN_HEIGHT_PX and width == MIN_HEIGHT_PX


def test_the_aspect_ratio_is_kept() -> None:
    wide = (0.0, 0.0, 20.0, 10.0)
    assert fitted_size(wide, Room(width=400, viewport_height=2000, top=0, below=0)) == (400, 200)
    assert fitted_size(wide, Room(width=1000, viewport_height=300, top=0, below=0)) == (600, 300)


def test_the_smallest_cell_is_stymies_square_not_its_octagon() -> None:
    art = art_for(stymie_board(8))
    octagon = min(max(x for x, _ in o) - min(x for x, _ in o) for o in art.board.outlines if len(o) == 8)
    assert smallest_cell(art) < octagon * 0.75


def test_a_hexagons_width_is_the_distance_between_neighbours() -> None:
    board = hexhex_board(5)
    centres = board.centres
    nearest = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:])
    assert smallest_cell(art_for(board)) == pytest.approx(nearest, rel=1e-6)


def test_big_cells_need_no_zoom() -> None:
    art = art_for(hexhex_board(5))
    assert zoom_for(art, scale=MIN_TAP_PX / smallest_cell(art) + 1) == 1.0


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("width", [374, 568])
def test_zoomed_in_every_cell_is_big_enough(name: str, width: int) -> None:
    """At the phone's and the desktop's board sizes, the zoomed canvas's smallest cell is at
    least MIN_TAP_PX wide (the canvas grows by the zoom; the layout is fitted to it again)."""
    art = art_for(BOARDS[name])
    w, h = fitted_size(art.bounds, Room(width=width, viewport_height=width * 3, top=0, below=0))
    zoom = zoom_for(art, fit(art.bounds, w, h, 6).scale)
    zoomed = fit(art.bounds, round(w * zoom), round(h * zoom), 6)
    assert smallest_cell(art) * zoomed.scale >= MIN_TAP_PX
    assert zoom < 3   # a modest magnification: the board stays recognisable in its frame
