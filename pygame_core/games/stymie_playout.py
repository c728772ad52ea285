"""Fast random STYMIE games on mutable lists, for benchmarks and search (ARCHITECTURE §2).

The playout fills the whole board with random legal turns and reads the winner off the full
board with one flood fill, instead of testing for a connection after every turn. That gives
the same winner as stopping at the first connection, because:
  * stones are never removed, so a side that is connected stays connected;
  * on a full 4.8.8 board exactly one side is connected (every vertex of the tiling has
    degree 3, the Hex argument; tests check it on thousands of random full boards);
so the only side that ever connects is the full board's connected side, and the real game
ends, with that side's player winning, at the end of the turn that first connects it.
The turns after that point are legal continuations that change nothing. Tests replay the
playout's turns through the clean StymieState API and compare winners.

Turn shapes: the first stone is a random empty cell; with probability 1 - SINGLE it is joined
by a random empty partner (a pair), and when a triple is allowed, with probability TRIPLE
by a third stone completing a triple around that pair. When a shape cannot be completed the
stones placed so far already form a legal single or pair. Swap on move 2 is one choice among
the legal first actions, like any cell.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..game import SWAP
from .stymie import EMPTY, HORZ, VERT, tables

SINGLE = 0.25  # chance a turn stops at one stone
TRIPLE = 0.5  # chance an allowed triple is tried, given a pair


@lru_cache(maxsize=None)
def _fast_tables(size: int) -> tuple[int, list[list[int]], list[list[int]], list[int], list[bool]]:
    """Plain lists for the hot loop: cell count, partners, neighbours, Vert's start cells
    (top) and Vert's goal flags (bottom)."""
    t = tables(size)
    board = t.board
    top, bottom = t.goals[VERT]
    return (board.size, [sorted(p) for p in t.partners],
            [list(n) for n in board.neighbours], sorted(top), [c in bottom for c in range(board.size)])


def random_playout(size: int, rng: random.Random, turns: list[tuple[int, ...]] | None = None) -> tuple[int, ...]:
    """Play a random legal game of size `size` and return the winning seat as a 1-tuple.

    If `turns` is given, each turn's actions (cells, or (SWAP,)) are appended to it, including
    the turns played after the real end (see the module docstring).
    """
    count, partners, neighbours, top, bottom = _fast_tables(size)
    chance = rng.random
    cells = [EMPTY] * count
    order = list(range(count))
    rng.shuffle(order)
    cells[order[0]] = VERT
    if turns is not None:
        turns.append((order[0],))
    side, swapped, triple_ok = HORZ, False, False
    if chance() * count < 1:  # swap: 1 of the `count` legal first actions of move 2
        swapped = True
        if turns is not None:
            turns.append((SWAP,))
    for first in order:
        if cells[first] != EMPTY:
            continue
        cells[first] = side
        placed: tuple[int, ...] = (first,)
        if chance() >= SINGLE:
            free = [p for p in partners[first] if cells[p] == EMPTY]
            if free:
                second = free[int(chance() * len(free))]
                cells[second] = side
                placed = (first, second)
                if triple_ok and chance() < TRIPLE:
                    free = [p for p in partners[first] if cells[p] == EMPTY]
                    free += [p for p in partners[second] if cells[p] == EMPTY]
                    if free:
                        third = free[int(chance() * len(free))]
                        cells[third] = side
                        placed = (first, second, third)
        if turns is not None:
            turns.append(placed)
        triple_ok = len(placed) == 1
        side ^= 1
    return ((VERT if _vert_connected(cells, neighbours, top, bottom) else HORZ) ^ swapped,)


def _vert_connected(cells: list[int], neighbours: list[list[int]], top: list[int], bottom: list[bool]) -> bool:
    """Flood Vert's stones from the top row; True when they reach the bottom row.
    Marks visited stones in `cells` (the board is finished with)."""
    visited = 2
    stack = [c for c in top if cells[c] == VERT]
    for c in stack:
        cells[c] = visited
    while stack:
        cell = stack.pop()
        if bottom[cell]:
            return True
        for nbr in neighbours[cell]:
            if cells[nbr] == VERT:
                cells[nbr] = visited
                stack.append(nbr)
    return False
