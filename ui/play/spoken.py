"""The game in words, for a player who listens instead of looking (issue 57, play without sight).

Each function answers one question a screen-reader user asks of the board (a cell, its row, the
group on it, the empty cells, the whole position, the last move, the threats) or says what just
happened (a turn played, the threat it leaves, the result), in the player's language. Only the
board's names, neighbours and rows and the game's declared threats are read, so every game,
present or future, is spoken the same way. Pure: tested under CPython.
"""

from __future__ import annotations

from pygame_core.game import GameState
from ui.i18n import _, ngettext, say
from ui.play.saved_game import AI
from ui.play.session import Session
from ui.play.view import status


def _names(state: GameState, cells: list[int]) -> str:
    names = state.board.names
    return ", ".join(names[c] for c in cells)


def cell_words(state: GameState, cell: int) -> str:
    """'e5: empty' or 'e5: Black'."""
    seat, name = state.occupant(cell), state.board.names[cell]
    if seat is None:
        return _("{cell}: empty", cell=name)
    return _("{cell}: {player}", cell=name, player=say(state.player_name(seat)))


def row_words(state: GameState, cell: int) -> str:
    """Every cell of the board's row through `cell`, in order, with what is on it."""
    row = next(r for r in state.board.rows if cell in r)
    cells = "; ".join(cell_words(state, c) for c in row)
    return _("Row of {cell}: {cells}.", cell=state.board.names[cell], cells=cells)


def group(state: GameState, cell: int) -> list[int]:
    """The cells joined to `cell` through neighbours holding the same seat's stones (sorted)."""
    seat = state.occupant(cell)
    found, todo = {cell}, [cell]
    while todo:
        for other in state.board.neighbours[todo.pop()]:
            if other not in found and state.occupant(other) == seat:
                found.add(other)
                todo.append(other)
    return sorted(found)


def group_words(state: GameState, cell: int) -> str:
    """The group on `cell`: whose, its cells, and the empty cells next to it (its liberties)."""
    seat = state.occupant(cell)
    if seat is None:
        return _("{cell} is empty.", cell=state.board.names[cell])
    cells = group(state, cell)
    free = sorted({n for c in cells for n in state.board.neighbours[c] if state.occupant(n) is None})
    whose = ngettext("{player} group of {n} cell: {cells}.", "{player} group of {n} cells: {cells}.", len(cells),
                     player=say(state.player_name(seat)), cells=_names(state, cells))
    around = _("Empty next to it: {cells}.", cells=_names(state, free)) if free else _("Nothing empty next to it.")
    return f"{whose} {around}"


def empty_cells(state: GameState) -> list[int]:
    return [c for c in range(state.board.size) if state.occupant(c) is None]


def empty_words(state: GameState) -> str:
    """Every empty cell by name: where a move may go."""
    empty = empty_cells(state)
    if not empty:
        return _("No cell is empty.")
    return ngettext("{n} empty cell: {cells}.", "{n} empty cells: {cells}.", len(empty), cells=_names(state, empty))


def position_words(state: GameState) -> str:
    """The whole position: each side's cells, then how many are empty, then whose turn it is."""
    parts = []
    for seat in range(state.num_players):
        player = say(state.player_name(seat))
        stones = [c for c in range(state.board.size) if state.occupant(c) == seat]
        parts.append(ngettext("{player} has {n} cell: {cells}.", "{player} has {n} cells: {cells}.", len(stones),
                              player=player, cells=_names(state, stones)) if stones
                     else _("{player} has no cell yet.", player=player))
    empty = len(empty_cells(state))
    parts.append(ngettext("{n} empty cell.", "{n} empty cells.", empty))
    return " ".join(parts)


def mover(session: Session, number: int) -> str:
    """Who played turn `number` (1-based) of the line followed: 'Black' or 'White (computer)'."""
    seat = session.state_at(number - 1).to_move
    who = say(session.state_at(number - 1).player_name(seat))
    return _("{player} (computer)", player=who) if session.seats[seat].kind == AI else who


def turn_words(session: Session, number: int) -> str:
    """'Black played e5.' for turn `number` (1-based) of the line followed."""
    return _("{player} played {move}.", player=mover(session, number), move=session.turns[number - 1])


def last_move_words(session: Session) -> str:
    """The last turn played up to the shown position, numbered."""
    if session.cursor == 0:
        return _("No move yet.")
    return _("Move {number}: {move}", number=session.cursor, move=turn_words(session, session.cursor))


def threat_words(state: GameState) -> str:
    """Where the player after the side to move would win at once, if the game declares such
    threats and there are any ('' otherwise)."""
    declared = state.spec.search.threats
    if declared is None or state.outcome is not None:
        return ""
    seat, cells = declared(state)
    if not cells:
        return ""
    return _("{player} threatens to win at {cells}.", player=say(state.player_name(seat)),
             cells=_names(state, sorted(cells)))


def after_turns(session: Session, first: int) -> str:
    """What a listener hears after turns `first`..the shown one were played: each turn, then
    the threat left on the board, then the result when the game is over."""
    said = [turn_words(session, n) for n in range(first, session.cursor + 1)]
    said.append(threat_words(session.live))
    if session.is_over:
        said.append(status(session))
    return " ".join(part for part in said if part)
