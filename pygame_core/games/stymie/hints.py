"""What STYMIE's search should know: GRAVE with a small exploration term (as Ludii and MoHex
do for Hex), that only a stone next to the mover's own stones can complete a chain, and the
perfect turns of the solved boards (the top level plays them). Playouts answer intrusions into
two-way links (see `playout`); the frozen baseline's fill is plain random."""

from __future__ import annotations

from functools import partial

from ...game import Action, GameState, SearchHints
from .playout import play
from .solver import perfect_turn


def touching_own(state: GameState) -> list[Action]:
    """Actions that could win at once: stones next to the mover's own stones (plus any
    non-placement action, which is cheap to try)."""
    me, nbrs = state.to_move, state.board.neighbours
    return [a for a in state.legal_actions() if a < 0 or any(state.occupant(x) == me for x in nbrs[a])]


# the opponent before issue 19's link answers (kept to measure changes against)
FROZEN = SearchHints(exploration=0.2, rave_ref=50, candidates=touching_own, perfect=perfect_turn,  # type: ignore[arg-type]
                     playout=partial(play, bridges=False))  # type: ignore[arg-type]
HINTS = SearchHints(exploration=0.2, rave_ref=50, candidates=touching_own, perfect=perfect_turn,  # type: ignore[arg-type]
                    frozen=FROZEN)
