"""What SUSAN's search should know: which actions can end the game at once (`threats.candidates`,
for the win-in-one checks), the playout's tactics, the static evaluation (for the alpha-beta
yardstick) and the threat search's forced wins (`threats.forced_win`, for the top level).
"""

from __future__ import annotations

from functools import partial

from ...game import SearchHints
from .evaluation import evaluate
from .playout import play
from .threats import candidates, forced_win


# the opponent before issue 19 (kept to measure changes against): playouts without tactics
FROZEN = SearchHints(check_depth=2, check_visits=4, candidates=candidates,  # type: ignore[arg-type]
                     playout=partial(play, tactics=False))
HINTS = SearchHints(check_depth=2, check_visits=4, candidates=candidates,  # type: ignore[arg-type]
                    evaluate=evaluate, forced_win=forced_win, frozen=FROZEN)  # type: ignore[arg-type]
