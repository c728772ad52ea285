"""How big the board is drawn: the fitted size that leaves the turn buttons on screen, and the
zoom that makes the smallest cell a comfortable touch target.

Pure arithmetic on numbers the page measures (area width, viewport height, where the board
starts, what must stay visible under it), so it is tested without a browser.
"""

from __future__ import annotations

from typing import NamedTuple

from ui.board.boards import BoardArt
from ui.board.layout import Bounds

MIN_TAP_PX = 36.0     # the smallest cell a finger should have to hit, in CSS pixels
MIN_HEIGHT_PX = 220.0  # below this the board is unreadable: the page scrolls instead
ZOOM_SLACK = 1.04     # zoom a little past the minimum so rounding never lands under it


class Room(NamedTuple):
    """What the page measured: the board area's width, the viewport's height, the document y
    where the board starts, and the height that must stay visible below it (the turn buttons)."""

    width: float
    viewport_height: float
    top: float
    below: float


def fitted_size(bounds: Bounds, room: Room) -> tuple[int, int]:
    """CSS width and height of the board: as wide as the area, no taller than the room left
    above the turn buttons (but at least MIN_HEIGHT_PX), keeping the board's aspect ratio."""
    min_x, min_y, max_x, max_y = bounds
    aspect = (max_y - min_y) / max(max_x - min_x, 1e-9)
    width = max(200.0, room.width)
    height = min(width * aspect, max(room.viewport_height - room.top - room.below, MIN_HEIGHT_PX))
    if height < width * aspect:
        width = height / aspect
    return round(width), round(height)


def smallest_cell(art: BoardArt) -> float:
    """The narrower side of the smallest cell's bounding box, in unit lengths (STYMIE's
    squares, not its octagons; a hexagon's width across its flats)."""
    best = float("inf")
    for outline in art.board.outlines:
        xs = [x for x, _ in outline]
        ys = [y for _, y in outline]
        best = min(best, max(xs) - min(xs), max(ys) - min(ys))
    return best


def zoom_for(art: BoardArt, scale: float) -> float:
    """The magnification that makes the smallest cell at least MIN_TAP_PX wide at `scale`
    pixels per unit; 1.0 when it already is (no zoom is offered then)."""
    cell_px = smallest_cell(art) * scale
    if cell_px >= MIN_TAP_PX:
        return 1.0
    return MIN_TAP_PX / cell_px * ZOOM_SLACK
