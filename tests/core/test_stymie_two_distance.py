"""STYMIE's two-distance (games/stymie/two_distance.py): the round-by-round labelling against
the definition solved by plain relaxation, with the side's groups contracted by a search of
their own; the board's symmetry between the sides; and the prior it gives."""

from __future__ import annotations

import random

import pytest

from pygame_core.games.stymie import SPEC
from pygame_core.games.stymie.patterns import PRIOR
from pygame_core.games.stymie.state import EMPTY, HORZ, VERT, StymieState, tables
from pygame_core.games.stymie.two_distance import FAR, TwoDistancePrior, move_weights, potentials
from pygame_core.game import SWAP

from tests.core.test_stymie_evaluation import random_position


def reference_neighbours(size: int, cells: tuple[int, ...], side: int, c: int) -> set[int]:
    """The empty cells reachable from empty `c` in one step or through `side`'s stones only."""
    neighbours = tables(size).board.neighbours
    found: set[int] = set()
    stack, seen = [c], {c}
    while stack:
        for x in neighbours[stack.pop()]:
            if x in seen:
                continue
            seen.add(x)
            if cells[x] == EMPTY:
                found.add(x)
            elif cells[x] == side:
                stack.append(x)
    return found


def reference_touches(size: int, cells: tuple[int, ...], side: int, c: int, goal: frozenset[int]) -> bool:
    """Whether empty `c` is on `goal` or joined to it through `side`'s stones."""
    neighbours = tables(size).board.neighbours
    stack, seen = [c], {c}
    while stack:
        x = stack.pop()
        if x in goal:
            return True
        for y in neighbours[x]:
            if y not in seen and cells[y] == side:
                seen.add(y)
                stack.append(y)
    return False


def reference_potentials(size: int, cells: tuple[int, ...], side: int) -> list[int]:
    """The two-distance's definition (1 on the goal, else 1 + the second-smallest neighbour's),
    relaxed from FAR until nothing changes, summed over the side's two goals."""
    empty = [c for c in range(len(cells)) if cells[c] == EMPTY]
    near = {c: reference_neighbours(size, cells, side, c) for c in empty}
    total = [0] * len(cells)
    for goal in tables(size).goals[side]:
        dist = [FAR] * len(cells)
        changed = True
        while changed:
            changed = False
            for c in empty:
                if reference_touches(size, cells, side, c, goal):
                    best = 1
                else:
                    around = sorted(dist[x] for x in near[c])
                    best = around[1] + 1 if len(around) > 1 and around[1] < FAR else FAR
                if best < dist[c]:
                    dist[c], changed = best, True
        total = [t + d for t, d in zip(total, dist, strict=True)]
    return total


@pytest.mark.parametrize("size,seed", [(3, s) for s in range(6)] + [(5, s) for s in range(6)] + [(8, s) for s in range(4)])
def test_potentials_match_the_definition(size: int, seed: int) -> None:
    cells = random_position(size, random.Random(seed))._cells
    for side in (VERT, HORZ):
        assert potentials(size, cells, side) == reference_potentials(size, cells, side)


def test_on_the_empty_board_the_centre_column_is_best_and_every_cell_has_two_ways() -> None:
    cells = SPEC.new_game({"size": 5})._cells
    vert = potentials(5, cells, VERT)
    assert max(vert) < FAR
    board = tables(5).board
    best = min(vert)
    # Vert joins top and bottom: on the empty board every column of octagons is a road
    assert all(vert[board.cell(f"{column}{row}")] == best for column in "ACEGI" for row in (1, 5, 9)), vert


@pytest.mark.parametrize("seed", range(6))
def test_transposing_the_board_swaps_the_sides_potentials(seed: int) -> None:
    state = random_position(8, random.Random(seed))
    board, cells = state.board, state._cells
    mirror = [0] * board.size
    flipped = [EMPTY] * board.size
    for c, side in enumerate(cells):
        name = board.names[c]
        column, row = ord(name[0]) - ord("A") + 1, int(name[1:])
        m = board.cell(f"{chr(ord('A') + row - 1)}{column}")
        assert m is not None
        mirror[c] = m
        flipped[m] = EMPTY if side == EMPTY else 1 - side
    vert = potentials(8, cells, VERT)
    horz_flipped = potentials(8, tuple(flipped), HORZ)
    assert [horz_flipped[mirror[c]] for c in range(board.size)] == vert


def test_a_cell_that_joins_a_nearly_won_chain_has_the_lowest_potential() -> None:
    # Vert holds A5 and A3; A1 completes the chain down column A, which is then all Vert's
    state = SPEC.load_position({"size": 3}, ["V..", "..", "V..", "..", "..."], "Horz")
    assert isinstance(state, StymieState)
    vert = potentials(3, state._cells, VERT)
    a1 = state.board.cell("A1")
    assert vert[a1] == min(vert) and vert[a1] < vert[state.board.cell("E1")]
    assert move_weights(state)[a1] == 1.0


def test_the_prior_reweights_placements_and_keeps_the_swap() -> None:
    state = SPEC.new_game({"size": 8}).play_unchecked(SPEC.new_game({"size": 8}).board.cell("A1"))
    learned = PRIOR(state, None)
    reweighted = TwoDistancePrior(PRIOR.features, PRIOR.weights)(state, None)
    weights = move_weights(state)
    assert reweighted[SWAP] == learned[SWAP]
    assert set(reweighted) == set(learned)
    for action, p in learned.items():
        if action >= 0:
            assert reweighted[action] == pytest.approx(p * weights[action])
    assert min(weights.values()) < 0.5 < max(weights.values()) == 1.0
