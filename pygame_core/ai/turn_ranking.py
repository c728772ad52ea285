"""How the analysis orders the turns from a search node, so that its top list, the figures it
shows and its best line agree (issue 54.3: a 14% turn once stood above a 45% one, because the
list went by visits and showed values).

- A turn's figures are its own: those of the node where the turn ends (the simulated games
  played through exactly those stones), the same stones in another order pooled into one
  (they reach the same position). A turn the tree has not finished has the figures of its
  last stone so far. Every turn through stones judged on their own is listed; from a stone
  with fewer games, only the turn `best_child` completes. A wide turn whose own games are too
  few keeps the figures of its first stones where those are judged (`covers`).
- A turn with fewer than JUDGED_VISITS games is "too few to judge": its share of a handful of
  games is noise, so it is never ranked by it: every judged turn comes before it, and the
  unjudged go by how much the search looked at them.
- Judged turns go by the value shown (ties: the more games first). A proven win comes first
  (the quickest first), a proven loss last (the slowest first), a proven draw is judged at its
  exact value.

The best line takes the first turn of this order at every turn, so it always begins with the
top list's first row. Inside a turn the stones follow `best_child`, by the same order.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from ..game import END_TURN, Action
from .baselines import turn_ended
from .explanation import JUDGED_VISITS
from .search import Node, node_stat


class RankedTurn(NamedTuple):
    nodes: tuple[Node, ...]   # the turn's nodes, first stone first (as far as the tree has been)
    whole: bool               # whether the last of them ends the turn
    visits: int               # simulated games through the turn (pooled over its stone orders)
    value: float              # the mover's mean reward after it, or its proven value
    proven: bool
    plies: int                # proven: plies to the game's end along the proof; else 0
    covers: int               # how many of its stones the figures are about: all, or the first
                              # ones where the turn's own games are too few (see `_turns`)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(node.action for node in self.nodes)


def order_key(visits: int, value: float, proven: bool, plies: int) -> tuple[float, ...]:
    """What the order sorts by, greatest first: the class, then what orders within it."""
    if proven and value >= 1.0:
        return (3.0, -plies, visits)     # a proven win: the quickest first
    if proven and value <= 0.0:
        return (0.0, plies, visits)      # a proven loss: the slowest first
    if proven or visits >= JUDGED_VISITS:
        return (2.0, value, visits)      # judged: by the value shown
    return (1.0, visits, value)          # too few to judge: by the search's attention


def _key(turn: RankedTurn) -> tuple[float, ...]:
    return order_key(turn.visits, turn.value, turn.proven, turn.plies)


def best_child(node: Node) -> Node | None:
    """The child a line takes from `node`, by the order above: only along the proof when
    `node` is proven; None when there is none to take."""
    if not node.children or node.player < 0:
        return None
    children = [c for c in node.children.values() if _holds(node, c)]
    if not children:
        return None
    return max(children, key=lambda c: _key(_figures(node, (c,), True)))


def _holds(node: Node, child: Node) -> bool:
    """Whether `child` keeps `node`'s proof (every child does while `node` is unproven)."""
    proven = node.proven
    return proven is None or (child.proven is not None and child.proven[node.player] == proven[node.player])


def _figures(start: Node, nodes: tuple[Node, ...], whole: bool, covers: int = 0) -> RankedTurn:
    """The turn `nodes` with the figures of its first `covers` stones (0: all of them)."""
    covers = covers or len(nodes)
    _, visits, mean, proven, ends_in = node_stat(nodes[covers - 1], start.player)
    if proven is None:
        return RankedTurn(nodes, whole, visits, mean, False, 0, covers)
    return RankedTurn(nodes, whole, visits, proven, True, covers + (ends_in or 0), covers)


def _complete(start: Node, nodes: tuple[Node, ...], covers: int = 0) -> RankedTurn:
    """The turn begun by `nodes`, completed by `best_child` as far as the tree has been, with
    the figures of its first `covers` stones (0: all of them)."""
    before, node = (nodes[-2] if len(nodes) > 1 else start), nodes[-1]
    while not turn_ended(before.state, node.state):
        after = best_child(node)
        if after is None or (after.n == 0 and after.proven is None):
            break
        nodes += (after,)
        before, node = node, after
    return _figures(start, nodes, turn_ended(before.state, node.state), covers)


def _turns(start: Node, node: Node, path: tuple[Node, ...]) -> Iterator[RankedTurn]:
    """Every turn from `start` through `node` (reached by `path`) worth telling apart: the tree
    is followed into every stone judged on its own (only there can a whole turn be judged), and
    beyond the others along `best_child`. Where a judged stone has no judged stone after it (a
    wide turn: LISBON's three stones of 200 cells each are seldom played alike 20 times), its
    turn is completed along `best_child` and keeps the figures of the stones so far; so does a
    turn the tree has not finished (rather than those of its last stone, played once)."""
    for child in node.children.values():
        if (child.n == 0 and child.proven is None) or not _holds(node, child):
            continue
        nodes = path + (child,)
        if turn_ended(node.state, child.state):
            yield _figures(start, nodes, True)
        elif not _judged(child):   # an unfinished turn: the games of its stones the tree has
            turn = _complete(start, nodes)
            yield turn if turn.whole else _figures(start, turn.nodes, False, covers=len(nodes))
        elif any(_judged(c) for c in child.children.values()):
            yield from _turns(start, child, nodes)
        else:
            yield _complete(start, nodes, covers=len(nodes))


def _judged(node: Node) -> bool:
    return node.proven is not None or node.n >= JUDGED_VISITS


def _pooled(one: RankedTurn, other: RankedTurn) -> RankedTurn:
    """Two orders of the same stones: one turn, with the games of both where both have their
    own figures, else the one the order puts first."""
    if one.covers < len(one.nodes) or other.covers < len(other.nodes):
        return max(one, other, key=_key)
    keep = one if one.visits >= other.visits else other
    proof = one if one.proven else other
    visits = one.visits + other.visits
    if proof.proven:
        return keep._replace(visits=visits, value=proof.value, proven=True, plies=proof.plies)
    value = (one.value * one.visits + other.value * other.visits) / visits if visits else keep.value
    return keep._replace(visits=visits, value=value)


def ranked_turns(node: Node) -> list[RankedTurn]:
    """The turns from `node`, best first (see the module's doc); along its proof when proven."""
    if node.player < 0:
        return []
    turns: dict[object, RankedTurn] = {}
    for turn in _turns(node, node, ()):
        name: object = frozenset(turn.actions) - {END_TURN} if turn.whole else turn.actions
        turns[name] = _pooled(turns[name], turn) if name in turns else turn
    return sorted(turns.values(), key=_key, reverse=True)
