"""The board's <canvas>: its size, the layout that maps cells to pixels, painting, hit-testing.

What to show (a BoardView) is decided elsewhere (ui.play.view); this module only fits the
canvas to its area, paints the view, and tells which cell a pointer event is on. The canvas
sits in a frame (#board-frame) of the fitted size; zoomed in, the canvas grows inside it and
the frame scrolls, so the page around the board never moves.

Every game opens, and ends, showing its whole board (issue 38.18b: a phone that opened zoomed in
showed no edge, and a win ended out of view). Where the whole board's cells are too small to
tap on a phone, the first tap zooms in around it instead of playing there (`tap_zooms`), so no
stone lands on a cell too small to hit, whatever game or size came before (issue 38.18c).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from pygame_core.geometry import Board
from ui.board.boards import BoardArt
from ui.board.layout import Layout, fit, hit_test
from ui.board.motion import Ghost, Placements
from ui.board.render import BoardView, PathCache, draw
from ui.board.sizing import Room, fitted_size, smallest_cell, zoom_for
from ui.board.theme import Theme
from ui.page.dom_helpers import Dom

MARGIN_PX = 6
TAP_SLACK = 0.6   # unit lengths around the rim that still count as the nearest cell
# drawn over the painted board, in CSS pixels: (context, art, layout, theme), e.g. the coach's hint
Overlay = Callable[[Any, BoardArt, Layout, Theme], None]
REDUCED_MOTION = "(prefers-reduced-motion: reduce)"
BOTTOM_GAP_PX = 16  # kept free under the turn buttons (the page's own padding)
# the phone layout's breakpoint (assets/play.css): there a tap on a whole board whose cells are
# too small to tap zooms in first (a mouse elsewhere hits small cells; Zoom is offered)
NARROW = "(max-width: 600px)"


def path_cache(window: Any) -> PathCache:
    """A PathCache making the browser's Path2D objects."""
    path2d = window.Path2D
    return PathCache(lambda svg: path2d.new(svg))


def size_canvas(canvas: Any, width: float, height: float, ratio: float) -> None:
    """CSS size in pixels, backing store x devicePixelRatio (sharp on high-density screens)."""
    canvas.style.width = f"{width:.0f}px"
    canvas.style.height = f"{height:.0f}px"
    canvas.width = round(width * ratio)
    canvas.height = round(height * ratio)


