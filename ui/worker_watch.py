"""Calls to a worker that may die without a word, each bounded in time.

A browser worker that is terminated (the browser reclaims memory, a crash) never answers its
pending call, and one whose script failed to load never says it is ready: awaited plainly,
either leaves the page waiting for good. Here every call waits at most a given time and ends
at once when the worker is known lost (its `error`/`messageerror` events, or its script that
failed to load, set by the caller as the `lost` future's result: the reason, in a player's
words). Plain asyncio: tested under CPython.
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from ui.i18n import N_, say

TIMED_OUT = N_("it timed out")   # a call with no answer in its bound, in a player's words


class WorkerLost(RuntimeError):
    """The worker died, failed or stopped answering: only a fresh one can go on. `reason` says
    why in a player's words and language (`lost`'s result, or TIMED_OUT, each marked N_ where
    it is written); the message, for the console, adds which call in English."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = say(reason)


async def within(call: Awaitable[Any], seconds: float, lost: asyncio.Future, what: str) -> Any:
    """`call`'s result; WorkerLost when `lost` is set first or no answer came in `seconds`.
    (Awaited in this task, as a plain await would be: no task or loop turn is added.)"""
    if lost.done():
        raise WorkerLost(f"{what}: {lost.result()}", lost.result())
    try:
        async with asyncio.timeout(seconds) as bound:
            def wake(_: asyncio.Future) -> None:
                bound.reschedule(asyncio.get_running_loop().time())   # end the wait now
            lost.add_done_callback(wake)
            try:
                return await call
            finally:
                lost.remove_done_callback(wake)
    except TimeoutError:
        if lost.done():
            raise WorkerLost(f"{what}: {lost.result()}", lost.result()) from None
        raise WorkerLost(f"{what}: no answer in {seconds:g} s", TIMED_OUT) from None


class WatchedWorker:
    """A search worker (start, step, commit) whose calls fail with WorkerLost instead of
    waiting for ever; `patience()` is the bound for one call, read at each call (it follows
    the turn's think time)."""

    def __init__(self, worker: Any, name: str, lost: asyncio.Future, patience: Callable[[], float]) -> None:
        self.worker = worker
        self.name = name
        self.lost = lost
        self.patience = patience

    async def start(self, request_json: str) -> Any:
        return await within(self.worker.start(request_json), self.patience(), self.lost, f"{self.name} start")

    async def step(self, milliseconds: float) -> Any:
        return await within(self.worker.step(milliseconds), self.patience(), self.lost, f"{self.name} step")

    async def commit(self, action: int) -> Any:
        return await within(self.worker.commit(action), self.patience(), self.lost, f"{self.name} commit")
