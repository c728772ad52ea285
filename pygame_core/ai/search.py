"""Monte Carlo tree search over the game protocol's atomic actions.

One tree node per state; a multi-stone turn is a chain of nodes whose chooser stays the same
(END_TURN is just another action), so LISBON's huge turn space is searched stone by stone.

- Rewards are per seat (max^n): each child keeps the reward of the seat that chose it, so the
  same code serves 2-player games and 3-4 player SUSAN.
- MCTS-Solver: a node whose value is certain carries `proven`, the exact returns vector. A node
  is proven when one child gives its chooser the maximum (1.0), or when every child is proven
  (the chooser takes the best). Proven children are never searched again; proven losses are
  never chosen while something else exists.
- Decisive and anti-decisive moves: a node is *checked* (every action tried once to see whether
  it ends the game) as soon as it is created near the root, and after `check_visits` visits
  deeper down. A checked node knows all of its terminal children, so a win in one proves it and
  a suicide is pruned; at depth 1 this makes the root avoid moves that let the opponent win at
  once. Checking costs one `play_unchecked` per action, hence the lazy threshold deeper in the tree.
- Optional GRAVE statistics (all-moves-as-first, taken from the nearest ancestor with at least
  `rave_ref` visits), which pay in connection games where a good cell is good in any order.
- Optional learned priors (`prior`: move probabilities of a state given the action that led to
  it), read once a node has `prior_from` visits (they cost a pass over every action): from
  then on its untried actions are expanded best-first, and selection adds a progressive
  bias `prior_bias * p / (p_max * (n + 1))`, which fades as a child's own visits grow.
- Tree reuse: `set_root` keeps the subtree when the new position descends from the old root
  (the caller names positions by action histories); anything else starts afresh.

The random source is injected, so the same seed and iteration count give the same move.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Iterable, Sequence

from ..game import Action, GameState
from .tree import (ChildStat, Trace, add_child, back_up_minimax, check, node_priors, resolve,
                   resolve_upwards, select, update_amaf)
# the tree's names that callers of the search use, kept importable from here (one address)
from .tree import Node as Node
from .tree import Returns as Returns
from .tree import SearchConfig as SearchConfig
from .tree import node_stat as node_stat

# simulate(state, rng, trace) -> reward vector at the end of a playout; appends (seat, action)
# to trace when it is not None (for GRAVE)
Simulator = Callable[[GameState, random.Random, "Trace | None"], Returns]
# observer(path, values): told every iteration's path from the root and its reward vector
Observer = Callable[[list[Node], Returns], None]
VALUE_PRIOR_VISITS = 10   # an even game's weight in MCTS.value(), in visits
DEFAULT_CONFIG = SearchConfig()  # frozen: one instance serves every search given no config


class Mcts:
    """A reusable search tree with an iteration loop that can run in slices."""

    def __init__(self, simulate: Simulator, rng: random.Random, config: SearchConfig = DEFAULT_CONFIG,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.simulate = simulate
        self.clock = clock  # what deadlines are read on (the CPU time in fair matches)
        self.rng = rng
        self.config = config
        self.root: Node | None = None
        self.history: tuple[Any, ...] | None = None
        self.iterations = 0  # done since the last set_root / advance
        self.observer: Observer | None = None   # the coach's per-seat tally (pygame_core.ai.analysis)

    # --- root management ----------------------------------------------------------------------
    def set_root(self, state: GameState, history: Sequence[Any] | None = None) -> bool:
        """Search from `state`, named by `history` (any sequence whose prefixes name its
        ancestors, e.g. a record key followed by every action since the start; None = no
        reuse). Keeps the subtree when the old root is an ancestor; returns True when it did."""
        history = None if history is None else tuple(history)
        old, node = self.history, self.root
        reused = False
        if (node is not None and history is not None and old is not None
                and len(history) >= len(old) and history[:len(old)] == old):
            for action in history[len(old):]:
                node = node.children.get(action)
                if node is None:
                    break
            if node is not None:
                self._make_root(node)
                reused = True
        if not reused:
            # the root's action is the one that led to it when the history is of actions (priors
            # read it); a history may be any key (the coach's name positions with words): then None
            last = history[-1] if history is not None and len(history) > 1 else None
            if not isinstance(last, int):
                last = None
            self.root = Node(state, None, last, 0, self.config)  # type: ignore[arg-type]
        self.history = history
        self.iterations = 0
        self._prepare_root()
        return reused

    def advance(self, action: Action) -> None:
        """Move the root to its child by `action` (the next stone of a turn being chosen)."""
        assert self.root is not None
        child = self.root.children.get(action) or self._grow(self.root, action)
        self._make_root(child)
        self.history = None if self.history is None else self.history + (action,)
        self.iterations = 0
        self._prepare_root()

    def _grow(self, node: Node, action: Action) -> Node:
        """`node`'s child by `action` (checked when near the root)."""
        root = self.root
        assert root is not None
        return add_child(node, action, self.config, root.depth)

    def _make_root(self, node: Node) -> None:
        node.parent = None
        self.root = node

    def _prepare_root(self) -> None:
        """Expand and check every root child at once, so even a tiny budget takes a win in one
        and avoids a move that loses at once when another exists."""
        root = self.root
        assert root is not None
        if root.proven is not None:
            return
        if not root.checked:
            check(root, self.config)
        for child in list(root.children.values()):
            if not child.checked and child.proven is None:
                check(child, self.config)
        if self.config.prior is not None:
            node_priors(root, self.config.prior)  # the root's children are all added now: they take their priors
        while self.config.check_depth > 0 and root.untried and root.proven is None:
            self._grow(root, root.untried[-1])  # checks the child (depth 1)
        resolve(root)

    def settle(self, action: Action, returns: Returns) -> None:
        """Record a proof found outside the search (a game's forced-win search): playing
        `action` at the root leads to `returns`."""
        root = self.root
        assert root is not None
        child = root.children.get(action) or self._grow(root, action)
        if child.proven is None:
            child.proven = returns
        resolve(root)

    # --- the loop ---------------------------------------------------------------------------
    def run(self, iterations: int | None = None, deadline: float | None = None) -> int:
        """Iterate until `iterations` more are done, `deadline` (on self.clock) passes or the
        root is proven; returns how many were done. The clock is read every few iterations."""
        root = self.root
        assert root is not None
        done = 0
        while root.proven is None and (iterations is None or done < iterations):
            if deadline is not None and done % 8 == 0 and self.clock() >= deadline:
                break
            self._iterate(root)
            done += 1
        self.iterations += done
        return done

    def _iterate(self, root: Node) -> None:
        config = self.config
        rave = config.rave_ref > 0
        node = root
        path = [root]
        trace: Trace | None = [] if rave else None
        ref = root
        child: Node | None
        while node.proven is None:
            if not node.checked and config.check_visits and node.n >= config.check_visits:
                check(node, config)
                if node.proven is not None:
                    break
            untried = node.untried
            if untried:
                if config.prior is None or node.n < config.prior_from:
                    pick = self.rng.randrange(len(untried))  # a random untried action, swap-removed
                else:
                    priors = node_priors(node, config.prior)
                    pick = max(range(len(untried)), key=lambda i: priors.get(untried[i], 0.0))
                untried[pick], untried[-1] = untried[-1], untried[pick]
                action = untried.pop()
                child = node.children.get(action) or self._grow(node, action)
                if trace is not None:
                    trace.append((node.player, action))
                node = child
                path.append(node)
                break
            if rave and node.n >= config.rave_ref:
                ref = node
            child = select(node, ref, config)
            if child is None:  # every child proven: settle this node and stop here
                resolve(node)
                break
            if trace is not None:
                trace.append((node.player, child.action))
            node = child
            path.append(node)
        values = node.proven if node.proven is not None else self.simulate(node.state, self.rng, trace)
        for member in path:
            member.n += 1
            parent = member.parent
            if parent is not None:
                member.w += values[parent.player]
        if trace is not None:
            update_amaf(path, trace, values, config.amaf_from)
        if self.observer is not None:
            self.observer(path, values)
        if config.minimax > 0.0:
            back_up_minimax(path)
        if node.proven is not None and node.parent is not None:
            resolve_upwards(node.parent)

    # --- answers ------------------------------------------------------------------------------
    def ranking(self) -> list[tuple[Action, int, float]]:
        """Root children as (action, visits, value for the chooser), best first (see `rank`)."""
        return rank(self.child_stats())

    def child_stats(self) -> list[ChildStat]:
        """The root's children as plain rows: what `rank` orders, and what several searches of
        the same position (the browser's workers) pool before choosing (`merge_stats`)."""
        root = self.root
        assert root is not None
        return [node_stat(child, root.player) for child in root.children.values()]

    def best_action(self) -> Action:
        return self.ranking()[0][0]

    def value(self) -> float:
        """Estimated reward of the side to move at the root, in [0, 1]: proven, or the average
        over every visit to the root's children, leaning to an even game by VALUE_PRIOR_VISITS
        visits' worth. Not the best child's own mean: with a visit or two per child (the easy
        level's 100 iterations over hundreds of moves) that is the luckiest of many small
        samples, and read 100% in an even opening (issue 38.13); and the first slice of a
        search on a slow device holds a handful of visits, which alone would read 0% or 100%."""
        root = self.root
        assert root is not None
        if root.proven is not None:
            return root.proven[root.player] if root.player >= 0 else 0.5
        visits = sum(child.n for child in root.children.values())
        wins = sum(child.w for child in root.children.values())
        return (wins + 0.5 * VALUE_PRIOR_VISITS) / (visits + VALUE_PRIOR_VISITS)


