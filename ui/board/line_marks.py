"""The analysis on the board (issue 54.6): the best line as numbered stones and arrows, and the
threats as crosses, drawn over the position without playing anything.

Each turn of the line is numbered from 1 (the move to play now): a placement is a small stone
of the mover's colour with the turn's number on it, a slide an arrow to its new cell with the
number at its head. A threat is a cross in the colour of the side that would win there, edged
with the board's background so it reads on any cell. Everything comes from the game's board
geometry (`art.board`: cell centres and sizes) and `touched_cells`, never from a game's name.
Pure: `line_marks` is tested on its own, the drawing with a fake canvas.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from pygame_core.game import Action, GameState
from ui.board.boards import BoardArt
from ui.board.layout import Layout
from ui.board.render import _arrow, _circle
from ui.board.theme import StoneStyle, Theme

LINE_MARK_TURNS = 4   # turns of the line drawn, at most (more crowd the board)


class LineMark(NamedTuple):
    number: int               # the line's turn, 1 = the move to play now
    cell: int                 # where a stone goes (a slide: where it arrives)
    start: int | None         # a slide's start, else None
    style: StoneStyle         # the mover's stones


class ThreatMark(NamedTuple):
    cell: int
    style: StoneStyle         # the stones of the side that would win there


def line_marks(state: GameState, line: Sequence[Action], theme: Theme,
               turns: int = LINE_MARK_TURNS) -> list[LineMark]:
    """What to draw for the first `turns` turns of `line` (actions) played from `state`."""
    marks: list[LineMark] = []
    number = 1
    for action in line:
        if state.outcome is not None or number > turns:
            break
        style = theme.stone(state.player_name(state.to_move), state.to_move)
        cells = state.touched_cells(action)
        if len(cells) == 2:
            marks.append(LineMark(number, cells[1], cells[0], style))
        elif cells:
            marks.append(LineMark(number, cells[0], None, style))
        before, state = state, state.play_unchecked(action)
        if state.outcome is not None or not state.turn_actions or state.to_move != before.to_move:
            number += 1   # the turn ended
    return marks


def threat_marks(state: GameState, seat: int, cells: Sequence[str], theme: Theme) -> list[ThreatMark]:
    """The threat cells (in notation) of `seat` as marks; none when no seat threatens."""
    if seat < 0:
        return []
    style = theme.stone(state.player_name(seat), seat)
    names = state.board.names
    return [ThreatMark(names.index(name), style) for name in cells if name in names]


def marks_text(state: GameState, line: Sequence[LineMark], threats: Sequence[ThreatMark]) -> str:
    """The marks in words, as the page publishes what it drew ("1 e5 · 2 d4-d5 · threat c3")."""
    names = state.board.names
    words = [f"{m.number} {names[m.cell]}" if m.start is None else f"{m.number} {names[m.start]}-{names[m.cell]}"
             for m in line]
    return " · ".join(words + [f"threat {names[t.cell]}" for t in threats])


def draw_line_marks(ctx: Any, art: BoardArt, layout: Layout, theme: Theme,
                    line: Sequence[LineMark], threats: Sequence[ThreatMark]) -> None:
    board = art.board
    scale = layout.scale
    thin = max(1.5, scale * 0.07)
    for threat in threats:
        _cross(ctx, layout.to_px(board.centres[threat.cell]), art.radius[threat.cell] * scale * 0.55, threat.style,
               theme, thin * 1.8)
    for mark in reversed(line):   # the first turn on top where marks meet
        end = layout.to_px(board.centres[mark.cell])
        radius = art.radius[mark.cell] * scale
        if mark.start is not None:
            _arrow(ctx, layout.to_px(board.centres[mark.start]), end, mark.style.fill, thin * 1.6)
        ctx.fillStyle = mark.style.fill
        _circle(ctx, end, radius * 0.5)
        ctx.fill()
        ctx.strokeStyle = mark.style.rim
        ctx.lineWidth = max(1.0, radius * 0.06)
        ctx.stroke()
        ctx.fillStyle = mark.style.mark_colour
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        ctx.font = f"bold {max(8, round(radius * 0.6))}px system-ui, sans-serif"
        ctx.fillText(str(mark.number), end[0], end[1])


def _cross(ctx: Any, centre: tuple[float, float], size: float, style: StoneStyle, theme: Theme, width: float) -> None:
    """An X over a cell: a wide stroke in the background's colour, then the side's colour."""
    x, y = centre
    for colour, line_width in ((theme.background, width * 2), (style.fill, width)):
        ctx.strokeStyle = colour
        ctx.lineWidth = line_width
        ctx.setLineDash([])
        ctx.beginPath()
        ctx.moveTo(x - size, y - size)
        ctx.lineTo(x + size, y + size)
        ctx.moveTo(x + size, y - size)
        ctx.lineTo(x - size, y + size)
        ctx.stroke()
