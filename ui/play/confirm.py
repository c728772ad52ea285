"""Which actions ask first, and what the question says: nothing is lost to one click.

Resigning, starting a new game or opening a saved one over a game in progress (a move played
and no result yet), a pass that ends the game, Undo in a game with a clock and deleting a side line of more than one move each
get a question naming what happens; everything else goes ahead
at once. The page (ui.page.confirm_dialog) only shows the question. Pure: tested under CPython.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from pygame_core.errors import MoveError
from pygame_core.game import PASS
from ui.i18n import _, ngettext, say
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
    return Question(_("Resign this game?"),
                    _("{player} gives up and the game ends: {result}.", player=say(state.player_name(seat)),
                      result=result_words(state, outcome)),
                    _("Resign"))


def _replacing(session: Session, replaced: Callable[[int], str], go_ahead: str) -> Question | None:
    """Replacing a game that has a move and no result yet: `replaced(moves)` says by what."""
    if not in_progress(session):
        return None
    return Question(_("Leave the game in progress?"), replaced(len(session.turns)), go_ahead)


def new_game(session: Session) -> Question | None:
    """Replacing a game in progress by a new game or a rematch."""
    return _replacing(session, lambda moves: ngettext(
        "The game on the board ({n} move, not finished) is replaced by the new one. To keep it, "
        "cancel and save it under “Saves, sharing and export” first.",
        "The game on the board ({n} moves, not finished) is replaced by the new one. To keep it, "
        "cancel and save it under “Saves, sharing and export” first.", moves), _("Start new game"))


def load_game(session: Session) -> Question | None:
    """Replacing a game in progress by a saved or imported one."""
    return _replacing(session, lambda moves: ngettext(
        "The game on the board ({n} move, not finished) is replaced by the game you open. To keep it, "
        "cancel and save it under “Saves, sharing and export” first.",
        "The game on the board ({n} moves, not finished) is replaced by the game you open. To keep it, "
        "cancel and save it under “Saves, sharing and export” first.", moves), _("Open it"))


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
    return Question(_("Pass and end the game?"),
                    _("Passing now ends the game: {reason}. {result}.", reason=say(outcome.reason),
                      result=result_words(after, outcome)),
                    _("Pass"))


def typed_kind(session: Session, text: str) -> str | None:
    """The action a typed move stands for when it is one that may ask first ("pass"), so the
    move box asks the same question as the Pass button; None for any other text."""
    try:
        return "pass" if session.live.parse_turn(text) == [PASS] else None
    except MoveError:
        return None


def undo_clocked(session: Session) -> Question | None:
    """Undo in a game with a clock: the clocks go back too, so a stray click asks first."""
    if session.clock is None or not session.can_undo():
        return None
    return Question(_("Take back the last move?"),
                    _("The move is taken back and the clocks return to what they showed before it."),
                    _("Undo"))


QUESTIONS: dict[str, Callable[[Session], Question | None]] = {
    "resign": resign, "new-game": new_game, "load": load_game, "pass": pass_turn, "undo": undo_clocked}


def question(kind: str, session: Session) -> Question | None:
    """The question to ask before action `kind` ("resign", "new-game", "load", "pass", "undo"), or None."""
    return QUESTIONS[kind](session)


def delete_side_line(node: Node) -> Question | None:
    """Deleting the side line `node` begins: asked when it holds more than one move (its own
    side lines included); None for a single move, deleted at once."""
    moves = sum(1 for unused in node.walk())
    if moves < 2:
        return None
    number = len(node.path()) - 1
    more = moves - 1
    return Question(_("Delete this side line?"),
                    ngettext("The side line from move {number} ({move} and {n} more move) is removed; the other "
                             "lines stay.",
                             "The side line from move {number} ({move} and {n} more moves) is removed; the other "
                             "lines stay.", more, number=number, move=node.text),
                    _("Delete side line"))
