"""What the rules say about one tap, read through the public game protocol: the legal slides,
an example move, and why a tap is refused. Pure."""

from __future__ import annotations

from typing import Sequence

from pygame_core.errors import MoveError
from pygame_core.game import Action, GameState
from pygame_core.geometry import Board
from ui.i18n import _, say

GENERIC_REFUSAL = "not a legal move here"   # GameState.apply's reason when a game gives none


def slides(state: GameState) -> dict[int, dict[int, Action]]:
    """{from: {to: action}} for the legal slides in `state` (actions that touch two cells)."""
    found: dict[int, dict[int, Action]] = {}
    for action in state.legal_actions():
        if action >= state.board.size:
            cells = state.touched_cells(action)
            if len(cells) == 2:
                found.setdefault(cells[0], {})[cells[1]] = action
    return found


def example_move(state: GameState) -> str:
    """A legal placement's notation (or "pass"), for the hint under an empty move box."""
    for action in state.legal_actions():
        if 0 <= action < state.board.size:
            return state.action_text(action)
    return "pass"


def refusal(turn_start: GameState, state: GameState, pending: Sequence[Action], cell: int) -> str:
    """Why a tap on `cell` in `state` (reached from `turn_start` by the `pending` stones of an
    unfinished turn) does nothing, in the rules' own words where they have them."""
    if not 0 <= cell < state.board.size:
        return _("That is not a cell.")
    if pending and state.occupant(cell) is None:
        # the whole turn's shape explains a refusal best ("a pair is an octagon and ...")
        try:
            turn_start.parse_turn(turn_start.format_turn([*pending, cell]))
        except MoveError as exc:
            return _sentence(say(exc.reason), state.board)
    name = state.board.names[cell]
    seat = state.occupant(cell)
    try:
        state.apply(cell)
    except MoveError as exc:
        if seat is None or exc.reason != GENERIC_REFUSAL:
            return _sentence(say(exc.reason), state.board)
    if seat is not None:
        return _("{cell} is occupied by {player}.", cell=name, player=say(state.player_name(seat)))
    return _("{cell} is not a legal move now.", cell=name)


def _sentence(reason: str, board: Board) -> str:
    """The rules' reason (in the player's language already) as a sentence; a leading cell name
    keeps its case (e5, J10)."""
    reason = reason.strip()
    if not reason:
        return _("Not allowed.")
    first = reason.split(maxsplit=1)[0].strip(",:;")
    if board.cell(first) is None:
        reason = reason[0].upper() + reason[1:]
    return reason + ("" if reason.endswith(".") else ".")
