"""`ladder calibrate`: fit the slope that turns a game's static evaluation into a win chance.

Games between one player spec and itself start from the ladder's random openings; every
position of theirs (with the evaluation of its side to move) is labelled with that side's
result, and `cutoff.fit_slope` finds the logistic slope that fits them best. The cut playouts
(`mcts:...,cut=N,slope=K`, pygame_core.ai.cutoff) score their last position with that slope. Positions of
one game are correlated, so read the slope as a scale, not a precise figure.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from pygame_core.game import GameSpec
from pygame_core.ai.cutoff import fit_slope
from pygame_core.ai.player import make_player
from .schedule import opening


def labelled_positions(spec: GameSpec, options: Mapping[str, Any], player: str, games: int, seed: int,
                       opening_turns: int) -> tuple[list[float], list[float]]:
    """(evaluations for the side to move, that side's results) of every undecided position of
    `games` self-play games of `player` (two players, a game with an evaluation)."""
    evaluate = spec.search.evaluate
    if evaluate is None:
        raise ValueError(f"{spec.name} declares no static evaluation to calibrate")
    values: list[float] = []
    outcomes: list[float] = []
    for game in range(games):
        players = [make_player(player, spec, random.Random(f"calibrate-{seed}-{game}-{seat}")) for seat in (0, 1)]
        state = spec.new_game(options)
        for turn in opening(spec, options, seed, game, opening_turns):
            for action in turn:
                state = state.apply(action)
        seen = []
        while state.outcome is None:
            seen.append((evaluate(state), state.to_move))
            for action in players[state.to_move].choose_turn(state):
                state = state.apply(action)
        returns = state.returns()
        for value, seat in seen:
            values.append(value)
            outcomes.append(returns[seat])
    return values, outcomes


def calibrate(spec: GameSpec, options: Mapping[str, Any], player: str, games: int, seed: int,
              opening_turns: int) -> dict[str, Any]:
    """The fitted slope and what it was fitted on, as one plain row."""
    values, outcomes = labelled_positions(spec, options, player, games, seed, opening_turns)
    return {"game": spec.name, "player": player, "games": games, "positions": len(values),
            "seed": seed, "slope": round(fit_slope(values, outcomes), 3)}
