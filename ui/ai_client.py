"""The page's handle on the opponent: ask the "ai" workers for a turn, slice by slice.

    client = AiClient()
    actions = await client.choose(record, "medium", on_progress)   # the turn after the record
    client.cancel()            # new game, undo, leaving: the pending choose raises CancelledError

The opponent searches on every core the player has: `min(hardwareConcurrency - 1, 4)` workers
(at least one; a core stays with the page), each an independent search of the same turn with
its own seed (root parallelism). For every action of the turn the client pools the workers'
root rows (`merge_stats`), ranks them as one search with the summed iterations would, and
commits the chosen action in all of them, so they stay in step and each keeps its tree for
the next turn. A worker that fails to start is left out: one worker is the fallback.

The workers are started on first use (or by `warm_up()` once the page is ready), never during
the page's boot. Each `step` call searches ~SLICE_MS in one worker and returns (each worker is
asked again as soon as it answers); the page's thread only awaits, so it stays responsive, and
a cancel takes effect at the next slice.
Everything but `connect_worker` and `browser_pool_size` is plain asyncio and runs under CPython
with fake workers.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any, Awaitable, Callable, Sequence

from pygame_core.ai.search import merge_stats, rank
from pygame_core.game import Action
from pygame_core.record import Record, to_data

WORKER_NAME = "ai"
WORKER_SRC = "./ui/ai_worker.py"
WORKER_CONFIG = "./pyscript.toml"
SLICE_MS = 50
MAX_WORKERS = 4

Progress = Callable[[float | None, str], None]


class AiError(RuntimeError):
    """The worker refused the request or failed."""


def read_answer(text: Any) -> dict[str, Any]:
    """A worker's JSON answer, its refusal raised as AiError (the opponent's and the coach's)."""
    answer = json.loads(str(text))
    if "error" in answer:
        raise AiError(answer["error"])
    return answer


def pool_size(hardware_concurrency: Any) -> int:
    """How many search workers for a device with `hardware_concurrency` logical cores."""
    try:
        cores = int(hardware_concurrency)
    except (TypeError, ValueError):
        return 1
    return max(1, min(cores - 1, MAX_WORKERS))


def browser_pool_size() -> int:
    from pyscript import window

    return pool_size(window.navigator.hardwareConcurrency)


def worker_name(index: int) -> str:
    """The first worker is "ai" (what the rest of the page knows); the others "ai-2"...."""
    return WORKER_NAME if index == 0 else f"{WORKER_NAME}-{index + 1}"


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
    def __init__(self, connect: Callable[[str], Awaitable[Any]] = connect_worker, slice_ms: int = SLICE_MS,
                 seed: int | None = None, workers: int | None = None) -> None:
        self._connect = connect
        self._size = workers  # None: browser_pool_size(), read on first use
        self._starting: list[asyncio.Future] = []
        self._workers: list[Any] | None = None
        self._generation = 0
        self.slice_ms = slice_ms
        self.seed = random.randrange(2 ** 31) if seed is None else seed
        self.last: dict[str, Any] = {}  # the last turn's effort: workers, iterations (and per worker), seconds

    def _start_all(self) -> None:
        if not self._starting:
            size = browser_pool_size() if self._size is None else max(1, self._size)
            self._starting = [asyncio.ensure_future(self._connect(worker_name(i))) for i in range(size)]

    async def warm_up(self) -> Any:
        """Start the workers (once); returns the first one when it is ready (later calls
        wait for the same start)."""
        self._start_all()
        return await self._starting[0]

    async def _pool(self) -> list[Any]:
        """The workers that started; only the first one must (the rest are extra cores)."""
        if self._workers is None:
            first = await self.warm_up()
            others = await asyncio.gather(*self._starting[1:], return_exceptions=True)
            self._workers = [first] + [w for w in others if not isinstance(w, BaseException)]
        return self._workers

    def cancel(self) -> None:
        """Abandon the search in progress (its choose() raises CancelledError)."""
        self._generation += 1

    async def choose(self, record: Record, level: str | None = None, on_progress: Progress | None = None,
                     limits: dict[str, float] | None = None) -> list[Action]:
        """The actions of the opponent's turn after the last of `record`'s turns; the whole
        record goes to the workers, start position included, so they search the shown position.
        `limits` ({"iterations": N, "seconds": S}) overrides the level's budget (benchmarks)."""
        self._generation += 1
        generation = self._generation
        request = {"record": to_data(record), "level": level or None, "pooled": True, **(limits or {})}
        workers = await self._pool()
        answers = await self._all(generation, [w.start(json.dumps({**request, "seed": self.seed + i}))
                                               for i, w in enumerate(workers)])
        while True:
            finished = [a for a in answers if "actions" in a]
            if finished:  # every worker committed the same actions (or knows the same perfect turn)
                counts = [a["iterations"] for a in answers]
                self.last = {"workers": len(workers), "iterations": sum(counts), "per_worker": counts,
                             "seconds": max(a["seconds"] for a in answers)}
                return [int(a) for a in finished[0]["actions"]]
            waiting = [a for a in answers if a.get("waiting")]
            if waiting and (len(waiting) == len(answers) or any(a.get("decided") for a in waiting)):
                action = rank(merge_stats(a["children"] for a in waiting))[0][0]
                answers = await self._all(generation, [w.commit(action) for w in workers])
                continue
            answers = await self._search(generation, workers, answers, on_progress)

    async def _search(self, generation: int, workers: list[Any], answers: list[dict[str, Any]],
                      on_progress: Progress | None) -> list[dict[str, Any]]:
        """Every worker steps on its own (none waits for a slower one) until each waits for the
        next action to be committed, or one has found it decided; the first reports progress."""
        answers = list(answers)

        def searching(i: int) -> bool:
            answer = answers[i]
            return not answer.get("waiting") and "actions" not in answer and not any(
                a.get("waiting") and a.get("decided") for a in answers)

        async def run(i: int) -> None:
            while searching(i):
                answers[i] = self._read(await workers[i].step(self.slice_ms), generation)
                if i == 0 and on_progress is not None:
                    on_progress(answers[0].get("value"), answers[0].get("best", ""))

        await asyncio.gather(*(run(i) for i in range(len(workers))))
        return answers

    async def _all(self, generation: int, calls: Sequence[Awaitable[Any]]) -> list[dict[str, Any]]:
        """Every worker's answer to one round of calls, read (cancel and errors checked)."""
        texts = await asyncio.gather(*calls)
        return [self._read(text, generation) for text in texts]

    def _read(self, text: Any, generation: int) -> dict[str, Any]:
        if generation != self._generation:
            raise asyncio.CancelledError()
        return read_answer(text)
