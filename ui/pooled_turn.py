"""One turn of the opponent, searched by a pool of workers that may grow while it searches.

Each worker runs its own search of the turn (its own seed: root parallelism). The turn's
actions are chosen one at a time: when every *voter* waits (or one has found the action
decided) the voters' root rows are pooled (`merge_stats`), the best action is ranked as one
search with the summed visits would rank it, and it is committed in every worker, so their
trees stay in step for the rest of the turn and for the next one.

A worker that comes up during the turn joins it (`join(..., voter=False)`): it starts the same
request with the turn's remaining think time and is sent every action committed so far, which
brings its tree in step. It votes from the next action for which it was already in step, so a
late worker never delays a choice. Plain asyncio: tested under CPython with fake workers.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from pygame_core.ai.search import pooled_choice

Progress = Callable[[float | None, str], None]
Reader = Callable[[Any], "dict[str, Any]"]   # reads a worker's answer (raises on cancel and errors)


class _Member:
    """One worker in the turn: its last answer, how many committed actions were sent to it and
    how many its answer already reflects."""

    def __init__(self, worker: Any, index: int) -> None:
        self.worker = worker
        self.index = index
        self.answer: dict[str, Any] | None = None   # None until its start has answered
        self.sent = 0
        self.synced = 0


class PooledTurn:
    """`join` each ready worker (at the start or any time later), then await `result`."""

    def __init__(self, request: dict[str, Any], seed: int, slice_ms: int, read: Reader,
                 on_progress: Progress | None, deadline: float | None) -> None:
        self.request = request
        self.seed = seed
        self.slice_ms = slice_ms
        self.read = read
        self.on_progress = on_progress
        self.deadline = deadline   # loop time when the turn's think time is up (None: no limit)
        self.actions: list[int] = []   # committed so far
        self.members: list[_Member] = []
        self.voters: list[_Member] = []   # whose rows choose the action being searched
        self.result: asyncio.Future = asyncio.get_running_loop().create_future()
        self._moved: asyncio.Future = self.result.get_loop().create_future()

    def join(self, worker: Any, index: int, voter: bool) -> None:
        """Add a ready worker: a voter from the start, or a late one that catches up."""
        if self.result.done():
            return
        member = _Member(worker, index)
        self.members.append(member)
        if voter:
            self.voters.append(member)
        asyncio.ensure_future(self._serve(member, late=not voter)).add_done_callback(self._ended)

    def effort(self) -> dict[str, Any]:
        """Workers that searched, their iterations (summed and each) and the longest time."""
        answers = [m.answer for m in self.members if m.answer is not None]
        counts = [int(a.get("iterations", 0)) for a in answers]
        return {"workers": len(answers), "iterations": sum(counts), "per_worker": counts,
                "seconds": max((float(a.get("seconds", 0)) for a in answers), default=0.0)}

    async def _serve(self, member: _Member, late: bool) -> None:
        request = {**self.request, "seed": self.seed + member.index}
        if late and self.deadline is not None:
            request["seconds"] = round(max(0.0, self.deadline - asyncio.get_running_loop().time()), 3)
        member.answer = self.read(await member.worker.start(json.dumps(request)))
        while "actions" not in member.answer:
            if self.result.done():
                if self.result.cancelled() or self.result.exception() or member.sent == len(self.actions):
                    return
            if member.sent < len(self.actions):   # catch up: the same actions as everyone
                member.sent += 1
                answer = self.read(await member.worker.commit(self.actions[member.sent - 1]))
                member.answer, member.synced = answer, member.sent
            elif member.answer.get("waiting"):
                self._choose()
                if member.sent == len(self.actions):
                    await asyncio.shield(self._moved)
            else:
                member.answer = self.read(await member.worker.step(self.slice_ms))
                if member is self.members[0] and self.on_progress is not None:
                    self.on_progress(member.answer.get("value"), member.answer.get("best", ""))
        if not self.result.done():
            self.result.set_result([int(a) for a in member.answer["actions"]])
            self._wake()

    def _choose(self) -> None:
        """Commit the next action once every voter waits for it (or one knows it is decided)."""
        current = len(self.actions)
        answers = [m.answer for m in self.voters
                   if m.synced == current and m.answer is not None and m.answer.get("waiting")]
        if not answers or not (len(answers) == len(self.voters) or any(a["decided"] for a in answers)):
            return
        self.actions.append(pooled_choice(a["children"] for a in answers))
        # the next action's voters: every worker in step now (it is sent this action next)
        self.voters = [m for m in self.members if m.answer is not None and m.sent == current]
        self._wake()

    def _wake(self) -> None:
        moved, self._moved = self._moved, self.result.get_loop().create_future()
        moved.set_result(None)

    def _ended(self, task: asyncio.Future) -> None:
        """A worker's failure (or the cancel it saw) ends the turn; after the result, nothing."""
        error = None if task.cancelled() else task.exception()   # (read: a late failure is not logged)
        if self.result.done():
            return
        if task.cancelled():
            self.result.cancel()
        elif error is not None:
            self.result.set_exception(error)
        else:
            return
        self._wake()
