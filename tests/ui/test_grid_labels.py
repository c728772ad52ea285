"""Coordinates on a grid-named board (STYMIE) are printed outside it, readable at size 12 on a
phone; hex boards keep their names inside the cells."""

import re

from fake_canvas import RecordingCanvas
from pygame_core.geometry import hexhex_board
from pygame_core.geometry.lisbon import lisbon_board
from pygame_core.geometry.stymie import stymie_board
from pygame_core.registry import find_game
from ui.board.boards import art_for, grid_lines
from ui.board.layout import fit
from ui.board.render import BoardView, draw
from ui.board.theme import LIGHT

PHONE_PX = 374
READABLE_PX = 10


def draw_with_coordinates(board, goal_bars=()):
    art = art_for(board, goal_bars, coordinates=True)
    canvas = RecordingCanvas()
    view = BoardView((None,) * board.size, (LIGHT.stone("Vert", 0), LIGHT.stone("Horz", 1)), coordinates=True)
    draw(canvas, art, view, LIGHT, fit(art.bounds, PHONE_PX, PHONE_PX, 6), PHONE_PX, PHONE_PX)
    return art, canvas


def font_sizes(canvas: RecordingCanvas) -> list[int]:
    return [int(re.search(r"(\d+)px", value).group(1)) for kind, name, value in canvas.log
            if kind == "set" and name == "font"]


def test_stymie_12_is_labelled_at_its_edges_in_a_readable_size() -> None:
    board = stymie_board(12)
    art, canvas = draw_with_coordinates(board, find_game("stymie").presentation.goal_bars)
    texts = canvas.texts()
    letters = [chr(c) for c in range(ord("A"), ord("W") + 1)]
    assert sorted(set(texts)) == sorted(set(letters) | {str(n) for n in range(1, 24)})
    assert all(texts.count(letter) == 2 for letter in letters)      # above and below
    assert all(texts.count(str(n)) == 2 for n in range(1, 24))      # left and right
    assert min(font_sizes(canvas)) >= READABLE_PX
    assert not art.cell_labels


def test_the_edge_labels_sit_outside_the_board_and_its_goal_bars() -> None:
    board = stymie_board(12)
    plain = art_for(board, find_game("stymie").presentation.goal_bars)
    labelled = art_for(board, find_game("stymie").presentation.goal_bars, coordinates=True)
    min_x, min_y, max_x, max_y = plain.bounds
    for _, (x, y) in labelled.edge_labels:
        assert not (min_x <= x <= max_x and min_y <= y <= max_y)
    assert labelled.bounds[0] < min_x and labelled.bounds[3] > max_y   # room for them


def test_hex_boards_keep_their_names_inside_the_cells() -> None:
    for board in (hexhex_board(5), lisbon_board()):
        assert grid_lines(board) is None
        art, canvas = draw_with_coordinates(board)
        assert art.cell_labels and set(board.names) <= set(canvas.texts())
