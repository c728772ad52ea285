"""A win puzzle played to its end: after each of the player's turns that keeps the win, the
defence answers with the reply that holds out longest, and the player's next turn must still
win within the turns left. Proved at play time by the same `Prover` the puzzles were proved
with: the positions are subtrees of the shipped proof, so they cost no more than it did
(CPython: at most 0.07 s for the first answer of the deepest shipped puzzle, a SUPERSTAR win
in 6; each later one is cheaper).
"""

from __future__ import annotations

from ..game import GameState
from .prove import Prover, Turn


def turns_to_win(prover: Prover, state: GameState, seat: int, plies: int) -> int | None:
    """The fewest whole turns (0: `seat` has won already) within which `seat` forces a win
    from `state`, looking at most `plies` ahead; None when it does not within them."""
    return next((depth for depth in range(plies + 1) if prover.forces_win(state, seat, depth)), None)


def defence(prover: Prover, after: GameState, mover: int, plies: int) -> Turn | None:
    """The opponent's reply from `after` (the opponent to move, `mover` winning within `plies`
    whole turns) after which `mover` needs the most turns to win: the proved best defence.
    None once the game is over."""
    if after.outcome is not None:
        return None
    longest: tuple[float, Turn] | None = None
    for reply, later in prover.turns(after):
        needed = turns_to_win(prover, later, mover, plies - 1)
        hold = float("inf") if needed is None else needed   # an escape (none if the proof holds)
        if longest is None or hold > longest[0]:
            longest = (hold, reply)
    return None if longest is None else longest[1]


def winning_turn(prover: Prover, state: GameState, plies: int) -> Turn | None:
    """The mover's quickest turn from `state` that still wins within `plies` whole turns (its
    own included), or None when none does."""
    mover = state.to_move
    quickest: tuple[int, Turn] | None = None
    for turn, after in prover.turns(state):
        needed = turns_to_win(prover, after, mover, plies - 1)
        if needed is not None and (quickest is None or needed < quickest[0]):
            quickest = (needed, turn)
    return None if quickest is None else quickest[1]
