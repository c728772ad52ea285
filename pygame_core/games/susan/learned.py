"""A learned static value of a two-player SUSAN position, fitted to search values (issue 53.6).

The hand evaluation (evaluation.py) is a weak judge (docs/opponent-log.md, "cut playouts"), so this
one is fitted by least squares to the root values of medium searches (lab/value,
docs/opponent-value.md). It is a table of weights, one per kind of stone, plus a few global
terms, summed and squashed:

    value = gain[slides] * tanh(bias + sum of stone weights + phase weight)

A stone's kind: whose it is (the side to move's or the other's), its zone (ring 0-3 from the
centre, the edge, a corner), its liberties (empty neighbours), its neighbours of its own colour,
and, for a stone with one liberty, how many empty neighbours that last liberty has (0, 1, 2+:
whether a stone placed there would itself be surrounded). Every feature is the same under the
board's rotations and reflections, so the table is symmetry-shared by construction. `phase` is
the number of stones on the board in fours; `gain` shrinks the value as the slides that draw the
game run out. On the larger board the rings past 3 count as ring 3.

The weights are int16 in `learned.bin` beside this module (read with pkgutil.get_data, so it
works inside the site's app.zip), parsed on the first evaluation, never at import.
"""

from __future__ import annotations

import math
import pkgutil
import struct
from functools import lru_cache
from typing import NamedTuple

from ...geometry import Board
from .board import EMPTY
from .state import SusanState

ZONES = 6          # rings 0-3, the edge (not a corner), a corner
LIBERTIES = 7      # 0-6 empty neighbours
FRIENDS = 7        # 0-6 neighbours of the stone's own colour
LAST_LIBERTY = 3   # a one-liberty stone's last liberty has 0, 1 or 2+ empty neighbours
PER_OWNER = ZONES * LIBERTIES * FRIENDS * LAST_LIBERTY
STONE_ENTRIES = 2 * PER_OWNER
PHASES = 16        # stones on the board // 4, at most 15
TABLE_SIZE = STONE_ENTRIES + PHASES
SLIDES = 6         # a two-player game is drawn after 6 slides in a row: gains for counters 0-5

MAGIC = b"SVAL"
VERSION = 1
# magic, version, table size, slide gains, weight scale, gain scale (little-endian)
HEADER = struct.Struct("<4sHHHff")
WEIGHTS_FILE = "learned.bin"


class Model(NamedTuple):
    """The parsed weights: the table (stone kinds, then phases), the bias and the slide gains."""

    table: tuple[float, ...]
    bias: float
    gains: tuple[float, ...]


def stone_index(mine: bool, zone: int, liberties: int, friends: int, last_liberty: int) -> int:
    """The table entry of one stone's kind (see the module's docstring)."""
    return ((((0 if mine else 1) * ZONES + zone) * LIBERTIES + liberties) * FRIENDS + friends) * LAST_LIBERTY \
        + last_liberty


