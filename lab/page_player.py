"""The page's opponent as a lab player: `page:level=L,workers=N` (issue 53, item 3).

The page runs N workers (ui.ai_client), each a SearchSession with the level's full budget,
and chooses each action of the turn from all their root rows (ui.pooled_turn, with
search.pooled_choice). This player does the same in one process: N sessions started with the
page's pooled requests (seed + worker index), stepped in the page's slices, each action chosen
by the same function and committed to every session, as PooledTurn does (once every worker
waits, or one of them knows the action is decided).

The clock: on the page the N workers run at once, each on a core of its own, in Pyodide. Here
they run one after another, so each session reads a clock of its own (`WorkerClock`) that
advances only while that session runs, counting CPU time divided by the game's measured
Pyodide speed ratio (`page_speed.json`): a page cap of 4 s is about 2.6 s of CPython CPU per
worker where the ratio is 0.66, as on a device with N free cores.
"""

from __future__ import annotations

import json
import random
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from pygame_core.ai.budget import Budget
from pygame_core.ai.levels import DEFAULT_LEVEL
from pygame_core.ai.player import MctsPlayer, budget_from_params, spec_params
from pygame_core.ai.search import pooled_choice
from pygame_core.ai.session import SearchSession, request_json
from pygame_core.errors import quote
from pygame_core.game import Action, GameSpec, GameState
from pygame_core.position import record_at
from pygame_core.record import Record
from pygame_core.ai.baselines import turn_ended

SPEED_FILE = Path(__file__).with_name("page_speed.json")
SLICE_MS = 50   # one step of a worker, as the page asks for it (ui.ai_client.SLICE_MS; a test keeps them equal)
PAGE_KEYS = ("level", "workers", "iterations", "seconds")


def stored_ratios(path: Path = SPEED_FILE) -> dict[str, float]:
    """Pyodide's speed as a share of CPython's, per game, as last measured (tools/bench_ai.py)."""
    return {game: float(ratio) for game, ratio in json.loads(path.read_text(encoding="utf-8"))["ratios"].items()}


class WorkerClock:
    """One page worker's clock: the CPU time spent while its worker ran (`running`), divided
    by Pyodide's speed ratio; it stands still while the other workers run."""

    def __init__(self, ratio: float, cpu: Callable[[], float] = time.process_time) -> None:
        self.ratio = ratio
        self.cpu = cpu
        self.spent = 0.0
        self._since: float | None = None

    def __call__(self) -> float:
        if self._since is None:
            return self.spent
        return self.spent + (self.cpu() - self._since) / self.ratio

    @contextmanager
    def running(self) -> Iterator[None]:
        self._since = self.cpu()
        try:
            yield
        finally:
            self.spent = self()
            self._since = None


class PagePlayer:
    """N pooled SearchSessions choosing one turn together, as the page's workers do."""

    name = "page"

    def __init__(self, spec: GameSpec, budget: Budget, ratio: float, seed: int,
                 cpu: Callable[[], float] = time.process_time) -> None:
        self.spec = spec
        self.budget = budget
        self.ratio = ratio
        self.seed = seed
        self.clocks = [WorkerClock(ratio, cpu) for _ in range(budget.workers)]
        self.sessions = [SearchSession(clock) for clock in self.clocks]
        self.last: list[dict[str, Any]] = []   # each worker's last answer (its effort)

    def worker_player(self) -> MctsPlayer:
        """What each worker plays with (the ladder's provenance describes it)."""
        return MctsPlayer.from_budget(self.spec, random.Random(self.seed), self.budget)

    def choose_turn(self, state: GameState, history: Sequence[Any] | None = None) -> list[Action]:
        record = _record_of(self.spec, state, history)
        budget = self.budget
        answers = [self._call(i, "start", request_json(
            record, budget.level, self.seed + i, pooled=True, iterations=budget.iterations, seconds=budget.seconds,
            workers=budget.workers)) for i in range(len(self.sessions))]
        while not any("actions" in a for a in answers):
            waiting = [a for a in answers if a.get("waiting")]
            if waiting and (len(waiting) == len(answers) or any(a["decided"] for a in waiting)):
                action = pooled_choice(a["children"] for a in waiting)
                answers = [self._call(i, "commit", action) for i in range(len(answers))]
                continue
            answers = [a if a.get("waiting") else self._call(i, "step", SLICE_MS) for i, a in enumerate(answers)]
        self.last = answers
        return [int(a) for a in next(a for a in answers if "actions" in a)["actions"]]

    def _call(self, index: int, method: str, argument: Any) -> dict[str, Any]:
        """One request to worker `index`, its clock running; its answer."""
        with self.clocks[index].running():
            answer: dict[str, Any] = json.loads(getattr(self.sessions[index], method)(argument))
        return answer


def _record_of(spec: GameSpec, state: GameState, history: Sequence[Any] | None) -> Record:
    """The record the page would send: the game's turns from its start when `history` (a key,
    then every action played) leads to `state`, else a record that starts at `state` (no tree
    to reuse)."""
    if history:
        current = spec.new_game(state.options)
        turns: list[str] = []
        start, actions = current, []
        for action in history[1:]:
            after = current.apply(action)
            actions.append(action)
            if turn_ended(current, after):
                turns.append(start.format_turn(actions))
                start, actions = after, []
            current = after
        if not actions and current.position_rows() == state.position_rows() and current.to_move == state.to_move:
            return Record(spec.name, dict(state.options), tuple(turns))
    return record_at(state)


def page_player(text: str, spec: GameSpec, rng: random.Random, cpu: Callable[[], float] = time.process_time,
                ratios: dict[str, float] | None = None) -> PagePlayer:
    """The player of `page:level=L,workers=N[,iterations=I][,seconds=S]`; ValueError naming
    the bad part (an unknown key, fewer than one worker, a game whose speed was not measured)."""
    params = spec_params(text)[1]
    try:
        unknown = [key for key in params if key not in PAGE_KEYS]
        if unknown:
            raise ValueError(f"unknown parameter {quote(unknown[0])} (page: takes {', '.join(PAGE_KEYS)})")
        if "workers" not in params:
            raise ValueError("give the page's worker count, workers=N (the page runs up to 4)")
        workers = int(params.pop("workers"))
        if workers < 1:
            raise ValueError("workers must be at least 1")
        params.setdefault("level", DEFAULT_LEVEL)
        budget = budget_from_params(params, spec, workers)
        known = stored_ratios() if ratios is None else ratios
        if spec.name not in known:
            raise ValueError(f"no measured Pyodide speed for {spec.name} in {SPEED_FILE.name} "
                             "(tools/bench_ai.py measures it)")
    except ValueError as exc:
        raise ValueError(f"player spec {quote(text)}: {exc}") from None
    return PagePlayer(spec, budget, known[spec.name], rng.randrange(2 ** 31), cpu)
