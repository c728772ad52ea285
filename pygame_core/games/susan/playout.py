"""SUSAN's one fast playout, from any state: what the search runs, `bench` times and the
agreement tests replay through SusanState.

Policy: each ply, first the tactics every SUSAN player sees (decisive and anti-decisive moves,
which make playouts judge threatened stones as real play would): take a surround when one is
on (a placement on the last liberty of another seat's stone that surrounds none of ours), else
save our stone in atari that the next player could take by sliding it onto its last liberty.
Otherwise, with chance SLIDE_CHANCE the mover tries a slide (a random cell; if it holds
one of the mover's stones with an empty neighbour, that stone slides to a random empty
neighbour), otherwise places on a random empty cell; with `local=True`, with chance
LOCAL_CHANCE next to the previous move instead, on an empty neighbour drawn by the learned
pattern weights (`patterns`). The search plays without the local replies: with them it played
no better (the match is in docs/opponent-learning.md); they stay behind the switch for the next
round of training. Placement-heavy games reach a surround
quickly, which is what the estimate needs; slides are still played, so the slide-draw rule
and slide tactics show up.

Speed: mutable lists and incremental counts instead of SusanState's copies. Per cell the
number of empty neighbours (liberties), the empty cells in a list with swap-remove. A stone
is surrounded exactly when its liberties reach 0, so after a move only the destination and
its neighbours are looked at; the stones with one liberty are kept in a set as the counts
change. Outcomes go through the same `judge` as SusanState.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ...game import Returns, Trace
from ...patterns import PatternGammas, local_reply, rings
from .board import EMPTY, judge, next_seat
from .evaluation import liberties
from .patterns import PRIOR
from .state import SusanState

SLIDE_CHANCE = 0.2  # slides are rare in a random game's early plies, common later
LOCAL_CHANCE = 0.5  # placements answering the previous move by the learned patterns
GAMMAS = PatternGammas(PRIOR.weights)


def play(state: SusanState, rng: random.Random, trace: Trace | None = None, tactics: bool = True,
         local: bool = False) -> Returns:
    """Play on from `state` by the policy above; the returns at the end (as SusanState.returns).
    `tactics=False` is the policy without decisive and anti-decisive moves; `local=True` with
    the learned local replies. Each ply: choose a source (a slide's, or -1) and a destination,
    move, then judge a surround; the per-ply steps stay inline (a call per ply costs speed)."""
    if state.outcome is not None:
        return state.returns()
    t = state._setup.tables
    n, nbrs = t.n, t.neighbours
    players, variant = state.num_players, state._setup.variant
    cells = list(state.cells)
    libs = liberties(cells, nbrs)
    empties, slot = _empty_cells(cells)
    atari = {c for c in range(n) if cells[c] != EMPTY and libs[c] == 1}  # stones with one liberty
    fill, free = _board_moves(cells, nbrs, libs, empties, slot, atari)
    tactical = _tactics(cells, nbrs, libs, atari, players) if tactics else None
    ring = rings(state.board) if local else ()
    active = state.active
    me, slides, draw = state.to_move, state.consecutive_slides, rng.random
    previous = -1  # the previous ply's destination (none yet: the playout does not know it)
    while True:
        source = dest = -1
        if tactical is not None and atari:
            source, dest = tactical(me, active)
        if dest < 0 and draw() < SLIDE_CHANCE:  # a random cell: a slide if it holds a free stone of ours
            pick = int(draw() * n)
            if cells[pick] == me and libs[pick]:
                targets = [x for x in nbrs[pick] if cells[x] == EMPTY]
                source, dest = pick, targets[int(draw() * len(targets))]
        if dest < 0 and previous >= 0 and draw() < LOCAL_CHANCE:
            dest = local_reply(previous, ring, cells, me, EMPTY, GAMMAS, draw)
        if dest < 0:
            dest = empties[int(draw() * len(empties))]
        if source >= 0:
            free(source)
            slides += 1
            action = n + source * n + dest
        else:
            slides = 0
            action = dest
        fill(dest, me)
        if local:
            previous = dest
        if trace is not None:
            trace.append((me, action))
        if libs[dest] == 0 or any(libs[x] == 0 and cells[x] != EMPTY for x in nbrs[dest]):
            winner, active = _surrounded(me, dest, cells, nbrs, libs, active, variant, free)
            if winner is not None:
                return tuple(1.0 if p == winner else 0.0 for p in range(players))
            slides = 0
        elif slides >= 3 * len(active):
            return tuple(0.5 if p in active else 0.0 for p in range(players))
        me = next_seat(me, active, players)


def _empty_cells(cells: list[int]) -> tuple[list[int], list[int]]:
    """The empty cells as a list to draw from, and each one's slot in it (for swap-remove)."""
    empties = [c for c in range(len(cells)) if cells[c] == EMPTY]
    slot = [0] * len(cells)
    for i, c in enumerate(empties):
        slot[c] = i
    return empties, slot


def _board_moves(cells: list[int], nbrs: Sequence[Sequence[int]], libs: list[int], empties: list[int],
                 slot: list[int], atari: set[int]) -> tuple[Callable[[int, int], None], Callable[[int], None]]:
    """fill(cell, seat) and free(cell): put or take a stone, keeping the liberty counts, the
    empty list and the set of stones in atari up to date (closures over the playout's lists:
    as fast as inline code, and bound once per playout)."""

    def fill(c: int, p: int) -> None:
        last = empties.pop()
        if last != c:
            empties[slot[c]] = last
            slot[last] = slot[c]
        cells[c] = p
        for x in nbrs[c]:
            libs[x] -= 1
            if cells[x] != EMPTY:
                if libs[x] == 1:
                    atari.add(x)
                elif libs[x] == 0:
                    atari.discard(x)
        if libs[c] == 1:
            atari.add(c)

    def free(c: int) -> None:
        cells[c] = EMPTY
        slot[c] = len(empties)
        empties.append(c)
        atari.discard(c)
        for x in nbrs[c]:
            libs[x] += 1
            if cells[x] != EMPTY:
                if libs[x] == 1:
                    atari.add(x)
                elif libs[x] == 2:
                    atari.discard(x)

    return fill, free


def _tactics(cells: list[int], nbrs: Sequence[Sequence[int]], libs: list[int], atari: set[int],
             players: int) -> Callable[[int, tuple[int, ...]], tuple[int, int]]:
    """tactical(me, active): (source or -1, destination) of a decisive move (a placement on the
    last liberty of another seat's stone that does not surround our own), else of an
    anti-decisive one (our stone in atari whose last liberty the next player could take slides
    there), else (-1, -1)."""

    def lives_on(p: int, c: int) -> bool:
        """A stone of `p` placed on empty `c` surrounds none of p's own stones."""
        return libs[c] > 0 and not any(cells[y] == p and libs[y] == 1 for y in nbrs[c])

    def tactical(me: int, active: tuple[int, ...]) -> tuple[int, int]:
        defend = -1
        for s in atari:
            c = next(x for x in nbrs[s] if cells[x] == EMPTY)
            if cells[s] != me:
                if lives_on(me, c):
                    return -1, c
            elif defend < 0 and lives_on(next_seat(me, active, players), c):
                defend = s
        if defend >= 0:
            return defend, next(x for x in nbrs[defend] if cells[x] == EMPTY)
        return -1, -1

    return tactical


def _surrounded(me: int, dest: int, cells: list[int], nbrs: Sequence[Sequence[int]], libs: list[int],
                active: tuple[int, ...], variant: str, free: Callable[[int], None]) -> tuple[int | None, tuple[int, ...]]:
    """After `me`'s move to `dest` surrounded a stone: (the winner or None, the seats still in),
    the stones of the seats that left taken off the board (by `judge`, as SusanState does)."""
    hit = {cells[c] for c in (dest, *nbrs[dest]) if cells[c] != EMPTY and libs[c] == 0}
    out, winner = judge(me, hit, active, variant)
    if winner is None:
        for c in range(len(cells)):
            if cells[c] in out:
                free(c)
    return winner, tuple(p for p in active if p not in out)
