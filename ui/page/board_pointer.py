"""The pointer on the board canvas: a press, a drag with its ghost stone, a release.

Split out of ui.page.controls, which keeps the keys, the buttons and the move box: this part
only follows one press from down to up (mouse, pen or finger) and says where it started and
where it was let go; Controls decides what that release means (a tap, a drag, an edit).
"""

from __future__ import annotations

from typing import Any, Callable

from ui.board.motion import Ghost
from ui.page.page_api import Page
from ui.play.moves import slides

DRAG_PX = 6   # a press that moves this far (CSS px) is a drag, not a tap


class BoardPointer:
    """One press on the board at a time: its ghost while dragged, its cells when let go."""

    def __init__(self, page: Page, pressed: Callable[[], None],
                 released: Callable[[int | None, int], None]) -> None:
        self.page = page
        self.canvas = page.board.element
        self.pressed = pressed      # a press began (the keyboard cursor hides)
        self.released = released    # (the pressed cell or None, the cell let go on)
        self._press: tuple[int | None, float, float] | None = None
        self._drag_targets: frozenset[int] | None = None   # the pressed stone's slides, once dragged
        on = page.dom.on
        on(self.canvas, "pointerdown", self._down)
        on(self.canvas, "pointermove", self._move)
        on(self.canvas, "pointerup", self._up)
        on(self.canvas, "pointercancel", lambda e: self._end_press())

    def _down(self, event: Any) -> None:
        if event.button != 0 or self.page.board.layout is None:
            return
        self.pressed()
        self._press = (self.page.board.cell_at(self.page.session.live.board, event), event.clientX, event.clientY)
        self._drag_targets = None

    def _move(self, event: Any) -> None:
        """While a stone that may slide is dragged, its ghost follows the pointer (and its
        destinations show) until it is let go."""
        pressed, board = self._press, self.page.board
        if pressed is None or pressed[0] is None or board.layout is None:
            return
        if board.ghost is None and abs(event.clientX - pressed[1]) + abs(event.clientY - pressed[2]) < DRAG_PX:
            return
        session = self.page.session
        if self._drag_targets is None:
            found = slides(session.live).get(pressed[0], {}) if session.humans_turn() and not session.pending else {}
            self._drag_targets = frozenset(found)
        seat = session.live.occupant(pressed[0])
        if not self._drag_targets or seat is None:
            return
        rect = self.canvas.getBoundingClientRect()
        point = (float(event.clientX - rect.left), float(event.clientY - rect.top))
        board.ghost = Ghost(pressed[0], seat, point, self._drag_targets, board.cell_at(session.live.board, event))
        self.page.refresh(board_only=True)

    def _end_press(self) -> None:
        self._press = None
        if self.page.board.ghost is not None:
            self.page.board.ghost = None
            self.page.refresh(board_only=True)

    def allow_drag(self) -> None:
        """Let a finger drag a stone (no page scroll starts on the board; pinching still zooms)
        while the person has a stone to slide and the board is not zoomed (a zoomed board pans
        under the finger)."""
        session, board = self.page.session, self.page.board
        sliding = session.humans_turn() and not board.zoomed and bool(slides(session.live))
        self.canvas.style.touchAction = "pinch-zoom" if sliding else ""

    def _up(self, event: Any) -> None:
        pressed = self._press
        self._end_press()
        if pressed is None or self.page.board.layout is None:
            return
        cell = self.page.board.cell_at(self.page.session.live.board, event)
        if cell is not None:
            self.released(pressed[0], cell)
