"""STYMIE's one fast playout, from any state: what the search runs, `bench` times and the
agreement tests replay through StymieState.

Policy: finish the turn in progress (end it when its stones already form a turn, else add a
random stone that keeps it legal), then fill every empty cell with single stones, alternately
from the side to move. Singles are legal turns at any time; in real play both sides place pairs,
so the share of the board each side gets is about the same.

Why fill the whole board and look only once: stones never leave the board, so a connected side
stays connected, and on a full 4.8.8 board exactly one side is connected (every vertex of the
tiling has degree 3, the Hex argument; tests check it on random full boards). So the full
board's connected side is the side that connected first, and the rules would have ended the
game with the same winner at that turn; the stones after it change nothing. One flood fill
replaces a connection test after every turn.

Bridges (`bridges=True`, the default): the fill answers an intrusion into a two-way link the
way a player would. Two stones of one side on the squares either side of two neighbouring
octagons (or one square and the side's own edge, for two edge octagons under it) are joined
unless both octagons are taken, and no turn can take two octagons that share no empty square.
So when one side takes one of those octagons, the other side's next stone takes the other.
MoHex's bridge replies in Hex playouts are the model; `bridges=False` is the plain random fill
(the frozen baseline's).
"""

from __future__ import annotations

import random
from functools import lru_cache

from ...game import END_TURN, Returns, Trace
from .state import EMPTY, HORZ, VERT, StymieState, tables

_WON, _LOST = 1.0, 0.0


@lru_cache(maxsize=None)
def _fast_tables(size: int) -> tuple[list[list[int]], list[int], list[bool]]:
    """Plain lists for the hot loop: neighbours, Vert's start cells (top), Vert's goal flags (bottom)."""
    t = tables(size)
    top, bottom = t.goals[VERT]
    return [list(n) for n in t.board.neighbours], sorted(top), [c in bottom for c in range(t.board.size)]


Link = tuple[int, int, int, int]  # (other octagon, square, square or the same again, side or ANY_SIDE)
ANY_SIDE = -1


@lru_cache(maxsize=None)
def links(size: int) -> list[list[Link]]:
    """For each cell, the two-way links an intrusion on it breaks: (the octagon that restores
    the link, the two squares that hold it, the side that must own them). Two orthogonally
    neighbouring octagons share two squares inside the board (any side's link) or one square on
    an edge (a link to that edge for the side whose goal holds both octagons)."""
    t = tables(size)
    result: list[list[Link]] = [[] for _ in range(t.board.size)]
    for cell in range(t.board.size):
        if not t.is_octagon[cell]:
            continue
        for other in t.board.neighbours[cell]:
            if not t.is_octagon[other]:
                continue
            squares = sorted(t.partners[cell] & t.partners[other])
            if len(squares) == 2:
                result[cell].append((other, squares[0], squares[1], ANY_SIDE))
            elif len(squares) == 1:
                result[cell].extend((other, squares[0], squares[0], side) for side in (VERT, HORZ)
                                    if any(cell in goal and other in goal for goal in t.goals[side]))
    return result


def _finish_turn(state: StymieState, rng: random.Random, trace: Trace | None) -> StymieState:
    """The state at the start of the next turn, the turn in progress completed legally."""
    while state.turn_actions and state.outcome is None:
        actions = state.legal_actions()
        action = END_TURN if END_TURN in actions else actions[int(rng.random() * len(actions))]
        if trace is not None:
            trace.append((state.to_move, action))
        state = state.play_unchecked(action)
    return state


def play(state: StymieState, rng: random.Random, trace: Trace | None = None, bridges: bool = True) -> Returns:
    """Play on from `state` by the policy above; the returns at the end (as StymieState.returns)."""
    state = _finish_turn(state, rng, trace)
    if state.outcome is not None:
        return state.returns()
    size = state.options["size"]
    neighbours, top, bottom = _fast_tables(size)
    sides = list(state._cells)
    empties = [c for c, s in enumerate(sides) if s == EMPTY]
    rng.shuffle(empties)
    seat, side = state.to_move, state._side
    if bridges:
        _fill_answering_links(sides, empties, side, links(size), seat, trace)
    elif trace is None:
        sides_in_order = (side, side ^ 1)
        for i, cell in enumerate(empties):
            sides[cell] = sides_in_order[i & 1]
    else:
        for cell in empties:
            sides[cell] = side
            trace.append((seat, cell))
            side ^= 1
            seat ^= 1
    vert_seat = state.seat_of(VERT)
    winner = vert_seat if _vert_connected(sides, neighbours, top, bottom) else 1 - vert_seat
    return (_WON, _LOST) if winner == 0 else (_LOST, _WON)


def _fill_answering_links(sides: list[int], order: list[int], side: int, cell_links: list[list[Link]],
                          seat: int, trace: Trace | None) -> None:
    """Fill every empty cell, sides alternating from `side`, in `order` except that a stone
    breaking a link of the other side is answered at once on the link's other octagon."""
    answer = -1
    next_in_order = 0
    for _ in range(len(order)):
        if answer < 0:
            cell = order[next_in_order]
            while sides[cell] != EMPTY:
                next_in_order += 1
                cell = order[next_in_order]
        else:
            cell = answer
        sides[cell] = side
        other = side ^ 1
        answer = -1
        for restore, square, square2, owner in cell_links[cell]:
            if (sides[restore] == EMPTY and sides[square] == other and sides[square2] == other
                    and owner in (ANY_SIDE, other)):
                answer = restore
                break
        if trace is not None:
            trace.append((seat, cell))
            seat ^= 1
        side = other


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
