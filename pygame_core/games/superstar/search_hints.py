"""What SUPERSTAR's search should know: only a pass can end the game at once (the second pass
in a row), so the win-in-one checks try nothing else; GRAVE with a small exploration term,
as for the other placement games (a cell's value barely depends on when it is taken); no
pass while the rim still has a vacant cell (`searched_moves`); and the move priors learned from
self-play (`patterns`, docs/opponent-learning.md).

Why no early pass: the playouts fill the board at random, so a pass scores like an average
stone placed at random, and with no all-moves-as-first statistics of its own (a playout never
passes) it stood among the best-looking moves of an open position: the medium search passed
in 3 of 24 early/midgame searches before, 0 of 24 after (tools/bench_superstar_pass.py, 800
iterations, plies 6-40)."""

from __future__ import annotations

from dataclasses import replace

from ...game import PASS, Action, GameState, SearchHints
from .board import EMPTY, tables
from .patterns import PRIOR


def passes_only(state: GameState) -> list[Action]:
    """The one action that could end the game now: a pass."""
    return [PASS] if PASS in state.legal_actions() else []


def searched_moves(state: GameState) -> list[Action]:
    """The actions worth searching: every placement, and a pass only once the other side has
    just passed (then it ends the game) or no cell next to the edge ring is vacant. A stone on
    such a cell is never inside anyone's ring (the edge does not close one), so playing there
    gives up no point, and a strong player fills them before passing."""
    actions = state.legal_actions()
    if PASS not in actions or state.passes > 0:  # type: ignore[attr-defined]
        return list(actions)
    cells = state.cells  # type: ignore[attr-defined]
    if any(cells[cell] == EMPTY for cell in tables().boundary):
        return [action for action in actions if action != PASS]
    return list(actions)


PRIOR_BIAS = 0.5  # the learned prior's weight in selection (ai.search); GRAVE searches explore less

# the frozen baseline: the opponent without the learned priors, kept to measure them against (`mcts:frozen=1`)
FROZEN_BASELINE = SearchHints(exploration=0.2, rave_ref=50, candidates=passes_only, moves=searched_moves)
HINTS = replace(FROZEN_BASELINE, prior=PRIOR, prior_bias=PRIOR_BIAS, frozen=FROZEN_BASELINE)
