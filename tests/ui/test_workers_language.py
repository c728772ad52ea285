"""Why the computer could not move reaches the player in their language: a lost worker's
reason (its script that did not load, an error event, no answer in time) is marked where it is
written and translated when the WorkerLost is made, which the thinking box shows as it is."""

from __future__ import annotations

import asyncio

import pytest
from tiny_catalog import speaking_french

from ui.ai_client import script_failure
from ui.worker_watch import TIMED_OUT, WorkerLost, within

FRENCH: dict[str | tuple[str, str], str | tuple[str, str]] = {
    "it timed out": "il a dépassé son temps",
    "its program could not load (the connection failed)": "son programme n'a pas pu se charger (la connexion a échoué)",
}


def test_a_call_with_no_answer_says_why_in_french() -> None:
    async def silent() -> None:
        await asyncio.Event().wait()

    async def scenario() -> WorkerLost:
        lost: asyncio.Future = asyncio.get_running_loop().create_future()
        with pytest.raises(WorkerLost) as caught:
            await within(silent(), 0.01, lost, "ai step")
        return caught.value

    with speaking_french(FRENCH):
        error = asyncio.run(scenario())
    assert error.reason == "il a dépassé son temps"
    assert str(error) == "ai step: no answer in 0.01 s"   # the console's words stay English
    assert WorkerLost("ai step", TIMED_OUT).reason == "it timed out"


def test_a_script_that_did_not_load_says_why_in_french() -> None:
    reason = script_failure("network")
    assert reason is not None
    with speaking_french(FRENCH):
        assert WorkerLost("ai did not start", reason).reason == "son programme n'a pas pu se charger (la connexion a échoué)"
