"""The ladder's results file: one JSON object per game, appended as each game ends, so a run
can be stopped and resumed, and several files (runs, machines) combined. A game is known by
its key (game, options, players by seat, seed, pair, opening length); reading keeps the first
record of a key, so a file read twice or a run repeated is not counted twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from .. import jsonl
from .schedule import result_key


def record_key(record: dict[str, Any]) -> tuple[Any, ...]:
    return result_key(record["game"], record["options"], record["seats"], record["seed"], record["pair"],
                      record["opening_turns"])


def read(paths: Iterable[str | Path]) -> list[dict[str, Any]]:
    """Every game in the files, first record of each key only; a missing file reads as empty
    and a torn last line (a run killed mid-write) is skipped. ValueError for other bad lines."""
    seen: set[tuple[Any, ...]] = set()
    records = []
    for path in paths:
        for record in jsonl.read(path, record_key, "a ladder game record"):
            key = record_key(record)
            if key not in seen:
                seen.add(key)
                records.append(record)
    return records


def append(path: str | Path, record: dict[str, Any]) -> None:
    """Add one game; the line is flushed at once (a run may be killed at any moment). A torn
    last line left by a killed run is cut off first: its game was not counted and is replayed."""
    jsonl.append(path, [record])


def seat_score(record: dict[str, Any]) -> float:
    """The first seat's score in the game: 1 win, ½ draw (no winner, or both), 0 loss."""
    winners = record["winners"]
    if len(winners) == 1:
        return 1.0 if winners[0] == 0 else 0.0
    return 0.5
