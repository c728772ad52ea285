"""The page's handle on the opponent: ask the "ai" workers for a turn, slice by slice.

    client = AiClient()
    client.start_workers()     # a game with a computer seat began: boot the workers now
    actions = await client.choose(record, "medium", on_progress)   # the turn after the record
    client.cancel()            # new game, undo, leaving: the pending choose raises CancelledError

The opponent searches on the cores the player has (`pool_size`): each worker is an
independent search of the same turn with its own seed (root parallelism), pooled action by
action (ui.pooled_turn). The first answer never waits for extra cores: the first worker starts
alone, answers as soon as it is up, and the others are started one after another once it is
(a Pyodide runtime booting takes a core and memory) and join the pool when ready, mid-turn
with their trees brought in step. A worker that fails to start is left out, and no further
one is tried (the device is out of room); the first one's failure is the turn's error.

`start_workers()` is called by the page as soon as a game with a computer seat is shown, after
the page's own boot. Each `step` call searches ~SLICE_MS in one worker and returns; the page's
thread only awaits, so it stays responsive, and a cancel takes effect at the next slice.
Everything but `connect_worker` and `browser_pool_size` is plain asyncio and runs under CPython
with fake workers.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any, Awaitable, Callable

from pygame_core.ai.levels import DEFAULT_LEVEL, find_level
from pygame_core.game import Action
from pygame_core.record import Record, to_data
from ui.pooled_turn import Progress, PooledTurn

WORKER_NAME = "ai"
WORKER_SRC = "./ui/ai_worker.py"
WORKER_CONFIG = "./pyscript.toml"
SLICE_MS = 50
MAX_WORKERS = 4
# Memory: each search worker is a Pyodide runtime of its own (~60-130 MB measured in Chromium).
# One worker per GB the browser reports (navigator.deviceMemory: 0.25..8, rounded down to a
# power of two) leaves the page, the coach's worker and the browser most of the memory; a
# browser that does not say (Firefox, Safari) gets at most UNKNOWN_MEMORY_WORKERS.
GB_PER_WORKER = 1.0
UNKNOWN_MEMORY_WORKERS = 2


class AiError(RuntimeError):
    """The worker refused the request or failed."""


def read_answer(text: Any) -> dict[str, Any]:
    """A worker's JSON answer, its refusal raised as AiError (the opponent's and the coach's)."""
    answer = json.loads(str(text))
    if "error" in answer:
        raise AiError(answer["error"])
    return answer


def _number(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):   # undefined, JS null (jsnull), text
        return None
    return number if number == number and number > 0 else None   # (NaN, 0 and less: unknown)


def memory_cap(device_memory: Any) -> int:
    """Most search workers a device's memory allows (`navigator.deviceMemory` in GB, or
    None/undefined where the browser does not tell): at least one."""
    gigabytes = _number(device_memory)
    if gigabytes is None:
        return UNKNOWN_MEMORY_WORKERS
    return max(1, int(gigabytes / GB_PER_WORKER))


def pool_size(hardware_concurrency: Any, device_memory: Any = None) -> int:
    """How many search workers for a device with `hardware_concurrency` logical cores (one
    stays with the page, at most MAX_WORKERS) and `device_memory` GB (memory_cap)."""
    cores = _number(hardware_concurrency)
    if cores is None:
        return 1
    return max(1, min(int(cores) - 1, MAX_WORKERS, memory_cap(device_memory)))


def browser_pool_size() -> int:
    from pyscript import window

    navigator = window.navigator
    return pool_size(navigator.hardwareConcurrency, getattr(navigator, "deviceMemory", None))


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
        self._size = workers  # None: browser_pool_size(), read when the workers start
        self._first: asyncio.Future | None = None   # the first worker's start
        self._growing: asyncio.Future | None = None  # the others', one after another
        self._ready: list[Any] = []   # the workers up, in start order (the index picks the seed)
        self._turn: PooledTurn | None = None   # the turn being searched, which joiners join
        self._generation = 0
        self.slice_ms = slice_ms
        self.seed = random.randrange(2 ** 31) if seed is None else seed
        self.last: dict[str, Any] = {}  # the last turn's effort: workers, iterations (and per worker), seconds

    def start_workers(self) -> asyncio.Future:
        """Boot the first worker (again, if its last start failed) and, once it is up, the
        others one after another; returns the first one's start."""
        if self._first is None or (self._first.done() and (self._first.cancelled() or self._first.exception())):
            size = browser_pool_size() if self._size is None else max(1, self._size)
            self._first = asyncio.ensure_future(self._start_first())
            self._growing = asyncio.ensure_future(self._grow(self._first, size))
        return self._first

    async def warm_up(self) -> Any:
        """The first worker, once it is ready (its start is begun if it was not)."""
        return await asyncio.shield(self.start_workers())

    async def all_started(self) -> int:
        """Wait until every worker was started or left out; how many are in the pool."""
        self.start_workers()
        assert self._growing is not None
        await asyncio.shield(self._growing)
        return len(self._ready)

    async def _start_first(self) -> Any:
        worker = await self._connect(worker_name(0))
        self._add(worker)
        return worker

    async def _grow(self, first: asyncio.Future, size: int) -> None:
        try:
            await first
        except Exception:   # (its error is the turn's: choose awaits the same start)
            return
        for index in range(1, size):
            try:
                worker = await self._connect(worker_name(index))
            except Exception:   # no room for another runtime: the pool stays as it is
                return
            self._add(worker)

    def _add(self, worker: Any) -> None:
        self._ready.append(worker)
        if self._turn is not None:
            self._turn.join(worker, len(self._ready) - 1, voter=False)

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
        await self.warm_up()
        if generation != self._generation:
            raise asyncio.CancelledError()
        loop = asyncio.get_running_loop()
        seconds = _think_seconds(level, limits)
        turn = PooledTurn(request, self.seed, self.slice_ms, lambda text: self._read(text, generation),
                          on_progress, None if seconds is None else loop.time() + seconds)
        for index, worker in enumerate(self._ready):
            turn.join(worker, index, voter=True)
        self._turn = turn
        try:
            actions = await turn.result
        finally:
            if self._turn is turn:
                self._turn = None
        self.last = turn.effort()
        return actions

    def _read(self, text: Any, generation: int) -> dict[str, Any]:
        if generation != self._generation:
            raise asyncio.CancelledError()
        return read_answer(text)


def _think_seconds(level: str | None, limits: dict[str, float] | None) -> float | None:
    """The turn's think time (what a worker joining late may still use); None: no limit."""
    if limits and "seconds" in limits:
        return limits["seconds"]
    try:
        return find_level(level or DEFAULT_LEVEL).seconds
    except ValueError:   # an unknown level: the worker says so
        return None
