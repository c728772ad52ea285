"""The worker's sliced search session and the page's client, with a fake in-process worker."""

import asyncio
import json

import pytest

from pygame_core.ai.session import SearchSession, SessionError, request_json
from pygame_core.games.susan import SPEC
from pygame_core.record import Record, to_json
from ui.ai_client import AiClient, AiError, record_json


def susan_record(*turns: str) -> str:
    return to_json(Record("susan", {}, tuple(turns)))


def test_session_answers_in_slices_until_the_turn_is_chosen() -> None:
    session = SearchSession()
    json.loads(session.start(request_json(susan_record("e5"), iterations=300, seconds=None)))
    answers = []
    while not answers or not answers[-1]["done"]:
        answers.append(json.loads(session.step(5)))
    assert len(answers) > 1 and answers[-1]["iterations"] == 300
    state = SPEC.new_game().play_turn("e5")
    assert state.format_turn(answers[-1]["actions"]) == answers[-1]["move"]
    assert all(0.0 <= a["value"] <= 1.0 for a in answers)


def test_session_reuses_its_tree_for_the_next_move_and_not_after_undo() -> None:
    session = SearchSession()
    session.start(request_json(susan_record("e5"), iterations=200, seconds=None))
    move = json.loads(session.step(10_000))["move"]
    session.start(request_json(susan_record("e5", move), iterations=200, seconds=None))
    assert session._search.reused
    session.start(request_json(susan_record("e5"), iterations=200, seconds=None))
    assert not session._search.reused


@pytest.mark.parametrize("request_text", ["{", "{}", json.dumps({"record": "nope"}),
                                          request_json(susan_record("e5"), level="godlike")])
def test_session_refuses_bad_requests(request_text: str) -> None:
    with pytest.raises(SessionError):
        SearchSession().start(request_text)
    with pytest.raises(SessionError, match="no search"):
        SearchSession().step(10)


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
    actions = asyncio.run(client.choose(state, "easy", lambda v, best: seen.append((v, best)), ["e5"]))
    assert len(actions) == 1 and actions[0] in state.legal_actions()
    assert seen and worker.steps == len(seen)


def test_cancel_makes_the_pending_choose_raise_and_a_new_one_works() -> None:
    worker = FakeWorker()

    async def connect():
        return worker

    async def scenario():
        client = AiClient(connect, seed=1)
        state = SPEC.new_game()
        pending = asyncio.ensure_future(client.choose(state, "easy", None, []))
        await asyncio.sleep(0)
        for _ in range(3):
            await asyncio.sleep(0)
        client.cancel()
        with pytest.raises(asyncio.CancelledError):
            await pending
        return await client.choose(state, "easy", None, [])

    assert len(asyncio.run(scenario())) == 1


def test_client_reports_worker_errors() -> None:
    class Broken:
        async def start(self, text):
            return json.dumps({"error": "bad search request"})

    async def connect():
        return Broken()

    with pytest.raises(AiError, match="bad search"):
        asyncio.run(AiClient(connect).choose(SPEC.new_game(), None, None, []))


def test_record_json_from_turn_texts_or_a_record() -> None:
    state = SPEC.new_game().play_turn("e5")
    assert json.loads(record_json(state, ["e5"]))["turns"] == ["e5"]
    record = Record("susan", {"size": 6}, ("a1",))
    assert record_json(state, record) == to_json(record)
