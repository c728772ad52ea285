"""The guided replay of the SUSAN manual's game: its moves are the manual's, and what its notes
state about the board (empty neighbours of named stones, the slide count, the forced win) is
true of the replayed positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from pygame_core.puzzles.guided import SUSAN_MANUAL_GAME, guided_games
from pygame_core.puzzles.prove import Prover
from pygame_core.record import from_text, replay

GAME = SUSAN_MANUAL_GAME
STATES = replay(GAME.record())
BOARD = STATES[0].board
CELL = {name: cell for cell, name in enumerate(BOARD.names)}

# (after move, stone, its empty neighbours) as the notes state them
EMPTY_NEIGHBOURS = [
    (13, "f2", {"a", "b", "c", "d"}), (17, "f4", {"e4", "g3"}), (17, "f5", {"e6", "g5"}),
    (21, "e5", {"e4", "e6"}), (22, "f5", {"e6"}), (23, "f5", {"e6", "f6"}), (24, "g4", {"g3"}),
    (26, "d5", {"c5"}), (27, "d5", {"c4", "c5"}), (29, "e5", {"f5"}), (30, "e5", {"e6", "f5"}),
    (32, "d4", {"c3"}), (34, "d4", {"c3"}), (38, "c5", {"b4"}), (42, "g5", {"f6"}), (44, "g5", {"f6"}),
    (46, "e7", {"f6"}), (46, "g5", {"f6"}),
]


def empty_neighbours(move: int, name: str) -> set[str]:
    state = STATES[move]
    return {BOARD.names[n] for n in BOARD.neighbours[CELL[name]] if state.occupant(n) is None}


def test_the_moves_are_the_manuals_listing() -> None:
    listing = Path(__file__).parent / "fixtures" / "susan_manual_game.txt"
    manual = replay(from_text(listing.read_text(encoding="utf-8"), game="susan"))
    assert len(GAME.turns) == 48 and [s.position_rows() for s in STATES] == [s.position_rows() for s in manual]
    assert STATES[48].outcome is not None and STATES[48].outcome.reason == "White surrounded e7"


@pytest.mark.parametrize("move, name, expected", EMPTY_NEIGHBOURS)
def test_the_notes_count_empty_neighbours_right(move: int, name: str, expected: set[str]) -> None:
    found = empty_neighbours(move, name)
    if expected == {"a", "b", "c", "d"}:   # only the count is stated
        assert len(found) == 4
    else:
        assert found == expected
    assert name in GAME.note(move)


def test_the_slide_counts_the_notes_give() -> None:
    assert [STATES[m].consecutive_slides for m in (28, 30, 38, 39, 40)] == [2, 4, 4, 5, 0]


def test_white_safe_cells_and_the_forced_win() -> None:
    safe = {"b2", "b5", "e2", "e8", "h2", "h5"}
    assert {BOARD.names[c] for c in STATES[12].stones(1)} == safe
    prover = Prover()
    assert prover.forces_win(STATES[45], 1, 3) and prover.forces_win(STATES[46], 1, 3)
    assert not prover.forces_win(STATES[44], 1, 3)


def test_a_note_belongs_to_the_move_shown() -> None:
    """Issue 38.14: a move without a note of its own showed an earlier move's, gone stale."""
    assert guided_games("susan") == (GAME,) and [g.id for g in guided_games("lisbon")] == ["lisbon-ring-race"]
    assert GAME.note(5) == "" and GAME.note(48) == GAME.notes[48]
    assert all(GAME.note(move) == GAME.notes.get(move, "") for move in range(49))


def test_the_safe_cell_count_is_told_when_it_changes() -> None:
    safe = {"b2", "b5", "e2", "e8", "h2", "h5"}
    for move in (2, 4, 6, 8, 10, 12):
        held = len(safe & {BOARD.names[c] for c in STATES[move].stones(1)})
        assert BOARD.names[GAME_CELLS[move]] in safe and held == move // 2
        assert GAME.note(move), move
    assert "fifth" in GAME.note(10) and "e8" in GAME.note(10)


GAME_CELLS = {move: CELL[GAME.turns[move - 1]] for move in (2, 4, 6, 8, 10, 12)}
