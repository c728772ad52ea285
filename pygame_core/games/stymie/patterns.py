"""STYMIE's move features for the learned prior (see pygame_core.patterns): the shared placement
features, plus whether a stone lands on one of the mover's goal rows and how many stones the
turn in progress already holds (a pair or a triple is read differently from a first stone)."""

from __future__ import annotations

from ...game import Action, GameState
from ...patterns import FIRST_GAME_KIND, Features, Prior, Weights, feature, placement_features
from .state import tables

GOAL, STONES = FIRST_GAME_KIND, FIRST_GAME_KIND + 1


def _extra(state: GameState, action: Action, cell: int) -> list[int]:
    placed = len(state.turn_actions)
    if cell < 0:
        return [feature(STONES, placed)]
    goals = tables(state.options["size"]).goals[state._side]  # type: ignore[attr-defined]
    return [feature(GOAL, int(any(cell in g for g in goals))), feature(STONES, 4 + placed)]


def features(state: GameState, last: Action | None) -> list[tuple[Action, Features]]:
    return placement_features(state, last, _extra)


PRIOR = Prior(features, Weights(__package__))
