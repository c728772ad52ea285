"""What SUPERSTAR's search should know: only a pass can end the game at once (the second pass
in a row), so the win-in-one checks try nothing else; and GRAVE with a small exploration term,
as for the other placement games (a cell's value barely depends on when it is taken)."""

from __future__ import annotations

from ...game import PASS, Action, GameState, SearchHints


def passes_only(state: GameState) -> list[Action]:
    """The one action that could end the game now: a pass."""
    return [PASS] if PASS in state.legal_actions() else []


# the opponent before issue 19 (kept to measure changes against): plain UCT
FROZEN = SearchHints(candidates=passes_only)
HINTS = SearchHints(exploration=0.2, rave_ref=50, candidates=passes_only, frozen=FROZEN)
