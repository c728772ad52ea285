"""The page's opponent client, driving the real search session through a fake in-process worker."""

import asyncio
import functools
import json

import pytest

from pygame_core.ai.session import SearchSession
from pygame_core.games.susan import SPEC
from pygame_core.record import Record, Start
from ui.ai_client import UNKNOWN_MEMORY_WORKERS, AiClient, AiError, Bounds, memory_cap, pool_size
from ui.worker_watch import WorkerLost

Client = functools.partial(AiClient, discard=lambda name: None)   # fake workers: nothing to terminate


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

    async def connect(name, lost):
        return worker

    client = Client(connect, seed=3, workers=1)
    seen = []
    state = SPEC.new_game().play_turn("e5")
    actions = asyncio.run(client.choose(Record("susan", {}, ("e5",)), "easy", lambda v, best: seen.append((v, best))))
    assert len(actions) == 1 and actions[0] in state.legal_actions()
    assert seen and worker.steps == len(seen)


def test_cancel_makes_the_pending_choose_raise_and_a_new_one_works() -> None:
    worker = FakeWorker()

    async def connect(name, lost):
        return worker

    async def scenario():
        client = Client(connect, seed=1, workers=1)
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

    async def connect(name, lost):
        return Broken()

    with pytest.raises(AiError, match="bad search"):
        asyncio.run(Client(connect, workers=1).choose(Record("susan", {}), None, None))


def test_the_worker_gets_the_whole_record_as_plain_data() -> None:
    """Start position included: without it the worker would search the empty board."""
    sent = []

    class Recording:
        async def start(self, text):
            sent.append(json.loads(text))
            return json.dumps({"error": "stop here"})

    async def connect(name, lost):
        return Recording()

    record = Record("susan", {"size": 5}, ("a3",), Start(("x....",) + ("." * 6, "." * 7, "." * 8, "." * 9,
                                                                    "." * 8, "." * 7, "." * 6, "." * 5), "White"))
    with pytest.raises(AiError):
        asyncio.run(Client(connect, workers=1).choose(record, "easy"))
    assert sent[0]["record"]["start"] == {"rows": list(record.start.rows), "to_move": "White"}
    assert sent[0]["record"]["turns"] == ["a3"]


def test_pool_size_leaves_a_core_to_the_page_and_stops_at_four() -> None:
    plenty = 8   # GB
    assert [pool_size(c, plenty) for c in (None, "x", 0, 1, 2, 3, 4, 5, 16)] == [1, 1, 1, 1, 1, 2, 3, 4, 4]


def test_pool_size_follows_the_memory_the_browser_reports_and_is_cautious_without() -> None:
    assert [pool_size(16, gb) for gb in (8, 4, 2, 1, 0.5, 0.25)] == [4, 4, 2, 1, 1, 1]
    assert memory_cap(None) == memory_cap("x") == memory_cap(0) == UNKNOWN_MEMORY_WORKERS == 2
    assert pool_size(16) == pool_size(16, None) == 2 and pool_size(2) == 1


def test_a_pool_commits_one_action_in_every_worker_and_counts_all_their_iterations() -> None:
    workers = [FakeWorker(), FakeWorker(), FakeWorker()]
    names = []

    async def connect(name, lost):
        names.append(name)
        return workers[len(names) - 1]

    async def scenario():
        client = Client(connect, seed=5, workers=3)
        assert await client.all_started() == 3
        return client, await client.choose(Record("lisbon", {}, ("h8",)), "easy")

    client, actions = asyncio.run(scenario())  # LISBON's second turn has two stones: two commits
    assert names == ["ai", "ai-2", "ai-3"]
    assert len(actions) == 2 and all(w.commits == actions for w in workers)
    assert client.last["workers"] == 3
    assert client.last["iterations"] == 3 * (150 + 75)  # each worker: 150 for the first stone, half for the next


def test_a_slow_extra_worker_does_not_delay_the_first_answer() -> None:
    """The first worker answers alone while the second one is still booting; the second
    joins the next turn."""
    first, second = FakeWorker(), FakeWorker()
    booted = None

    async def connect(name, lost):
        if name == "ai":
            return first
        await booted.wait()   # boots until the test lets it
        return second

    async def scenario():
        nonlocal booted
        booted = asyncio.Event()
        client = Client(connect, seed=5, workers=2)
        actions = await asyncio.wait_for(client.choose(Record("susan", {}), "easy"), 30)
        alone = client.last["workers"]
        booted.set()
        assert await client.all_started() == 2
        await client.choose(Record("susan", {}, (SPEC.new_game().format_turn(actions),)), "easy")
        return alone, client.last["workers"]

    assert asyncio.run(scenario()) == (1, 2)
    assert first.steps > 0 and second.steps > 0


