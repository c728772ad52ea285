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

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..game import Action, GameState

Returns = tuple[float, ...]
Trace = list[tuple[int, Action]]
# simulate(state, rng, trace) -> reward vector at the end of a playout; appends (seat, action)
# to trace when it is not None (for GRAVE)
Simulator = Callable[[GameState, random.Random, "Trace | None"], Returns]
# observer(path, values): told every iteration's path from the root and its reward vector
Observer = Callable[[list["Node"], Returns], None]
# a root child as plain data: (action, visits, mean reward of the chooser, proven reward of the
# chooser or None, plies from it to the game's end under its proof or None: 0 ends the game)
ChildStat = tuple[Action, int, float, "float | None", "int | None"]
# learned move probabilities: prior(state, action that led to it or None) -> {action: p}
Prior = Callable[[GameState, "Action | None"], Mapping[Action, float]]
VALUE_PRIOR_VISITS = 10   # an even game's weight in MCTS.value(), in visits


@dataclass(frozen=True)
class SearchConfig:
    """Knobs of the search; per-game defaults live in `tuning`."""

    exploration: float = 1.0      # UCT constant for rewards in [0, 1]
    check_depth: int = 1          # nodes up to this depth below the root are checked on creation
    check_visits: int = 24        # deeper nodes are checked after this many visits (0 = never)
    rave_ref: int = 0             # GRAVE: 0 = off, else visits an ancestor needs to lend its AMAF
    rave_bias: float = 1e-5
    amaf_from: int = 4            # GRAVE: nodes start collecting AMAF after this many visits
    # the actions that could end the game at once from a state (a cheap superset); None = all
    candidates: Callable[[GameState], Sequence[Action]] | None = None
    # the actions worth searching from a state, a subset of the legal ones that gives up
    # nothing (e.g. never end a LISBON turn early); None = every legal action
    moves: Callable[[GameState], Sequence[Action]] | None = None
    # implicit minimax (two players): every new node is valued by `evaluate` (for its side to
    # move, in (-1, 1)), those values are backed up by minimax through the tree, and selection
    # blends them into the playout mean with weight `minimax`; 0 = off
    minimax: float = 0.0
    evaluate: Callable[[GameState], float] | None = None
    # learned move probabilities (see Prior); None = expand at random and select by UCT alone
    prior: Prior | None = None
    prior_bias: float = 0.0
    prior_from: int = 8           # a node reads its priors once it has this many visits (they cost)


class Node:
    """A search node. `w` is the reward sum of the seat that chose this node (the parent's
    chooser); `player` is the seat choosing here."""

    __slots__ = ("state", "parent", "action", "player", "depth", "children", "untried", "n", "w",
                 "proven", "checked", "amaf", "mm", "static", "ends_in", "prior", "priors")

    def __init__(self, state: GameState, parent: "Node | None", action: Action, depth: int,
                 config: SearchConfig) -> None:
        self.state = state
        self.parent = parent
        self.action = action
        self.depth = depth
        self.children: dict[Action, Node] = {}
        self.n = 0
        self.w = 0.0
        self.amaf: dict[Action, list[float]] | None = {} if config.rave_ref > 0 else None
        self.checked = False
        self.mm: float | None = None  # implicit minimax: the value for the seat that chose this node
        self.static: float | None = None  # its static value for that seat (the evaluation's)
        self.ends_in: int | None = None  # once proven: plies to the end under the proof (cached)
        self.prior = 0.0  # the learned prior of `action` in the parent, relative to its best (1.0)
        self.priors: Mapping[Action, float] | None = None  # its own actions' (computed on first need)
        if state.outcome is not None:
            self.player = -1
            self.untried: list[Action] = []
            self.proven: Returns | None = state.returns()
        else:
            self.player = state.to_move
            self.untried = list(state.legal_actions() if config.moves is None else config.moves(state))
            self.proven = None
        if parent is not None and config.minimax > 0.0 and config.evaluate is not None and state.num_players == 2:
            self.mm = self.static = _static_value(self, parent.player, config.evaluate)

    def mean(self) -> float:
        return self.w / self.n if self.n else 0.0


