"""What SUSAN's search should know: which actions can end the game at once (`threats.candidates`,
for the win-in-one checks), the playout's tactics, the static evaluation (for the alpha-beta
yardstick), the threat search's forced wins (`threats.forced_win`, for the top level), the
move priors learned from self-play (`patterns`, docs/opponent-learning.md), the cut:
a search leaf is valued by the evaluation, not a playout (ai.cutoff; docs/opponent-log.md, "cut
playouts": +90 Elo at hard, accepted by the SPRT, and a cheaper turn), the upper levels'
own iteration budgets, and Expert's learned evaluation (learned.py, accepted by its SPRT).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ...game import LeafCut, SearchHints
from .evaluation import evaluate
from .patterns import PRIOR
from .state import SusanState
from .threats import candidates, forced_win, next_threats

PRIOR_BIAS = 1.0  # the learned prior's weight in selection (ai.search)
# no random actions, the evaluation at its own scale, and a UCT constant for its values
# (docs/opponent-log.md, "cut playouts": exploration 0.1 accepted by the SPRT at hard)
LEAF_CUT = LeafCut(plies=0, slope=2.0, exploration=0.1)
# the upper levels' iterations per action: with the cut a turn costs a third of a playout search's,
# and hard at 10,000 beats medium by more than at the shared 3,000 (docs/opponent-log.md, "SUSAN
# re-budgeted"); expert keeps 4x hard's
BUDGETS = {"hard": 10_000, "expert": 40_000}


# the frozen baseline: the opponent without the learned priors, kept to measure them against (`mcts:frozen=1`);
# both play the game's playout without its learned local replies (see playout.py)
FROZEN_BASELINE = SearchHints(check_depth=2, check_visits=4, candidates=candidates,  # type: ignore[arg-type]
                              evaluate=evaluate, forced_win=forced_win,  # type: ignore[arg-type]
                              threats=next_threats)


def learned_evaluation() -> Callable[[SusanState], float]:
    """The learned evaluation (learned.py): Expert's, since its SPRT against Expert on the hand
    evaluation accepted it (issue 53.6, docs/confirmations.md), and any spec's with `eval=learned`;
    imported on first use, so the levels below Expert never load its weights."""
    from .learned import evaluate as learned
    return learned


def hand_evaluation() -> Callable[[SusanState], float]:
    """The hand evaluation (evaluation.py), the levels' own below Expert: `eval=hand` plays
    Expert as it was before the learned one, to measure against."""
    return evaluate


HINTS = replace(FROZEN_BASELINE, prior=PRIOR, prior_bias=PRIOR_BIAS, cut=LEAF_CUT, budgets=BUDGETS,
                frozen=FROZEN_BASELINE,
                evaluations={"learned": learned_evaluation, "hand": hand_evaluation},  # type: ignore[dict-item]
                level_evaluations={"expert": "learned"})
