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

No wait is endless (ui.worker_watch): a worker's start is bounded (`Bounds.start_s`), and so is
every call of a turn (the level's think time plus `Bounds.margin_s`); a worker's `error` or
`messageerror` event fails its pending call at once. A turn that fails so (WorkerLost) or with
any other error discards the whole pool (each worker terminated, its tag removed): the next
turn starts fresh workers, under new names (PyScript resolves a worker's name only once).

`start_workers()` is called by the page as soon as a game with a computer seat is shown, after
the page's own boot. Each `step` call searches ~SLICE_MS in one worker and returns; the page's
thread only awaits, so it stays responsive, and a cancel takes effect at the next slice.
Everything but `connect_worker` and `browser_pool_size` is plain asyncio and runs under CPython
with fake workers.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from typing import Any, Awaitable, Callable, NamedTuple

from pygame_core.ai.levels import DEFAULT_LEVEL, find_level
from pygame_core.game import Action
from pygame_core.record import Record, to_data
from ui.i18n import N_
from ui.pooled_turn import Progress, PooledTurn
from ui.worker_watch import WatchedWorker, within

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
# The watchdog: generous, so that only a worker that is gone trips it. A start is a runtime's
# boot (3-15 s measured on a loaded 2-core machine; a phone fetching the worker's files on a
# slow network takes longer); one call of a turn takes a slice, at most the turn's think time.
START_TIMEOUT_S = 120.0
STEP_MARGIN_S = 30.0
# The worker's script (WORKER_SRC, 4 KB) is watched apart from the start (assets/worker-script.mjs):
# a failed load is known at once, and one with no answer for this long (the boot's stall
# timeout), or half the start bound if that is shorter, has timed out.
SCRIPT_TIMEOUT_S = 30.0
SCRIPT_WATCH = "assets/worker-script.mjs"


class Bounds(NamedTuple):
    """How long a worker's start, and one call over the turn's think time, may take (s)."""

    start_s: float = START_TIMEOUT_S
    margin_s: float = STEP_MARGIN_S


# A worker's connector: (name, lost) -> the worker once ready; it sets `lost`'s result (the
# reason) if the worker fails meanwhile or later.
Connect = Callable[[str, asyncio.Future], Awaitable[Any]]


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


def browser_bounds() -> Bounds:
    """The watchdog's bounds; a test shortens them through window.__opponentStartMs and
    window.__opponentStepMs (set by its init script, read at each start and turn)."""
    from pyscript import window

    def given(name: str, default_s: float) -> float:
        milliseconds = _number(getattr(window, name, None))
        return default_s if milliseconds is None else milliseconds / 1000

    return Bounds(given("__opponentStartMs", START_TIMEOUT_S), given("__opponentStepMs", STEP_MARGIN_S))


def script_failure(outcome: str) -> str | None:
    """Why the worker's script did not load, in a player's words, from the watch's `outcome`
    (assets/worker-script.mjs): None when it loaded, or when the watch could not tell."""
    if outcome == "timeout":
        return N_("its program timed out while loading")
    if outcome == "network":
        return N_("its program could not load (the connection failed)")
    if outcome.startswith("http "):
        return N_("its program could not load (the server answered with an error)")
    return None


def script_timeout_s(start_s: float) -> float:
    """How long the worker's script may go unanswered: SCRIPT_TIMEOUT_S, or half the start
    bound if that is shorter, so that a script that never arrives is named before the start
    bound ends."""
    return min(SCRIPT_TIMEOUT_S, start_s / 2)


def worker_name(index: int) -> str:
    """The first worker ever started is "ai"; the others "ai-2", "ai-3"...."""
    return WORKER_NAME if index == 0 else f"{WORKER_NAME}-{index + 1}"


def _worker_tag(document: Any, name: str) -> Any:
    return document.querySelector(f'script[type="py"][worker][name="{name}"]')   # JS null is jsnull, not None


async def connect_worker(name: str = WORKER_NAME, lost: asyncio.Future | None = None) -> Any:
    """Add the worker's script tag if it is not there yet and wait for it to be ready; with
    `lost`, the worker's error events set it (the reason)."""
    from pyscript import document, workers

    if not _worker_tag(document, name):
        if lost is not None:
            await _watch_script(lost)
        tag = document.createElement("script")
        tag.setAttribute("type", "py")
        tag.setAttribute("worker", "")
        tag.setAttribute("name", name)
        tag.setAttribute("src", WORKER_SRC)
        tag.setAttribute("config", WORKER_CONFIG)
        document.body.appendChild(tag)
    if lost is not None:
        await asyncio.sleep(0)   # PyScript gives the tag its Worker (`xworker`) as it sees it added
        _report_errors(_worker_tag(document, name), lost)
    return await workers[name]


async def _watch_script(lost: asyncio.Future) -> None:
    """Set `lost` as soon as the worker's script (fetched by PyScript once the tag is added)
    fails to load or times out (script_failure)."""
    from pyodide.ffi import create_once_callable
    from pyscript import js_import, window

    try:
        (module,) = await js_import(window.URL.new(SCRIPT_WATCH, window.document.baseURI).href)
    except Exception as exc:   # (never expected: it is precached) the start bound still holds
        window.console.warn(f"The opponent's script is not watched: {exc}")
        return

    def settle(outcome: Any) -> None:
        reason = script_failure(str(outcome))
        if reason and not lost.done():
            lost.set_result(reason)

    module.watchScript(WORKER_SRC, script_timeout_s(browser_bounds().start_s) * 1000).then(
        create_once_callable(settle))


def _report_errors(tag: Any, lost: asyncio.Future) -> None:
    from pyodide.ffi import create_proxy

    worker = getattr(tag, "xworker", None) if tag else None
    if not worker:
        return

    def failed(event: Any) -> None:
        if not lost.done():
            lost.set_result(N_("it stopped with an error") if getattr(event, "type", "error") == "error"
                            else N_("it could not read a message"))

    handler = create_proxy(failed)   # lives as long as the worker: one per worker started
    worker.addEventListener("error", handler)
    worker.addEventListener("messageerror", handler)


def discard_worker(name: str) -> None:
    """Terminate the named worker and remove its tag (a lost or failed worker)."""
    from pyscript import document

    tag = _worker_tag(document, name)
    if not tag:
        return
    worker = getattr(tag, "xworker", None)
    if worker:
        worker.terminate()
    tag.remove()


class AiClient:
    def __init__(self, connect: Connect = connect_worker, slice_ms: int = SLICE_MS,
                 seed: int | None = None, workers: int | None = None,
                 discard: Callable[[str], None] = discard_worker, bounds: Callable[[], Bounds] = Bounds) -> None:
        self._connect = connect
        self._discard = discard
        self._bounds = bounds   # read at each start and each turn (the page: browser_bounds)
        self._size = workers  # None: browser_pool_size(), read when the workers start
        self._names = itertools.count()   # every worker gets a name never used before
        self._pool: list[str] = []   # the names of this pool's workers, started or starting
        self._patience_s = STEP_MARGIN_S   # the bound of one call in the turn being searched
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
            self._discard_pool()
            size = browser_pool_size() if self._size is None else max(1, self._size)
            self._first = asyncio.ensure_future(self._start_worker())
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

    async def _start_worker(self) -> WatchedWorker:
        """Start one worker of this pool, within the start bound; a worker that fails to start
        is discarded. The worker joins the pool unless the pool was discarded meanwhile."""
        pool, name = self._pool, worker_name(next(self._names))
        pool.append(name)
        lost = asyncio.get_running_loop().create_future()
        try:
            ready = await within(self._connect(name, lost), self._bounds().start_s, lost, f"{name} did not start")
        except BaseException:
            self._discard(name)
            pool.remove(name)
            raise
        worker = WatchedWorker(ready, name, lost, lambda: self._patience_s)
        if pool is self._pool:
            self._add(worker)
        return worker

    async def _grow(self, first: asyncio.Future, size: int) -> None:
        try:
            await first
        except BaseException:   # (its error is the turn's: choose awaits the same start)
            return
        for _ in range(1, size):
            try:
                await self._start_worker()
            except Exception:   # no room for another runtime: the pool stays as it is
                return

    def _discard_pool(self) -> None:
        """Forget this pool's workers, terminating each (also one still starting): the next
        turn starts fresh ones."""
        if self._growing is not None:
            self._growing.cancel()
        for name in self._pool:
            self._discard(name)
        self._pool, self._ready, self._first, self._growing = [], [], None, None

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
        seconds = _think_seconds(level, limits)
        self._patience_s = (seconds or 0.0) + self._bounds().margin_s
        try:
            await self.warm_up()
        except asyncio.CancelledError:
            raise
        except Exception:
            self._discard_pool()
            raise
        if generation != self._generation:
            raise asyncio.CancelledError()
        loop = asyncio.get_running_loop()
        turn = PooledTurn(request, self.seed, self.slice_ms, lambda text: self._read(text, generation),
                          on_progress, None if seconds is None else loop.time() + seconds)
        for index, worker in enumerate(self._ready):
            turn.join(worker, index, voter=True)
        self._turn = turn
        try:
            actions = await turn.result
        except asyncio.CancelledError:
            raise
        except Exception:   # a worker lost, or one that failed: the next turn starts afresh
            self._discard_pool()
            raise
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
