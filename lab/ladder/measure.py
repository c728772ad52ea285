"""The register's measurements as games (`python -m lab ladder measure`): each measurement run
(docs/ladder/runs.json, role `measurement`) played exactly as registered, so its games cannot
drift from what docs/confirmations.md wrote down before it started: its pair (the lower level
seated first, as the registering commands name them), its seed, its planned count as pairs of
openings with seats swapped, the CPU-time clock, the game's default options."""

from __future__ import annotations

from typing import Iterator, Sequence

from pygame_core.ai.player import spec_params
from pygame_core.registry import GAMES, find_game
from . import schedule
from .register import Register, Run
from .schedule import GameJob


def page_workers(run: Run) -> int | None:
    """How many workers the run's page players search on (None: not a `page:` pair)."""
    kind, params = spec_params(run.pair[0])
    return int(params.get("workers", 1)) if kind == "page" else None


def measurements(register: Register, workers: int | None = None, games: Sequence[str] = ()) -> list[Run]:
    """The register's measurements in its order: those on `workers` workers only when given, and
    of `games` only when some are named (a game's runs can wait for a decision on its levels
    while the others play on)."""
    return [run for run in register.runs
            if run.role == "measurement" and (workers is None or page_workers(run) == workers)
            and (not games or run.game in games)]


def jobs(run: Run) -> Iterator[GameJob]:
    """The run's games as registered; ValueError for an odd planned count (pairs of games)."""
    if run.planned % 2:
        raise ValueError(f"{run.file}: a measurement plans pairs of games; {run.planned} is odd")
    spec = find_game(run.game)
    options = spec.resolve_options({})
    upper, lower = run.pair
    return schedule.games(spec, GAMES[spec.name], options, [lower, upper], "chain", run.planned // 2,
                          run.seed, schedule.OPENING_TURNS, cpu_time=True)
