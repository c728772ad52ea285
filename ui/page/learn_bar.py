"""What Learn's coaches share: the Learn dialog as they see it, and the one way a lesson or a
puzzle is opened on the board with its words in the coach bar.

The dialog (ui.page.learn_panel) owns the bar and keeps the player's game; the coaches
(ui.page.puzzle_coach, ui.page.tutorial_coach) fill them in through `open_on_board`.
"""

from __future__ import annotations

from typing import Any, Callable, Literal, NamedTuple, Protocol

from pygame_core.errors import RecordError
from ui.i18n import N_, _
from ui.page.dom_helpers import Dom
from ui.page.page_api import Page
from ui.play.error_words import error_words
from ui.play.session import Session


# a whole sentence per kind of thing opened, so a translation can agree with it ("ce"/"cette")
CANNOT_OPEN = {"puzzle": N_("That puzzle cannot be opened: {reason}"),
               "lesson": N_("That lesson cannot be opened: {reason}")}


class Learn(Protocol):
    """What a coach uses of the Learn dialog: its bar, and how it puts a session on the board."""

    dom: Dom
    page: Page
    session: Session | None
    bar: Any
    title: Any
    goal: Any
    note: Any
    source: Any

    def choose(self, start: Any) -> None: ...

    def start(self, session: Session, show: Callable[[], None]) -> None: ...

    def show_bar(self, mode: str) -> None: ...


class BarWords(NamedTuple):
    """The coach bar's lines for an opened lesson or puzzle."""

    title: str
    goal: str
    note: str
    source: str


def open_on_board(learn: Learn, what: Literal["puzzle", "lesson"], mode: str, make: Callable[[], Session],
                  words: Callable[[Session], BarWords]) -> None:
    """Put the session `make` builds on the board and show the bar in `mode` with `words`
    (which also sets the opener's own state, once the board is ours). A record that does not
    replay (a damaged lesson or puzzle) is told on the page's line ("That puzzle cannot be
    opened: …", CANNOT_OPEN), and the board keeps its game."""
    try:
        session = make()
    except RecordError as exc:
        learn.page.session.message = _(CANNOT_OPEN[what], reason=error_words(exc))
        learn.page.refresh()
        return

    def show() -> None:
        learn.bar.dataset.mode = mode
        learn.bar.dataset.puzzle = ""
        learn.bar.dataset.result = ""
        learn.title.textContent, learn.goal.textContent, learn.note.textContent, learn.source.textContent = \
            words(session)
        learn.show_bar(mode)
    learn.start(session, show)
