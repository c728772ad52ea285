"""Who wins STYMIE on small boards with perfect play: a negamax over whole turns with a
transposition table folded by the board's symmetries.

A position is taken at the start of a turn. Its successors are the states at the start of the
opponent's turn after each legal whole turn (single, pair, triple, swap), found by walking the
rules' own stone-by-stone actions, so the solver cannot disagree with the rules. The side to
move wins when some turn connects it, or leads to a position the opponent loses.

Symmetry: mirroring the board left-right or top-bottom (and so turning it half a turn) keeps
each side's two goal edges, so mirrored positions have the same value; the table stores each
position once, under its smallest mirror image.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator, cast

from ...game import END_TURN, SWAP, Action
from .state import StymieState, new_state, tables

Key = tuple[object, ...]


@lru_cache(maxsize=None)
def symmetries(size: int) -> tuple[tuple[int, ...], ...]:
    """Cell permutations that keep both sides' goals: identity, the two mirrors, the half turn."""
    board = tables(size).board
    where = {(round(x, 6), round(y, 6)): cell for cell, (x, y) in enumerate(board.centres)}
    xs = [x for x, _ in board.centres]
    ys = [y for _, y in board.centres]
    low_x, high_x, low_y, high_y = min(xs), max(xs), min(ys), max(ys)
    maps = []
    for flip_x in (False, True):
        for flip_y in (False, True):
            maps.append(tuple(where[(round(high_x + low_x - x if flip_x else x, 6),
                                     round(high_y + low_y - y if flip_y else y, 6))]
                              for x, y in board.centres))
    return tuple(maps)


def key(state: StymieState) -> Key:
    """The position's smallest mirror image, plus what the rules still allow (the side to move,
    the swap, the stone limit) — the seat names do not matter to who wins."""
    cells = state._cells
    image = min(tuple(cells[source] for source in mapping) for mapping in symmetries(state.options["size"]))
    return image, state._side, state._limit, state._swap_ok


def whole_turns(state: StymieState) -> Iterator[tuple[tuple[Action, ...], StymieState]]:
    """(actions, state after) for every legal whole turn from `state` (a turn start): each
    distinct resulting position once."""
    seen: set[Key] = set()
    stack: list[tuple[tuple[Action, ...], StymieState]] = [((), state)]
    mover = state.to_move
    while stack:
        actions, current = stack.pop()
        for action in current.legal_actions():
            after = current.play_unchecked(action)
            done = after.outcome is not None or after.to_move != mover or action == SWAP
            if not done:
                stack.append(((*actions, action), after))
                continue
            position = (after._cells, after._side, after._swapped, after._limit, after._swap_ok, after.outcome is None)
            if position not in seen:
                seen.add(position)
                yield (*actions, action), after


class Solver:
    """Negamax with a transposition table; one solver per board size keeps what it proved."""

    def __init__(self) -> None:
        self.table: dict[Key, bool] = {}
        self.positions = 0

    def wins(self, state: StymieState) -> bool:
        """True when the side to move at this turn start wins with perfect play."""
        if state.outcome is not None:
            return state.to_move in state.outcome.winners
        k = key(state)
        known = self.table.get(k)
        if known is not None:
            return known
        self.positions += 1
        successors = list(whole_turns(state))
        # a turn that wins at once first, then the rest
        result = any(after.outcome is not None for _, after in successors) or any(
            not self.wins(after) for _, after in successors if after.outcome is None)
        self.table[k] = result
        return result

    def winning_turns(self, state: StymieState) -> list[tuple[Action, ...]]:
        """Every whole turn from `state` after which the opponent loses (empty when it loses)."""
        return [actions for actions, after in whole_turns(state)
                if after.outcome is not None or not self.wins(after)]


def turn_text(state: StymieState, actions: tuple[Action, ...]) -> str:
    """A turn's notation, END_TURN left out."""
    return state.format_turn([a for a in actions if a != END_TURN])


# What the solver proved, shipped for the rules help: the strong openings per solved size (the
# test re-proves size 3; `make solve-stymie` re-runs it). Size 4 did not finish here in 15
# minutes (1.5 GB of table), so it is not claimed.
PROVED: dict[int, tuple[str, ...]] = {3: ("C3",)}
SOLVED_SIZES = tuple(PROVED)  # small enough to solve on the fly for perfect play


@lru_cache(maxsize=None)
def solver_for(size: int) -> Solver:
    """One solver per board size, kept: its table makes later turns of a game instant."""
    return Solver()


def perfect_turn(state: StymieState) -> list[Action] | None:
    """A whole winning turn on a solved board (SearchHints.perfect), or None: on an unsolved
    board, mid-turn, or where the side to move loses (then the search plays on)."""
    if state.options["size"] not in SOLVED_SIZES or state.turn_actions or state.outcome is not None:
        return None
    winning = solver_for(state.options["size"]).winning_turns(state)
    return list(winning[0]) if winning else None


def strong_openings(size: int) -> list[str]:
    """The opening stones that win for their owner if Horz does not swap: after them Horz must
    swap, after any other it must not. (With the swap the second player always wins: an opening
    either wins for its owner, and Horz takes it, or loses, and Horz plays on.)"""
    state = new_state({"size": size})
    solver = solver_for(size)
    return [state.board.names[cell] for cell in state.legal_actions()
            if all(solver.wins(after) for actions, after in whole_turns(cast(StymieState, state.apply(cell))) if actions != (SWAP,))]


def main(argv: list[str] | None = None) -> int:
    """`python -m pygame_core.games.stymie.solver SIZE...`: prove who wins and print the
    strong openings (make solve-stymie re-checks what the help ships)."""
    import sys
    import time

    for size in [int(a) for a in (argv if argv is not None else sys.argv[1:])] or list(SOLVED_SIZES):
        started = time.perf_counter()
        openings = strong_openings(size)
        first_wins = solver_for(size).wins(new_state({"size": size}))
        print(f"size {size}: {'Vert (first)' if first_wins else 'Horz (second, by the swap)'} wins; "
              f"strong openings {', '.join(openings) or 'none'}; {solver_for(size).positions} positions, "
              f"{time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
