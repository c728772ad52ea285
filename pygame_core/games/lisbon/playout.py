"""LISBON's one fast playout, from any state: what the search runs, `bench` times and the
agreement tests replay through LisbonState. Mutable lists and incremental win tests.

Random policy: every turn places as many stones as it may (n(t), or what is left of the turn),
each uniformly at random among the cells legal at that moment; a turn stops early only when no
legal cell is left. Placing never hurts in LISBON (docs/rules.md), so short turns would only make
the games longer and less like real ones.

Incremental tests (tests cross-check them against `lisbon.winning_outcome`'s full scans):
- groups are a union-find per colour; each root keeps its edge cells as a 45-bit mask of
  perimeter indices, so the edge test only looks at a group whose mask just grew;
- a ring needs a new cycle of stones, and one can only close through the stone just placed
  when two of its own-coloured neighbours that are not next to each other around it (two
  separate "runs") already belonged to one group. A cycle through two groups would have to
  pass the new stone twice; a cycle through two neighbours of one run can be rerouted through
  the run, so it encloses nothing new. Only then do we search, from each empty or enemy
  neighbour of the new stone, for a path to the perimeter that avoids the group.
"""

from __future__ import annotations

import random

from ...game import Returns, Trace
from ...geometry import HEX_DIRECTIONS
from .state import BOARD, PERIMETER, PERIMETER_INDEX, LisbonState, stones_allowed

