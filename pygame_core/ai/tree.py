"""The search tree: its nodes and the rules that grow, walk and prove them (pygame_core.ai.search
describes the whole search; `Mcts` there owns a root, runs the loop and answers).

Kept apart from the loop because each rule here needs a node and the search's knobs, never the
search itself: selection (UCT blended with GRAVE, implicit minimax and the priors' progressive
bias), growing a child, the check that finds every child ending the game, proofs, AMAF tables,
priors and the minimax backup.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from ..game import Action, GameState

Returns = tuple[float, ...]
Trace = list[tuple[int, Action]]
# a root child as plain data: (action, visits, mean reward of the chooser, proven reward of the
# chooser or None, plies from it to the game's end under its proof or None: 0 ends the game)
ChildStat = tuple[Action, int, float, "float | None", "int | None"]
# learned move probabilities: prior(state, action that led to it or None) -> {action: p}
Prior = Callable[[GameState, "Action | None"], Mapping[Action, float]]


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
            self.mm = self.static = static_value(self, parent.player, config.evaluate)

    def mean(self) -> float:
        return self.w / self.n if self.n else 0.0


# --- the tree policy: walking down and growing -----------------------------------------------
def select(node: Node, ref: Node, config: SearchConfig) -> Node | None:
    """UCT (blended with GRAVE when on) over children not yet proven; None if all are."""
    best, best_score = None, -math.inf
    log_n = math.log(node.n + 1)
    c = config.exploration
    amaf = ref.amaf if config.rave_ref > 0 else None
    bias = config.rave_bias
    minimax = config.minimax
    prior_bias = config.prior_bias if config.prior is not None else 0.0
    if prior_bias and node.priors is None and node.n >= config.prior_from:
        node_priors(node, config.prior)
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


def add_child(node: Node, action: Action, config: SearchConfig, root_depth: int) -> Node:
    """`node`'s child by `action`, checked at once when it lies within `config.check_depth` of
    the root (at `root_depth`)."""
    if action in node.untried:
        node.untried.remove(action)
    child = Node(node.state.play_unchecked(action), node, action, node.depth + 1, config)
    node.children[action] = child
    if node.priors is not None:
        child.prior = node.priors.get(action, 0.0)
    if child.proven is None and child.depth - root_depth <= config.check_depth:
        check(child, config)
    return child


def check(node: Node, config: SearchConfig) -> None:
    """Try every action once; keep the terminal ones as (proven) children."""
    node.checked = True
    if node.proven is not None:
        return
    state = node.state
    candidates = config.candidates
    pool = node.untried if candidates is None else [a for a in candidates(state) if a in node.untried]
    for action in list(pool):
        after = state.play_unchecked(action)
        if after.outcome is not None:
            node.untried.remove(action)
            child = Node(after, node, action, node.depth + 1, config)
            node.children[action] = child
            if child.proven is not None and child.proven[node.player] >= 1.0:
                break
    resolve(node)


# --- node bookkeeping: proofs, AMAF tables and priors --------------------------------------
def node_stat(node: Node, seat: int) -> ChildStat:
    """`node` as a plain row for `seat`, the seat that chose it (what `rank` orders)."""
    proven = node.proven
    return (node.action, node.n, node.mean(), None if proven is None else proven[seat],
            None if proven is None else proof_length(node))


def resolve(node: Node) -> bool:
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


def resolve_upwards(node: Node | None) -> None:
    while node is not None and resolve(node):
        node = node.parent


def update_amaf(path: list[Node], trace: Trace, values: Returns, least: int) -> None:
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


def node_priors(node: Node, prior: Prior | None) -> Mapping[Action, float]:
    """The learned priors of `node`'s actions, each relative to the best one (computed once)."""
    if node.priors is None:
        assert prior is not None
        raw = prior(node.state, node.action)
        best = max(raw.values(), default=0.0) or 1.0
        node.priors = {action: p / best for action, p in raw.items()}
        for action, child in node.children.items():
            child.prior = node.priors.get(action, 0.0)
    return node.priors


def proof_length(node: Node) -> int:
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
            lengths = [proof_length(c) for c in node.children.values()
                       if c.proven is not None and c.proven[me] == proven[me]]
            node.ends_in = 1 + (min(lengths, default=0) if proven[me] >= 1.0 else max(lengths, default=0))
    return node.ends_in


def static_value(node: Node, chooser: int, evaluate: Callable[[GameState], float]) -> float:
    """`node`'s value in [0, 1] for `chooser` (two players): its result when it ends the game,
    else the static evaluation (which is for the side to move there)."""
    if node.proven is not None:
        return node.proven[chooser]
    value = (evaluate(node.state) + 1.0) / 2.0
    return value if node.player == chooser else 1.0 - value


def back_up_minimax(path: list[Node]) -> None:
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
