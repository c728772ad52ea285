"""tools/first_screen.py: the first screen's board pictures, cell centres, stones, front door and
rules are the page's own Python drawing and markup, written by the build, checked here against
the games' geometry (pygame_core) and the canvas renderer (ui.board.render)."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "ui"))   # fake_canvas

from fake_canvas import RecordingCanvas  # noqa: E402
from pygame_core.record import Record, replay  # noqa: E402
from pygame_core.registry import GAME_NAMES, all_games, find_game  # noqa: E402
from tools.first_screen import (  # noqa: E402
    DATA_FILE, FRONT_DOOR_SLOT, MARGIN, PICTURE_WIDTH, RULES_SLOT, FirstScreenError, fill_page, render,
    write_first_screen)
from ui.board.boards import art_for  # noqa: E402
from ui.board.layout import fit, hit_test  # noqa: E402
from ui.board.render import BoardView, PathCache, draw, svg_path  # noqa: E402
from ui.board.sketch import board_key, position_param  # noqa: E402
from ui.board.svg import SvgContext  # noqa: E402
from ui.board.theme import DARK, LIGHT  # noqa: E402
from ui.play.markup import element  # noqa: E402

PAGE = f"<html><body>{FRONT_DOOR_SLOT}{RULES_SLOT}</body></html>"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, dict]:
    out = tmp_path_factory.mktemp("site")
    page = write_first_screen(out, PAGE)
    return out, page, json.loads((out / DATA_FILE).read_text())


@pytest.mark.parametrize("game", GAME_NAMES)
def test_cell_centres_are_the_geometry_s_on_the_picture(site: tuple, game: str) -> None:
    """Each exported centre lies in its own cell's outline (hit-tested on the geometry itself),
    and the picture's size keeps the board's proportions."""
    _, _, data = site
    spec = find_game(game)
    board = spec.new_game({}).board
    entry = data["boards"][data["games"][game]["board"]]
    art = art_for(board, spec.presentation.goal_bars)
    layout = fit(art.bounds, entry["width"], entry["height"], MARGIN)
    assert entry["width"] == PICTURE_WIDTH
    assert list(entry["cells"]) == list(board.names)
    for cell, name in enumerate(board.names):
        x, y, radius = entry["cells"][name]
        assert 0 < x < entry["width"] and 0 < y < entry["height"] and radius > 0
        assert hit_test(board, layout, x, y) == cell


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_picture_holds_the_canvas_s_own_paths(site: tuple, game: str) -> None:
    """The SVG's grid is the very path the canvas strokes (ui.board.render.svg_path)."""
    out, _, data = site
    spec = find_game(game)
    board = spec.new_game({}).board
    key = data["games"][game]["board"]
    art = art_for(board, spec.presentation.goal_bars)
    _, layout, width, height = render(art, BoardView((None,) * board.size, ()), LIGHT, PICTURE_WIDTH)
    picture = (out / "boards" / f"{key}-light.svg").read_text()
    assert picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    grid = re.search(r'<path d="([^"]+)" fill="none" stroke="' + re.escape(LIGHT.grid), picture)
    assert grid is not None and grid.group(1) == svg_path(layout, board.outlines)
    assert LIGHT.background in picture and DARK.background in (out / "boards" / f"{key}-dark.svg").read_text()


def test_svg_recording_follows_every_canvas_call() -> None:
    """A position with stones, marks and a highlight: the SVG gets one shape per fill, stroke
    and rectangle the canvas gets, in the same colours and order."""
    spec = find_game("susan")
    state = spec.new_game({})
    board = state.board
    art = art_for(board)
    occupants = [None] * board.size
    occupants[0], occupants[5] = 0, 1
    view = BoardView(tuple(occupants), (LIGHT.stone("Black", 0), LIGHT.stone("White", 1)),
                     last=(5,), highlight=frozenset({0}), targets=frozenset({3}))
    layout = fit(art.bounds, 400, 400, MARGIN)
    canvas, svg = RecordingCanvas(), SvgContext()
    for ctx in (canvas, svg):
        draw(ctx, art, view, LIGHT, layout, 400, 400, paths=PathCache())
    painted = [entry for entry in canvas.log if entry[0] == "call" and entry[1] in ("fill", "stroke", "fillRect")]
    assert len(svg.shapes) == len(painted)
    fills = [shape.attrs["fill"] for shape in svg.shapes if shape.attrs.get("fill") not in (None, "none")]
    assert fills.count(LIGHT.stone("Black", 0).fill) >= 1 and fills[0] == LIGHT.background


def test_only_full_circles_are_recorded() -> None:
    with pytest.raises(ValueError):
        SvgContext().arc(0, 0, 1, 0, 1)


def test_a_snippet_s_position_names_a_board_the_build_drew(site: tuple) -> None:
    _, _, data = site
    spec = find_game("susan")
    state = replay(Record("susan", spec.resolve_options({"size": 6}), ("d6", "b5", "c4")))[-1]
    key = board_key("susan", state.board)
    assert data["games"]["susan"]["variants"]["size=6"] == key != data["games"]["susan"]["board"]
    assert position_param("susan", state) == f"{key}:c4.d6:b5"
    assert all(cell in data["boards"][key]["cells"] for cell in ("c4", "d6", "b5"))


def test_stones_are_the_renderer_s_per_seat(site: tuple) -> None:
    _, _, data = site
    stones = data["games"]["stymie"]["stones"]
    names = find_game("stymie").player_names(find_game("stymie").resolve_options({}))
    for theme_name, theme in (("light", LIGHT), ("dark", DARK)):
        for seat, name in enumerate(names):
            assert stones[theme_name][seat][0]["fill"] == theme.stone(name, seat).fill


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict]] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.found.append((tag, dict(attrs)))


def test_the_page_gets_the_front_door_and_the_rules(site: tuple) -> None:
    out, page, _ = site
    tags = _Tags()
    tags.feed(page)
    sections = [attrs["data-game"] for tag, attrs in tags.found if tag == "section"]
    assert sections == [spec.name for spec in all_games()]
    labels = {attrs.get("aria-label") for tag, attrs in tags.found if tag == "button"}
    for spec in all_games():
        for words in ("Play the computer", "Play a friend on this device", "Play a friend by link"):
            assert f"{words}: {spec.title}" in labels
    templates = {attrs["id"] for tag, attrs in tags.found if tag == "template"}
    assert templates == {f"rules-{spec.name}" for spec in all_games()}
    for tag, attrs in tags.found:
        if tag == "img":
            assert (out / attrs["src"]).is_file()
        assert "style" not in attrs   # the page's policy allows no inline style
    with pytest.raises(FirstScreenError):
        fill_page("<html></html>", "", "")


def test_markup_escapes_text_and_attributes() -> None:
    made = element("p", text='<img src=x onerror="a">&', title='" onmouseover="x', hidden="", id=None)
    assert made == '<p title="&quot; onmouseover=&quot;x" hidden>&lt;img src=x onerror="a"&gt;&amp;</p>'