def rank(stats: Iterable[ChildStat]) -> list[tuple[Action, int, float]]:
    """Children as (action, visits, value for the chooser), best first: a proven win, then the
    robust (most visited) unproven children, proven results ranked by value."""
    rows = []
    key: tuple[float, ...]  # (class, then what orders within it)
    for action, n, mean, proven, ends_in in stats:
        if proven is not None:
            # a proven win beats everything, the quickest first; losses go last, the slowest first
            length = ends_in or 0
            key = (2, proven, -length, n) if proven >= 1.0 else (0, proven, length, n)
            value = proven
        else:
            key = (1, n, mean, 0)
            value = mean
        rows.append((key, action, n, value))
    rows.sort(key=lambda row: row[0], reverse=True)
    best_open = next((r for r in rows if r[0][0] == 1), None)
    if best_open is not None:
        # a proven draw (or better) beats an open move whose estimate is below it, but
        # never a proven win: it goes just above that open move, not to the top
        better = [r for r in rows if r[0][0] == 0 and r[3] > best_open[3] and r[3] > 0.0]
        if better:
            rows.remove(better[0])
            rows.insert(rows.index(best_open), better[0])
    return [(action, n, value) for _, action, n, value in rows]


def merge_stats(searches: Iterable[Sequence[ChildStat]]) -> list[ChildStat]:
    """Pool the root rows of independent searches of one position (root parallelism): visits
    add up, estimates are visit-weighted, and a proof found by any search holds for all (the
    shortest one found is kept: each is only as long as its search saw)."""
    pooled: dict[Action, list[Any]] = {}
    for stats in searches:
        for action, n, mean, proven, ends_in in stats:
            row = pooled.get(action)
            if row is None:
                pooled[action] = [n, mean * n, proven, ends_in]
            else:
                row[0] += n
                row[1] += mean * n
                row[2] = proven if row[2] is None else row[2]
                row[3] = min((x for x in (row[3], ends_in) if x is not None), default=None)
    return [(action, n, total / n if n else 0.0, proven, ends_in)
            for action, (n, total, proven, ends_in) in pooled.items()]


def pooled_choice(searches: Iterable[Sequence[ChildStat]]) -> Action:
    """The action several searches of one position choose together: the best of their pooled
    rows, as one search with the summed visits would rank it (the page's workers, ui.pooled_turn,
    and the lab's page player alike)."""
    return rank(merge_stats(searches))[0][0]


def random_simulation(max_actions: int = 2000) -> Simulator:
    """Uniformly random playouts through the clean API: the fallback when a game offers no
    faster simulation. Games longer than `max_actions` count as unfinished (0.5 each)."""

    def simulate(state: GameState, rng: random.Random, trace: Trace | None) -> Returns:
        steps = 0
        while state.outcome is None and steps < max_actions:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            if trace is not None:
                trace.append((state.to_move, action))
            state = state.play_unchecked(action)
            steps += 1
        return state.returns()

    return simulate