def zone_of(board: Board, cell: int) -> int:
    """Ring 0-3 from the centre for an inner cell, 4 for an edge cell, 5 for a corner."""
    degree = len(board.neighbours[cell])
    if degree == 3:
        return 5
    if degree < 6:
        return 4
    q, r = board.coords[cell]
    middle = (len(board.rows) - 1) // 2
    dr = r - middle
    return min(3, (abs(q) + abs(dr) + abs(q + dr)) // 2)


_BASES: dict[str, tuple[tuple[int, int], ...]] = {}  # by board name (a Board is not hashable)


def _cell_bases(board: Board) -> tuple[tuple[int, int], ...]:
    """Per cell, the table offset of a stone there for the side to move and for the other."""
    bases = _BASES.get(board.name)
    if bases is None:
        bases = _BASES[board.name] = tuple(
            (stone_index(True, zone_of(board, c), 0, 0, 0), stone_index(False, zone_of(board, c), 0, 0, 0))
            for c in range(board.size))
    return bases


# a neighbour's code: EMPTY adds 1 (a liberty), the stone's own colour adds 8 (a friend), so
# k = liberties + 8 * friends and _KIND[k] is their offset in the table
_KIND = tuple(((k & 7) * FRIENDS + (k >> 3)) * LAST_LIBERTY if (k & 7) + (k >> 3) <= 6 else 0
              for k in range(64))


# per side to move (seat 0 or 1): a cell's code for its stones' neighbours and for the other's,
# indexed by what the cell holds (seat 0, seat 1, or EMPTY = -1: the last entry)
_CODES = tuple(((8 if me == 0 else 0, 8 if me == 1 else 0, 1), (0 if me == 0 else 8, 0 if me == 1 else 8, 1))
               for me in (0, 1))


def feature_indices(state: SusanState) -> list[int]:
    """The table entries that add up to `state`'s value: one per stone, then the phase.

    Plain loops and indexing, not map(x.__getitem__, ...): in Pyodide calling a C method through
    map costs several times what it does in CPython (tools/bench_eval_speed.py: 39 against 17 us
    for this function)."""
    cells, nbrs = state.cells, state.board.neighbours
    bases = _cell_bases(state.board)
    me = state.to_move
    for_mine, for_theirs = _CODES[me]
    mine = [for_mine[x] for x in cells]
    theirs = [for_theirs[x] for x in cells]
    found = []
    for c, seat in enumerate(cells):
        if seat == EMPTY:
            continue
        if seat == me:
            codes, index = mine, bases[c][0]
        else:
            codes, index = theirs, bases[c][1]
        k = 0
        for x in nbrs[c]:
            k += codes[x]
        index += _KIND[k]
        if k & 7 == 1:  # one liberty: how many empty neighbours has it?
            for last in nbrs[c]:
                if cells[last] == EMPTY:
                    break
            around = 0
            for y in nbrs[last]:
                around += mine[y]
            around &= 7
            index += around if around < 2 else 2
        found.append(index)
    found.append(STONE_ENTRIES + min(PHASES - 1, len(found) // 4))
    return found


def model_from_bytes(data: bytes) -> Model:
    """The model in a weights file's bytes; ValueError when they are not one."""
    if len(data) < HEADER.size:
        raise ValueError("the weights file is too short for its header")
    magic, version, size, slides, weight_scale, gain_scale = HEADER.unpack_from(data)
    if magic != MAGIC or version != VERSION or size != TABLE_SIZE or slides != SLIDES:
        raise ValueError("the weights file is not a SUSAN value table of this version")
    count = size + 1 + slides
    if len(data) != HEADER.size + 2 * count:
        raise ValueError("the weights file's length does not match its header")
    if abs(gain_scale) * 32767 > 1.0 + 1e-6:
        raise ValueError("the weights file's slide gains exceed 1")
    raw = struct.unpack_from(f"<{count}h", data, HEADER.size)
    return Model(tuple(w * weight_scale for w in raw[:size]), raw[size] * weight_scale,
                 tuple(g * gain_scale for g in raw[size + 1:]))


def model_to_bytes(table: list[float], bias: float, gains: list[float]) -> bytes:
    """A weights file for the model, every number rounded to int16 on a shared scale."""
    if len(table) != TABLE_SIZE or len(gains) != SLIDES:
        raise ValueError(f"a SUSAN value table has {TABLE_SIZE} weights and {SLIDES} gains")
    if not all(0.0 <= g <= 1.0 for g in gains):
        raise ValueError("slide gains must lie in [0, 1], so the value stays in (-1, 1)")
    weight_scale = max(max(abs(w) for w in table), abs(bias), 1e-9) / 32767
    gain_scale = max(max(abs(g) for g in gains), 1e-9) / 32767
    raw = [round(w / weight_scale) for w in table] + [round(bias / weight_scale)] + \
        [round(g / gain_scale) for g in gains]
    return HEADER.pack(MAGIC, VERSION, TABLE_SIZE, SLIDES, weight_scale, gain_scale) + \
        struct.pack(f"<{len(raw)}h", *raw)


@lru_cache(maxsize=1)
def shipped_model() -> Model:
    """The weights beside this module, parsed once, on first use."""
    data = pkgutil.get_data(__name__.rpartition(".")[0], WEIGHTS_FILE)
    if data is None:
        raise ValueError(f"SUSAN's {WEIGHTS_FILE} cannot be read")
    return model_from_bytes(data)


def value_of(model: Model, state: SusanState) -> float:
    """`model`'s value of `state` for the side to move, in (-1, 1)."""
    table, total = model.table, model.bias
    for index in feature_indices(state):
        total += table[index]
    return model.gains[min(SLIDES - 1, state.consecutive_slides)] * math.tanh(total)


def evaluate(state: SusanState) -> float:
    """The side to move's prospects in (-1, 1) by the shipped weights (two players)."""
    return value_of(shipped_model(), state)
