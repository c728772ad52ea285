"""SUPERSTAR's move features for the learned prior (see pygame_core.patterns): the shared
placement features, plus whether a stone is on the board's edge (where stars are scored) and,
for a pass, how full the board is (passing is right only near the end)."""

from __future__ import annotations

from ...game import Action, GameState
from ...patterns import FIRST_GAME_KIND, Features, Prior, Weights, feature, placement_features

ON_EDGE, FULLNESS = FIRST_GAME_KIND, FIRST_GAME_KIND + 1


def _extra(state: GameState, action: Action, cell: int) -> list[int]:
    if cell < 0:
        empty = sum(1 for c in range(state.board.size) if state.occupant(c) is None)
        return [feature(FULLNESS, min(6, empty // 10))]
    return [feature(ON_EDGE, int(cell in state.board.regions["edge_adjacent"]))]


def features(state: GameState, last: Action | None) -> list[tuple[Action, Features]]:
    return placement_features(state, last, _extra)


PRIOR = Prior(features, Weights(__package__))