class Mcts:
    """A reusable search tree with an iteration loop that can run in slices."""

    def __init__(self, simulate: Simulator, rng: random.Random, config: SearchConfig = SearchConfig(),
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
        child = self.root.children.get(action) or self._add_child(self.root, action)
        self._make_root(child)
        self.history = None if self.history is None else self.history + (action,)
        self.iterations = 0
        self._prepare_root()

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
            self._check(root)
        for child in list(root.children.values()):
            if not child.checked and child.proven is None:
                self._check(child)
        if self.config.prior is not None:
            _priors(root, self.config.prior)  # the root's children are all added now: they take their priors
        while self.config.check_depth > 0 and root.untried and root.proven is None:
            self._add_child(root, root.untried[-1])  # checks the child (depth 1)
        _resolve(root)

    def settle(self, action: Action, returns: Returns) -> None:
        """Record a proof found outside the search (a game's forced-win search): playing
        `action` at the root leads to `returns`."""
        root = self.root
        assert root is not None
        child = root.children.get(action) or self._add_child(root, action)
        if child.proven is None:
            child.proven = returns
        _resolve(root)

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
                self._check(node)
                if node.proven is not None:
                    break
            untried = node.untried
            if untried:
                if config.prior is None or node.n < config.prior_from:
                    pick = self.rng.randrange(len(untried))  # a random untried action, swap-removed
                else:
                    priors = _priors(node, config.prior)
                    pick = max(range(len(untried)), key=lambda i: priors.get(untried[i], 0.0))
                untried[pick], untried[-1] = untried[-1], untried[pick]
                action = untried.pop()
                child = node.children.get(action) or self._add_child(node, action)
                if trace is not None:
                    trace.append((node.player, action))
                node = child
                path.append(node)
                break
            if rave and node.n >= config.rave_ref:
                ref = node
            child = self._select(node, ref)
            if child is None:  # every child proven: settle this node and stop here
                _resolve(node)
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
            _update_amaf(path, trace, values, config.amaf_from)
        if self.observer is not None:
            self.observer(path, values)
        if self.config.minimax > 0.0:
            _back_up_minimax(path)
        if node.proven is not None and node.parent is not None:
            _resolve_upwards(node.parent)

    def _select(self, node: Node, ref: Node) -> Node | None:
        """UCT (blended with GRAVE when on) over children not yet proven; None if all are."""
        best, best_score = None, -math.inf
        log_n = math.log(node.n + 1)
        c = self.config.exploration
        amaf = ref.amaf if self.config.rave_ref > 0 else None
        bias = self.config.rave_bias
        minimax = self.config.minimax
        prior_bias = self.config.prior_bias if self.config.prior is not None else 0.0
        if prior_bias and node.priors is None and node.n >= self.config.prior_from:
            _priors(node, self.config.prior)
        for child in node.children.values():
            if child.proven is not None:
                continue
            n = child.n
            if n == 0:
                return child
            value = child.w / n
            if amaf is not None:
                stats = amaf.get(child.action)
                if stats is not None and stats[0] > 0:
                    an = stats[0]
                    beta = an / (an + n + bias * an * n)
                    value = (1 - beta) * value + beta * stats[1] / an
            if minimax and child.mm is not None:
                value = (1 - minimax) * value + minimax * child.mm
            score = value + c * math.sqrt(log_n / n)
            if prior_bias:
                score += prior_bias * child.prior / (n + 1)
            if score > best_score:
                best, best_score = child, score
        return best

    def _add_child(self, node: Node, action: Action) -> Node:
        if action in node.untried:
            node.untried.remove(action)
        child = Node(node.state.play_unchecked(action), node, action, node.depth + 1, self.config)
        node.children[action] = child
        if node.priors is not None:
            child.prior = node.priors.get(action, 0.0)
        root = self.root
        if child.proven is None and root is not None and child.depth - root.depth <= self.config.check_depth:
            self._check(child)
        return child

    def _check(self, node: Node) -> None:
        """Try every action once; keep the terminal ones as (proven) children."""
        node.checked = True
        if node.proven is not None:
            return
        state = node.state
        candidates = self.config.candidates
        pool = node.untried if candidates is None else [a for a in candidates(state) if a in node.untried]
        for action in list(pool):
            after = state.play_unchecked(action)
            if after.outcome is not None:
                node.untried.remove(action)
                child = Node(after, node, action, node.depth + 1, self.config)
                node.children[action] = child
                if child.proven is not None and child.proven[node.player] >= 1.0:
                    break
        _resolve(node)

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


# --- node bookkeeping: proofs, AMAF tables and priors (each needs a node, not the search) -----
def node_stat(node: Node, seat: int) -> ChildStat:
    """`node` as a plain row for `seat`, the seat that chose it (what `rank` orders)."""
    proven = node.proven
    return (node.action, node.n, node.mean(), None if proven is None else proven[seat],
            None if proven is None else _proof_length(node))


def _resolve(node: Node) -> bool:
    """Prove `node` from its children if possible; True when it is (now) proven."""
    if node.proven is not None:
        return True
    me = node.player
    best: Returns | None = None
    open_children = bool(node.untried)
    for child in node.children.values():
        value = child.proven
        if value is None:
            open_children = True
            continue
        if value[me] >= 1.0:
            node.proven = value
            return True
        if best is None or value[me] > best[me]:
            best = value
    if open_children or best is None:
        return False
    node.proven = best
    return True


def _resolve_upwards(node: Node | None) -> None:
    while node is not None and _resolve(node):
        node = node.parent


def _update_amaf(path: list[Node], trace: Trace, values: Returns, least: int) -> None:
    """Credit each node's AMAF table with every action its chooser played after it
    (path[i] chose trace[i]; the playout's moves follow the tree part of the trace).
    Nodes with under `least` visits are skipped: they are far from lending their table."""
    firsts: dict[int, dict[Action, int]] = {}
    for index, (seat, action) in enumerate(trace):
        first = firsts.get(seat)
        if first is None:
            firsts[seat] = {action: index}
        elif action not in first:
            first[action] = index
    for index, node in enumerate(path):
        table = node.amaf
        if table is None or node.n < least or node.player < 0:
            continue
        reward = values[node.player]
        for action, at in firsts.get(node.player, {}).items():
            if at < index:
                continue
            stats = table.get(action)
            if stats is None:
                table[action] = [1.0, reward]
            else:
                stats[0] += 1.0
                stats[1] += reward


def _priors(node: Node, prior: Prior | None) -> Mapping[Action, float]:
    """The learned priors of `node`'s actions, each relative to the best one (computed once)."""
    if node.priors is None:
        assert prior is not None
        raw = prior(node.state, node.action)
        best = max(raw.values(), default=0.0) or 1.0
        node.priors = {action: p / best for action, p in raw.items()}
        for action, child in node.children.items():
            child.prior = node.priors.get(action, 0.0)
    return node.priors


def _proof_length(node: Node) -> int:
    """Plies from proven `node` to the game's end when both sides follow the proof: the player
    there wins by the quickest proven win, and otherwise holds out as long as the proof allows
    (a fallible opponent may yet miss the win, so a lost player should not hurry to lose)."""
    if node.ends_in is None:
        proven = node.proven
        assert proven is not None
        if node.player < 0:
            node.ends_in = 0
        else:
            me = node.player
            lengths = [_proof_length(c) for c in node.children.values()
                       if c.proven is not None and c.proven[me] == proven[me]]
            node.ends_in = 1 + (min(lengths, default=0) if proven[me] >= 1.0 else max(lengths, default=0))
    return node.ends_in


def _static_value(node: Node, chooser: int, evaluate: Callable[[GameState], float]) -> float:
    """`node`'s value in [0, 1] for `chooser` (two players): its result when it ends the game,
    else the static evaluation (which is for the side to move there)."""
    if node.proven is not None:
        return node.proven[chooser]
    value = (evaluate(node.state) + 1.0) / 2.0
    return value if node.player == chooser else 1.0 - value


def _back_up_minimax(path: list[Node]) -> None:
    """Refresh the minimax values up `path`: a node is worth, to its chooser, the best of its
    valued children to the player choosing there (or the opposite, when another player chose).
    While some of its actions are untried, the player there can still do as well as the node's
    own static value, so that bounds the best from below: the terminal children a check adds
    first are often suicides, and they alone must not make the node look lost."""
    for node in reversed(path):
        parent = node.parent
        if parent is None or node.mm is None or not node.children:
            continue
        best = max((c.mm for c in node.children.values() if c.mm is not None), default=None)
        if node.untried and node.static is not None:
            own = node.static if node.player == parent.player else 1.0 - node.static
            best = own if best is None else max(best, own)
        if best is not None:
            node.mm = best if node.player == parent.player else 1.0 - best


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
