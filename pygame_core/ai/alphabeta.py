"""A plain alpha-beta player: the kind of engine the best-known general game system uses for
SUSAN, kept as a yardstick for `match` (`alphabeta:seconds=0.5`).

Negamax with alpha-beta pruning and iterative deepening within the time per turn, over the
protocol's atomic actions (a node whose child keeps the same mover is not negated, so a
multi-action turn is searched as a chain). Leaves are valued by the game's own static
evaluation (`SearchHints.evaluate`, e.g. SUSAN's liberties, mobility and slides left); ended
games by their result, a quicker win (or a slower loss) preferred. Move order: the best action
of the previous depth first, then the game's candidates (actions that could end the game), then
the rest in a shuffled order, so equal choices vary between games.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Sequence

from ..game import Action, GameSpec, GameState
from .baselines import turn_ended

WIN = 1000.0
Clock = Callable[[], float]


class _OutOfTime(Exception):
    pass


class AlphaBetaPlayer:
    name = "alphabeta"

    def __init__(self, spec: GameSpec, rng: random.Random, seconds: float, max_depth: int = 64,
                 clock: Clock = time.perf_counter) -> None:
        evaluate = spec.search.evaluate
        if evaluate is None:
            raise ValueError(f"{spec.name} declares no static evaluation for alpha-beta")
        self.evaluate = evaluate
        self.candidates = spec.search.candidates
        self.rng = rng
        self.seconds = seconds
        self.max_depth = max_depth
        self.clock = clock
        self.last: dict[str, Any] = {}
        self._deadline = 0.0
        self._nodes = 0

    def choose_turn(self, state: GameState, history: Sequence[Any] | None = None) -> list[Action]:
        if state.num_players != 2:
            raise ValueError("the alpha-beta player plays two-player games only")
        started = self.clock()
        self._deadline = started + self.seconds
        actions: list[Action] = []
        while True:
            action = self.choose_action(state, self._deadline)
            actions.append(action)
            after = state.play_unchecked(action)
            if turn_ended(state, after):
                break
            state = after
        self.last["seconds"] = round(self.clock() - started, 3)
        return actions

    def choose_action(self, state: GameState, deadline: float) -> Action:
        """The best action found by the deepest search completed before `deadline` (depth 1
        always completes)."""
        self._deadline = deadline
        self._nodes = 0
        moves = self._ordered(state)
        best, depth, value = moves[0], 0, 0.0
        for depth in range(1, self.max_depth + 1):
            try:
                value, found = self._root(state, moves, depth, must_finish=depth == 1)
            except _OutOfTime:
                depth -= 1
                break
            best = found
            moves = [best] + [m for m in moves if m != best]
            if abs(value) >= WIN - 100:  # a forced result: deeper search cannot change it
                break
        self.last = {"depth": depth, "value": round(value, 3), "nodes": self._nodes}
        return best

    def _root(self, state: GameState, moves: list[Action], depth: int, must_finish: bool) -> tuple[float, Action]:
        alpha, best = -2 * WIN, moves[0]
        for action in moves:
            value = self._child_value(state, action, depth - 1, alpha, 2 * WIN, 1, must_finish)
            if value > alpha:
                alpha, best = value, action
        return alpha, best

    def _child_value(self, state: GameState, action: Action, depth: int, alpha: float, beta: float,
                     ply: int, must_finish: bool) -> float:
        """The value, for `state`'s mover, of playing `action` and searching `depth` more plies."""
        child = state.play_unchecked(action)
        me = state.to_move
        if child.outcome is not None:
            reward = child.returns()[me]
            return WIN - ply if reward >= 1.0 else -(WIN - ply) if reward <= 0.0 else 0.0
        if child.to_move == me:  # the same turn goes on
            return self._negamax(child, depth, alpha, beta, ply, must_finish)
        return -self._negamax(child, depth, -beta, -alpha, ply, must_finish)

    def _negamax(self, state: GameState, depth: int, alpha: float, beta: float, ply: int,
                 must_finish: bool) -> float:
        """The value of undecided `state` for its mover, searched `depth` plies deep."""
        self._nodes += 1
        if not must_finish and self._nodes % 64 == 0 and self.clock() >= self._deadline:
            raise _OutOfTime()
        if depth <= 0:
            return self.evaluate(state)
        best = -2 * WIN
        for action in self._ordered(state):
            value = self._child_value(state, action, depth - 1, max(alpha, best), beta, ply + 1, must_finish)
            if value > best:
                best = value
                if best >= beta:
                    break
        return best

    def _ordered(self, state: GameState) -> list[Action]:
        moves = list(state.legal_actions())
        self.rng.shuffle(moves)
        if self.candidates is not None:
            hot = set(self.candidates(state))
            moves.sort(key=lambda a: a not in hot)  # stable: candidates first, shuffled within
        return moves
