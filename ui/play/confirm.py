"""Which actions ask first, and what the question says: nothing is lost to one click.

Resigning, starting a new game or opening a saved one over a game in progress (a move played
and no result yet), a pass that ends the game and deleting a side line of more than one move each
get a question naming what happens; everything else goes ahead
at once. The page (ui.page.confirm_dialog) only shows the question. Pure: tested under CPython.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from pygame_core.errors import MoveError
from pygame_core.game import PASS
from ui.play.game_tree import Node
from ui.play.session import Session, resignation, resigning_seat
from ui.play.view import in_progress, result_words


class Question(NamedTuple):
    """A question before an action: title, what happens, and the button that goes ahead."""

    title: str
    text: str
    go_ahead: str


def resign(session: Session) -> Question | None:
    """Resigning the game shown at its end (nothing to ask when it cannot be resigned)."""
    seat = resigning_seat(session.seats, session.live.to_move)
    if not session.can_resign() or seat is None:
        return None
    state = session.live
    outcome = resignation(state, seat)
    return Question("Resign this game?",
                    f"{state.player_name(seat)} gives up and the game ends: {result_words(state, outcome)}.",
                    "Resign")


def _replacing(session: Session, by: str, go_ahead: str) -> Question | None:
    """Replacing a game that has a move and no result yet `by` another."""
    if not in_progress(session):
        return None
    moves = len(session.turns)
    return Question("Leave the game in progress?",
                    f"The game on the board ({moves} move{'s' if moves != 1 else ''}, not finished) is "
                    f"replaced by {by}. To keep it, cancel and save it under "
                    "“Saves, sharing and export” first.",
                    go_ahead)


def new_game(session: Session) -> Question | None:
    """Replacing a game in progress by a new game or a rematch."""
    return _replacing(session, "the new one", "Start new game")


def load_game(session: Session) -> Question | None:
    """Replacing a game in progress by a saved or imported one."""
    return _replacing(session, "the game you open", "Open it")


def pass_turn(session: Session) -> Question | None:
    """A pass that ends the game, worded from the result it would give."""
    if not session.can(PASS):
        return None
    try:
        after = session.live.apply(PASS)
    except MoveError:
        return None
    outcome = after.outcome
    if outcome is None:
        return None
    return Question("Pass and end the game?",
                    f"Passing now ends the game: {outcome.reason}. {result_words(after, outcome)}.",
                    "Pass")


def typed_kind(session: Session, text: str) -> str | None:
    """The action a typed move stands for when it is one that may ask first ("pass"), so the
    move box asks the same question as the Pass button; None for any other text."""
    try:
        return "pass" if session.live.parse_turn(text) == [PASS] else None
    except MoveError:
        return None


QUESTIONS: dict[str, Callable[[Session], Question | None]] = {
    "resign": resign, "new-game": new_game, "load": load_game, "pass": pass_turn}


def question(kind: str, session: Session) -> Question | None:
    """The question to ask before action `kind` ("resign", "new-game", "load", "pass"), or None."""
    return QUESTIONS[kind](session)


def delete_side_line(node: Node) -> Question | None:
    """Deleting the side line `node` begins: asked when it holds more than one move (its own
    side lines included); None for a single move, deleted at once."""
    moves = sum(1 for _ in node.walk())
    if moves < 2:
        return None
    number = len(node.path()) - 1
    more = moves - 1
    return Question("Delete this side line?",
                    f"The side line from move {number} ({node.text} and {more} more move{'s' if more != 1 else ''}) "
                    "is removed; the other lines stay.",
                    "Delete side line")
