"""The first screen before Python: board pictures, the front door and the rules help, written
into the built site from the same Python that draws and describes them in the page.

Why: a first visit and a blog embed show something to play with at once, while the runtime
(several MB) downloads or, in an embed, until the reader plays. Nothing about a game is written
by hand for it: the boards are drawn by ui.board.render.draw (recorded as SVG, ui.board.svg),
the front door's markup is ui.play.front_door.front_door_html, the rules are
ui.play.help.help_html. assets/first-screen.mjs shows them and keeps a choice made meanwhile.

Writes into the site:
  boards/<key>-light.svg, -dark.svg   each board's empty picture (every board an option can give)
  boards/<game>-rules-light.svg, -dark.svg   the rules help's diagram
  boards/boards.json                  per board its size and cell centres, per game its board
                                       keys by option and its stones' shapes (for embeds' `pos`)
  index.html                          the front door's blocks and a <template> of rules per game
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterator

from pygame_core.ai.levels import DEFAULT_LEVEL, LEVELS
from pygame_core.game import GameSpec, GameState, OptionSpec
from pygame_core.presentation import Diagram
from pygame_core.registry import DEFAULT_GAME, all_games
from ui.board.boards import BoardArt, art_for
from ui.board.layout import Layout, fit
from ui.board.render import STONE_SIZE, BoardView, draw, stone
from ui.board.sketch import board_key
from ui.board.svg import Shape, SvgContext, svg_document
from ui.board.theme import DARK, LIGHT, StoneStyle, Theme
from ui.i18n import say
from ui.play.front_door import front_door_html
from ui.play.help import diagram_view, help_html
from ui.play.markup import element

BOARD_DIR = "boards"
DATA_FILE = "boards/boards.json"
PICTURE_WIDTH = 600          # SVG units across a board picture
DIAGRAM_WIDTH = 320          # the rules diagram (ui/page/help_dialog.py draws it at most this wide)
MARGIN = 6                   # as the page's canvas (ui/page/board_canvas.py MARGIN_PX)
STONE_UNIT = 100             # stones are drawn once at this radius; the page scales them per cell
MAX_OPTION_VALUES = 4        # an option with more values than this gets no pictures of its own (bytes)
THEMES = {"light": LIGHT, "dark": DARK}
FRONT_DOOR_SLOT = '<div id="front-door-games"></div>'
RULES_SLOT = "<!-- rules-help -->"


class FirstScreenError(ValueError):
    """index.html lacks a slot the build fills."""


def picture_url(key: str, theme: str) -> str:
    return f"./{BOARD_DIR}/{key}-{theme}.svg"


def _picture(key: str, alt: str, width: float, height: float, class_: str) -> str:
    """A <picture> of the board `key`: the dark drawing where the system prefers dark."""
    return element("picture",
                   element("source", srcset=picture_url(key, "dark"), media="(prefers-color-scheme: dark)"),
                   element("img", src=picture_url(key, "light"), alt=alt, width=f"{width:.0f}",
                           height=f"{height:.0f}", class_=class_, decoding="async"))


def size_of(art: BoardArt, width: float) -> tuple[float, float]:
    min_x, min_y, max_x, max_y = art.bounds
    return width, width * (max_y - min_y) / (max_x - min_x)


def render(art: BoardArt, view: BoardView, theme: Theme, width: float) -> tuple[list[Shape], Layout, float, float]:
    """The shapes draw() makes for `view` on a picture `width` units wide; the layout used."""
    width, height = size_of(art, width)
    layout = fit(art.bounds, width, height, MARGIN)
    ctx = SvgContext()
    draw(ctx, art, view, theme, layout, width, height)
    return ctx.shapes, layout, width, height


def stone_shapes(style: StoneStyle, theme: Theme) -> list[dict[str, str]]:
    """One seat's stone at radius STONE_UNIT around (0, 0), as SVG path attributes."""
    ctx = SvgContext()
    stone(ctx, (0.0, 0.0), STONE_UNIT, style, theme)
    return [shape.attrs for shape in ctx.shapes]


def option_values(option: OptionSpec) -> tuple[Any, ...]:
    """Every value of an option, when there are few enough to draw a board for each."""
    if option.choices:
        return option.choices if len(option.choices) <= MAX_OPTION_VALUES else ()
    if option.minimum is None or option.maximum is None or not option.step:
        return ()
    count = int((option.maximum - option.minimum) / option.step) + 1
    if count > MAX_OPTION_VALUES:
        return ()
    return tuple(option.coerce(str(option.minimum + i * option.step).removesuffix(".0")) for i in range(count))


