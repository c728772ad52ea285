"""What the page's parts (controls, dialogs, the saves panel) use of the PlayPage.

They take the page as this Protocol rather than importing ui.page.play_page, which builds
them: the imports stay one way.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

from ui.board.boards import BoardArt
from ui.board.theme import Theme
from ui.page.board_canvas import BoardCanvas
from ui.page.dom_helpers import Dom
from ui.page.side_panel import SidePanel
from ui.play.game_tree import Node
from ui.play.saved_game import SavedGame, Seat
from ui.play.session import Session


class Page(Protocol):
    dom: Dom
    board: BoardCanvas
    panel: SidePanel
    session: Session
    after_move: list[Callable[[Session], None]]       # after every move, undo, redo, jump
    on_new_session: list[Callable[[Session], None]]   # a new game, a rematch, a loaded save
    on_refused: list[Callable[[Session, str], None]]  # a tap or typed turn refused: the turn tried
    share: Callable[[], None] | None                  # make and show a share link (the saves panel's)
    cell_tap: Callable[[int], None] | None            # where a cell's tap goes instead of the game (the editor)

    @property
    def theme(self) -> Theme: ...

    def refresh(self, board_only: bool = False) -> None: ...

    def art(self) -> BoardArt: ...

    def start(self, session: Session) -> None: ...

    def new_game(self, game: str, options: Mapping[str, Any], seats: Sequence[Seat]) -> None: ...

    def load_saved(self, saved: SavedGame) -> None: ...

    def set_theme(self, theme: str) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def goto(self, cursor: int) -> None: ...

    def show_node(self, node: Node) -> None: ...

    def resign(self) -> None: ...

    def open_new_game(self) -> None: ...

    def open_help(self) -> None: ...

    def open_front_door(self) -> Any: ...

    def coach(self) -> Any: ...

    def engine(self) -> Any: ...

    def open_learn(self) -> None: ...

    def analysis(self) -> Any: ...

    def open_tutorial(self, game: str) -> None: ...

    def confirm_first(self, kind: str, action: Callable[[], object]) -> None: ...

    def ask(self, question: Any, action: Callable[[], object]) -> None: ...
