"""The page's opponent client, driving the real search session through a fake in-process worker."""

import asyncio
import json

import pytest

from pygame_core.ai.session import SearchSession
from pygame_core.games.susan import SPEC
from pygame_core.record import Record, Start
from ui.ai_client import AiClient, AiError


class FakeWorker:
    """Runs the real session in-process, yielding to the event loop between calls."""

    def __init__(self) -> None:
        self.session = SearchSession()
        self.steps = 0

    async def start(self, text: str) -> str:
        await asyncio.sleep(0)
        request = json.loads(text)
        request.update(iterations=150, seconds=None)
        return self.session.start(json.dumps(request))

    async def step(self, ms: float) -> str:
        await asyncio.sleep(0)
        self.steps += 1
        return self.session.step(2)


def test_client_returns_the_turn_and_reports_progress() -> None:
    worker = FakeWorker()

    async def connect():
        return worker

    client = AiClient(connect, seed=3)
    seen = []
    state = SPEC.new_game().play_turn("e5")
    actions = asyncio.run(client.choose(Record("susan", {}, ("e5",)), "easy", lambda v, best: seen.append((v, best))))
    assert len(actions) == 1 and actions[0] in state.legal_actions()
    assert seen and worker.steps == len(seen)


def test_cancel_makes_the_pending_choose_raise_and_a_new_one_works() -> None:
    worker = FakeWorker()

    async def connect():
        return worker

    async def scenario():
        client = AiClient(connect, seed=1)
        pending = asyncio.ensure_future(client.choose(Record("susan", {}), "easy", None))
        await asyncio.sleep(0)
        for _ in range(3):
            await asyncio.sleep(0)
        client.cancel()
        with pytest.raises(asyncio.CancelledError):
            await pending
        return await client.choose(Record("susan", {}), "easy", None)

    assert len(asyncio.run(scenario())) == 1


def test_client_reports_worker_errors() -> None:
    class Broken:
        async def start(self, text):
            return json.dumps({"error": "bad search request"})

    async def connect():
        return Broken()

    with pytest.raises(AiError, match="bad search"):
        asyncio.run(AiClient(connect).choose(Record("susan", {}), None, None))


def test_the_worker_gets_the_whole_record_as_plain_data() -> None:
    """Start position included: without it the worker would search the empty board."""
    sent = []

    class Recording:
        async def start(self, text):
            sent.append(json.loads(text))
            return json.dumps({"error": "stop here"})

    async def connect():
        return Recording()

    record = Record("susan", {"size": 5}, ("a3",), Start(("x....",) + ("." * 6, "." * 7, "." * 8, "." * 9,
                                                                    "." * 8, "." * 7, "." * 6, "." * 5), "White"))
    with pytest.raises(AiError):
        asyncio.run(AiClient(connect).choose(record, "easy"))
    assert sent[0]["record"]["start"] == {"rows": list(record.start.rows), "to_move": "White"}
    assert sent[0]["record"]["turns"] == ["a3"]
