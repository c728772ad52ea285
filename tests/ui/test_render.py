"""Drawing against a recording canvas: what gets painted for a given view, not pixels."""

import math

from pygame_core.geometry import hexhex_board
from pygame_core.geometry.stymie import stymie_board
from pygame_core.geometry.superstar import superstar_board
from pygame_core.registry import find_game
from fake_canvas import RecordingCanvas
from ui.board.boards import art_for
from ui.board.layout import fit
from ui.board.render import BoardView, PathCache, draw
from ui.board.theme import DARK, LIGHT

SUSAN = hexhex_board(5)


def _draw(board, view, theme=LIGHT, ratio=1.0, goal_bars=()):
    canvas = RecordingCanvas()
    art = art_for(board, goal_bars)
    draw(canvas, art, view, theme, fit(art.bounds, 300, 300, 4), 300, 300, ratio)
    return canvas


def _view(board, stones=None, **kw):
    occupants = [None] * board.size
    for cell, seat in (stones or {}).items():
        occupants[cell] = seat
    styles = (LIGHT.stone("Black", 0), LIGHT.stone("White", 1), LIGHT.stone("Red", 2), LIGHT.stone("Blue", 3))
    return BoardView(tuple(occupants), styles, **kw)


def test_scales_by_the_device_pixel_ratio_and_clears_the_background() -> None:
    canvas = _draw(SUSAN, _view(SUSAN), ratio=2.0)
    assert canvas.calls("setTransform")[0] == (2.0, 0, 0, 2.0, 0, 0)
    assert canvas.calls("fillRect")[0] == (0, 0, 300, 300)


def test_cells_are_batched_into_one_prepared_path_per_colour() -> None:
    canvas = _draw(SUSAN, _view(SUSAN))
    assert canvas.fills_in(LIGHT.cell) == 1
    (cells,) = [args[0] for args in canvas.calls("fill") if args]
    (grid,) = [args[0] for args in canvas.calls("stroke") if args]
    assert cells.count("M") == grid.count("M") == SUSAN.size and cells.count("Z") == SUSAN.size
    assert canvas.calls("moveTo") == [] and canvas.calls("arc") == []


def test_paths_are_built_once_per_board_and_layout() -> None:
    built = []
    paths = PathCache(lambda svg: built.append(svg) or len(built))
    art = art_for(SUSAN)
    layout = fit(art.bounds, 300, 300, 4)
    for _ in range(3):
        draw(RecordingCanvas(), art, _view(SUSAN), LIGHT, layout, 300, 300, 1.0, paths)
    assert len(built) == 2                     # cells and grid
    draw(RecordingCanvas(), art, _view(SUSAN), LIGHT, fit(art.bounds, 200, 200, 4), 200, 200, 1.0, paths)
    assert len(built) == 4


def test_one_circle_per_stone_with_the_stone_colour() -> None:
    e5, e6 = SUSAN.cell("e5"), SUSAN.cell("e6")
    canvas = _draw(SUSAN, _view(SUSAN, {e5: 0, e6: 1}))
    assert len(canvas.calls("arc")) == 2
    assert canvas.fills_in(LIGHT.stone("Black", 0).fill) == 1
    assert canvas.fills_in(LIGHT.stone("White", 1).fill) == 1


def test_third_and_fourth_players_carry_shape_marks() -> None:
    a1, a2 = SUSAN.cell("a1"), SUSAN.cell("a2")
    canvas = _draw(SUSAN, _view(SUSAN, {a1: 2, a2: 3}))
    marks = LIGHT.stone("Red", 2).mark_colour
    assert canvas.fills_in(marks) == 2
    assert LIGHT.stone("Red", 2).mark != LIGHT.stone("Blue", 3).mark


def test_coordinates_label_only_empty_cells() -> None:
    e5 = SUSAN.cell("e5")
    canvas = _draw(SUSAN, _view(SUSAN, {e5: 0}, coordinates=True))
    texts = canvas.texts()
    assert "e5" not in texts and "a1" in texts and len(texts) == SUSAN.size - 1
    assert _draw(SUSAN, _view(SUSAN, {e5: 0})).texts() == []


def test_markers_each_add_their_own_strokes() -> None:
    plain = _draw(SUSAN, _view(SUSAN, {0: 0, 1: 1}))
    marked = _draw(SUSAN, _view(SUSAN, {0: 0, 1: 1}, last=(0,), highlight=frozenset({1}), targets=frozenset({5, 6}),
                                pending=frozenset({0}), selected=1, cursor=7))
    assert len(marked.calls("arc")) == len(plain.calls("arc")) + 1 + 1 + 2 + 1 + 1
    assert marked.fills_in(LIGHT.target) == 2
    dashes = [args[0] for args in marked.calls("setLineDash") if args[0]]
    assert len(dashes) == 1    # the pending stone's ring is dashed


def test_a_slide_arrow_points_at_the_destination() -> None:
    a, b = SUSAN.cell("e5"), SUSAN.cell("e6")
    layout = fit(art_for(SUSAN).bounds, 300, 300, 4)
    canvas = _draw(SUSAN, _view(SUSAN, {b: 0}, arrow=(a, b)))
    tip = layout.to_px(SUSAN.centres[b])
    assert any(math.isclose(x, tip[0]) and math.isclose(y, tip[1]) for x, y in canvas.calls("moveTo"))


def test_stymie_squares_use_the_second_cell_colour_and_the_declared_goal_bars_are_coloured() -> None:
    board = stymie_board(3)
    view = BoardView((None,) * board.size, (LIGHT.stone("Vert", 0), LIGHT.stone("Horz", 1)))
    assert _draw(board, view).fills_in(LIGHT.stone("Vert", 0).fill) == 0  # no bars unless declared
    canvas = _draw(board, view, goal_bars=find_game("stymie").presentation.goal_bars)
    assert canvas.fills_in(LIGHT.cell_alt) == 1
    assert canvas.fills_in(LIGHT.stone("Vert", 0).fill) == 1
    assert canvas.fills_in(LIGHT.stone("Horz", 1).fill) == 1


def test_superstar_draws_its_edge_ring_and_line_labels() -> None:
    board = superstar_board()
    art = art_for(board)
    assert len(art.decor[0].polygons) == 60
    canvas = _draw(board, BoardView((None,) * board.size, (DARK.stone("White", 0), DARK.stone("Black", 1)),
                                    coordinates=True), theme=DARK)
    assert canvas.fills_in(DARK.frame) == 1
    texts = canvas.texts()
    assert "J10" in texts and "A" in texts and "19" in texts


def test_themes_differ_and_keep_white_stones_visible() -> None:
    assert LIGHT.background != DARK.background
    assert LIGHT.stone("White", 1).rim != LIGHT.background
    assert DARK.stone("White", 1).rim != DARK.stone("White", 1).fill
