"""Fast random SUSAN games for search and `bench`: mutable lists and incremental counts.

The clean SusanState copies its cells and rebuilds the legal list on every move; a playout
only needs a uniformly random legal move and the surround test. So this keeps, per cell, the
number of empty neighbours (its liberties), the empty cells in a list with swap-remove, each
seat's stones likewise, and each seat's number of slide moves (the sum of its stones'
liberties). A move is drawn uniformly: an index below the empty count is a placement, the rest
index the slides. Outcomes go through the same `judge` as SusanState; tests replay the returned
action lists through the clean API and compare.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from .susan_core import EMPTY, judge, next_seat, tables


def random_playout(options: Mapping[str, Any], rng: random.Random) -> tuple[int, ...]:
    """Play a uniformly random legal game from the empty board; the winning seats (() = draw)."""
    return play(options, rng, None)


def play(options: Mapping[str, Any], rng: random.Random, actions: list[int] | None) -> tuple[int, ...]:
    """random_playout that also appends each action code to `actions` when it is a list."""
    t = tables(options["size"])
    n, nbrs = t.n, t.neighbours
    players, variant = options["players"], options["variant"]
    cells = [EMPTY] * n
    libs = [len(nbrs[c]) for c in range(n)]
    empties = list(range(n))
    where = list(range(n))        # where[c]: index of c in empties, or in its owner's stones
    stones: list[list[int]] = [[] for _ in range(players)]
    mobility = [0] * players      # slide moves available to each seat
    active = tuple(range(players))
    me, slides, rnd = 0, 0, rng.random

    def put(c: int, p: int) -> None:
        i, last = where[c], empties.pop()
        if last != c:
            empties[i] = last
            where[last] = i
        cells[c] = p
        for x in nbrs[c]:
            libs[x] -= 1
            q = cells[x]
            if q >= 0:
                mobility[q] -= 1
        mobility[p] += libs[c]
        own = stones[p]
        where[c] = len(own)
        own.append(c)

    def take(c: int) -> None:
        p = cells[c]
        own, i = stones[p], where[c]
        last = own.pop()
        if last != c:
            own[i] = last
            where[last] = i
        cells[c] = EMPTY
        for x in nbrs[c]:
            libs[x] += 1
            q = cells[x]
            if q >= 0:
                mobility[q] += 1
        mobility[p] -= libs[c]
        where[c] = len(empties)
        empties.append(c)

    while True:
        placements = len(empties)
        r = int(rnd() * (placements + mobility[me]))
        if r < placements:
            dest = empties[r]
            put(dest, me)
            slides = 0
            action = dest
        else:
            r -= placements
            for source in stones[me]:
                if r < libs[source]:
                    break
                r -= libs[source]
            for dest in nbrs[source]:
                if cells[dest] == EMPTY:
                    if r == 0:
                        break
                    r -= 1
            take(source)
            put(dest, me)
            slides += 1
            action = n + source * n + dest
        if actions is not None:
            actions.append(action)
        if libs[dest] == 0 or any(libs[x] == 0 and cells[x] != EMPTY for x in nbrs[dest]):
            hit = {cells[c] for c in (dest, *nbrs[dest]) if cells[c] != EMPTY and libs[c] == 0}
            out, winner = judge(me, hit, active, variant)
            if winner is not None:
                return (winner,)
            active = tuple(p for p in active if p not in out)
            for p in out:
                while stones[p]:
                    take(stones[p][-1])
            slides = 0
        elif slides >= 3 * len(active):
            return ()
        me = (1 - me) if players == 2 else next_seat(me, active, players)
