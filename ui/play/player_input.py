"""What the person at the device means: a tap, a drag, a turn button or a typed move, turned
into actions the rules allow, or into a message in the rules' own words saying why not.

Each function returns True when the session changed; otherwise `session.message` says why.
Pure: tested under CPython.
"""

from __future__ import annotations

from typing import Callable

from pygame_core.errors import MoveError
from pygame_core.game import END_TURN, PASS, SWAP, Action, GameState
from ui.i18n import N_, _, say
from ui.play.moves import example_move, refusal, slides
from ui.play.session import Session

REFUSED_BUTTONS = {PASS: N_("Passing is not allowed now."), SWAP: N_("Swapping is not allowed now."),
                   END_TURN: N_("Ending the turn is not allowed now.")}


def click(session: Session, cell: int) -> bool:
    """A tap on `cell`: place, pick a stone to slide, or slide the picked stone there; a tap on
    the stone just placed in an unfinished turn ends the turn when the rules allow (a STYMIE
    single, a short LISBON turn: one gesture, a double tap, instead of a trip to End turn)."""
    session.message = ""
    if not session.ready():
        return False
    state = session.live
    if session.pending and cell == session.pending[-1] and END_TURN in state.legal_actions():
        return session.play(END_TURN)
    found = slides(state)
    if session.selected is not None:
        picked = session.selected
        if cell in found.get(picked, {}):
            return session.play(found[picked][cell])
        session.selected = None
        if cell == picked:
            return True
    if cell in found:
        session.selected = cell
        return True
    if 0 <= cell < state.board.size and cell in state.legal_actions():
        return session.play(cell)
    session.message = refusal(session.turn_start, state, session.pending, cell)
    return False


def tapped_turn(session: Session, cell: int) -> str:
    """The turn a tap on `cell` tried to make, as notation: the unfinished turn's stones and
    that cell (what a lesson compares with a wrong answer the rules refuse)."""
    if not 0 <= cell < session.live.board.size:
        return ""
    return session.turn_start.format_turn([*session.pending, cell])


def drag(session: Session, source: int, target: int) -> bool:
    """A stone dragged from `source` to `target`: the slide if it is legal."""
    names = session.live.board.names
    return _play_one(session, lambda state: slides(state).get(source, {}).get(target),
                     _("{source} cannot slide to {target}.", source=names[source], target=names[target]))


def press(session: Session, action: Action) -> bool:
    """A button: PASS, SWAP or END_TURN."""
    return _play_one(session, lambda state: action if action in state.legal_actions() else None,
                     say(REFUSED_BUTTONS.get(action, N_("That is not allowed now."))))


def _play_one(session: Session, find: Callable[[GameState], Action | None], refused: str) -> bool:
    """Play the action `find` picks in the shown position, or say `refused` when it finds none."""
    session.message = ""
    if not session.ready():
        return False
    action = find(session.live)
    if action is None:
        session.message = refused
        return False
    return session.play(action)


def play_text(session: Session, text: str) -> bool:
    """A whole turn typed in notation, played from the start of the shown turn."""
    session.message = ""
    if not text.strip():
        session.message = _("Type a move, e.g. {example}.", example=example_move(session.live))
        return False
    if not session.ready(clear=True):
        return False
    start = session.turn_start
    try:
        actions = start.parse_turn(text)
        state = start
        for action in actions:
            state = state.apply(action)
    except MoveError as exc:
        session.message = _("{move}: {reason}.", move=exc.text, reason=say(exc.reason))
        return False
    return session.commit_turn(list(actions), state)