class BoardCanvas:
    """The page's board canvas for the board shown now."""

    def __init__(self, dom: Dom) -> None:
        self.dom = dom
        self.element = dom.by_id("board")
        self.frame = dom.by_id("board-frame")
        self.ctx = self.element.getContext("2d")
        self.layout: Layout | None = None
        self.coordinates = False            # the "Coordinates" toggle
        self.zoomed = False                 # the "Zoom" toggle; each game opens with the whole board
        self.zoom_needed = 1.0              # magnification that makes the smallest cell tappable
        self._size = (0.0, 0.0, 1.0)        # canvas CSS width, height, device pixel ratio
        self._paths = path_cache(dom.window)
        self.overlays: list[Overlay] = []
        self.placements = Placements()
        self.ghost: Ghost | None = None     # a stone being dragged (ui.page.controls sets it)
        self._reduced_motion = dom.window.matchMedia(REDUCED_MOTION)
        self._narrow = dom.window.matchMedia(NARROW)

    @property
    def focused(self) -> bool:
        return self.dom.document.activeElement == self.element

    def _room(self) -> Room:
        """The board area's width, and how much height is left for the board above the turn
        buttons (measured from where the frame starts in the document)."""
        window, by_id = self.dom.window, self.dom.by_id
        frame = self.frame.getBoundingClientRect()
        bar = by_id("action-bar").getBoundingClientRect()
        return Room(width=float(by_id("board-area").clientWidth),
                    viewport_height=float(window.innerHeight),
                    top=float(frame.top) + float(window.scrollY or 0),
                    below=float(bar.bottom) - float(frame.bottom) + BOTTOM_GAP_PX)

    def fit(self, art: BoardArt) -> bool:
        """Fit the frame to its room and the canvas to the zoom; True when the canvas's size or
        layout changed (repaint)."""
        bounds = art.bounds
        width, height = fitted_size(bounds, self._room())
        self.zoom_needed = zoom_for(art, fit(bounds, width, height, MARGIN_PX).scale)
        zoom = self.zoom_needed if self.zoomed else 1.0
        self._show_zoom_button()
        ratio = float(self.dom.window.devicePixelRatio or 1)
        canvas_size = (round(width * zoom), round(height * zoom), ratio)
        self.frame.style.width = f"{width}px"
        self.frame.style.height = f"{height}px"
        if canvas_size == self._size and self.layout is not None:
            return False
        self._size = canvas_size
        size_canvas(self.element, *canvas_size)
        self.layout = fit(bounds, canvas_size[0], canvas_size[1], MARGIN_PX)
        self._publish_cells(art)
        return True

    def _show_zoom_button(self) -> None:
        button = self.dom.by_id("zoom")
        button.hidden = self.zoom_needed <= 1.0
        button.setAttribute("aria-pressed", "true" if self.zoomed and not button.hidden else "false")

    def toggle_zoom(self, art: BoardArt, around: int | None) -> None:
        """Zoom in or out; zoomed in, scroll the frame so cell `around` (else the middle) shows."""
        self.zoomed = not self.zoomed
        self.fit(art)
        self._centre_on(art.board, around)

    @property
    def tap_zooms(self) -> bool:
        """Whether a tap zooms in rather than plays: the whole board is shown on a phone and its
        cells are under the tap size."""
        return not self.zoomed and self.zoom_needed > 1.0 and bool(self._narrow.matches)

    def show_whole(self) -> bool:
        """Zoom out (a game starts or ends); True when it was zoomed in (fit it again)."""
        was, self.zoomed = self.zoomed, False
        return was

    def reveal(self, board: Board, cell: int) -> None:
        """Scroll a zoomed board when `cell` (the keyboard cursor) is outside the frame."""
        if self.layout is None:
            return
        x, y = self.layout.to_px(board.centres[cell])
        frame = self.frame
        left, top = float(frame.scrollLeft), float(frame.scrollTop)
        if not (left <= x <= left + float(frame.clientWidth) and top <= y <= top + float(frame.clientHeight)):
            self._centre_on(board, cell)

    def _centre_on(self, board: Board, cell: int | None) -> None:
        """Scroll the frame so `cell` (None: the middle of the board) is in its middle."""
        if self.layout is None:
            return
        width, height, _ = self._size
        x, y = (width / 2, height / 2) if cell is None else self.layout.to_px(board.centres[cell])
        self.frame.scrollLeft = max(0.0, x - float(self.frame.clientWidth) / 2)
        self.frame.scrollTop = max(0.0, y - float(self.frame.clientHeight) / 2)

    def _publish_cells(self, art: BoardArt) -> None:
        """Test hooks: each cell's centre in canvas CSS pixels, as JSON in data-cells, and the
        smallest cell's width in data-cell-px."""
        board = art.board
        cells = {name: [round(v, 1) for v in self._fitted.to_px(centre)]
                 for name, centre in zip(board.names, board.centres, strict=True)}
        self.element.dataset.cells = json.dumps(cells)
        self.element.dataset.cellPx = f"{smallest_cell(art) * self._fitted.scale:.1f}"

    def paint(self, art: BoardArt, view: BoardView, theme: Theme, now: float) -> tuple[int, ...]:
        """Paint `view` at frame time `now` (ms); returns the cells whose stones just appeared
        (they grow in unless the player prefers reduced motion)."""
        width, height, ratio = self._size
        placed = self.placements.update(view.occupants, now, animate=not self._reduced_motion.matches)
        draw(self.ctx, art, view, theme, self._fitted, width, height, ratio, self._paths,
             self.placements.sizes(now), self.ghost)
        for overlay in list(self.overlays):
            overlay(self.ctx, art, self._fitted, theme)
        self.element.dataset.grown = str(self.placements.grown)
        return placed

    @property
    def _fitted(self) -> Layout:
        """The layout, set by the first `resize` (painting and hit-testing come after it)."""
        assert self.layout is not None
        return self.layout

    def animating(self, now: float) -> bool:
        return self.placements.active(now)

    def cell_at(self, board: Board, event: Any) -> int | None:
        """The cell under a pointer event (or the nearest, within TAP_SLACK of the rim)."""
        rect = self.element.getBoundingClientRect()
        return hit_test(board, self._fitted, event.clientX - rect.left, event.clientY - rect.top,
                        slack=TAP_SLACK)
