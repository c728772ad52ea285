"""What the page's parts (controls, dialogs, the saves panel) use of the PlayPage.

They take the page as one of these Protocols rather than importing ui.page.play_page, which
builds them: the imports stay one way. The saves panel's parts each take the narrowest host
that names the few calls they make (GameHost and the hosts built on it), so that a reader sees
what a panel can do to the page from its constructor; the controls and the dialogs take the
whole Page. mypy checks that the PlayPage is each of them where it is passed.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

from ui.board.boards import BoardArt
from ui.board.theme import Theme
from ui.page.board_canvas import BoardCanvas
from ui.page.dom_helpers import Dom
from ui.page.side_panel import SidePanel
from ui.play.clock import TimeControl
from ui.play.game_tree import Node
from ui.play.saved_game import SavedGame, Seat
from ui.play.session import Session


class GameHost(Protocol):
    """The game on the board, to read and to replace (a kept-game notice)."""

    dom: Dom
    session: Session

    def load_saved(self, saved: SavedGame) -> None: ...


class AskingHost(GameHost, Protocol):
    """...and the question dialog, for a change that would lose something (the saves list, a
    backup's restore)."""

    def confirm_first(self, kind: str, action: Callable[[], object]) -> None: ...

    def ask(self, question: Any, action: Callable[[], object]) -> None: ...


class FollowingHost(GameHost, Protocol):
    """...and its hooks, to follow every move and every game put on the board (the link box)."""

    after_move: list[Callable[[Session], None]]       # after every move, undo, redo, jump
    on_new_session: list[Callable[[Session], None]]   # a new game, a rematch, a loaded save

    def refresh(self, board_only: bool = False) -> None: ...


class EmbedHost(FollowingHost, Protocol):
    """...and the theme an embed's address names (the embed bar)."""

    def set_theme(self, theme: str) -> None: ...


class TransferHost(AskingHost, Protocol):
    """...and the board's canvas (a PNG export); the panel hands the page its share link."""

    board: BoardCanvas
    share: Callable[[], None] | None                  # make and show a share link (the saves panel's)


class SavesHost(TransferHost, EmbedHost, Protocol):
    """All that the saves panel's parts use together: what ui.page.saves_panel.mount takes."""

    def open_openings(self) -> None: ...   # Your openings, over the saves (its button in the panel)


class Page(SavesHost, Protocol):
    """The whole page: what the controls and the dialogs use."""

    panel: SidePanel
    on_refused: list[Callable[[Session, str], None]]  # a tap or typed turn refused: the turn tried
    cell_tap: Callable[[int], None] | None            # where a cell's tap goes instead of the game (the editor)

    @property
    def theme(self) -> Theme: ...

    def art(self) -> BoardArt: ...

    def start(self, session: Session) -> None: ...

    def new_game(self, game: str, options: Mapping[str, Any], seats: Sequence[Seat],
                 clock: TimeControl | None = None) -> None: ...

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
