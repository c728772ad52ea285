"""The play page: one Session at a time on the board canvas, with its controls and side panel.

Everything with a decision in it lives in pure modules (ui.play, ui.board); the page's parts
here each do one job: BoardCanvas paints, Controls turns DOM events into Session calls,
SidePanel keeps the texts in step, OpponentTurns runs the computer's turns. PlayPage ties them
together and redraws once per animation frame. The dialogs load when first opened (PageDialogs,
ui.page.page_dialogs).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, Sequence

from pygame_core.game import Action, GameState
from pygame_core.registry import find_game
from ui.board.boards import BoardArt, art_for
from ui.board.theme import Theme, theme_for
from ui.page.board_canvas import BoardCanvas
from ui.page.clock_panel import ClockPanel
from ui.page.controls import Controls
from ui.page.dom_helpers import Dom
from ui.page.opponent import OpponentTurns
from ui.page.page_dialogs import PageDialogs
from ui.page.side_panel import SidePanel
from ui.page.speech_commands import SpokenGame
from ui.play.clock import TimeControl
from ui.play.saved_game import SavedGame, Seat
from ui.play.game_tree import Node
from ui.play.session import Session
from ui.play.view import board_view

DARK_SCHEME = "(prefers-color-scheme: dark)"


class PlayPage(PageDialogs):
    """The board, its controls and the side panel for one Session at a time."""

    def __init__(self, document: Any, window: Any, session: Session) -> None:
        self.dom = Dom(document, window)
        self.session = session
        self.after_move: list[Callable[[Session], None]] = []   # autosave and friends
        self.on_new_session: list[Callable[[Session], None]] = []
        self.on_refused: list[Callable[[Session, str], None]] = []   # a turn the rules refused, as tried
        self.share: Callable[[], None] | None = None   # the saves panel's share link, when there is one
        self.cell_tap: Callable[[int], None] | None = None   # the position editor's, while it is open
        self._dark = bool(window.matchMedia(DARK_SCHEME).matches)
        self._forced_theme: bool | None = None
        self._frame_pending = False
        self._refit = False   # the board area was resized: fit the board on the next frame
        self._over = False    # the shown game had ended at the last frame
        self._panel_dirty = True
        self._dialogs: dict[str, Any] = {}   # PageDialogs: each dialog made when first opened
        self._click_sound: Any = None        # loaded on the first frame
        self.board = BoardCanvas(self.dom)
        self.panel = SidePanel(self.dom)
        self.opponent = OpponentTurns(self.dom, self.refresh)
        self.controls = Controls(self)
        self.spoken = SpokenGame(self)
        self.clock = ClockPanel(self)
        self._frame_proxy = self.dom.proxy(self._frame)
        self._watch_window()
        self._attach(session)
        self.resize()

    def _watch_window(self) -> None:
        dom, window = self.dom, self.dom.window
        dom.on(window, "resize", lambda e: self.resize())
        observer = window.ResizeObserver.new(dom.proxy(lambda entries, obs: self._area_resized()))
        observer.observe(dom.by_id("board-area"))
        dom.on(window.matchMedia(DARK_SCHEME), "change", self._scheme_changed)

    def _area_resized(self) -> None:
        """The board area changed size: fit the board on the next frame. Fitting inside the
        observer's callback changes the observed area's own height there, a ResizeObserver
        loop that browsers report as an error (WebKit in its console)."""
        self._refit = True
        self.refresh(board_only=True)

    # --- theme ------------------------------------------------------------------------------
    def _scheme_changed(self, event: Any) -> None:
        self._dark = bool(event.matches)
        self.refresh(board_only=True)

    def set_theme(self, theme: str) -> None:
        """'light', 'dark' or 'auto' (follow the system), e.g. from an embed parameter."""
        self._forced_theme = {"light": False, "dark": True}.get(theme)
        self.dom.document.documentElement.dataset.theme = theme if self._forced_theme is not None else ""
        self.refresh(board_only=True)

    @property
    def theme(self) -> Theme:
        return theme_for(self._dark if self._forced_theme is None else self._forced_theme)

    # --- sessions ---------------------------------------------------------------------------
    def _attach(self, session: Session) -> None:
        self.session = session
        if self._moved not in session.after_move:   # a game brought back (Learn's Close) is attached once
            session.after_move.append(self._moved)
        self.controls.cursor_cell = None
        self.board.layout = None
        self.board.show_whole()
        self._over = session.is_over
        self.dom.document.body.dataset.game = session.spec.name

    def start(self, session: Session) -> None:
        """Show a new session (new game, rematch, a loaded save)."""
        self.opponent.cancel()
        self._attach(session)
        for hook in list(self.on_new_session):
            hook(session)
        self.resize()
        self.refresh()

    def new_game(self, game: str, options: Mapping[str, Any], seats: Sequence[Seat],
                 clock: TimeControl | None = None) -> None:
        """Start a new game of `game` (the new-game dialog's and the front door's one path),
        timed by `clock` when one is chosen, first asking when it would replace a game in progress."""
        def begin() -> None:
            session = Session(find_game(game), options, seats)
            session.now = self.session.now   # the browser's wall time, as the clock panel set it
            if clock is not None:
                session.start_clock(clock)
            self.start(session)
        self.confirm_first("new-game", begin)

    def load_saved(self, saved: SavedGame) -> None:
        """Open a SavedGame (RecordError propagates: the caller reports it)."""
        self.start(Session.from_saved(saved))

    def _moved(self, session: Session) -> None:
        for hook in list(self.after_move):
            hook(session)

    # --- actions that stop the opponent's search ----------------------------------------------
    def undo(self) -> None:
        self.opponent.cancel()
        self.session.undo()

    def redo(self) -> None:
        self.session.redo()

    def goto(self, cursor: int) -> None:
        self.opponent.cancel()
        self.session.goto(cursor)

    def show_node(self, node: Node) -> None:
        """Show a move of any line of the move list (ui.page.move_list)."""
        self.opponent.cancel()
        self.session.show_node(node)

    def resign(self) -> None:
        self.opponent.cancel()
        self.session.resign()

    # --- drawing ----------------------------------------------------------------------------
    def refresh(self, board_only: bool = False) -> None:
        """Ask for a redraw on the next animation frame (many calls, one paint)."""
        if not board_only:
            self._panel_dirty = True
        if not self._frame_pending:
            self._frame_pending = True
            self.dom.window.requestAnimationFrame(self._frame_proxy)

    def resize(self) -> None:
        """Fit the canvas to its area; repaint when that changed anything."""
        if self.board.fit(self.art()):
            self.refresh(board_only=True)

    def art(self) -> BoardArt:
        """What the shown board is drawn with, the game's declared goal bars included."""
        return art_for(self.session.live.board, self.session.spec.presentation.goal_bars, self.board.coordinates)

    def _frame(self, timestamp: float = 0.0) -> None:
        self._frame_pending = False
        try:
            if self.session.is_over != self._over:   # a game that ends shows its whole board
                self._over = self.session.is_over
                if self._over and self.board.show_whole():
                    self._refit = True
            if self.board.layout is None or self._refit:
                self._refit = False
                self.resize()
            view = board_view(self.session, self.theme, self.board.coordinates, self.controls.shown_cursor())
            now = float(timestamp)
            placed = self.board.paint(self.art(), view, self.theme, now)
            if placed and self.board.zoomed:   # the computer's stone may land out of view
                self.board.reveal(self.session.live.board, placed[-1])
            if self.board.animating(now):
                self.refresh(board_only=True)
            self._sound().placed(len(placed))
            if self._panel_dirty:
                self._panel_dirty = False
                self.panel.update(self.session, self.opponent.busy, self.share is not None, self.clock.warning)
                self.controls.allow_drag()
        finally:
            self._maybe_start_opponent()

    def _sound(self) -> Any:
        """The optional click (ui.page.click_sound), loaded on the first frame: after ready."""
        if self._click_sound is None:
            self._click_sound = importlib.import_module("ui.page.click_sound").ClickSound(self.dom)
        return self._click_sound

    # --- the opponent -----------------------------------------------------------------------
    def _maybe_start_opponent(self) -> None:
        self.opponent.prepare(self.session)
        seat = self.session.opponent_to_move()
        if seat is None or self.opponent.busy or self.opponent.failed_at(self.session.live):
            return   # (a failed turn waits for the player: Retry, Undo or a move elsewhere)
        self.opponent.start(self.session, seat.level or "", self._opponent_chose)
        self._panel_dirty = True
        self.refresh()

    def _opponent_chose(self, session: Session, state: GameState, actions: list[Action] | None) -> None:
        """Play the computer's turn if its game and position are still the ones shown."""
        if actions is not None and self.session is session and session.live is state:
            session.play_turn(actions)
        self.refresh()
