"""The page's handle on the coach: evaluations and game reviews in a worker of their own.

    coach = CoachClient()
    evaluation = await coach.evaluate(record, "normal", on_progress)   # the record's last position
    await coach.review(record, "normal", on_positions)                 # every position, progressively
    coach.cancel()                                                     # the pending call raises CancelledError

The coach runs the opponent's worker script (ui/ai_worker.py, its analyse_* functions) as a
second worker named "coach", started on first use: an analysis never waits for the opponent's
search nor disturbs the tree it keeps between turns, and the opponent's client (ui.ai_client,
which may run several workers) stays as it is. The cost is a second runtime (~2-3 s to start
on first use, ~130 MB), paid only by players who use the coach. Like the opponent, the worker
is asked for slices of SLICE_MS, so the page's thread only awaits and a cancel takes effect at
the next slice. Everything but `connect_worker` is plain asyncio (tested with a fake worker).
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any, Awaitable, Callable

from pygame_core.ai.review import Evaluation, from_plain
from pygame_core.record import Record, to_data
from ui.ai_client import SLICE_MS, connect_worker, read_answer

COACH_WORKER = "coach"

# ("position" or "alternative", position index, evaluation): pygame_core.ai.analysis.Reviewed
Reviewed = tuple[str, int, Evaluation]


async def connect_coach() -> Any:
    return await connect_worker(COACH_WORKER)


class CoachWorkerClient:
    """What every client of the coach's worker keeps: the connection, a generation that
    `cancel` bumps to abandon the call in progress, the slice length and a seed."""

    def __init__(self, connect: Callable[[], Awaitable[Any]] = connect_coach, slice_ms: int = SLICE_MS,
                 seed: int | None = None) -> None:
        self._connect = connect
        self._worker: asyncio.Future | None = None
        self._generation = 0
        self.slice_ms = slice_ms
        self.seed = random.randrange(2 ** 31) if seed is None else seed

    def cancel(self) -> None:
        """Abandon the analysis in progress (its call raises CancelledError)."""
        self._generation += 1


class CoachClient(CoachWorkerClient):

    async def evaluate(self, record: Record, depth: str,
                       on_progress: Callable[[Evaluation], None] | None = None) -> Evaluation:
        """The last position of `record`: chances so far to `on_progress`, then the result."""
        answer = None
        async for answer in self._run("evaluate", record, depth):
            if on_progress is not None and not answer["done"]:
                on_progress(from_plain(answer["evaluation"]))
        assert answer is not None
        return from_plain(answer["evaluation"])

    async def review(self, record: Record, depth: str,
                     on_positions: Callable[[list[Reviewed], int], None]) -> list[str]:
        """Every position of `record`, from the start: the positions each slice finished go to
        `on_positions` with the count of positions; returns the turns in canonical notation."""
        played: list[str] = []
        async for answer in self._run("review", record, depth):
            played = answer.get("played", played)
            finished = [(str(kind), int(i), from_plain(e)) for kind, i, e in answer["positions"]]
            if finished:   # most slices finish nothing: nothing to redraw
                on_positions(finished, int(answer["total"]))
        return played

    async def _run(self, kind: str, record: Record, depth: str):
        """The worker's answers to one request, start to done (CancelledError once cancelled)."""
        self._generation += 1
        generation = self._generation
        if self._worker is None or (self._worker.done() and (self._worker.cancelled() or self._worker.exception())):
            self._worker = asyncio.ensure_future(self._connect())   # first use, or a failed start
        worker = await asyncio.shield(self._worker)   # a cancelled request must not cancel the start
        request = json.dumps({"kind": kind, "record": to_data(record), "depth": depth, "seed": self.seed})
        answer = self._read(await worker.analyse_start(request), generation)
        yield answer
        while not answer["done"]:
            answer = self._read(await worker.analyse_step(self.slice_ms), generation)
            yield answer

    def _read(self, text: Any, generation: int) -> dict[str, Any]:
        if generation != self._generation:
            raise asyncio.CancelledError()
        return read_answer(text)
