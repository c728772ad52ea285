"""Connectivity over a board's neighbour table: flood fill, groups touching regions, and
regions with what each one cuts off from the outside (territory scoring).

Shared by the connection games (STYMIE, LISBON, SUPERSTAR). These are the clean, readable
checks used by the immutable game states and by tests; a game's fast playout may keep its
own incremental version, provided tests show both agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Collection, Iterable, Sequence


def flood(neighbours: Sequence[Sequence[int]], starts: Iterable[int], members: AbstractSet[int]) -> set[int]:
    """Every cell of `members` reachable from the member cells among `starts`
    through neighbouring members."""
    seen = {c for c in starts if c in members}
    stack = list(seen)
    while stack:
        cell = stack.pop()
        for nbr in neighbours[cell]:
            if nbr in members and nbr not in seen:
                seen.add(nbr)
                stack.append(nbr)
    return seen


def groups_touching(neighbours: Sequence[Sequence[int]], members: AbstractSet[int],
                    regions: Collection[AbstractSet[int]]) -> set[int]:
    """The union of the groups of `members` that touch every one of `regions`
    (empty when no group does): the winning chain of a connection game."""
    if not regions:
        return set(members)
    first, *rest = regions
    chain: set[int] = set()
    remaining = set(members & first)
    while remaining:
        group = flood(neighbours, (remaining.pop(),), members)
        remaining -= group
        if all(group & region for region in rest):
            chain |= group
    return chain


def label_regions(neighbours: Sequence[Sequence[int]], values: Sequence[object]) -> tuple[list[int], list[set[int]]]:
    """Split the cells into regions: maximal connected sets of cells with equal `values`.

    Returns (labels, links): labels[cell] is the cell's region number (0, 1, ... in order of
    each region's lowest cell) and links[region] the regions that touch it. One pass over the
    neighbour table, so a territory scorer can afford it on every position.
    """
    labels = [-1] * len(values)
    links: list[set[int]] = []
    for start, value in enumerate(values):
        if labels[start] >= 0:
            continue
        region = len(links)
        touching: set[int] = set()
        links.append(touching)
        labels[start] = region
        stack = [start]
        while stack:
            cell = stack.pop()
            for nbr in neighbours[cell]:
                other = labels[nbr]
                if other < 0:
                    if values[nbr] == value:
                        labels[nbr] = region
                        stack.append(nbr)
                elif other != region:
                    touching.add(other)
                    links[other].add(region)
    return labels, links


@dataclass(frozen=True)
class CutTree:
    """A depth-first tree of a graph from `root`, with what each node cuts off from the root.

    order      nodes reachable from the root, in preorder (the root first)
    position   position[node] = index in `order`, -1 when the root cannot reach it
    size       size[node] = number of nodes in its subtree
    cut        cut[node] = its children whose whole subtree loses every path to the root
               when the node is removed; subtree of child u = order[position[u]:position[u] + size[u]]
    """

    order: list[int]
    position: list[int]
    size: list[int]
    cut: list[list[int]]

    def cut_off(self, node: int) -> list[int]:
        """Nodes that can reach the root only through `node` (node itself excluded)."""
        return [n for child in self.cut[node]
                for n in self.order[self.position[child]:self.position[child] + self.size[child]]]


def cut_tree(adjacency: Sequence[Iterable[int]], root: int) -> CutTree:
    """Tarjan's articulation-point search from `root`, iterative so deep graphs cannot hit
    the recursion limit. In a territory game with the off-board area as `root`, the nodes
    cut off by a chain are exactly what the chain encloses."""
    count = len(adjacency)
    position = [-1] * count
    low = [0] * count
    size = [1] * count
    cut: list[list[int]] = [[] for _ in range(count)]
    order = [root]
    position[root] = 0
    stack = [(root, iter(adjacency[root]))]
    while stack:
        node, pending = stack[-1]
        for nbr in pending:
            if position[nbr] < 0:
                position[nbr] = low[nbr] = len(order)
                order.append(nbr)
                stack.append((nbr, iter(adjacency[nbr])))
                break
            if position[nbr] < low[node]:
                low[node] = position[nbr]
        else:
            stack.pop()
            if stack:
                parent = stack[-1][0]
                size[parent] += size[node]
                if low[node] < low[parent]:
                    low[parent] = low[node]
                if low[node] >= position[parent]:
                    cut[parent].append(node)
    return CutTree(order, position, size, cut)


def enclosed(neighbours: Sequence[Sequence[int]], walls: AbstractSet[int], border: Iterable[int]) -> set[int]:
    """The cells outside `walls` from which no path avoiding `walls` reaches a `border` cell:
    what a wall of stones surrounds when the board's edge does not count as a wall."""
    open_cells = set(range(len(neighbours))) - walls
    return open_cells - flood(neighbours, border, open_cells)
