"""Horz's swap decision (the pie rule): swap exactly the first stones that win for their owner.

Why a table and not the search: at the second turn the search's values of the swap and of the
best reply differ by a few hundredths, so its choice was noise. It swapped one stone and not
the stone its mirror image is (medium: mixed choices in 19 of the 32 classes of mirror-equal
stones, hard: 14). The table comes from the solver where the board is solved and from
self-play where it is not (`tools/stymie_first_stones.py`; docs/opponent-log.md, "STYMIE: expert
on 200 games, what does not help, and the swap decision"). Boards with no table keep the search's
choice. The search reads the decision through `SearchHints.moves`, so it also expects Horz to
swap this way when it picks Vert's first stone.
"""

from __future__ import annotations

from typing import Sequence

from ...game import SWAP, Action, GameState
from .solver import PROVED

# the first stones that Horz swaps, by board size, closed under the board's mirrors: the solver's
# strong openings where it has them; on the default board none, since no class of first stones
# won for its owner in self-play without the swap, at medium (Vert won 47% overall) or at hard
# (51.5%; a class is swapped only when its 95% interval lies above half, and one that stands out
# among the 32 only when a fresh sample confirms it: the two that did at hard were not)
SWAPPED: dict[int, frozenset[str]] = {
    **{size: frozenset(stones) for size, stones in PROVED.items()},
    8: frozenset(),
}


def first_stone(state: GameState) -> str:
    """The name of the one stone on the board (the position before Horz's first turn)."""
    (cell,) = [c for c in range(state.board.size) if state.occupant(c) is not None]
    return state.board.names[cell]


def searched_moves(state: GameState) -> Sequence[Action]:
    """The actions worth searching: on a board with a table, at the swap, only the swap where
    the first stone wins for its owner and only the replies where it does not."""
    actions = state.legal_actions()
    if not state.is_legal(SWAP):
        return actions
    table = SWAPPED.get(state.options["size"])
    if table is None:
        return actions
    return [SWAP] if first_stone(state) in table else [a for a in actions if a != SWAP]
