"""What STYMIE's search should know: GRAVE with a small exploration term (as Ludii and MoHex
do for Hex), that only a stone next to the mover's own stones can complete a chain, and the
perfect turns of the solved boards (the top level plays them); the move priors learned
from self-play (`patterns`, docs/opponent-learning.md); and a static evaluation, the sides' road
lengths (`evaluation`), for the alpha-beta yardstick and cut playouts (`mcts:cut=0,slope=3`;
docs/opponent-log.md); Horz's swap decision from a table (`pie`); and, to measure before it
ships, the learned prior reweighted by two-distance (`mcts:...,prior=twodistance`)."""

from __future__ import annotations

from dataclasses import replace

from typing import Any

from ...game import Action, GameState, SearchHints
from .evaluation import evaluate
from .patterns import PRIOR
from .pie import searched_moves
from .solver import perfect_turn


def touching_own(state: GameState) -> list[Action]:
    """Actions that could win at once: stones next to the mover's own stones (plus any
    non-placement action, which is cheap to try)."""
    me, nbrs = state.to_move, state.board.neighbours
    return [a for a in state.legal_actions() if a < 0 or any(state.occupant(x) == me for x in nbrs[a])]


def two_distance_prior(learned: Any) -> Any:
    """The learned prior reweighted by two-distance (imported on first use: not shipped yet)."""
    from .two_distance import with_two_distance
    return with_two_distance(learned)


PRIOR_BIAS = 0.5  # the learned prior's weight in selection (ai.search); GRAVE searches explore less
# expert's iterations per action: 1.5x the shared 12,000, which scored 62.0% against hard where
# this scores 64.0%, 200 games (docs/opponent-log.md, "STYMIE's expert re-budgeted"); a two-stone turn from
# the opening costs 5.5 s of CPU in CPython, about 8.5 s in Chromium's worker: inside the 10 s cap
BUDGETS = {"expert": 18_000}

# the frozen baseline: the opponent without the learned priors, kept to measure them against (`mcts:frozen=1`)
FROZEN_BASELINE = SearchHints(exploration=0.2, rave_ref=50, candidates=touching_own, perfect=perfect_turn)  # type: ignore[arg-type]
HINTS = replace(FROZEN_BASELINE, prior=PRIOR, prior_bias=PRIOR_BIAS, evaluate=evaluate,  # type: ignore[arg-type]
                moves=searched_moves, budgets=BUDGETS, frozen=FROZEN_BASELINE,
                priors={"twodistance": two_distance_prior})
