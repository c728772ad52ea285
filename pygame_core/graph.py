"""Connectivity over a board's neighbour table: flood fill and groups touching regions.

Shared by the connection games (STYMIE, LISBON, SUPERSTAR). These are the clean, readable
checks used by the immutable game states and by tests; a game's fast playout may keep its
own incremental version, provided tests show both agree.
"""

from __future__ import annotations

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
