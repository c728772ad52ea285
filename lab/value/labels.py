"""Each distinct position valued by a search: the root's mean value after the search, for the
side to move, in [-1, 1] (a proven win 1, a proven loss -1). Positions go to the executor in
chunks; each chunk's labels are appended as it ends, keyed by the position's key, so a stopped
run started again labels only what is missing."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from pygame_core.ai.player import MctsPlayer, make_player
from pygame_core.registry import find_game

from .. import jsonl
from .games import GAME, Position, state_of


@dataclass(frozen=True)
class LabelJob:
    """A chunk of positions (key, cells, slides) for one search spec, as picklable data."""

    searcher: str
    seed: int
    positions: tuple[tuple[str, str, int], ...]


def label(job: LabelJob) -> list[dict[str, Any]]:
    """The search's value of every position of the chunk, with the CPU seconds it took."""
    spec = find_game(GAME)
    found = []
    for key, cells, slides in job.positions:
        started = time.process_time()
        player = make_player(job.searcher, spec, random.Random(f"label-{job.seed}-{key}"), time.process_time)
        if not isinstance(player, MctsPlayer):
            raise ValueError(f"{job.searcher}: positions are labelled by an mcts search")
        player.choose_turn(state_of(cells, slides))
        value = 2.0 * float(player.last["value"]) - 1.0
        found.append({"key": key, "value": round(value, 4), "searcher": job.searcher,
                      "cpu_s": round(time.process_time() - started, 4)})
    return found


def known_labels(path: str | Path) -> dict[str, float]:
    """Labels by position key (the first of a key, should a file hold two)."""
    labels: dict[str, float] = {}
    for record in jsonl.read(path):
        labels.setdefault(record["key"], float(record["value"]))
    return labels


def jobs_for(positions: Sequence[Position], path: str | Path, searcher: str, seed: int,
             chunk: int) -> list[LabelJob]:
    """Chunks of the positions the file has no label for yet, in the positions' order."""
    done = known_labels(path)
    todo = [(p.key, p.cells, p.slides) for p in positions if p.key not in done]
    return [LabelJob(searcher, seed, tuple(todo[i:i + chunk])) for i in range(0, len(todo), chunk)]


Runner = Callable[[Callable[[LabelJob], list[dict[str, Any]]], Sequence[LabelJob]], Iterable[list[dict[str, Any]]]]


def run(jobs: Sequence[LabelJob], path: str | Path, execute: Runner,
        progress: Callable[[int], None] | None = None) -> int:
    """Label every job's positions on `execute` (an executor's run), appending as chunks end;
    the positions labelled."""
    count = 0
    for records in execute(label, jobs):
        jsonl.append(path, records)
        count += len(records)
        if progress is not None:
            progress(count)
    return count
