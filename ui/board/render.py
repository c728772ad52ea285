"""Paint one board position on a 2D canvas.

`draw` only reads: a BoardArt (static geometry), a BoardView (what is on it and what to mark,
built by the session, ui.play.session) and a Theme. It talks to a small subset of CanvasRenderingContext2D,
so tests hand it a recording fake and the browser hands it the real context. No rules here.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Protocol, Sequence

from ui.board.boards import BoardArt
from ui.board.layout import Layout, Point
from ui.board.motion import Ghost
from ui.board.theme import StoneStyle, Theme

TAU = 2 * math.pi


class Canvas2D(Protocol):
    """The part of CanvasRenderingContext2D used here (attributes are set, never read)."""

    fillStyle: Any
    strokeStyle: Any
    lineWidth: Any
    font: Any
    textAlign: Any
    textBaseline: Any
    globalAlpha: Any

    def setTransform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None: ...
    def fillRect(self, x: float, y: float, w: float, h: float) -> None: ...
    def beginPath(self) -> None: ...
    def closePath(self) -> None: ...
    def moveTo(self, x: float, y: float) -> None: ...
    def lineTo(self, x: float, y: float) -> None: ...
    def arc(self, x: float, y: float, r: float, start: float, end: float) -> None: ...
    def fill(self, path: Any = ...) -> None: ...
    def stroke(self, path: Any = ...) -> None: ...
    def fillText(self, text: str, x: float, y: float) -> None: ...
    def setLineDash(self, segments: Any) -> None: ...


class BoardView(NamedTuple):
    """Everything shown on the board besides its geometry.

    occupants[c]  seat on cell c or None; styles[seat] how that seat's stones look
    pending       stones of the unfinished multi-stone turn
    targets       cells worth a legal-target dot
    last          cells of the last turn (placements; a slide is shown by `arrow`)
    highlight     the surrounded stone or winning group at the end
    """

    occupants: tuple[int | None, ...]
    styles: tuple[StoneStyle, ...]
    pending: frozenset[int] = frozenset()
    targets: frozenset[int] = frozenset()
    last: tuple[int, ...] = ()
    arrow: tuple[int, int] | None = None
    selected: int | None = None
    highlight: frozenset[int] = frozenset()
    cursor: int | None = None
    coordinates: bool = False


class PathCache:
    """The board's static outlines as one path each (decor, both cell kinds, the grid), built
    once per board and layout from SVG path text. In the browser `factory` makes a Path2D, so
    a repaint fills and strokes a few prepared paths instead of making thousands of moveTo and
    lineTo calls through the Python-JavaScript bridge; the default keeps the text (tests)."""

    def __init__(self, factory: Callable[[str], Any] = str) -> None:
        self.factory = factory
        self._key: tuple[int, Layout] | None = None
        self._paths: dict[str, Any] = {}

    def get(self, art: BoardArt, layout: Layout, name: str, polygons: Callable[..., Iterable[Sequence[Point]]]) -> Any:
        key = (id(art.board), layout)
        if key != self._key:
            self._key, self._paths = key, {}
        if name not in self._paths:
            self._paths[name] = self.factory(svg_path(layout, polygons()))
        return self._paths[name]


def svg_path(layout: Layout, polygons: Iterable[Sequence[Point]]) -> str:
    """SVG path data for closed polygons, in pixels."""
    parts = []
    for poly in polygons:
        points = [layout.to_px(p) for p in poly]
        parts.append("M" + "L".join(f"{x:.2f} {y:.2f}" for x, y in points) + "Z")
    return "".join(parts)


def draw(ctx: Canvas2D, art: BoardArt, view: BoardView, theme: Theme, layout: Layout,
         width: float, height: float, pixel_ratio: float = 1.0, paths: PathCache | None = None,
         grow: Mapping[int, float] | None = None, ghost: Ghost | None = None) -> None:
    """Paint the whole board into a width x height (CSS pixels) canvas; stones in `grow` at that
    fraction of their size (just placed), and a dragged stone's `ghost` over everything."""
    paths = paths or PathCache()
    ctx.setTransform(pixel_ratio, 0, 0, pixel_ratio, 0, 0)
    ctx.fillStyle = theme.background
    ctx.fillRect(0, 0, width, height)
    board = art.board
    scale = layout.scale
    for i, decor in enumerate(art.decor):
        ctx.fillStyle = _role_colour(decor.role, theme)
        ctx.fill(paths.get(art, layout, f"decor{i}", lambda d=decor: d.polygons))
    plain = [c for c in range(board.size) if c not in art.alt_cells]
    for name, colour, cells in (("cells", theme.cell, plain), ("alt", theme.cell_alt, sorted(art.alt_cells))):
        if cells:
            ctx.fillStyle = colour
            ctx.fill(paths.get(art, layout, name, lambda cells=cells: (board.outlines[c] for c in cells)))
    ctx.strokeStyle = theme.grid
    ctx.lineWidth = max(1.0, scale * 0.04)
    ctx.stroke(paths.get(art, layout, "grid", lambda: board.outlines))

    if view.coordinates:
        _labels(ctx, art, view, theme, layout)
    grow = grow or {}
    for cell, seat in enumerate(view.occupants):
        if seat is not None:
            _stone(ctx, layout.to_px(board.centres[cell]), art.radius[cell] * 0.86 * scale * grow.get(cell, 1.0),
                   view.styles[seat], theme)
    _marks(ctx, art, view, theme, layout)
    if ghost is not None:
        _ghost(ctx, art, view, theme, layout, ghost)


