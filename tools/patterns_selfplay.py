"""Self-play records for the pattern training: whole games between two copies of one player
spec, played from nothing but plain data per game, each seeded from (seed, index) and so
reproducible. They run on the ladder's executors: local processes, or a Ray cluster for the
thousands of games that learning at scale needs (issue 37)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Iterator

from lab.ladder.executors import Executor
from lab.match import play_to_end
from pygame_core.ai.player import make_player
from pygame_core.registry import find_game


def _one_record(job: tuple[str, str, int, int]) -> dict[str, Any]:
    """Game `index` of the self-play: its moves and winners, as plain data."""
    name, player, seed, index = job
    spec = find_game(name)
    players = [make_player(player, spec, random.Random(f"{seed}-{index}-{seat}")) for seat in (0, 1)]
    moves: list = []
    state, _ = play_to_end(spec, {}, players, (seed, index), moves)
    assert state.outcome is not None, "play_to_end plays to the end"
    return {"index": index, "moves": moves, "winners": list(state.outcome.winners)}


def self_play(name: str, player: str, games: int, seed: int, executor: Executor,
              skip: set[int] = frozenset()) -> Iterator[dict[str, Any]]:  # type: ignore[assignment]
    """Records of `games` self-play games as they finish (each carries its index), those in
    `skip` left out."""
    work = [(name, player, seed, index) for index in range(games) if index not in skip]
    yield from executor.run(_one_record, work)


def load_records(path: Path) -> list[dict[str, Any]]:
    """The records of a JSON-lines file, one per game index (a game played twice is the same game)."""
    records = {}
    for line in path.read_text().splitlines():
        if line.strip():
            record = json.loads(line)
            records[record["index"]] = record
    return [records[index] for index in sorted(records)]
