"""History on its own (ui/play/history.py): the lines, the shown turn and the unfinished turn's
stones, with no seats, messages or hooks (Session's, tested in test_controller.py)."""

from __future__ import annotations

import pytest

from pygame_core.errors import IllegalMoveError
from pygame_core.game import END_TURN
from toy import BOARD, ToyState
from ui.play.history import History

FIRST = 0
APART = next(cell for cell in range(1, BOARD.size) if not BOARD.adjacent(FIRST, cell))
NEXT_TO = next(cell for cell in range(1, BOARD.size) if BOARD.adjacent(FIRST, cell))


def played(*turns: list[int]) -> History:
    """A history with whole turns (each a list of cells) recorded on its line, shown at the end."""
    history = History(ToyState())
    for cells in turns:
        finished = None
        for cell in cells:
            finished = history.lay(cell)
        actions, state = finished or ([*history.pending, END_TURN], history.live.apply(END_TURN))
        assert history.tree.add(history.cursor, actions, state, main=True)
        history.show(history.cursor + 1)
    return history


def test_a_new_history_shows_the_start_with_nothing_to_redo() -> None:
    history = History(ToyState())
    assert history.cursor == 0 and history.at_end and not history.can_redo()
    assert history.turns == () and history.pending == () and history.selected is None
    assert history.live is history.turn_start is history.state_at(0)


def test_a_stone_that_does_not_end_the_turn_is_laid_as_pending_on_the_shown_position() -> None:
    history = History(ToyState())
    history.selected = APART
    assert history.lay(FIRST) is None
    assert history.pending == (FIRST,) and history.selected is None
    assert history.live.occupant(FIRST) == 0 and history.turn_start.occupant(FIRST) is None
    assert history.turns == ()   # nothing recorded until the turn is finished


def test_the_stone_that_ends_the_turn_is_handed_back_to_be_recorded() -> None:
    history = History(ToyState())
    history.lay(FIRST)
    finished = history.lay(APART)
    assert finished is not None
    actions, state = finished
    assert actions == [FIRST, APART] and state.to_move == 1
    assert history.turns == () and history.cursor == 0   # recording is the caller's


def test_a_refused_stone_changes_nothing() -> None:
    history = History(ToyState())
    history.lay(FIRST)
    with pytest.raises(IllegalMoveError):
        history.lay(NEXT_TO)
    assert history.pending == (FIRST,) and history.live.occupant(NEXT_TO) is None


def test_taking_back_stones_restores_the_turn_start_and_says_whether_there_were_any() -> None:
    history = History(ToyState())
    assert not history.take_back_stones()
    history.lay(FIRST)
    assert history.take_back_stones()
    assert history.pending == () and history.live is history.turn_start
    history.selected = FIRST   # a picked stone alone counts too
    assert history.take_back_stones() and history.selected is None


def test_showing_an_earlier_turn_drops_stones_and_leaves_the_later_turns_to_redo() -> None:
    history = played([FIRST, APART], [NEXT_TO])
    assert history.turns == (history.state_at(0).format_turn([FIRST, APART]), history.turns[1])
    assert history.turn_actions(2)[0] == NEXT_TO
    spare = next(cell for cell in range(BOARD.size) if history.live.occupant(cell) is None)
    history.lay(spare)
    history.show(1)
    assert history.cursor == 1 and history.pending == () and not history.at_end and history.can_redo()
    assert history.live is history.state_at(1) is history.turn_start
    assert history.turns[1:] and history.tree.length == 2   # the later turn is kept


def test_pending_stones_block_redo() -> None:
    history = played([FIRST, APART])
    history.show(0)
    assert history.can_redo()
    history.lay(NEXT_TO)
    assert not history.can_redo()
