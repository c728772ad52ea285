"""STYMIE's swap decision: the table says which first stones Horz swaps, the search obeys it at
every level, and it agrees with the solver where the board is solved."""

from __future__ import annotations

import random

import pytest

from pygame_core.ai.player import make_player
from pygame_core.game import SWAP, GameState
from pygame_core.games.stymie.pie import SWAPPED, first_stone, searched_moves
from pygame_core.games.stymie.solver import strong_openings, symmetries
from pygame_core.registry import find_game

STYMIE = find_game("stymie")


def after_first_stone(size: int, name: str) -> GameState:
    state = STYMIE.new_game({"size": size})
    return state.apply(state.board.names.index(name))


def test_the_solved_board_s_table_is_the_solver_s_strong_openings() -> None:
    assert SWAPPED[3] == frozenset(strong_openings(3))


@pytest.mark.parametrize("size", sorted(SWAPPED))
def test_a_table_treats_mirror_images_alike(size: int) -> None:
    names = STYMIE.new_game({"size": size}).board.names
    for cell, name in enumerate(names):
        for mirror in symmetries(size):
            assert (names[mirror[cell]] in SWAPPED[size]) == (name in SWAPPED[size]), (size, name)


@pytest.mark.parametrize("size", sorted(SWAPPED))
def test_at_the_swap_the_search_sees_only_the_table_s_choice(size: int) -> None:
    for name in STYMIE.new_game({"size": size}).board.names:
        state = after_first_stone(size, name)
        assert first_stone(state) == name
        moves = searched_moves(state)
        if name in SWAPPED[size]:
            assert moves == [SWAP]
        else:
            assert moves == [a for a in state.legal_actions() if a != SWAP] and SWAP not in moves


def test_everywhere_else_the_search_sees_every_legal_action() -> None:
    start = STYMIE.new_game({"size": 3})
    assert searched_moves(start) == start.legal_actions()
    later = after_first_stone(3, "A1").apply(STYMIE.new_game({"size": 3}).board.names.index("C1"))
    assert searched_moves(later) == later.legal_actions()
    untabled = after_first_stone(4, "A1")
    assert 4 not in SWAPPED and SWAP in searched_moves(untabled)
    declined = after_first_stone(8, "H8")
    assert SWAP not in searched_moves(declined) and len(searched_moves(declined)) == len(declined.legal_actions()) - 1


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_every_level_swaps_as_the_table_says(level: str) -> None:
    names = STYMIE.new_game({"size": 3}).board.names
    for name in names:
        player = make_player(f"mcts:level={level}", STYMIE, random.Random(5))
        turn = player.choose_turn(after_first_stone(3, name))
        assert (turn == [SWAP]) == (name in SWAPPED[3]), (level, name, turn)
