"""STYMIE's static evaluation (games/stymie/evaluation.py): the road lengths against brute force
on small boards (the fewest empty cells whose filling connects the side, by the rules' own
connection test), the board's symmetry between the sides, and the value's sign and tempo."""

from __future__ import annotations

import itertools
import random

import pytest

from pygame_core.games.stymie import SPEC
from pygame_core.games.stymie.evaluation import evaluate, roads
from pygame_core.games.stymie.state import EMPTY, HORZ, VERT, StymieState, connected_chain, tables


def random_position(size: int, rng: random.Random) -> StymieState:
    """A position of a random game, stopped at a random turn before it ends."""
    state = SPEC.new_game({"size": size})
    for _ in range(rng.randrange(40)):
        actions = state.legal_actions()
        after = state.play_unchecked(rng.choice(actions))
        if after.outcome is not None:
            break
        state = after
    assert isinstance(state, StymieState)
    return state


def brute_road(size: int, cells: tuple[int, ...], side: int) -> int:
    """The fewest empty cells that, filled with `side`'s stones, connect it (rules' test)."""
    t = tables(size)
    empty = [c for c, s in enumerate(cells) if s == EMPTY]
    for k in range(len(empty) + 1):
        for chosen in itertools.combinations(empty, k):
            filled = list(cells)
            for c in chosen:
                filled[c] = side
            if connected_chain(t, filled, side):
                return k
    return len(cells) + 1


@pytest.mark.parametrize("seed", range(12))
def test_road_lengths_match_brute_force_on_the_small_board(seed: int) -> None:
    state = random_position(3, random.Random(seed))
    cells = state._cells
    assert roads(tables(3), cells) == (brute_road(3, cells, VERT), brute_road(3, cells, HORZ))


@pytest.mark.parametrize("size", [3, 5, 8])
def test_on_the_empty_board_each_road_is_one_octagon_per_row_and_the_mover_leads(size: int) -> None:
    state = SPEC.new_game({"size": size})
    assert roads(tables(size), state._cells) == (size, size)
    assert evaluate(state) > 0   # Vert may place its opening stone


@pytest.mark.parametrize("seed", range(8))
def test_transposing_the_board_swaps_the_sides_roads(seed: int) -> None:
    """(x, y) -> (y, x) maps the board onto itself and top/bottom onto left/right."""
    state = random_position(8, random.Random(seed))
    board = state.board
    flipped = [EMPTY] * board.size
    for c, side in enumerate(cells := state._cells):
        name = board.names[c]
        column, row = ord(name[0]) - ord("A") + 1, int(name[1:])
        mirror = board.cell(f"{chr(ord('A') + row - 1)}{column}")
        assert mirror is not None
        flipped[mirror] = EMPTY if side == EMPTY else 1 - side
    vert, horz = roads(tables(8), cells)
    assert roads(tables(8), tuple(flipped)) == (horz, vert)


def test_the_side_with_the_shorter_road_is_ahead_whichever_seat_is_to_move() -> None:
    # Vert has A5 and A3 (one cell, A1, from joining top to bottom); Horz must still cross the board
    vert_near = SPEC.load_position({"size": 3}, ["V..", "..", "V..", "..", "..."], "Horz")
    assert roads(tables(3), vert_near._cells) == (1, 3)
    assert evaluate(vert_near) < 0   # Horz to move and behind
    vert_to_move = SPEC.load_position({"size": 3}, ["V..", "..", "V..", "..", "..."], "Vert")
    assert evaluate(vert_to_move) > 0 and -1.0 < evaluate(vert_near) < evaluate(vert_to_move) < 1.0
