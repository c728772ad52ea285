"""The engine's explanations as the coach's worker serves them: show a position, then refine it
slice by slice for as long as the page asks.

When to pause (issue 54.4: at a fixed 800 games the top moves read "too few to judge" and the
line was one move): `done` once the explanation is `deep_enough` (a best line DEEP_LINE_TURNS
turns deep, every top turn judged) after at least the default depth, or once the position has
been analysed for `seconds` (PAUSE_SECONDS: a few seconds in the browser, which runs at about
0.65 times CPython's speed) since its start, whatever it has found by then.

The slicing contract of `session.SearchSession` and `coach_session.CoachSession` (a running
worker cannot be interrupted, so the page asks for slices and stops by not asking again), with
one difference: an explanation never ends by itself. `done` says the default depth is reached
(or the position is proven, or the time is up); a page that keeps analysing simply goes on asking, and the tree
goes on growing. Starting the same position again carries on with its tree; a position that
follows from the last one keeps its subtree.

Request: {"record": <record data>, "seed": K, "iterations": N, "seconds": S}   (all optional
          but the record; N: the least depth, DEFAULT_ITERATIONS; S: PAUSE_SECONDS)
Answer of start and step: {"done": bool, "explanation": <explanation.to_plain>}
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable

from ..errors import reads_outside_input
from ..game import GameState
from ..jsontext import load_json
from ..record import Record, from_data, replay_with_actions
from ..registry import find_game
from .explain import DEFAULT_ITERATIONS, Explainer
from .explanation import deep_enough, to_plain

PAUSE_SECONDS = 6.0   # wall-clock, in the worker (figures per game: docs/coach.md)


class ExplainError(ValueError):
    """A request the explanations cannot serve (bad JSON, a bad record...)."""


class ExplainSession:
    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock   # what the slices and the pause are timed on (a benchmark: CPU time)
        self._explainers: dict[str, Explainer] = {}
        self._explainer: Explainer | None = None
        self._pause_at = 0.0   # when the shown position's analysis pauses, found or not

    def start(self, request_text: str) -> str:
        """Show the record's last position (its first answer comes from a first tiny search)."""
        record, states, history, seed, iterations, seconds = _read_request(request_text)
        spec = find_game(record.game)
        key = json.dumps([spec.name, spec.resolve_options(record.options),
                          None if record.start is None else list(record.start.rows)], sort_keys=True)
        explainer = self._explainers.get(key)
        if explainer is None:
            explainer = Explainer(spec, seed, iterations, self._clock)
            self._explainers = {key: explainer}   # one game at a time
        explainer.depth = iterations
        explainer.show(states[-1], [key, *history])
        self._explainer = explainer
        self._pause_at = self._clock() + seconds
        return self._answer()

    def step(self, milliseconds: float) -> str:
        """Refine about `milliseconds` more; the explanation as it stands."""
        explainer = self._explainer
        if explainer is None:
            raise ExplainError("no position shown")
        explainer.step(max(0.001, float(milliseconds) / 1000.0))
        return self._answer()

    def _answer(self) -> str:
        explainer = self._explainer
        assert explainer is not None
        explanation = explainer.explanation()
        done = (explainer.done or self._clock() >= self._pause_at
                or (explainer.visits >= explainer.depth and deep_enough(explanation)))
        return json.dumps({"done": done, "explanation": to_plain(explanation)})


@reads_outside_input(ExplainError, "the analysis request")
def _read_request(text: str) -> tuple[Record, list[GameState], list[Any], int, int, float]:
    """The record, its states, every action since its start, the seed, the least depth and the
    seconds to pause after."""
    request = load_json(text)
    if not isinstance(request, dict):
        raise ExplainError("bad analysis request: not a JSON object")
    seed = request.get("seed", 0)
    iterations = request.get("iterations", DEFAULT_ITERATIONS)
    for name, value in (("seed", seed), ("iterations", iterations)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ExplainError(f"the {name} is not a whole number")
    seconds = request.get("seconds", PAUSE_SECONDS)
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 <= seconds < 3600:
        raise ExplainError("the seconds are not a number of seconds under an hour")
    record = from_data(request.get("record"))
    states, turns = replay_with_actions(record)
    return record, states, [a for turn in turns for a in turn], seed, iterations, float(seconds)
