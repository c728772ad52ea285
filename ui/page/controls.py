"""The play page's input: pointer and keys on the board, move-list keys, buttons, the move box.

The pointer's press and drag are followed by ui.page.board_pointer, which hands the release
back here to be routed like a key's Enter (tap, drag or edit).

Each DOM event becomes one call on the page's Session (or one of the page's actions, which also
stop the opponent), then a redraw is asked for. No decision is made here: ui.play.player_input says
what a tap or a typed move means.
"""

from __future__ import annotations

from typing import Any, Callable

from pygame_core.game import END_TURN, PASS, SWAP
from pygame_core.geometry import Board
from ui.board.layout import step
from ui.i18n import _, say
from ui.page.board_pointer import BoardPointer
from ui.page.move_list_input import move_list_clicked
from ui.page.page_api import Page
from ui.play.player_input import click, drag, play_text, press, tapped_turn
from ui.play.session import rematch

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class Controls:
    """Listens to the page's controls; keeps the keyboard cursor's cell."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = page.dom
        self.canvas = page.board.element
        self.cursor_cell: int | None = None
        self._keyboard = False   # the cursor shows only while the keyboard is in use
        self.pointer = BoardPointer(page, self._pressed, self._released)
        self._wire_board()
        self._wire_buttons()
        page.on_new_session.append(self._new_session)

    def shown_cursor(self) -> int | None:
        """The keyboard cursor's cell while the board has the focus and keys are in use."""
        return self.cursor_cell if self.page.board.focused and self._keyboard else None

    def _wire_board(self) -> None:
        on, canvas, refresh = self.dom.on, self.canvas, self.page.refresh
        on(canvas, "keydown", self._board_key)
        on(canvas, "focus", lambda e: refresh(board_only=True))
        on(canvas, "blur", lambda e: refresh(board_only=True))
        on(self.dom.document, "keydown", self._page_key)
        on(self.dom.by_id("coordinates"), "change", self._toggle_coordinates)
        on(self.dom.by_id("eval-toggle"), "change", lambda e: self.page.coach().bar.show(bool(e.target.checked)))
        self.dom.on_click(self.dom.by_id("zoom"), self._toggle_zoom)
        on(self.dom.by_id("move-form"), "submit", self._typed_move)
        on(self.dom.by_id("moves"), "click", self._move_clicked)

    def _wire_buttons(self) -> None:
        page = self.page
        for element_id, action in (
                ("end-turn", lambda: press(page.session, END_TURN)),
                ("clear-turn", lambda: page.session.clear_pending()),
                ("pass", lambda: page.confirm_first("pass", lambda: press(page.session, PASS))),
                ("swap", lambda: press(page.session, SWAP)),
                ("undo", lambda: page.confirm_first("undo", page.undo)),
                ("redo", page.redo),
                ("nav-first", lambda: page.goto(0)),
                ("nav-prev", lambda: page.goto(page.session.cursor - 1)),
                ("nav-next", lambda: page.goto(page.session.cursor + 1)),
                ("nav-last", lambda: page.goto(len(page.session.turns))),
                ("resign", lambda: page.confirm_first("resign", page.resign)),
                ("rematch", lambda: page.confirm_first("new-game", lambda: page.start(rematch(page.session)))),
                ("review-start", self._review_from_start),
                ("share-game", lambda: page.share() if page.share is not None else None),
                ("new-game", page.open_new_game),
                ("help-button", page.open_help),
                ("hint-button", lambda: page.coach().hint()),
                ("review-button", lambda: page.coach().open_review()),
                ("analysis-toggle", lambda: page.engine().toggle()),
                ("learn-button", page.open_learn),
                ("analyse", lambda: page.analysis().open_here())):
            self.dom.on_click(self.dom.by_id(element_id), self._then_refresh(action))

    def _then_refresh(self, fn: Callable[[], Any]) -> Callable[[], None]:
        """`fn`, then a redraw of board and panel."""
        def run() -> None:
            fn()
            self.page.refresh()
        return run

    # --- the board's pointer (ui.page.board_pointer follows the press) ----------------------
    def allow_drag(self) -> None:
        """Let a finger drag a stone while one may slide (see BoardPointer.allow_drag)."""
        self.pointer.allow_drag()

    def _pressed(self) -> None:
        self._keyboard = False

    def _released(self, start: int | None, cell: int) -> None:
        """A press let go on `cell`: a zoom on a board too small to hit, an edit while the
        position editor is open, a drag from `start`, else a tap."""
        session = self.page.session
        self.cursor_cell = cell
        if self.page.board.tap_zooms:   # cells too small to hit: zoom in around the tap first
            self._toggle_zoom()
            return
        if self.page.cell_tap is not None:   # the position editor is open: a tap edits
            self.page.cell_tap(cell)
        elif start is not None and start != cell and session.live.occupant(start) is not None:
            drag(session, start, cell)
        else:
            self._tap(cell)
        self.page.refresh()

    def _tap(self, cell: int) -> None:
        """A tap (or Enter) on `cell`; a refused one is told to the page's on_refused hooks."""
        session = self.page.session
        if not click(session, cell) and session.message:
            self._refused(tapped_turn(session, cell))

    def _refused(self, attempted: str) -> None:
        for hook in list(self.page.on_refused):
            hook(self.page.session, attempted)

    # --- keys -------------------------------------------------------------------------------
    def _board_key(self, event: Any) -> None:
        key = event.key
        session = self.page.session
        board = session.live.board
        if key in ARROWS:
            event.preventDefault()
            event.stopPropagation()
            self._keyboard = True
            if self.cursor_cell is None:
                self.cursor_cell = min(range(board.size), key=lambda c: _distance_to_middle(board, c))
            else:
                self.cursor_cell = step(board, self.cursor_cell, *ARROWS[key])
            self.page.board.reveal(board, self.cursor_cell)
            self._say_cursor()
            self.page.refresh(board_only=True)
        elif key in ("Enter", " ") and self.cursor_cell is not None:
            event.preventDefault()
            event.stopPropagation()
            if self.page.cell_tap is not None:
                self.page.cell_tap(self.cursor_cell)
            else:
                self._tap(self.cursor_cell)
            self.page.refresh()
        elif key == "Escape":
            session.clear_pending()
            self.page.refresh()

    def _say_cursor(self) -> None:
        """Name the cursor's cell and what is on it, for screen readers."""
        cell = self.cursor_cell
        if cell is None:
            return
        state = self.page.session.live
        seat, name = state.occupant(cell), state.board.names[cell]
        self.dom.by_id("board-cursor").textContent = _("{cell}: empty", cell=name) if seat is None \
            else _("{cell}: {player}", cell=name, player=say(state.player_name(seat)))

    def _page_key(self, event: Any) -> None:
        """Move-list keys anywhere except in form fields and on the board."""
        target = event.target
        tag = str(getattr(target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or target == self.canvas or event.defaultPrevented:
            return
        if any(self.dom.by_id(name).open for name in ("new-game-dialog", "help-dialog", "confirm-dialog",
                                                        "front-door-dialog")):
            return
        session = self.page.session
        moves = {"ArrowLeft": session.cursor - 1, "ArrowRight": session.cursor + 1,
                 "Home": 0, "End": len(session.turns)}
        if event.key in moves and not (event.ctrlKey or event.altKey or event.metaKey):
            event.preventDefault()
            self.page.goto(moves[event.key])
            self.page.refresh()

    def _new_session(self, session: Any) -> None:
        """A new game starts with an empty Move box (a refused text belongs to the last one)."""
        self.dom.by_id("move-input").value = ""

    # --- side controls ----------------------------------------------------------------------
    def _review_from_start(self) -> None:
        """The end-of-game panel's review: the coach's review of the whole game, shown from its
        first position (the same review as the Coach box's "Review game")."""
        self.page.goto(0)
        self.page.coach().open_review()

    def _toggle_zoom(self) -> None:
        page = self.page
        page.board.toggle_zoom(page.art(), self.cursor_cell)
        self.pointer.allow_drag()
        page.refresh(board_only=True)

    def _toggle_coordinates(self, event: Any) -> None:
        self.page.board.coordinates = bool(event.target.checked)
        self.page.board.layout = None   # a board labelled at its edges is fitted again
        self.page.refresh(board_only=True)

    def _typed_move(self, event: Any) -> None:
        """A typed move; a typed pass that ends the game asks first, as the Pass button does."""
        from ui.play.confirm import typed_kind  # loaded on first use, like the question dialog
        event.preventDefault()
        box = self.dom.by_id("move-input")
        text = str(box.value)

        def play() -> None:
            if play_text(self.page.session, text):
                box.value = ""
            elif self.page.session.message:
                self._refused(text)

        kind = typed_kind(self.page.session, text)
        if kind is None:
            play()
        else:
            self.page.confirm_first(kind, play)
        self.page.refresh()

    def _move_clicked(self, event: Any) -> None:
        move_list_clicked(self.page, event)


def _distance_to_middle(board: Board, cell: int) -> float:
    xs = [x for x, unused in board.centres]
    ys = [y for unused, y in board.centres]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    x, y = board.centres[cell]
    return (x - mx) ** 2 + (y - my) ** 2
