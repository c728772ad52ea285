"""The page's opponent client, driving the real search session through a fake in-process worker."""

import asyncio
import json

import pytest

from pygame_core.ai.session import SearchSession
from pygame_core.games.susan import SPEC
from pygame_core.record import Record, Start
from ui.ai_client import AiClient, AiError, pool_size


class FakeWorker:
    """Runs the real session in-process, yielding to the event loop between calls."""

    def __init__(self) -> None:
        self.session = SearchSession()
        self.steps = 0
        self.commits: list[int] = []

    async def start(self, text: str) -> str:
        await asyncio.sleep(0)
        request = json.loads(text)
        request.update(iterations=150, seconds=None)
        return self.session.start(json.dumps(request))

    async def step(self, ms: float) -> str:
        await asyncio.sleep(0)
        self.steps += 1
        return self.session.step(2)

    async def commit(self, action: int) -> str:
        await asyncio.sleep(0)
        self.commits.append(action)
        return self.session.commit(action)


def test_client_returns_the_turn_and_reports_progress() -> None:
    worker = FakeWorker()

    async def connect(name):
        return worker

    client = AiClient(connect, seed=3, workers=1)
    seen = []
    state = SPEC.new_game().play_turn("e5")
    actions = asyncio.run(client.choose(Record("susan", {}, ("e5",)), "easy", lambda v, best: seen.append((v, best))))
    assert len(actions) == 1 and actions[0] in state.legal_actions()
    assert seen and worker.steps == len(seen)


def test_cancel_makes_the_pending_choose_raise_and_a_new_one_works() -> None:
    worker = FakeWorker()

    async def connect(name):
        return worker

    async def scenario():
        client = AiClient(connect, seed=1, workers=1)
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

    async def connect(name):
        return Broken()

    with pytest.raises(AiError, match="bad search"):
        asyncio.run(AiClient(connect, workers=1).choose(Record("susan", {}), None, None))


def test_the_worker_gets_the_whole_record_as_plain_data() -> None:
    """Start position included: without it the worker would search the empty board."""
    sent = []

    class Recording:
        async def start(self, text):
            sent.append(json.loads(text))
            return json.dumps({"error": "stop here"})

    async def connect(name):
        return Recording()

    record = Record("susan", {"size": 5}, ("a3",), Start(("x....",) + ("." * 6, "." * 7, "." * 8, "." * 9,
                                                                    "." * 8, "." * 7, "." * 6, "." * 5), "White"))
    with pytest.raises(AiError):
        asyncio.run(AiClient(connect, workers=1).choose(record, "easy"))
    assert sent[0]["record"]["start"] == {"rows": list(record.start.rows), "to_move": "White"}
    assert sent[0]["record"]["turns"] == ["a3"]


def test_pool_size_leaves_a_core_to_the_page_and_stops_at_four() -> None:
    assert [pool_size(c) for c in (None, "x", 0, 1, 2, 3, 4, 5, 16)] == [1, 1, 1, 1, 1, 2, 3, 4, 4]


def test_a_pool_commits_one_action_in_every_worker_and_counts_all_their_iterations() -> None:
    workers = [FakeWorker(), FakeWorker(), FakeWorker()]
    names = []

    async def connect(name):
        names.append(name)
        return workers[len(names) - 1]

    client = AiClient(connect, seed=5, workers=3)
    record = Record("lisbon", {}, ("h8",))  # LISBON's second turn has two stones: two commits
    actions = asyncio.run(client.choose(record, "easy"))
    assert names == ["ai", "ai-2", "ai-3"]
    assert len(actions) == 2 and all(w.commits == actions for w in workers)
    assert client.last["workers"] == 3
    assert client.last["iterations"] == 3 * (150 + 75)  # each worker: 150 for the first stone, half for the next


def test_a_worker_that_fails_to_start_is_left_out() -> None:
    async def connect(name):
        if name != "ai":
            raise RuntimeError("no memory for another worker")
        return FakeWorker()

    client = AiClient(connect, seed=5, workers=2)
    assert len(asyncio.run(client.choose(Record("susan", {}), "easy"))) == 1
    assert client.last["workers"] == 1


def test_the_pool_takes_the_action_with_the_most_visits_summed_over_workers() -> None:
    """Worker A slightly prefers 1, worker B strongly prefers 2: one search with both trees'
    visits would pick 2, and so does the pool."""

    class Scripted:
        def __init__(self, children):
            self.children = children
            self.committed = []

        async def start(self, text):
            return json.dumps({"iterations": 0, "seconds": 0, "best": "", "value": 0.5, "done": False,
                               "waiting": True, "decided": False, "children": self.children})

        async def commit(self, action):
            self.committed.append(action)
            return json.dumps({"iterations": 10, "seconds": 0.1, "done": True, "actions": [action]})

    a = Scripted([[1, 60, 0.6, None, False], [2, 40, 0.5, None, False]])
    b = Scripted([[1, 10, 0.3, None, False], [2, 90, 0.7, None, False]])
    pool = iter([a, b])

    async def connect(name):
        return next(pool)

    assert asyncio.run(AiClient(connect, workers=2).choose(Record("susan", {}), "easy")) == [2]
    assert a.committed == b.committed == [2]
