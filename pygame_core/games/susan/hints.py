"""What SUSAN's search should know: which actions can end the game at once.

A move decides SUSAN only where it takes a stone's last liberty (or fills a cell with no
empty neighbour), so the search's win-in-one checks need only try those, and every slide
when one more slide would draw.
"""

from __future__ import annotations

from functools import partial

from ...game import Action, SearchHints
from .board import EMPTY
from .evaluation import evaluate, liberties
from .playout import play
from .state import SusanState


def candidates(state: SusanState) -> list[Action]:
    """SUSAN actions that could end the game at once: a placement or slide onto a cell that is
    the last liberty of a neighbouring stone, or that has no empty neighbour itself; and every
    slide when one more slide would draw."""
    cells, nbrs, n = state.cells, state.board.neighbours, state.board.size
    libs = liberties(cells, nbrs)
    hot = set()
    for c in range(n):
        if cells[c] == EMPTY:
            if not libs[c]:
                hot.add(c)
        elif libs[c] == 1:
            hot.update(x for x in nbrs[c] if cells[x] == EMPTY)
    if state.consecutive_slides + 1 >= 3 * len(state.active):  # any slide now draws
        return [a for a in state.legal_actions() if a >= n or a in hot]
    return [a for a in state.legal_actions() if (a if a < n else (a - n) % n) in hot]


# the opponent before issue 19 (kept to measure changes against): playouts without tactics
FROZEN = SearchHints(check_depth=2, check_visits=4, candidates=candidates,  # type: ignore[arg-type]
                     playout=partial(play, tactics=False))  # type: ignore[arg-type]
HINTS = SearchHints(check_depth=2, check_visits=4, candidates=candidates,  # type: ignore[arg-type]
                    evaluate=evaluate, frozen=FROZEN)  # type: ignore[arg-type]
