"""The coach's hint on the board: the preferred turn drawn over the position, not played.

A placement is a dashed ring with a small stone of the mover's colour in it; a slide is an
arrow from the stone to its new cell (in the selection colour, so it is not taken for the
last move's arrow). Every stone of a multi-stone turn is shown. Pure: tested with a fake canvas.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from pygame_core.game import Action, GameState
from ui.board.boards import BoardArt
from ui.board.layout import Layout
from ui.board.render import _arrow, _circle, _ring
from ui.board.theme import StoneStyle, Theme


class HintMark(NamedTuple):
    places: tuple[int, ...]                 # cells where the turn puts a stone
    slides: tuple[tuple[int, int], ...]     # (from, to) of the turn's slides
    style: StoneStyle                       # the mover's stones


def hint_mark(state: GameState, actions: Sequence[Action], theme: Theme) -> HintMark:
    """What to draw for `actions` (a whole turn) played from `state`."""
    places: list[int] = []
    slides: list[tuple[int, int]] = []
    seat = state.to_move
    for action in actions:
        cells = state.touched_cells(action)
        if len(cells) == 2:
            slides.append((cells[0], cells[1]))
        else:
            places.extend(cells)
        if state.outcome is None:
            state = state.play_unchecked(action)
    return HintMark(tuple(places), tuple(slides), theme.stone(state.player_name(seat), seat))


def draw_hint(ctx: Any, art: BoardArt, layout: Layout, theme: Theme, mark: HintMark) -> None:
    board = art.board
    scale = layout.scale
    thin = max(1.5, scale * 0.07)
    for cell in mark.places:
        centre = layout.to_px(board.centres[cell])
        radius = art.radius[cell] * scale
        ctx.fillStyle = mark.style.fill
        _circle(ctx, centre, radius * 0.35)
        ctx.fill()
        _ring(ctx, centre, radius * 0.8, theme.selected, thin * 1.6, dash=(thin * 2.5, thin * 1.5))
    for start, end in mark.slides:
        _arrow(ctx, layout.to_px(board.centres[start]), layout.to_px(board.centres[end]), theme.selected, thin * 1.8)