SIZE = BOARD.size
NEIGHBOURS = BOARD.neighbours
EDGE_BIT = [1 << PERIMETER_INDEX[c] if c in PERIMETER_INDEX else 0 for c in range(SIZE)]
PERIMETER_LENGTH = len(PERIMETER)
_LOW_WINDOW = (1 << (PERIMETER_LENGTH // 2)) - 1  # 22 consecutive perimeter cells from bit 0
_FULL = (1 << PERIMETER_LENGTH) - 1
_REJECTION_TRIES = 6


def _ring_order() -> list[tuple[int, ...]]:
    """Each cell's six neighbour slots in cyclic order around it (-1 off the board); slots next
    to each other in this order are neighbours of each other."""
    cyclic = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert set(cyclic) == set(HEX_DIRECTIONS)
    where = {qr: i for i, qr in enumerate(BOARD.coords)}
    return [tuple(where.get((q + dq, r + dr), -1) for dq, dr in cyclic) for q, r in BOARD.coords]


def _run_starts(pattern: int) -> tuple[int, ...]:
    """One slot from each maximal cyclic run of set bits in a 6-bit pattern."""
    if pattern == 0b111111:
        return (0,)
    return tuple(k for k in range(6) if pattern >> k & 1 and not pattern >> ((k - 1) % 6) & 1)


SLOTS = _ring_order()
RUN_STARTS = [_run_starts(p) for p in range(64)]


def spans(edge_mask: int) -> bool:
    """True when the edge cells in `edge_mask` (bit i = perimeter index i) win: they do not fit
    inside 22 consecutive perimeter cells. Any window that holds them can be slid to start at one
    of them, so it is enough to try each set bit as the window's start."""
    doubled = edge_mask | edge_mask << PERIMETER_LENGTH
    bits = edge_mask
    while bits:
        low = bits & -bits
        start = low.bit_length() - 1
        if not (doubled >> start) & _FULL & ~_LOW_WINDOW:
            return False
        bits ^= low
    return edge_mask != 0


class Playout:
    """A mutable copy of a LISBON position that plays itself out at random."""

    def __init__(self, state: LisbonState) -> None:
        self.owner = [-1] * SIZE
        self.parent = list(range(SIZE))
        self.size = [1] * SIZE
        self.edges = list(EDGE_BIT)
        self.stamp = [0] * SIZE  # root -> turn whose stone the group holds (group rule)
        self.turn = state.turn
        self.placed = len(state.placed)
        self.winners: tuple[int, ...] | None = state.outcome.winners if state.outcome else None
        for seat, stones in enumerate(state.stones_of):
            for cell in sorted(stones):
                self.owner[cell] = seat
                for nbr in NEIGHBOURS[cell]:
                    if self.owner[nbr] == seat:
                        self._union(self._find(nbr), self._find(cell))
        for cell in state.placed:
            self.stamp[self._find(cell)] = self.turn
        self.empties = [c for c in range(SIZE) if self.owner[c] < 0]
        self.slot_of = [0] * SIZE
        for i, cell in enumerate(self.empties):
            self.slot_of[cell] = i

    def _find(self, cell: int) -> int:
        parent = self.parent
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    def _union(self, a: int, b: int) -> int:
        """Join roots a and b (union by size); the new root."""
        if a == b:
            return a
        if self.size[a] < self.size[b]:
            a, b = b, a
        self.parent[b] = a
        self.size[a] += self.size[b]
        self.edges[a] |= self.edges[b]
        return a

    def is_legal(self, cell: int, seat: int) -> bool:
        """An empty cell is legal unless it touches a group holding a stone of this turn."""
        owner, parent, stamp, turn = self.owner, self.parent, self.stamp, self.turn
        for nbr in NEIGHBOURS[cell]:
            if owner[nbr] == seat:
                root = nbr
                while parent[root] != root:
                    root = parent[root]
                if stamp[root] == turn:
                    return False
        return True

    def pick(self, seat: int, rng: random.Random) -> int:
        """A uniformly random legal cell, or -1. Rejection sampling over the empty cells is
        uniform over the legal ones; after a few misses, list the legal cells instead."""
        empties = self.empties
        count = len(empties)
        if not count:
            return -1
        draw = rng.random
        for _ in range(_REJECTION_TRIES):
            cell = empties[int(draw() * count)]
            if self.is_legal(cell, seat):
                return cell
        legal = [c for c in empties if self.is_legal(c, seat)]
        return legal[int(draw() * len(legal))] if legal else -1

    def place(self, cell: int, seat: int) -> bool:
        """Put `seat`'s stone on `cell` (legal); True when it wins."""
        empties, slot_of = self.empties, self.slot_of
        last = empties.pop()
        if last != cell:
            slot = slot_of[cell]
            empties[slot] = last
            slot_of[last] = slot
        owner = self.owner
        owner[cell] = seat
        slots = SLOTS[cell]
        pattern = 0
        for k in range(6):
            nbr = slots[k]
            if nbr >= 0 and owner[nbr] == seat:
                pattern |= 1 << k
        run_roots = [self._find(slots[k]) for k in RUN_STARTS[pattern]] if pattern else []
        old_edges = [self.edges[r] for r in run_roots]
        root = cell
        for other in run_roots:
            root = self._union(root, self._find(other))
        self.stamp[root] = self.turn
        edges = self.edges[root]
        if edges & (edges - 1) and edges not in old_edges and spans(edges):
            return True
        return len(set(run_roots)) < len(run_roots) and self._encloses(cell, seat, root)

    def _encloses(self, cell: int, seat: int, root: int) -> bool:
        """True when some non-group neighbour of `cell` can no longer reach the perimeter
        without crossing the group `root`."""
        owner, find = self.owner, self._find
        reaches_edge: set[int] = set()
        for start in NEIGHBOURS[cell]:
            if owner[start] == seat or start in reaches_edge:
                continue
            seen = {start}
            frontier = [start]
            found = False
            while frontier and not found:
                nxt = []
                for here in frontier:
                    if EDGE_BIT[here] or here in reaches_edge:
                        found = True
                        break
                    for nbr in NEIGHBOURS[here]:
                        if nbr not in seen and (owner[nbr] != seat or find(nbr) != root):
                            seen.add(nbr)
                            nxt.append(nbr)
                frontier = nxt
            if not found:
                return True
            reaches_edge |= seen
        return False

    def run(self, rng: random.Random, trace: Trace | None = None) -> tuple[int, ...]:
        """Play to the end; the winning seats (empty for a draw). `trace`, when given, receives
        (seat, cell) for each stone, starting with what is left of the turn in progress."""
        if self.winners is not None:
            return self.winners
        while True:
            if not self.empties:
                self.winners = ()
                return ()
            seat = (self.turn - 1) & 1
            for _ in range(stones_allowed(self.turn) - self.placed):
                cell = self.pick(seat, rng)
                if cell < 0:
                    break
                if trace is not None:
                    trace.append((seat, cell))
                if self.place(cell, seat):
                    self.winners = (seat,)
                    return self.winners
            self.turn += 1
            self.placed = 0


_RETURNS = {(): (0.5, 0.5), (0,): (1.0, 0.0), (1,): (0.0, 1.0)}


def play(state: LisbonState, rng: random.Random, trace: Trace | None = None) -> Returns:
    """Play a random game on from `state` (which is not changed); the returns at its end."""
    return _RETURNS[Playout(state).run(rng, trace)]
