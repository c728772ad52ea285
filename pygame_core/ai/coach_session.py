"""The coach's analysis as a worker runs it: start a request, then step in short slices.

The same slicing contract as `session.SearchSession` (a running worker cannot be interrupted,
so the page asks for slices and cancels by not asking again); a new start replaces the one
in progress. Requests and answers are JSON text; the record is `record.to_data`'s plain data,
start position included.

Request: {"kind": "evaluate" | "review", "record": <record data>, "depth": "normal", "seed": K}
  evaluate: the record's last position; review: every position, the start to the end.
Answer of start and step:
  evaluate: {"kind": "evaluate", "done": bool, "evaluation": <review.to_plain>}
  review:   {"kind": "review", "done": bool, "total": positions, "index": next position,
             "positions": [[kind, index, <review.to_plain>], ...] finished since the last
                            answer, kind "position" or "alternative" (analysis.Reviewed),
             "played": [canonical turn text, ...] (in the answer of start only)}
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import reads_outside_input
from ..game import GameState
from ..jsontext import load_json
from ..record import from_data, replay_with_actions
from ..registry import find_game
from .analysis import Analyst, GameReview, PositionSearch
from .review import DEFAULT_DEPTH, DEPTHS, to_plain


class CoachError(ValueError):
    """A request the coach cannot serve (bad JSON, unknown kind or depth...)."""


class CoachSession:
    def __init__(self) -> None:
        self._analysts: dict[str, Analyst] = {}
        self._kind = ""
        self._work: PositionSearch | GameReview | None = None
        self._total = 0

    def start(self, request_text: str) -> str:
        kind, record, states, played, depth, seed = _read_request(request_text)
        spec = find_game(record.game)
        key = json.dumps([spec.name, spec.resolve_options(record.options),
                          None if record.start is None else list(record.start.rows)], sort_keys=True)
        analyst = self._analysts.get(key)
        if analyst is None:
            analyst = Analyst(spec, seed)
            self._analysts = {key: analyst}   # one game at a time
        self._kind = kind
        self._total = len(states)
        if kind == "evaluate":
            self._work = analyst.position(states[-1], (key, "evaluate", len(states)), DEPTHS[depth])
            answer = self._answer([])
        else:
            self._work = GameReview(analyst, states, played, DEPTHS[depth], (key, "review"))
            answer = self._answer([])
            answer["played"] = played
        return json.dumps(answer)

    def step(self, milliseconds: float) -> str:
        work = self._work
        if work is None:
            raise CoachError("no analysis started")
        seconds = max(0.0, float(milliseconds)) / 1000.0
        if isinstance(work, GameReview):
            answer = self._answer(work.step(seconds))
        else:
            work.step(seconds)
            answer = self._answer([])
        if answer["done"]:
            self._work = None
        return json.dumps(answer)

    def _answer(self, positions: list[Any]) -> dict[str, Any]:
        work = self._work
        assert work is not None
        if isinstance(work, GameReview):
            return {"kind": "review", "done": work.done, "total": self._total, "index": work.index,
                    "positions": [[kind, index, to_plain(evaluation)] for kind, index, evaluation in positions]}
        return {"kind": "evaluate", "done": work.done, "evaluation": to_plain(work.current())}


@reads_outside_input(CoachError, "the analysis request")
def _read_request(text: str) -> tuple[str, Any, list[GameState], list[str], str, int]:
    """The kind, record, its states, the played turns' canonical texts, depth and seed."""
    request = load_json(text)
    if not isinstance(request, dict):
        raise CoachError("bad analysis request: not a JSON object")
    kind = request.get("kind")
    if kind not in ("evaluate", "review"):
        raise CoachError(f"unknown analysis {kind!r}; known: evaluate, review")
    depth = request.get("depth") or DEFAULT_DEPTH
    if depth not in DEPTHS:
        raise CoachError(f"unknown depth {depth!r}; known: {', '.join(DEPTHS)}")
    seed = request.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CoachError("the seed is not a whole number")
    record = from_data(request.get("record"))
    states, actions = replay_with_actions(record)
    played = [before.format_turn(turn) for before, turn in zip(states, actions, strict=False)]
    return kind, record, states, played, depth, seed
