"""The coach's search: each player's chances in a position and the turn the search prefers,
and a whole game's review, position after position, all in slices like `TurnSearch`.

Chances are what the search's simulated games from the position say: the share of them
each player won (a draw counts half for each player in it), scaled to add up to 100%; a
position the search proves gets its exact result. That is the average over the whole search,
not the value of the preferred move alone: with a few hundred iterations spread over dozens
of moves, the best-looking move's average is the luckiest of many small samples and
overstates the mover's chances (measured: ~0.7 for whoever moves, in every position of the
manual's game), while the search's average does not swing with the side to move. A search
node keeps only the reward of the seat that chose it, so the per-seat totals that 3-4 player
SUSAN needs come from the search's observer.

The depth is the number of search iterations for the position's first action (the later
stones of a multi-stone turn get half that each, as in `TurnSearch`); no time cap, so the
same seed gives the same review on any machine.
"""

from __future__ import annotations

import random
import time
from typing import Any, NamedTuple, Sequence

from ..game import Action, GameSpec, GameState
from .baselines import turn_ended
from .player import TurnSearch
from .review import SCREEN, Evaluation, drop_for, finished, same_turn, shares
from .search import Mcts, Node, Returns
from .tuning import tuning_for


class PositionSearch:
    """Evaluate one position: search its first action for `iterations`, then (multi-stone
    turns) finish the preferred turn with a `TurnSearch`. `step` runs in slices."""

    def __init__(self, mcts: Mcts, state: GameState, key: tuple[Any, ...], iterations: int) -> None:
        self.mcts = mcts
        self.state = state
        self.key = key
        self.iterations = iterations
        self.done = state.outcome is not None
        self._tally = [0.0] * (state.num_players + 1)   # simulated games, then each seat's rewards
        self._rest: TurnSearch | None = None
        self._first: Action | None = None
        self._result: Evaluation | None = finished(state) if self.done else None
        self._root: Node | None = None
        if not self.done:
            mcts.set_root(state, key)
            self._root = mcts.root
            mcts.observer = self._observe

    def _observe(self, path: list[Node], values: Returns) -> None:
        if path[0] is self._root:
            tally = self._tally
            tally[0] += 1.0
            for seat, value in enumerate(values, start=1):
                tally[seat] += value

    def step(self, seconds: float | None = None) -> bool:
        """Search up to `seconds` more (None: to the end); True once the evaluation is done."""
        if self.done:
            return True
        deadline = None if seconds is None else time.perf_counter() + seconds
        mcts = self.mcts
        if self._first is None:
            root = mcts.root
            assert root is not None
            left = self.iterations - mcts.iterations
            if root.proven is None and left > 0:
                mcts.run(left, deadline)
                if root.proven is None and mcts.iterations < self.iterations:
                    return False
            self._settle_first()
            if self.done:
                return True
        assert self._rest is not None
        left_seconds = None if deadline is None else max(0.0, deadline - time.perf_counter())
        if self._rest.step(left_seconds):
            self._finish(self._rest.actions)
        return self.done

    def _settle_first(self) -> None:
        """The first action is chosen: fix the chances, and finish at once unless the turn
        goes on (then a TurnSearch picks its other stones)."""
        mcts = self.mcts
        mcts.observer = None
        root = mcts.root
        assert root is not None
        self._first = first = mcts.ranking()[0][0]
        self._searched = mcts.iterations
        self._chances = self._chances_now()
        self._exact = root.proven is not None
        child = root.children[first]
        if turn_ended(root.state, child.state):
            self._finish([])
            return
        self._rest = TurnSearch(mcts, child.state, self.key + (first,), max(1, self.iterations // 2), None)

    def _finish(self, rest: Sequence[Action]) -> None:
        assert self._first is not None
        turn = (self._first, *rest)
        self._result = Evaluation(self.state.to_move, self._chances, turn, self.state.format_turn(turn),
                                  self._searched, self._exact)
        self.done = True

    def _chances_now(self) -> tuple[float, ...]:
        root = self._root
        if root is not None and root.proven is not None:
            return shares(root.proven)
        games, *rewards = self._tally
        return shares(rewards if games else [0.5] * self.state.num_players)

    def current(self) -> Evaluation:
        """The evaluation so far (final once `done`)."""
        if self._result is not None:
            return self._result
        chances = self._chances if self._first is not None else self._chances_now()
        return Evaluation(self.state.to_move, chances, (), "", int(self._tally[0]), False)


class Analyst:
    """One search tree for the coach; evaluates positions one after another."""

    def __init__(self, spec: GameSpec, seed: int = 0) -> None:
        tuning = tuning_for(spec)
        self.mcts = Mcts(tuning.simulator, random.Random(seed), tuning.config)

    def position(self, state: GameState, key: tuple[Any, ...], iterations: int) -> PositionSearch:
        """The search of one position (`key` names it, as in `Mcts.set_root`)."""
        return PositionSearch(self.mcts, state, key, iterations)


class Reviewed(NamedTuple):
    kind: str                # "position", or "alternative": the position after the turn the
                             # search preferred at `index`, when the game went another way
    position: int            # the position's index (0 = the start)
    evaluation: Evaluation


class GameReview:
    """Evaluate every position of a game in order, start to end. A played turn that the
    search would not have chosen and that left the mover SCREEN or more below where they
    stood before it is then judged against the position the search's preferred turn leads
    to (both have the same side to move, so the mover's edge in simulated games cancels
    out). The preferred turn is written as the turn played when both are the same stones in
    another order (`same_turn`), so the page's comparisons of notation agree. `step` returns
    what it finished in that slice."""

    def __init__(self, analyst: Analyst, states: Sequence[GameState], played: Sequence[str],
                 iterations: int, key: tuple[Any, ...] = ()) -> None:
        self.analyst = analyst
        self.states = list(states)
        self.played = list(played)
        self.iterations = iterations
        self.key = key
        self.index = 0                       # the next position to evaluate
        self.evaluations: dict[int, Evaluation] = {}
        self._alternative: int | None = None  # the position whose alternative is next
        self._search: PositionSearch | None = None

    @property
    def done(self) -> bool:
        return self.index >= len(self.states) and self._alternative is None

    def step(self, seconds: float | None = None) -> list[Reviewed]:
        deadline = None if seconds is None else time.perf_counter() + seconds
        finished_now: list[Reviewed] = []
        while not self.done:
            if self._search is None:
                self._search = self._next_search()
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                break
            if not self._search.step(left):
                break
            result = self._search.current()
            self._search = None
            if self._alternative is not None:
                finished_now.append(Reviewed("alternative", self._alternative, result))
                self._alternative = None
                continue
            index = self.index
            if index < len(self.played) and result.best and same_turn(result.best, self._played_actions(index)):
                result = result._replace(best_text=self.played[index])
            self.evaluations[index] = result
            finished_now.append(Reviewed("position", index, result))
            self.index += 1
            if index > 0 and self._worth_a_look(index - 1):
                self._alternative = index - 1
        return finished_now

    def _played_actions(self, index: int) -> list[Action]:
        return self.states[index].parse_turn(self.played[index])

    def _worth_a_look(self, index: int) -> bool:
        """Whether turn index+1 may be a mistake: not the search's choice, and the mover's
        chances fell by SCREEN (scaled to the number of players) or more over it."""
        before, after = self.evaluations[index], self.evaluations[index + 1]
        seat = before.to_move
        return (seat >= 0 and bool(before.best) and before.best_text != self.played[index]
                and before.chances[seat] - after.chances[seat] >= drop_for(len(before.chances), SCREEN))

    def _next_search(self) -> PositionSearch:
        if self._alternative is None:
            return self.analyst.position(self.states[self.index], self.key + (self.index,), self.iterations)
        index = self._alternative
        state = self.states[index]
        for action in self.evaluations[index].best:
            state = state.play_unchecked(action)
        return self.analyst.position(state, self.key + (index, "alternative"), self.iterations)
