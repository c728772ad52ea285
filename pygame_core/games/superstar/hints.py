"""What SUPERSTAR's search should know: only a pass can end the game at once (the second pass
in a row), so the win-in-one checks try nothing else."""

from __future__ import annotations

from ...game import PASS, Action, GameState, SearchHints


def passes_only(state: GameState) -> list[Action]:
    """The one action that could end the game now: a pass."""
    return [PASS] if PASS in state.legal_actions() else []


HINTS = SearchHints(candidates=passes_only)
