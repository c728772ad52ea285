"""The page's handle on the engine's explanations, served by the coach's worker.

    client = ExplainClient()
    await client.explain(record, on_answer)   # the record's last position, slice after slice,
                                              # for as long as on_answer(explanation, done) says True
    client.cancel()                           # the pending call raises CancelledError

No worker of its own: it connects to the coach's worker ("coach", ui/ai_worker.py, started on
first use by whichever comes first, the coach or the analysis panel), whose explain_* functions
keep a search tree apart from the coach's. Asked for slices of SLICE_MS like the opponent and
the coach, so the page's thread only awaits and a cancel takes effect at the next slice. Plain
asyncio but `connect_coach` (tested with a fake worker).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from pygame_core.ai.explanation import Explanation, from_plain
from pygame_core.record import Record, to_data
from ui.ai_client import read_answer
from ui.coach_client import CoachWorkerClient

# told each answer and whether the default depth is reached; returns whether to go on
OnAnswer = Callable[[Explanation, bool], bool]


class ExplainClient(CoachWorkerClient):

    async def explain(self, record: Record, on_answer: OnAnswer) -> None:
        """Explain `record`'s last position: every answer to `on_answer`, until it says stop."""
        self._generation += 1
        generation = self._generation
        if self._worker is None or (self._worker.done() and (self._worker.cancelled() or self._worker.exception())):
            self._worker = asyncio.ensure_future(self._connect())   # first use, or a failed start
        worker = await asyncio.shield(self._worker)   # a cancelled request must not cancel the start
        request = json.dumps({"record": to_data(record), "seed": self.seed})
        answer = self._read(await worker.explain_start(request), generation)
        while on_answer(from_plain(answer["explanation"]), bool(answer["done"])):
            answer = self._read(await worker.explain_step(self.slice_ms), generation)

    def _read(self, text: Any, generation: int) -> dict[str, Any]:
        if generation != self._generation:
            raise asyncio.CancelledError()
        return read_answer(text)
