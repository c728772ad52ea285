"""The board's <canvas>: its size, the layout that maps cells to pixels, painting, hit-testing.

What to show (a BoardView) is decided elsewhere (ui.play.view); this module only fits the
canvas to its area, paints the view, and tells which cell a pointer event is on.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from pygame_core.geometry import Board
from ui.board.boards import BoardArt
from ui.board.layout import Layout, fit, hit_test
from ui.board.render import BoardView, PathCache, draw
from ui.board.theme import Theme
from ui.page.dom_helpers import Dom

MARGIN_PX = 6
TAP_SLACK = 0.6   # unit lengths around the rim that still count as the nearest cell
# drawn over the painted board, in CSS pixels: (context, art, layout, theme), e.g. the coach's hint
Overlay = Callable[[Any, BoardArt, Layout, Theme], None]


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
        self.ctx = self.element.getContext("2d")
        self.layout: Layout | None = None
        self.coordinates = False            # the "Coordinates" toggle
        self._size = (0.0, 0.0, 1.0)        # CSS width, height, device pixel ratio
        self._paths = path_cache(dom.window)
        self.overlays: list[Overlay] = []

    @property
    def focused(self) -> bool:
        return self.dom.document.activeElement == self.element

    def fit(self, art: BoardArt) -> bool:
        """Fit the canvas to its area; True when its size or layout changed (repaint)."""
        window = self.dom.window
        area = self.dom.by_id("board-area")
        width = max(200.0, float(area.clientWidth))
        min_x, min_y, max_x, max_y = bounds = art.bounds
        aspect = (max_y - min_y) / (max_x - min_x)
        room = float(window.innerHeight) * 0.75
        height = min(width * aspect, max(room, 220.0))
        if height < width * aspect:
            width = height / aspect
        ratio = float(window.devicePixelRatio or 1)
        width, height = round(width), round(height)
        if (width, height, ratio) == self._size and self.layout is not None:
            return False
        self._size = (width, height, ratio)
        size_canvas(self.element, width, height, ratio)
        self.layout = fit(bounds, width, height, MARGIN_PX)
        self._publish_cells(art.board)
        return True

    def _publish_cells(self, board: Board) -> None:
        """Test hook: each cell's centre in canvas CSS pixels, as JSON in data-cells."""
        cells = {name: [round(v, 1) for v in self.layout.to_px(centre)]
                 for name, centre in zip(board.names, board.centres)}
        self.element.dataset.cells = json.dumps(cells)

    def paint(self, art: BoardArt, view: BoardView, theme: Theme) -> None:
        width, height, ratio = self._size
        draw(self.ctx, art, view, theme, self.layout, width, height, ratio, self._paths)
        for overlay in list(self.overlays):
            overlay(self.ctx, art, self.layout, theme)

    def cell_at(self, board: Board, event: Any) -> int | None:
        """The cell under a pointer event (or the nearest, within TAP_SLACK of the rim)."""
        rect = self.element.getBoundingClientRect()
        return hit_test(board, self.layout, event.clientX - rect.left, event.clientY - rect.top,
                        slack=TAP_SLACK)
