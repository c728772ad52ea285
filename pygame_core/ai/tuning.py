"""The search settings for a game, read from what the game declares on its spec.

A game's package says what its search needs (`GameSpec.search`: exploration, GRAVE, candidate
and move filters, a verdict before playouts, an iteration scale) and offers its one fast
playout (`GameSpec.playout`); this module turns them into the search's config and simulator.
A game with no playout is played out uniformly at random through the clean API.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ..game import GameSpec, GameState, Playout, Returns, Trace
from .search import SearchConfig, Simulator, random_simulation


@dataclass(frozen=True)
class Tuning:
    config: SearchConfig
    simulator: Simulator
    iteration_scale: float = 1.0  # levels' iteration counts are multiplied by this (slow games)


def _with_verdict(verdict: Callable[[GameState], Returns | None], playout: Playout) -> Simulator:
    """A simulator that asks the game's verdict first and plays out only undecided positions."""

    def simulate(state: GameState, rng: random.Random, trace: Trace | None) -> Returns:
        known = verdict(state)
        return known if known is not None else playout(state, rng, trace)

    return simulate


def tuning_for(spec: GameSpec) -> Tuning:
    """Search settings for `spec`'s game, from its declared hints and playout."""
    hints = spec.search
    config = SearchConfig(exploration=hints.exploration, rave_ref=hints.rave_ref,
                          check_depth=hints.check_depth, check_visits=hints.check_visits,
                          candidates=hints.candidates, moves=hints.moves)
    simulator: Simulator = spec.playout or random_simulation()
    if hints.verdict is not None:
        simulator = _with_verdict(hints.verdict, simulator)
    return Tuning(config, simulator, hints.iteration_scale)
