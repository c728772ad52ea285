"""What each game declares for the page (pygame_core.presentation): turn notes, SUPERSTAR's
count, goal bars, example moves and the rules help with a diagram that fits the board."""

from __future__ import annotations

import pytest

from pygame_core.game import GameState
from pygame_core.registry import GAME_NAMES, find_game


def play(game: str, *turns: str, **options: object) -> GameState:
    state = find_game(game).new_game(options)
    for text in turns:
        state = state.play_turn(text)
    return state


def note(state: GameState) -> str:
    return state.spec.presentation.turn_note(state)


def test_lisbon_note_counts_the_stones_allowed_and_left() -> None:
    assert note(play("lisbon")) == "Black places one stone this turn."
    state = play("lisbon", "h8")
    assert note(state) == "White may place up to 2 stones this turn."
    assert note(state.apply(state.board.cell("a1"))).startswith("1 more stone allowed;")


def test_stymie_note_names_the_turn_shapes_and_the_swap() -> None:
    state = play("stymie", "c3", size=3)
    assert "a single, or an octagon and an adjacent square" in note(state) and "Swap" in note(state)
    assert "opens with a single" in note(play("stymie", size=3))
    assert find_game("stymie").presentation.goal_bars == (("Vert", "top-bottom"), ("Horz", "left-right"))


def test_superstar_score_table_lists_every_scoring_chain_with_komi() -> None:
    state = play("superstar", "A5", "J10")
    table = find_game("superstar").presentation.score_table(state)
    assert table is not None and table.note == "Black's total includes komi 5.5."
    assert table.totals == (("White", 1.0), ("Black", 5.5))
    assert table.columns[0] == "Chain" and table.rows == (("White A5", "1", "1", "0", "0", "1"),)
    assert table.highlight == ((state.board.cell("A5"),),)
    assert "another pass ends the game" in note(play("superstar", "pass"))


def test_games_without_a_count_have_no_score_table() -> None:
    state = play("susan", "e5")
    assert state.spec.presentation.score_table(state) is None and note(state) == ""


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_declares_help_with_a_diagram_on_its_board(game: str) -> None:
    presentation = find_game(game).presentation
    assert presentation.example_move and presentation.help is not None
    content = presentation.help
    assert content.summary and content.sections and content.diagram is not None and content.diagram.caption
    board = find_game(game).new_game(content.diagram.options).board
    assert all(board.cell(name) is not None for name in content.diagram.stones)
    assert set(content.diagram.highlight) <= set(content.diagram.stones)


def test_the_lisbon_help_ring_surrounds_h8_and_the_susan_stone_is_surrounded() -> None:
    lisbon = find_game("lisbon")
    board = lisbon.new_game().board
    assert {board.names[n] for n in board.neighbours[board.cell("h8")]} == set(lisbon.presentation.help.diagram.highlight)
    susan = find_game("susan")
    board = susan.new_game().board
    stones = susan.presentation.help.diagram.stones
    assert all(board.names[n] in stones for n in board.neighbours[board.cell("e5")])
