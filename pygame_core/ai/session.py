"""The search as the browser worker runs it: start a turn, then step in short slices.

A running Python function in a worker cannot be interrupted without SharedArrayBuffer, so the
main thread asks for work in slices (`step(ms)`) and cancels by simply not asking again. The
session keeps one search tree per game and options between requests, so the reply to a move
reuses the subtree it had grown (and drops it after an undo). Requests and answers are JSON
text, which crosses the worker boundary without proxies; the record inside a request is the
record's plain data (`record.to_data`), start position included, not JSON within JSON.

Request: {"record": <pygame_core.record.to_data(...)>, "level": "medium",
          "iterations": N, "seconds": S, "seed": K, "pooled": false}   (all but record optional)
Answer of step: {"iterations", "seconds", "best", "value", "done"} and, once done,
          {"actions": [...], "move": "<turn notation>", "top": [[move, visits, value], ...]}.
Pooled (one of several workers searching the same turn): when an action's search is over, the
answer also has {"waiting": true, "decided", "children": [[action, visits, mean, proven,
ends_in], ...]}; the caller pools every worker's children (search.merge_stats), picks the
action and sends it to each with `commit(action)`, which answers like `step`.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from typing import Any, Callable

from ..errors import reads_outside_input
from ..game import GameSpec, GameState
from ..jsontext import load_json
from ..record import Record, from_data, replay, to_data
from ..registry import find_game
from .budget import Budget, resolve
from .levels import DEFAULT_LEVEL, Level, find_level
from .player import KnownTurn, MctsPlayer, TurnSearch


class SessionError(ValueError):
    """A request the session cannot serve (bad JSON, finished game, unknown level...)."""


class SearchSession:
    """`clock`: the one the time caps are read on (the wall clock in the browser; the lab's
    page player gives each session a clock of its own, lab.page_player)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self._players: dict[str, MctsPlayer] = {}
        self._search: TurnSearch | KnownTurn | None = None

    def start(self, request_text: str) -> str:
        """Begin choosing the next turn of the request's record; returns its first progress."""
        request, record, states, spec, level = _read_request(request_text)
        state = states[-1]
        if state.outcome is not None:
            raise SessionError("the game is over: there is no move to choose")
        options = spec.resolve_options(record.options)
        budget = _request_budget(request, spec, level)
        tree = dataclasses.replace(budget, level=None, iterations=1, seconds=None, perfect=False, forced=False,
                                   workers=1)   # (a tree's values are its leaf valuation's)
        key = json.dumps([spec.name, options, None if record.start is None else list(record.start.rows),
                          repr(tree)], sort_keys=True)
        player = self._players.get(key)
        if player is None:
            player = MctsPlayer.from_budget(spec, random.Random(request.get("seed", 0)), budget, self.clock)
            self._players = {key: player}  # one game at a time: drop other trees
        player.budget = budget
        history: list[Any] = [key]
        for before, text in zip(states, record.turns, strict=False):
            history.extend(before.parse_turn(text))
        self._search = player.start(state, history, pooled=request.get("pooled") is True)
        return json.dumps(self._search.progress())

    def step(self, milliseconds: float) -> str:
        """Search for about `milliseconds` more; the progress, with the turn once done."""
        search = self._running()
        search.step(max(0.0, float(milliseconds)) / 1000.0)
        return self._answer(search)

    def commit(self, action: int) -> str:
        """Pooled: play the action chosen from every worker's rows, then answer like `step`."""
        search = self._running()
        if not isinstance(search, TurnSearch) or not search.pooled:
            raise SessionError("no pooled search to commit an action to")
        try:
            search.commit(int(action))
        except (TypeError, ValueError) as exc:
            raise SessionError(str(exc)) from None
        return self._answer(search)

    def _running(self) -> TurnSearch | KnownTurn:
        if self._search is None:
            raise SessionError("no search started")
        return self._search

    def _answer(self, search: TurnSearch | KnownTurn) -> str:
        answer = search.progress()
        if search.done:
            answer.update(search.summary())
            answer["actions"] = list(search.actions)
            self._search = None
        return json.dumps(answer)


@reads_outside_input(SessionError, "the search request")
def _read_request(request_text: str) -> tuple[dict[str, Any], Record, list[GameState], GameSpec, Level]:
    """The request, its record and replayed states, the game and the level; SessionError else."""
    request = load_json(request_text)
    if not isinstance(request, dict):
        raise SessionError("bad search request: not a JSON object")
    record = from_data(request.get("record"))
    states = replay(record)
    return request, record, states, find_game(record.game), find_level(str(request.get("level") or DEFAULT_LEVEL))


def _request_budget(request: dict[str, Any], spec: GameSpec, level: Level) -> Budget:
    """The level's budget for this game (ai.budget), on the request's worker count, with the
    request's own `iterations` and `seconds` (benchmarks, a late worker's remaining time) in
    place of the level's: each replaces its own field only."""
    try:
        budget = resolve(spec, level, int(request.get("workers") or 1))
        changes: dict[str, Any] = {}
        if request.get("iterations"):
            changes["iterations"] = int(request["iterations"])
        if "seconds" in request:
            changes["seconds"] = None if request["seconds"] is None else float(request["seconds"])
        return dataclasses.replace(budget, **changes)
    except (TypeError, ValueError) as exc:
        raise SessionError(f"bad search request: {exc}") from None


def request_json(record: Record, level: str | None = None, seed: int = 0, **extra: Any) -> str:
    """The start() request, as JSON text, for choosing the next turn of `record`."""
    return json.dumps({"record": to_data(record), "level": level or DEFAULT_LEVEL, "seed": seed, **extra})

