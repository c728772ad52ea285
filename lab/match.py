"""Matches between two player specs, alternating seats, with a Wilson interval on the score;
optionally on several processes (`jobs`), with the same result as on one."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Iterable, Mapping

from pygame_core.game import Action, GameSpec, GameState
from pygame_core.registry import GAMES, find_game, game_names, register
from .players import lab_player


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


def play_to_end(spec: GameSpec, options: Mapping[str, Any], players: list[Any], key: Any,
                moves: list[Action] | None = None, opening: Iterable[Action] = (),
                start: GameState | None = None) -> tuple[GameState, int]:
    """Play one game between `players` (by seat) after the `opening` actions, from `start` (a
    position no actions reach, e.g. a probe's) or else the new game; (its final state, turns
    played by the players). Every action the players play is appended to `moves` when given
    (the training tool's records)."""
    state = start if start is not None else spec.new_game(options)
    history: list[Any] = [key]
    for action in opening:
        state = state.apply(action)
        history.append(action)
    turns = 0
    while state.outcome is None:
        mover = players[state.to_move]
        for action in mover.choose_turn(state, tuple(history)):
            state = state.apply(action)
            history.append(action)
            if moves is not None:
                moves.append(action)
        turns += 1
    return state, turns


def play_game(spec: GameSpec, options: Mapping[str, Any], players: list[Any], key: Any) -> tuple[tuple[int, ...], int]:
    """Play one game between `players` (by seat); (winning seats, turns played)."""
    state, turns = play_to_end(spec, options, players, key)
    assert state.outcome is not None  # play_to_end returns a finished game
    return state.outcome.winners, turns


def _one_game(job: tuple[str, str, Mapping[str, Any], str, str, int, int, bool]) -> tuple[int, tuple[int, ...], int]:
    """Game `index` of a match, played from nothing but its job's plain data (so it can run in
    another process): (index, winning seats, turns). Deterministic in (seed, index) when the
    players have iteration budgets rather than time limits."""
    name, module, options, spec_a, spec_b, seed, index, cpu_time = job
    if name not in game_names():
        register(name, module)  # a plug-in game the parent process had registered
    spec = find_game(name)
    clock = time.process_time if cpu_time else time.perf_counter
    a = lab_player(spec_a, spec, random.Random(f"{seed}-{index}-a"), clock)
    b = lab_player(spec_b, spec, random.Random(f"{seed}-{index}-b"), clock)
    players = [a, b] if index % 2 == 0 else [b, a]
    winners, turns = play_game(spec, options, players, (seed, index))
    return index, winners, turns


def run_match(spec: GameSpec, options: Mapping[str, Any], spec_a: str, spec_b: str, games: int, seed: int,
              on_game: Callable[[int, MatchResult], None] | None = None, jobs: int = 1,
              cpu_time: bool = False) -> MatchResult:
    """A plays seat 0 in even games and seat 1 in odd ones (two-player games). With `jobs` > 1
    the games run in that many processes; each game depends only on (seed, index), so the
    result is the same for any number of jobs (games are tallied in index order). With
    `cpu_time`, think times count each game's process's CPU time instead of the wall clock, so
    a busy machine slows both players alike instead of giving them random shares."""
    for player_spec in (spec_a, spec_b):
        lab_player(player_spec, spec, random.Random(0))  # a bad spec fails here, in this process
    work = [(spec.name, GAMES[spec.name], dict(options), spec_a, spec_b, seed, index, cpu_time)
            for index in range(games)]
    if jobs > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
            outcomes = pool.map(_one_game, work)
            return _tally(outcomes, on_game)
    return _tally(map(_one_game, work), on_game)


def _tally(outcomes: Iterable[tuple[int, tuple[int, ...], int]],
           on_game: Callable[[int, MatchResult], None] | None) -> MatchResult:
    result = MatchResult()
    for index, winners, turns in outcomes:
        a_seat = index % 2
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
