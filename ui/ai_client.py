"""The page's handle on the opponent: ask the "ai" worker for a turn, slice by slice.

    client = AiClient()
    actions = await client.choose(record, "medium", on_progress)   # the turn after the record
    client.cancel()            # new game, undo, leaving: the pending choose raises CancelledError

The worker is started on first use (or by `warm_up()` once the page is ready), never during
the page's boot. Each `step` call searches ~SLICE_MS in the worker and returns; the page's
thread only awaits, so it stays responsive, and a cancel takes effect at the next slice.
Everything but `connect_worker` is plain asyncio and runs under CPython with a fake worker.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any, Awaitable, Callable

from pygame_core.game import Action
from pygame_core.record import Record, to_data

WORKER_NAME = "ai"
WORKER_SRC = "./ui/ai_worker.py"
WORKER_CONFIG = "./pyscript.toml"
SLICE_MS = 50

Progress = Callable[[float | None, str], None]


class AiError(RuntimeError):
    """The worker refused the request or failed."""


async def connect_worker(name: str = WORKER_NAME) -> Any:
    """Add the worker's script tag if it is not there yet and wait for it to be ready."""
    from pyscript import document, workers

    if not document.querySelector(f'script[type="py"][worker][name="{name}"]'):  # JS null is jsnull, not None
        tag = document.createElement("script")
        tag.setAttribute("type", "py")
        tag.setAttribute("worker", "")
        tag.setAttribute("name", name)
        tag.setAttribute("src", WORKER_SRC)
        tag.setAttribute("config", WORKER_CONFIG)
        document.body.appendChild(tag)
    return await workers[name]


class AiClient:
    def __init__(self, connect: Callable[[], Awaitable[Any]] = connect_worker, slice_ms: int = SLICE_MS,
                 seed: int | None = None) -> None:
        self._connect = connect
        self._worker: Any = None
        self._connecting: asyncio.Future | None = None
        self._generation = 0
        self.slice_ms = slice_ms
        self.seed = random.randrange(2 ** 31) if seed is None else seed

    async def warm_up(self) -> Any:
        """Start the worker (once); later calls wait for the same start."""
        if self._worker is None:
            if self._connecting is None:
                self._connecting = asyncio.ensure_future(self._connect())
            self._worker = await self._connecting
        return self._worker

    def cancel(self) -> None:
        """Abandon the search in progress (its choose() raises CancelledError)."""
        self._generation += 1

    async def choose(self, record: Record, level: str | None = None,
                     on_progress: Progress | None = None) -> list[Action]:
        """The actions of the opponent's turn after the last of `record`'s turns; the whole
        record goes to the worker, start position included, so it searches the shown position."""
        self._generation += 1
        generation = self._generation
        request = json.dumps({"record": to_data(record), "level": level or None, "seed": self.seed})
        worker = await self.warm_up()
        answer = self._read(await worker.start(request), generation)
        while True:
            answer = self._read(await worker.step(self.slice_ms), generation)
            if on_progress is not None:
                on_progress(answer.get("value"), answer.get("best", ""))
            if answer.get("done"):
                return [int(a) for a in answer["actions"]]

    def _read(self, text: Any, generation: int) -> dict[str, Any]:
        if generation != self._generation:
            raise asyncio.CancelledError()
        answer = json.loads(str(text))
        if "error" in answer:
            raise AiError(answer["error"])
        return answer
