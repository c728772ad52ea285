"""Issue 55, item 7: every export of the AI worker (ui/ai_worker.py) goes through the one
wrapper, pygame_core.ai.worker_calls.error_as_json, and a bad request still answers the page
with the JSON {"error": message} of the session's own error, as the copied try/excepts did."""

from __future__ import annotations

import importlib
import json
import sys
import types

import pytest

from pygame_core.ai.worker_calls import error_as_json
from pygame_core.registry import find_game

# export -> (the session object it serves, its method, a bad request); a fresh worker has
# started nothing, so a step or a commit is as bad a request as malformed JSON
BAD_REQUESTS = {
    "start": ("_session", "start", ("not json",)),
    "step": ("_session", "step", (50,)),
    "commit": ("_session", "commit", (3,)),
    "analyse_start": ("_coach", "start", ('{"kind": ',)),
    "analyse_step": ("_coach", "step", (50,)),
    "explain_start": ("_explain", "start", ("[]",)),
    "explain_step": ("_explain", "step", (50,)),
}


@pytest.fixture
def worker(monkeypatch):
    """ui/ai_worker.py freshly imported as the browser runs it, less the app.zip it unwraps
    there (the packages are on the path here already)."""
    monkeypatch.setitem(sys.modules, "app_archive", types.SimpleNamespace(unwrap=lambda name: None))
    monkeypatch.setattr(sys, "path", list(sys.path))   # the script puts app.zip first
    monkeypatch.delitem(sys.modules, "ui.ai_worker", raising=False)
    return importlib.import_module("ui.ai_worker")


def test_every_export_goes_through_the_one_wrapper(worker):
    wrapper_code = error_as_json(str).__code__
    assert set(BAD_REQUESTS) | {"bench"} == set(worker.__export__)
    for name in worker.__export__:
        export = getattr(worker, name)
        assert export.__code__ is wrapper_code, f"{name} is not wrapped by error_as_json"
        assert export.__wrapped__.__name__ == name


@pytest.mark.parametrize("name", sorted(BAD_REQUESTS))
def test_a_bad_request_answers_the_sessions_error_as_json(worker, name):
    session, method, args = BAD_REQUESTS[name]
    with pytest.raises(ValueError) as raised:
        getattr(type(getattr(worker, session))(), method)(*args)   # a fresh session's own error
    assert json.loads(getattr(worker, name)(*args)) == {"error": str(raised.value)}


def test_a_bench_of_an_unknown_game_answers_the_error_as_json(worker):
    with pytest.raises(ValueError) as raised:
        find_game("chess")
    assert json.loads(worker.bench(0.01, "chess")) == {"error": str(raised.value)}


def test_the_wrapper_answers_only_value_errors_and_keeps_good_answers():
    @error_as_json
    def echo(text: str) -> str:
        if text == "bad":
            raise ValueError("a reason for the player")
        if text == "bug":
            raise KeyError(text)
        return text

    assert echo("fine") == "fine"
    assert json.loads(echo("bad")) == {"error": "a reason for the player"}
    with pytest.raises(KeyError):   # a bug is not a bad request: it still fails loudly
        echo("bug")
