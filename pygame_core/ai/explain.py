"""The engine explains a position: its best line, evaluation, top three turns and threats, read
from a search tree that keeps growing while the player looks.

`Explainer` keeps one tree per game and options. `show` names the position by a history key (as
`Mcts.set_root`): the same key keeps the whole tree, a key that descends from the last one keeps
that subtree, so continuous analysis refines the same tree instead of restarting, and stepping
forward through a game keeps what was found. `step` searches a slice more; `explanation` reads
the tree at any moment (the first slice already gives a best line).

How the tree is read:
- the best line follows the proof where the position is proven (the quickest win, the longest
  resistance), else at each node the child `search.rank` puts first (the most visited), for up
  to LINE_TURNS turns, while the chosen child has LINE_VISITS visits or more; a trailing turn
  the tree has not finished is dropped, except the first (the best move, however young);
- the top turns are the root's children as `search.rank` orders them, each completed to a whole
  turn along the best line inside its turn as far as the tree has been (see `top_turns`);
- the threats are the game's declared `SearchHints.threats`: cells where the side not to move
  would win at once.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..game import END_TURN, Action, GameSpec, GameState
from .baselines import turn_ended
from .explanation import Explanation, TopTurn
from .search import Mcts, Node, node_stat, rank
from .tuning import tuning_for

LINE_TURNS = 6       # turns in an unproven best line, at most
LINE_VISITS = 2      # a line goes on through children with at least this many visits
MAX_LINE = 80        # actions in a proven line, at most (a guard: proofs are short)
TOP_TURNS = 3


class Explainer:
    """One search tree that explains positions of one game, refined slice by slice."""

    def __init__(self, spec: GameSpec, seed: int = 0) -> None:
        tuning = tuning_for(spec)
        self.spec = spec
        self.mcts = Mcts(tuning.simulator, random.Random(seed), tuning.config)
        self.state: GameState | None = None
        self.key: tuple[Any, ...] | None = None

    def show(self, state: GameState, key: Sequence[Any]) -> None:
        """Explain `state` from now on, named by `key` (the same key: carry on refining)."""
        key = tuple(key)
        if key == self.key:
            return
        self.state, self.key = state, key
        if state.outcome is None:
            self.mcts.set_root(state, key)

    @property
    def done(self) -> bool:
        """Nothing left to search: the game is over or the position is proven."""
        root = self.mcts.root
        return self._over or root is None or root.proven is not None

    @property
    def _over(self) -> bool:
        return self.state is None or self.state.outcome is not None

    @property
    def visits(self) -> int:
        root = self.mcts.root
        return 0 if self._over or root is None else root.n

    def step(self, seconds: float | None = None, iterations: int | None = None) -> int:
        """Search about `seconds` or `iterations` more (at least one of them); the iterations done."""
        assert seconds is not None or iterations is not None
        if self.done:
            return 0
        deadline = None if seconds is None else self.mcts.clock() + seconds
        return self.mcts.run(iterations, deadline)

    def explanation(self) -> Explanation:
        state = self.state
        assert state is not None, "show a position first"
        seat, threats = self._threats(state)
        if state.outcome is not None:
            return Explanation(-1, 0.0, True, _winner(state.returns()), 0, (), (), (), (), seat, threats, 0)
        root = self.mcts.root
        assert root is not None
        nodes = best_line(root)
        actions = tuple(node.action for node in nodes)
        before = [root.state, *(node.state for node in nodes)][:len(nodes)]
        line_text = tuple(b.action_text(a) for b, a in zip(before, actions, strict=True))
        winner = _winner(root.proven) if root.proven is not None else -1
        wins_in = sum(1 for b, n in zip(before, nodes, strict=True)
                      if b.to_move == winner and turn_ended(b, n.state)) if winner >= 0 else 0
        return Explanation(root.player, self.mcts.value(), root.proven is not None, winner, wins_in, actions,
                           line_text, _turn_texts(root.state, nodes), tuple(top_turns(root)), seat, threats,
                           root.n)

    def _threats(self, state: GameState) -> tuple[int, tuple[str, ...]]:
        declared = self.spec.search.threats
        if declared is None or state.outcome is not None:
            return -1, ()
        seat, cells = declared(state)
        names = state.board.names
        return seat, tuple(names[c] for c in sorted(cells))


def _winner(returns: Sequence[float]) -> int:
    """The one seat with the whole reward, else -1 (a draw, or unfinished)."""
    winners = [seat for seat, value in enumerate(returns) if value >= 1.0]
    return winners[0] if len(winners) == 1 else -1


def best_child(node: Node) -> Node | None:
    """The child a best line takes from `node`: along the proof when `node` is proven, else the
    one `rank` puts first; None when there is none to take."""
    if not node.children or node.player < 0:
        return None
    me = node.player
    proven = node.proven
    if proven is not None:
        holding = [c for c in node.children.values() if c.proven is not None and c.proven[me] == proven[me]]
        if not holding:
            return None
        length = lambda c: node_stat(c, me)[4] or 0   # noqa: E731
        return min(holding, key=length) if proven[me] >= 1.0 else max(holding, key=length)
    first = rank(node_stat(c, me) for c in node.children.values())[0][0]
    return node.children[first]


def best_line(root: Node) -> list[Node]:
    """The principal variation from `root`, as the nodes it goes through (see the module's doc)."""
    proven = root.proven is not None
    nodes: list[Node] = []
    node, turns, whole = root, 0, 0   # whole: how many of `nodes` make finished turns
    while len(nodes) < MAX_LINE:
        child = best_child(node)
        if child is None or (not proven and child.proven is None and child.n < LINE_VISITS):
            break
        nodes.append(child)
        if turn_ended(node.state, child.state):
            turns, whole = turns + 1, len(nodes)
            if not proven and turns >= LINE_TURNS:
                break
        node = child
    return nodes if whole == 0 else nodes[:whole]


def _turn_texts(start: GameState, nodes: Sequence[Node]) -> tuple[str, ...]:
    """The line's turns in notation (an unfinished last turn ends with "…")."""
    texts, turn, state, before = [], [], start, start
    for node in nodes:
        turn.append(node.action)
        if turn_ended(before, node.state):
            texts.append(state.format_turn(turn))
            turn, state = [], node.state
        before = node.state
    if turn:
        texts.append(_unfinished(state, turn))
    return tuple(texts)


def _unfinished(state: GameState, actions: Sequence[Action]) -> str:
    return ",".join((*(state.action_text(a) for a in actions if a != END_TURN), "…"))


def top_turns(root: Node, count: int = TOP_TURNS) -> list[TopTurn]:
    """The root's best turns, best first: the root's children as `search.rank` orders them (the
    first stone's visits and value stand for the turn: they are its most robust figures), each
    completed along the best line inside its turn as far as the tree has been there (the rest
    is written "…"); the same stones in another order are counted once."""
    me = root.player
    seen: set[frozenset[Action]] = set()
    best: list[TopTurn] = []
    for action, visits, value in rank(node_stat(c, me) for c in root.children.values()):
        first = root.children[action]
        actions, before, node = [action], root, first
        while not turn_ended(before.state, node.state):
            after = best_child(node)
            if after is None or (after.n == 0 and after.proven is None):
                break
            actions.append(after.action)
            before, node = node, after
        whole = turn_ended(before.state, node.state)
        stones = frozenset(actions) - {END_TURN}
        if whole and stones in seen:
            continue
        seen.add(stones)
        text = root.state.format_turn(actions) if whole else _unfinished(root.state, actions)
        best.append(TopTurn(tuple(actions), text, visits, value, first.proven is not None))
        if len(best) == count:
            break
    return best
