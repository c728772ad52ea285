"""What the page shows of a Session: the status sentence and the board's view (the move list:
ui.play.move_list).

Read-only functions of a Session, so the session itself only keeps the game and takes input.
Pure: tested under CPython.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from pygame_core.game import GameState, Outcome
from ui.board.render import BoardView
from ui.board.theme import Theme
from ui.i18n import _, ngettext, say
from ui.play.moves import slides
from ui.play.saved_game import AI, FRIEND, HUMAN
from ui.play.session import Session, given_end


def status(session: Session) -> str:
    """One sentence for the aria-live status line."""
    state, outcome = session.live, session.outcome
    if outcome is not None:
        result = _("{result}: {reason}.", result=result_words(state, outcome), reason=say(outcome.reason))
        return result if session.at_end else f"{_where(session)} {result}"
    seat = state.to_move
    who = say(state.player_name(seat))
    if session.seats[seat].kind == AI:
        who = _("{player} (computer)", player=who)
    elif session.seats[seat].kind == FRIEND:
        who = (_("{player} ({friend}, by link)", player=who, friend=session.opponent) if session.opponent
               else _("{player} (your friend, by link)", player=who))
    if session.pending:
        placed = session.spec.presentation.placed_note(len(session.pending))
        text = _("{player} to move, {placed}.", player=who, placed=say(placed))
    else:
        text = _("{player} to move.", player=who)
    if not session.at_end:
        text = f"{_where(session)} {text}"
    return text


def result_words(state: GameState, outcome: Outcome) -> str:
    """'Black wins', 'White and Red win' or 'Draw'."""
    if outcome.is_draw:
        return _("Draw")
    names = [say(state.player_name(p)) for p in outcome.winners]
    if len(names) == 1:
        return _("{player} wins", player=names[0])
    together = names[0]
    for name in names[1:]:
        together = _("{first} and {second}", first=together, second=name)
    return _("{players} win", players=together)


def final_outcome(session: Session) -> Outcome | None:
    """How the recorded game ended, wherever the shown position is; None while it goes on."""
    clock = session.clock
    end = clock.turn if clock is not None and clock.flagged is not None else len(session.turns)
    return given_end(session, end) or session.state_at(end).outcome


def in_progress(session: Session) -> bool:
    """A game under way: a move played and no result yet (what a new game would replace)."""
    return bool(session.turns) and final_outcome(session) is None


class Ending(NamedTuple):
    """What the end-of-game panel says: the result ('Black wins') and why ('Black surrounded a1.')."""

    result: str
    reason: str


def ending(session: Session) -> Ending | None:
    """The finished game's result for the end-of-game panel (also while reviewing it); None
    while the game goes on."""
    outcome = final_outcome(session)
    if outcome is None:
        return None
    state = session.state_at(len(session.turns))
    said = say(outcome.reason)
    reason = said[:1].upper() + said[1:]
    return Ending(result_words(state, outcome), reason if reason.endswith(".") else reason + ".")


def seats_line(session: Session, level_labels: Mapping[str, str]) -> str:
    """Who plays which side, e.g. 'You — Black · Computer (medium) — White'. One person at the
    device is 'You'; several are 'Player 1', 'Player 2'... in seat order; computers show their
    level by its label (`level_labels`: level name -> label, from pygame_core.ai.levels). The
    sides are the shown position's: a swap (STYMIE) exchanges them between the seats."""
    state = session.live
    humans = [p for p, seat in enumerate(session.seats) if seat.kind == HUMAN]
    parts = []
    for p, seat in enumerate(session.seats):
        if seat.kind == HUMAN:
            who = _("You") if len(humans) == 1 else _("Player {number}", number=humans.index(p) + 1)
        elif seat.kind == FRIEND:
            who = (_("{friend} (by link)", friend=session.opponent) if session.opponent
                   else _("Friend (by link)"))
        else:
            level = level_labels.get(seat.level or "", seat.level or "")
            who = _("Computer ({level})", level=say(level).lower()) if level else _("Computer")
        parts.append(f"{who} — {say(state.player_name(p))}")
    return " · ".join(parts)


def _where(session: Session) -> str:
    """Which recorded position is shown, when it is not the last one."""
    if session.cursor == 0:
        return ngettext("Start ({n} move recorded).", "Start ({n} moves recorded).", len(session.turns))
    return _("Move {move} of {moves}.", move=session.cursor, moves=len(session.turns))


def board_view(session: Session, theme: Theme, coordinates: bool = False,
               cursor: int | None = None) -> BoardView:
    """What the board should show now."""
    state = session.live
    board = state.board
    styles = tuple(theme.stone(state.player_name(p), p) for p in range(state.num_players))
    last: tuple[int, ...] = ()
    arrow = None
    if not session.pending:
        before = session.state_at(session.cursor - 1) if session.cursor else None
        for action in session.turn_actions(session.cursor) if before is not None else ():
            cells = before.touched_cells(action)  # type: ignore[union-attr]
            if len(cells) == 2:
                arrow = cells
                last += (cells[1],)
            else:
                last += cells
    return BoardView(
        occupants=tuple(state.occupant(c) for c in range(board.size)),
        styles=styles,
        pending=frozenset(c for a in session.pending for c in session.turn_start.touched_cells(a)),
        targets=targets(session),
        last=last,
        arrow=arrow,   # type: ignore[arg-type]
        selected=session.selected,
        highlight=end_highlight(session),
        cursor=cursor,
        coordinates=coordinates,
    )


def end_highlight(session: Session) -> frozenset[int]:
    """What the finished board marks: every scoring chain of every side for games that keep a
    score table (the count is the result), else the outcome's own cells."""
    outcome = session.outcome
    if outcome is None:
        return frozenset()
    table = session.spec.presentation.score_table(session.live) if session.live.is_over else None
    if table is not None and table.highlight:
        return frozenset(cell for cells in table.highlight for cell in cells)
    return frozenset(outcome.highlight)


def targets(session: Session) -> frozenset[int]:
    """Cells worth a dot: slide destinations of the selected stone; otherwise the legal
    placements when the rules rule out some empty cells (a multi-stone turn's shape, the
    group rule), so a board of dots never just repeats 'every empty cell'."""
    if not session.humans_turn():
        return frozenset()
    state = session.live
    if session.selected is not None:
        return frozenset(slides(state).get(session.selected, {}))
    places = {a for a in state.legal_actions() if 0 <= a < state.board.size}
    empty = {c for c in range(state.board.size) if state.occupant(c) is None}
    return frozenset(places) if places != empty else frozenset()
