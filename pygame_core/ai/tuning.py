"""The search settings for a game, read from what the game declares on its spec.

A game's package says what its search needs (`GameSpec.search`: exploration, GRAVE, candidate
and move filters, a verdict before playouts, an iteration scale) and offers its one fast
playout (`GameSpec.playout`); this module turns them into the search's config and simulator.
A game with no playout is played out uniformly at random through the clean API.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from ..game import Action, GameSpec, GameState, LeafCut, Playout, Returns, Trace
from .cutoff import CutChoice, cut_simulation
from .resolved import callable_name
from .search import SearchConfig, Simulator, random_simulation


@dataclass(frozen=True)
class Tuning:
    config: SearchConfig
    simulator: Simulator
    iteration_scale: float = 1.0  # levels' iteration counts are multiplied by this (slow games)
    forced_win: Callable[[GameState], Action | None] | None = None  # the game's, read by ai.player
    # how a leaf is valued, as plain data (the simulator is a closure that cannot say it): the
    # playout, and the cut or the evaluation's share where there is one (ai.resolved)
    leaf: dict[str, Any] = field(default_factory=dict)


def _with_verdict(verdict: Callable[[GameState], Returns | None], playout: Playout) -> Simulator:
    """A simulator that asks the game's verdict first and plays out only undecided positions."""

    def simulate(state: GameState, rng: random.Random, trace: Trace | None) -> Returns:
        known = verdict(state)
        return known if known is not None else playout(state, rng, trace)

    return simulate


def _with_evaluation(evaluate: Callable[[GameState], float], playout: Simulator, weight: float) -> Simulator:
    """A two-player simulator whose value blends the static evaluation (share `weight`) with a
    playout's result; with weight 1 no playout is run at all."""

    def simulate(state: GameState, rng: random.Random, trace: Trace | None) -> Returns:
        if state.outcome is not None or state.num_players != 2:
            return playout(state, rng, trace)
        me = state.to_move
        value = weight * (evaluate(state) + 1.0) / 2.0
        if weight < 1.0:
            value += (1.0 - weight) * playout(state, rng, trace)[me]
        return (value, 1.0 - value) if me == 0 else (1.0 - value, value)

    return simulate


def tuning_for(spec: GameSpec, frozen: bool = False, leaf_weight: float | None = None,
               cut: CutChoice = None) -> Tuning:
    """Search settings for `spec`'s game, from its declared hints and playout (`frozen`: the
    game's frozen baseline hints, when it keeps some, to measure a change against;
    `leaf_weight` overrides the hints' share of the evaluation in a leaf's value and their cut;
    `cut` (a LeafCut) replaces the playout by a cut one, with its exploration, ai.cutoff; "off"
    keeps the playout, None takes the hints' own; ValueError for a cut without an evaluation)."""
    hints = spec.search.frozen if frozen and spec.search.frozen is not None else spec.search
    chosen = hints.cut if cut is None and leaf_weight is None else cut
    config = SearchConfig(exploration=hints.exploration, rave_ref=hints.rave_ref,
                          check_depth=hints.check_depth, check_visits=hints.check_visits,
                          candidates=hints.candidates, moves=hints.moves, minimax=hints.minimax,
                          evaluate=hints.evaluate, prior=hints.prior, prior_bias=hints.prior_bias)
    simulator: Simulator = hints.playout or spec.playout or random_simulation()
    weight = hints.leaf_weight if leaf_weight is None else leaf_weight
    leaf: dict[str, Any] = {"playout": callable_name(simulator)}
    if isinstance(chosen, LeafCut):
        if hints.evaluate is None:
            raise ValueError(f"{spec.name} declares no static evaluation for cut playouts")
        simulator = cut_simulation(hints.evaluate, chosen.plies, chosen.slope, simulator)
        leaf["cut"] = {"plies": chosen.plies, "slope": chosen.slope}
        if chosen.exploration is not None:
            config = replace(config, exploration=chosen.exploration)
    elif hints.evaluate is not None and weight > 0.0:
        simulator = _with_evaluation(hints.evaluate, simulator, min(1.0, weight))
        leaf["evaluation_share"] = min(1.0, weight)
    if hints.verdict is not None:
        simulator = _with_verdict(hints.verdict, simulator)
        leaf["verdict"] = callable_name(hints.verdict)
    return Tuning(config, simulator, hints.iteration_scale, hints.forced_win, leaf)
