"""What SUPERSTAR's search should know: only a pass can end the game at once (the second pass
in a row), so the win-in-one checks try nothing else; and GRAVE with a small exploration term,
as for the other placement games (a cell's value barely depends on when it is taken); and the
move priors learned from self-play (`patterns`, issue 28)."""

from __future__ import annotations

from dataclasses import replace

from ...game import PASS, Action, GameState, SearchHints
from .patterns import PRIOR


def passes_only(state: GameState) -> list[Action]:
    """The one action that could end the game now: a pass."""
    return [PASS] if PASS in state.legal_actions() else []


PRIOR_BIAS = 0.5  # the learned prior's weight in selection (ai.search); GRAVE searches explore less

# the opponent before issue 28 (kept to measure the learned knowledge against: `mcts:frozen=1`)
TODAY = SearchHints(exploration=0.2, rave_ref=50, candidates=passes_only)
HINTS = replace(TODAY, prior=PRIOR, prior_bias=PRIOR_BIAS, frozen=TODAY)  # type: ignore[arg-type]
