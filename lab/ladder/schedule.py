"""Which games a ladder plays: every matchup of its players (round robin, a gauntlet against
the first player, or a chain of neighbours), each from paired openings: the same random
opening played twice, each player taking each seat once, so the seat advantage cancels."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

from pygame_core.game import Action, GameSpec, GameState
from pygame_core.ai.baselines import RandomPlayer

SCHEDULES = ("round-robin", "gauntlet", "chain")
OPENING_TURNS = 4  # random turns before the players take over (default)


@dataclass(frozen=True)
class GameJob:
    """One game as plain, picklable data: everything a process needs to play it."""
    game: str
    module: str            # the game's module, so a worker process can register a plug-in game
    options: Mapping[str, Any]
    seats: tuple[str, str]  # player specs by seat
    seed: int
    pair: int              # opening index: the two games of a pair share the opening
    opening_turns: int
    cpu_time: bool

    @property
    def key(self) -> tuple[Any, ...]:
        """What tells a game apart in a results file (resume and combine skip a known key)."""
        return result_key(self.game, self.options, self.seats, self.seed, self.pair, self.opening_turns)


def result_key(game: str, options: Mapping[str, Any], seats: Sequence[str], seed: int, pair: int,
               opening_turns: int) -> tuple[Any, ...]:
    return (game, tuple(sorted((k, str(v)) for k, v in options.items())), tuple(seats), seed, pair, opening_turns)


def matchups(players: Sequence[str], schedule: str) -> list[tuple[str, str]]:
    """The pairs of players that meet; ValueError for an unknown schedule or too few players."""
    if len(players) < 2:
        raise ValueError("a ladder needs at least two players")
    if len(set(players)) != len(players):
        raise ValueError("a player is named twice")
    if schedule == "round-robin":
        return [(a, b) for i, a in enumerate(players) for b in players[i + 1:]]
    if schedule == "gauntlet":
        return [(players[0], b) for b in players[1:]]
    if schedule == "chain":
        return [(players[i], players[i + 1]) for i in range(len(players) - 1)]
    raise ValueError(f"unknown schedule {schedule!r}; known: {', '.join(SCHEDULES)}")


def games(spec: GameSpec, module: str, options: Mapping[str, Any], players: Sequence[str], schedule: str,
          pairs: int, seed: int, opening_turns: int = OPENING_TURNS, cpu_time: bool = False,
          first_pair: int = 0) -> Iterator[GameJob]:
    """The ladder's games, pair after pair (every matchup of pair p before pair p + 1, so a run
    stopped early leaves every matchup with about as many games), both seat orders together."""
    meetings = matchups(players, schedule)
    for pair in range(first_pair, first_pair + pairs):
        for a, b in meetings:
            for seats in ((a, b), (b, a)):
                yield GameJob(spec.name, module, dict(options), seats, seed, pair, opening_turns, cpu_time)


def opening(spec: GameSpec, options: Mapping[str, Any], seed: int, pair: int, turns: int) -> list[list[Action]]:
    """`turns` random whole turns from the start, drawn from (seed, pair) alone; an opening
    that would end the game is drawn again (from the same stream)."""
    rng = random.Random(f"ladder-opening-{seed}-{pair}")
    while True:
        state: GameState = spec.new_game(options)
        chooser = RandomPlayer(rng)
        played: list[list[Action]] = []
        for _ in range(turns):
            turn = chooser.choose_turn(state)
            for action in turn:
                state = state.apply(action)
            played.append(turn)
            if state.outcome is not None:
                break
        if state.outcome is None:
            return played