def variants(spec: GameSpec) -> Iterator[tuple[str, GameState]]:
    """("", the default game), then ("option=value", that game) for each value of each option
    (one option changed at a time: what a hand-written embed address names)."""
    yield "", spec.new_game({})
    for option in spec.options:
        for value in option_values(option):
            if value != option.default:
                yield f"{option.name}={value}", spec.new_game({option.name: value})


def write_boards(out: Path, spec: GameSpec, boards: dict[str, Any]) -> dict[str, Any]:
    """Draw every board of `spec` not drawn yet; returns the game's entry of boards.json."""
    entry: dict[str, Any] = {"title": spec.title, "variants": {}}
    most_seats: GameState | None = None
    for name, state in variants(spec):
        key = board_key(spec.name, state.board)
        if name:
            entry["variants"][name] = key
        else:
            entry["board"] = key
        if most_seats is None or state.num_players > most_seats.num_players:
            most_seats = state
        if key in boards:
            continue
        art = art_for(state.board, spec.presentation.goal_bars)
        empty = BoardView((None,) * state.board.size, ())
        drawn = {theme_name: render(art, empty, theme, PICTURE_WIDTH) for theme_name, theme in THEMES.items()}
        for theme_name, (shapes, _, width, height) in drawn.items():
            label = f"The empty {spec.title} board"
            (out / picture_url(key, theme_name)).write_text(svg_document(shapes, width, height, label))
        _, layout, width, height = next(iter(drawn.values()))   # the same geometry in every theme
        scale = layout.scale
        boards[key] = {"width": round(width, 2), "height": round(height, 2),
                       "cells": {name: [round(v, 2) for v in (*layout.to_px(centre), art.radius[cell] * STONE_SIZE * scale)]
                                 for cell, (name, centre) in enumerate(zip(state.board.names, state.board.centres, strict=True))}}
    assert most_seats is not None
    names = [most_seats.player_name(seat) for seat in range(most_seats.num_players)]
    entry["stones"] = {theme_name: [stone_shapes(theme.stone(name, seat), theme) for seat, name in enumerate(names)]
                       for theme_name, theme in THEMES.items()}
    return entry


def write_diagram(out: Path, spec: GameSpec, diagram: Diagram) -> str:
    """Draw the rules diagram of `spec`; returns the markup that shows it."""
    width = height = 0.0
    for theme_name, theme in THEMES.items():   # the same size in every theme
        board, view = diagram_view(spec, diagram, theme)
        art = art_for(board, spec.presentation.goal_bars)
        shapes, _, width, height = render(art, view, theme, DIAGRAM_WIDTH)
        (out / picture_url(f"{spec.name}-rules", theme_name)).write_text(
            svg_document(shapes, width, height, diagram.caption))
    return _picture(f"{spec.name}-rules", say(diagram.caption), width, height, "help-diagram")


def fill_page(page: str, door: str, rules: str) -> str:
    """index.html with the front door's blocks and the rules templates in their slots."""
    for slot in (FRONT_DOOR_SLOT, RULES_SLOT):
        if page.count(slot) != 1:
            raise FirstScreenError(f"index.html must hold {slot} exactly once")
    return page.replace(FRONT_DOOR_SLOT, FRONT_DOOR_SLOT.replace("></div>", f">{door}</div>")).replace(RULES_SLOT, rules)


def rules_help(out: Path) -> dict[str, str]:
    """Each game's rules help markup in the language installed (tools/i18n.py renders it once
    per language); its diagrams are drawn into `out`."""
    return {spec.name: help_html(spec, partial(write_diagram, out, spec)) for spec in all_games()}


def front_door(picture: Callable[[GameSpec], str] = lambda spec: "") -> str:
    """The front door's blocks in the language installed (tools/i18n.py renders them once per
    language to find the translation of each text composed from parts); `picture`: the board's."""
    return front_door_html(all_games(), [(each.name, each.label) for each in LEVELS.values()], DEFAULT_LEVEL, picture)


def write_first_screen(out: Path, page: str) -> str:
    """Write the pictures and boards.json into the site `out`; returns `page` filled in."""
    (out / BOARD_DIR).mkdir(parents=True, exist_ok=True)
    boards: dict[str, Any] = {}
    games = {spec.name: write_boards(out, spec, boards) for spec in all_games()}

    def thumbnail(spec: GameSpec) -> str:
        board = boards[games[spec.name]["board"]]
        return _picture(games[spec.name]["board"], "", board["width"], board["height"], "front-door-board")

    door = front_door(thumbnail)
    help_markup = rules_help(out)
    rules = "".join(element("template", help_markup[spec.name], id=f"rules-{spec.name}",
                            data_title=spec.title)
                    for spec in all_games())
    (out / DATA_FILE).write_text(json.dumps({"default": DEFAULT_GAME, "games": games, "boards": boards}, separators=(",", ":")))
    return fill_page(page, door, rules)
