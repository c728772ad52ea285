"""LISBON's move features for the learned prior (see pygame_core.patterns): the shared placement
features (joining groups among them), plus how many stones the turn still allows (ending a turn
early or placing the last stone of one read differently) and whether a cell is on the edge."""

from __future__ import annotations

from ...game import Action, GameState
from ...patterns import FIRST_GAME_KIND, Features, Prior, Weights, feature, placement_features
from .state import PERIMETER

LEFT, ON_EDGE = FIRST_GAME_KIND, FIRST_GAME_KIND + 1
_EDGE = frozenset(PERIMETER)


def _extra(state: GameState, action: Action, cell: int) -> list[int]:
    left = [feature(LEFT, min(3, state.stones_left))]  # type: ignore[attr-defined]
    return left if cell < 0 else left + [feature(ON_EDGE, int(cell in _EDGE))]


def features(state: GameState, last: Action | None) -> list[tuple[Action, Features]]:
    return placement_features(state, last, _extra)


PRIOR = Prior(features, Weights(__package__))
