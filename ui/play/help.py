"""The rules help's diagram as the board renderer draws it. The help itself (summary, sections,
diagram) is declared by each game (`spec.presentation.help`); this turns its diagram into a
board and a BoardView. Pure: tested under CPython."""

from __future__ import annotations

from pygame_core.game import GameSpec
from pygame_core.geometry import Board
from pygame_core.presentation import Diagram
from ui.board.render import BoardView
from ui.board.theme import Theme


def diagram_view(spec: GameSpec, diagram: Diagram, theme: Theme) -> tuple[Board, BoardView]:
    """The board and BoardView that draw `diagram`, a position of `spec`'s game."""
    state = spec.new_game(diagram.options)
    board = state.board
    occupants: list[int | None] = [None] * board.size
    for name, seat in diagram.stones.items():
        occupants[board.cell(name)] = seat      # type: ignore[index]
    names = spec.player_names(state.options)
    styles = tuple(theme.stone(name, seat) for seat, name in enumerate(names))
    highlight = frozenset(board.cell(name) for name in diagram.highlight)
    return board, BoardView(tuple(occupants), styles, highlight=highlight)  # type: ignore[arg-type]
