"""Run a ladder's games that its results file does not hold yet, writing each as it ends, with
the commit of the code the run started on."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

from . import results
from .executors import Executor
from .play import play
from .provenance import code_commit
from .schedule import GameJob


def pending(jobs: Iterable[GameJob], path: str | Path) -> list[GameJob]:
    """The jobs whose game the file does not hold (resume: a stopped run picks up here)."""
    known = {results.record_key(record) for record in results.read([path])}
    return [job for job in jobs if job.key not in known]


def run(jobs: Iterable[GameJob], path: str | Path, executor: Executor,
        on_record: Callable[[dict[str, Any]], None] | None = None,
        stop: Callable[[], bool] | None = None) -> int:
    """Play the pending jobs on `executor`, appending each record to `path`, until they are all
    played or `stop()` (asked after each game) says enough; the games played. Each record gets
    the `commit` read as the run starts (the code every game of it loaded, here or shipped to
    Ray's workers)."""
    todo = pending(jobs, path)
    commit = code_commit()
    count = 0
    games = executor.run(play, todo)
    try:
        for record in games:
            record = {**record, "commit": commit}
            results.append(path, record)
            count += 1
            if on_record is not None:
                on_record(record)
            if stop is not None and stop():
                break
    finally:
        close = getattr(games, "close", None)
        if close is not None:
            close()  # a stopped run cancels the games not started
    return count