def _ghost(ctx: Canvas2D, art: BoardArt, view: BoardView, theme: Theme, layout: Layout, ghost: Ghost) -> None:
    """A dragged stone: its legal destinations dotted, the one under the pointer ringed, and
    the stone itself, half transparent, under the pointer."""
    board, scale = art.board, layout.scale
    ctx.fillStyle = theme.target
    for cell in sorted(ghost.targets):
        _circle(ctx, layout.to_px(board.centres[cell]), art.radius[cell] * scale * 0.2)
        ctx.fill()
    if ghost.over in ghost.targets:
        _ring(ctx, layout.to_px(board.centres[ghost.over]), art.radius[ghost.over] * scale * 0.97,
              theme.selected, max(1.5, scale * 0.07) * 2)
    ctx.globalAlpha = 0.75
    _stone(ctx, ghost.point, art.radius[ghost.source] * 0.86 * scale, view.styles[ghost.seat], theme)
    ctx.globalAlpha = 1.0


def _role_colour(role: str, theme: Theme) -> str:
    if role.startswith("side:"):
        return theme.stone(role[5:], 0).fill
    return theme.frame


def _trace(ctx: Canvas2D, layout: Layout, polygons: Iterable[Sequence[Point]]) -> None:
    """One path holding every polygon (one fill or stroke call for the lot)."""
    ctx.beginPath()
    for poly in polygons:
        x, y = layout.to_px(poly[0])
        ctx.moveTo(x, y)
        for point in poly[1:]:
            x, y = layout.to_px(point)
            ctx.lineTo(x, y)
        ctx.closePath()


def _circle(ctx: Canvas2D, centre: Point, radius: float) -> None:
    ctx.beginPath()
    ctx.arc(centre[0], centre[1], radius, 0, TAU)


def _ring(ctx: Canvas2D, centre: Point, radius: float, colour: str, width: float,
          dash: Sequence[float] = ()) -> None:
    ctx.strokeStyle = colour
    ctx.lineWidth = width
    ctx.setLineDash(list(dash))
    _circle(ctx, centre, radius)
    ctx.stroke()
    if dash:
        ctx.setLineDash([])


def _stone(ctx: Canvas2D, centre: Point, radius: float, style: StoneStyle, theme: Theme) -> None:
    ctx.fillStyle = style.fill
    _circle(ctx, centre, radius)
    ctx.fill()
    ctx.strokeStyle = style.rim
    ctx.lineWidth = max(1.0, radius * 0.08)
    ctx.stroke()
    if style.mark:
        _mark(ctx, centre, radius, style)


def _mark(ctx: Canvas2D, centre: Point, radius: float, style: StoneStyle) -> None:
    """The shape on a stone that tells sides apart without colour."""
    x, y = centre
    s = radius * 0.45
    ctx.fillStyle = style.mark_colour
    ctx.beginPath()
    if style.mark == "triangle":
        ctx.moveTo(x, y - s)
        ctx.lineTo(x + s * 0.87, y + s * 0.5)
        ctx.lineTo(x - s * 0.87, y + s * 0.5)
    elif style.mark == "square":
        h = s * 0.75
        ctx.moveTo(x - h, y - h)
        ctx.lineTo(x + h, y - h)
        ctx.lineTo(x + h, y + h)
        ctx.lineTo(x - h, y + h)
    elif style.mark in ("vbar", "hbar"):
        long, short = s * 1.2, s * 0.3
        w, h = (short, long) if style.mark == "vbar" else (long, short)
        ctx.moveTo(x - w, y - h)
        ctx.lineTo(x + w, y - h)
        ctx.lineTo(x + w, y + h)
        ctx.lineTo(x - w, y + h)
    ctx.closePath()
    ctx.fill()