def test_a_worker_up_in_the_middle_of_a_turn_joins_it_in_step() -> None:
    """LISBON's two-stone turn: the second worker comes up once the first stone is chosen,
    gets that stone committed before it searches, votes on the second stone and ends the turn
    with the same actions (its tree in step for the next turn)."""
    started: list[dict] = []
    chosen = None

    class Recording(FakeWorker):
        async def start(self, text):
            started.append(json.loads(text))
            return await super().start(text)

    second = Recording()

    class FirstWorker(FakeWorker):
        async def commit(self, action):
            chosen.set()
            return await super().commit(action)

    first = FirstWorker()

    async def connect(name, lost):
        if name == "ai":
            return first
        await chosen.wait()
        return second

    async def scenario():
        nonlocal chosen
        chosen = asyncio.Event()
        client = Client(connect, seed=5, workers=2)
        return client, await client.choose(Record("lisbon", {}, ("h8",)), "easy")

    client, actions = asyncio.run(scenario())
    assert len(actions) == 2 and first.commits == second.commits == actions
    assert started and "seconds" in started[0] and started[0]["seconds"] >= 0   # the turn's remaining time
    assert client.last["workers"] == 2


def test_a_worker_that_fails_to_start_is_left_out_and_no_more_are_tried() -> None:
    names = []

    async def connect(name, lost):
        names.append(name)
        if name != "ai":
            raise RuntimeError("no memory for another worker")
        return FakeWorker()

    async def scenario():
        client = Client(connect, seed=5, workers=3)
        actions = await client.choose(Record("susan", {}), "easy")
        return client, actions, await client.all_started()

    client, actions, pool = asyncio.run(scenario())
    assert len(actions) == 1 and pool == 1 and client.last["workers"] == 1
    assert names == ["ai", "ai-2"]


def test_a_first_worker_that_fails_is_the_turns_error_and_is_tried_again() -> None:
    tries = []

    async def connect(name, lost):
        tries.append(name)
        if len(tries) == 1:
            raise RuntimeError("worker script failed")
        return FakeWorker()

    async def scenario():
        client = Client(connect, seed=5, workers=1)
        with pytest.raises(RuntimeError, match="worker script"):
            await client.choose(Record("susan", {}), "easy")
        return await client.choose(Record("susan", {}), "easy")

    assert len(asyncio.run(scenario())) == 1 and tries == ["ai", "ai-2"]   # a fresh worker, a new name


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

    async def connect(name, lost):
        return next(pool)

    assert asyncio.run(Client(connect, workers=2).choose(Record("susan", {}), "easy")) == [2]
    assert a.committed == b.committed == [2]


def test_no_worker_waits_for_a_slower_one_between_slices() -> None:
    calls: list[str] = []

    class Logged(FakeWorker):
        def __init__(self, name: str, delay: float) -> None:
            super().__init__()
            self.name, self.delay = name, delay

        async def step(self, ms: float) -> str:
            calls.append(self.name)
            await asyncio.sleep(self.delay)
            return await super().step(ms)

    fast, slow = Logged("fast", 0.0), Logged("slow", 0.02)
    pool = iter([fast, slow])

    async def connect(name, lost):
        return next(pool)

    actions = asyncio.run(Client(connect, seed=2, workers=2).choose(Record("susan", {}, ("e5",)), "easy"))
    assert fast.commits == slow.commits == actions
    first = calls.index("slow")
    during_first_slow_slice = calls[first + 1:calls.index("slow", first + 1)]
    assert during_first_slow_slice.count("fast") > 1  # (in lock-step rounds it would be 1)


class Silent(FakeWorker):
    """A worker that dies after its first step: its next call is never answered."""

    async def step(self, ms: float) -> str:
        if self.steps:
            await asyncio.Event().wait()
        return await super().step(ms)


def test_a_worker_that_stops_answering_fails_the_turn_and_the_next_turn_gets_a_fresh_worker() -> None:
    names: list[str] = []
    discarded: list[str] = []

    async def connect(name, lost):
        names.append(name)
        return Silent() if len(names) == 1 else FakeWorker()

    async def scenario():
        client = AiClient(connect, seed=1, workers=1, discard=discarded.append, bounds=lambda: Bounds(5, 0.05))
        with pytest.raises(WorkerLost, match="no answer"):
            await client.choose(Record("susan", {}), "easy")   # bound: 0.5 s think time + 0.05 s
        return await client.choose(Record("susan", {}), "easy")

    assert len(asyncio.run(scenario())) == 1
    assert names == ["ai", "ai-2"] and discarded == ["ai"]


def test_a_worker_that_never_starts_fails_the_turn_within_the_start_bound() -> None:
    discarded: list[str] = []

    async def connect(name, lost):
        await asyncio.Event().wait()   # its script never arrives

    async def scenario():
        client = AiClient(connect, workers=1, discard=discarded.append, bounds=lambda: Bounds(0.05, 60))
        with pytest.raises(WorkerLost, match="ai did not start: no answer in 0.05 s"):
            await client.choose(Record("susan", {}), "easy")

    asyncio.run(scenario())
    assert discarded == ["ai"]


def test_a_worker_error_event_fails_the_pending_call_at_once() -> None:
    async def connect(name, lost):
        worker = Silent()
        asyncio.get_running_loop().call_later(0.05, lost.set_result, "the worker failed (error)")
        return worker

    async def scenario():
        client = Client(connect, workers=1, bounds=lambda: Bounds(60, 60))
        started = asyncio.get_running_loop().time()
        with pytest.raises(WorkerLost, match="the worker failed"):
            await client.choose(Record("susan", {}), "expert")
        return asyncio.get_running_loop().time() - started

    assert asyncio.run(scenario()) < 5   # not the minute the bounds allow
