"""Matches between two player specs, alternating seats, with a Wilson interval on the score."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..game import GameSpec
from .player import make_player


@dataclass
class MatchResult:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    first_seat_wins: int = 0
    plies: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins + 0.5 * self.draws, self.games)

    def as_dict(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "score": round(self.score, 4), "interval95": [round(low, 4), round(high, 4)],
                "first_seat_wins": self.first_seat_wins,
                "mean_turns": round(sum(self.plies) / len(self.plies), 1) if self.plies else 0}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (draws may count as half successes)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(spec: GameSpec, options: Mapping[str, Any], players: list, key: Any) -> tuple[tuple[int, ...], int]:
    """Play one game between `players` (by seat); (winning seats, turns played)."""
    state = spec.new_game(options)
    history: list = [key]
    turns = 0
    while state.outcome is None:
        mover = players[state.to_move]
        for action in mover.choose_turn(state, tuple(history)):
            state = state.apply(action)
            history.append(action)
        turns += 1
    return state.outcome.winners, turns


def run_match(spec: GameSpec, options: Mapping[str, Any], spec_a: str, spec_b: str, games: int, seed: int,
              on_game: Callable[[int, MatchResult], None] | None = None) -> MatchResult:
    """A plays seat 0 in even games and seat 1 in odd ones (two-player games)."""
    result = MatchResult()
    for index in range(games):
        rng_a = random.Random(f"{seed}-{index}-a")
        rng_b = random.Random(f"{seed}-{index}-b")
        a, b = make_player(spec_a, spec, rng_a), make_player(spec_b, spec, rng_b)
        a_seat = index % 2
        players = [a, b] if a_seat == 0 else [b, a]
        winners, turns = play_game(spec, options, players, (seed, index))
        result.plies.append(turns)
        if 0 in winners and len(winners) == 1:
            result.first_seat_wins += 1
        if not winners:
            result.draws += 1
        elif a_seat in winners:
            result.wins += 1
        else:
            result.losses += 1
        if on_game is not None:
            on_game(index, result)
    return result