def _labels(ctx: Canvas2D, art: BoardArt, view: BoardView, theme: Theme, layout: Layout) -> None:
    """Cell names on empty cells: the same coordinates the notation uses."""
    board = art.board
    ctx.fillStyle = theme.label
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    current = None
    for cell, seat in enumerate(view.occupants):
        if seat is not None or not art.cell_labels:
            continue
        size = max(7, round(art.radius[cell] * layout.scale * 0.62))
        if size != current:
            ctx.font = f"{size}px system-ui, sans-serif"
            current = size
        x, y = layout.to_px(board.centres[cell])
        ctx.fillText(board.names[cell], x, y)
    if art.edge_labels:
        ctx.font = f"bold {max(8, round(layout.scale * art.label_size))}px system-ui, sans-serif"
        for text, point in art.edge_labels:
            x, y = layout.to_px(point)
            ctx.fillText(text, x, y)


def _marks(ctx: Canvas2D, art: BoardArt, view: BoardView, theme: Theme, layout: Layout) -> None:
    """Markers over the stones: end highlight, last move, pending, selection, targets, cursor."""
    board = art.board
    scale = layout.scale
    thin = max(1.5, scale * 0.07)

    def radius(cell: int, factor: float) -> float:
        return art.radius[cell] * scale * factor

    for cell in sorted(view.highlight):
        _ring(ctx, layout.to_px(board.centres[cell]), radius(cell, 0.9), theme.highlight, thin * 2.2)
    for cell in view.last:   # a ring inside the stone in its own contrast colour
        seat = view.occupants[cell]
        colour = view.styles[seat].mark_colour if seat is not None else theme.last
        _ring(ctx, layout.to_px(board.centres[cell]), radius(cell, 0.5), colour, thin * 1.2)
    if view.arrow is not None:
        _arrow(ctx, layout.to_px(board.centres[view.arrow[0]]), layout.to_px(board.centres[view.arrow[1]]),
               theme.last, thin * 1.4)
    for cell in sorted(view.pending):
        _ring(ctx, layout.to_px(board.centres[cell]), radius(cell, 0.97), theme.pending, thin * 1.3,
              dash=(thin * 2, thin * 1.5))
    if view.selected is not None:
        _ring(ctx, layout.to_px(board.centres[view.selected]), radius(view.selected, 0.97),
              theme.selected, thin * 2)
    ctx.fillStyle = theme.target
    for cell in sorted(view.targets):
        _circle(ctx, layout.to_px(board.centres[cell]), radius(cell, 0.2))
        ctx.fill()
    if view.cursor is not None:
        ctx.strokeStyle = theme.cursor
        ctx.lineWidth = thin * 1.6
        ctx.setLineDash([])
        _trace(ctx, layout, [board.outlines[view.cursor]])
        ctx.stroke()


def _arrow(ctx: Canvas2D, start: Point, end: Point, colour: str, width: float) -> None:
    """A slide: a shaft from the old cell towards the new one, with a head."""
    (x1, y1), (x2, y2) = start, end
    angle = math.atan2(y2 - y1, x2 - x1)
    head = width * 3.5
    ctx.strokeStyle = colour
    ctx.fillStyle = colour
    ctx.lineWidth = width
    ctx.setLineDash([])
    ctx.beginPath()
    ctx.moveTo(x1, y1)
    ctx.lineTo(x2 - head * 0.8 * math.cos(angle), y2 - head * 0.8 * math.sin(angle))
    ctx.stroke()
    ctx.beginPath()
    ctx.moveTo(x2, y2)
    ctx.lineTo(x2 - head * math.cos(angle - 0.45), y2 - head * math.sin(angle - 0.45))
    ctx.lineTo(x2 - head * math.cos(angle + 0.45), y2 - head * math.sin(angle + 0.45))
    ctx.closePath()
    ctx.fill()
