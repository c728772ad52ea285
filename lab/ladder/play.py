"""One ladder game, played from a GameJob's plain data alone (so any process, or a Ray
worker, can play it); its result is a plain dict, one line of the results file."""

from __future__ import annotations

import random
import time
from typing import Any

from pygame_core.registry import find_game, game_names, register
from ..match import play_to_end
from ..players import lab_player
from .provenance import resolved_player
from .schedule import GameJob, opening

FORMAT = 2  # the results file's record version (2: `players`, and `commit` from the runner)


def play(job: GameJob) -> dict[str, Any]:
    """Play `job`; the record written to the results file. Deterministic in the job when both
    players have iteration budgets (time limits depend on the machine)."""
    if job.game not in game_names():
        register(job.game, job.module)  # a plug-in game the parent process had registered
    spec = find_game(job.game)
    clock = time.process_time if job.cpu_time else time.perf_counter
    players = [lab_player(text, spec, random.Random(f"ladder-{job.seed}-{job.pair}-{seat}-{text}"), clock)
               for seat, text in enumerate(job.seats)]
    turns = opening(spec, job.options, job.seed, job.pair, job.opening_turns)
    start = spec.new_game(job.options)
    texts = []
    for turn in turns:
        texts.append(start.format_turn(turn))
        for action in turn:
            start = start.apply(action)
    cpu = time.process_time()
    state, played = play_to_end(spec, job.options, players, ("ladder", job.seed, job.pair),
                                opening=[a for turn in turns for a in turn])
    assert state.outcome is not None  # play_to_end returns a finished game
    return {"v": FORMAT, "game": job.game, "options": dict(job.options), "seats": list(job.seats),
            "seed": job.seed, "pair": job.pair, "opening_turns": job.opening_turns, "opening": texts,
            "winners": list(state.outcome.winners), "turns": played,
            "clock": "cpu" if job.cpu_time else "wall", "cpu_s": round(time.process_time() - cpu, 2),
            "players": [resolved_player(player) for player in players]}
