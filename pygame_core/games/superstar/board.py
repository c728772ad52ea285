"""SUPERSTAR counting (docs/rules.md, SUPERSTAR: Scoring): every chain scores as star, superstar and ring.

star       E − 2 points when the chain touches E >= 3 distinct edge cells
superstar  5·(S − 2) points when the chain has stones on S >= 3 of the 12 sides
ring       1 point per vacant cell and 5 per opponent stone the chain encloses: cells it cuts
           off from the edge ring (the edge never closes a ring). The chain's owner's other
           stones inside score 0 (P2); everything inside counts, including the inside of a
           nested enemy ring (P3), and every enclosed region adds up (P4).
Black (seat 1) adds komi; the higher total wins and equal totals draw.

How enclosure is found for all chains at once: the cells split into regions (White chains,
Black chains and connected vacant areas). Removing one chain's cells leaves every other region
whole, so what a chain encloses is the set of regions that lose every path to the outside when
that chain's region is removed from the region graph, with one extra node standing for the
edge ring and touching every region on the boundary: Tarjan's articulation search from that
node (graph.cut_tree). Summing subtree weights in preorder makes each ring a few subtractions,
so a full-board count costs a fraction of a millisecond and serves both the live score and
the random playouts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence, cast

from ...geometry import Board
from ...geometry.superstar import superstar_board
from ...graph import CutTree, cut_tree, label_regions

EMPTY = -1
SIDES = 12
STAR_MIN_EDGE = 3       # edge cells a chain must touch to be a star
SUPERSTAR_MIN_SIDES = 3  # sides a chain must reach to be a superstar
SUPERSTAR_POINTS = 5    # per side beyond two
TRAPPED_STONE_POINTS = 5


@dataclass(frozen=True)
class ChainScore:
    """One chain's count: its cells, what it touches, and its points in each capacity."""

    seat: int
    cells: tuple[int, ...]
    edge_cells: int
    sides: int
    star: int
    superstar: int
    ring: int
    enclosed: tuple[int, ...]  # board cells the chain cuts off from the edge, its ring's inside

    @property
    def points(self) -> int:
        return self.star + self.superstar + self.ring


@dataclass(frozen=True)
class Score:
    """Both players' totals (komi included in Black's) and every chain's part in them."""

    komi: float
    totals: tuple[float, float]
    chains: tuple[ChainScore, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return leaders(self.totals)


def leaders(totals: Sequence[float]) -> tuple[int, ...]:
    """The seat with the higher total; () when they are equal (a draw)."""
    white, black = totals
    return (0,) if white > black else (1,) if black > white else ()


class Tables:
    """Per-cell bitsets of touched edge cells and sides, built once from the board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.neighbours = board.neighbours
        contacts = cast("tuple[tuple[int, ...], ...]", board.extras["edge_contacts"])
        self.edge_masks: tuple[int, ...] = tuple(sum(1 << e for e in touched) for touched in contacts)
        self.side_masks: tuple[int, ...] = tuple(
            sum(1 << k for k in range(SIDES) if c in board.regions[f"side{k}"]) for c in range(board.size))
        self.boundary: tuple[int, ...] = tuple(sorted(board.regions["edge_adjacent"]))


@lru_cache(maxsize=None)
def tables() -> Tables:
    return Tables(superstar_board())


@dataclass(frozen=True)
class _Count:
    """The region analysis of one position: what `totals` and `breakdown` both read."""

    labels: list[int]
    seats: list[int]
    tree: CutTree
    # per chain region: (region, seat, edge cells, sides, star, superstar, ring)
    chains: list[tuple[int, int, int, int, int, int, int]]


def _count(cells: Sequence[int]) -> _Count:
    t = tables()
    labels, links = label_regions(t.neighbours, cells)
    regions = len(links)
    seats = [EMPTY] * regions
    sizes = [0] * regions
    edges = [0] * regions
    sides = [0] * regions
    edge_masks, side_masks = t.edge_masks, t.side_masks
    for cell, region in enumerate(labels):
        seats[region] = cells[cell]
        sizes[region] += 1
        edges[region] |= edge_masks[cell]
        sides[region] |= side_masks[cell]
    outside = regions
    on_boundary = {labels[c] for c in t.boundary}
    for region in on_boundary:
        links[region].add(outside)
    links.append(on_boundary)
    tree = cut_tree(links, outside)

    # prefix sums over the preorder of what each region is worth to a ring of either seat
    worth = ([0], [0])
    for region in tree.order:
        seat = seats[region] if region != outside else None
        for owner in (0, 1):
            value = 0 if seat is None or seat == owner else sizes[region] if seat == EMPTY \
                else TRAPPED_STONE_POINTS * sizes[region]
            worth[owner].append(worth[owner][-1] + value)
    position, size, cut = tree.position, tree.size, tree.cut

    chains = []
    for region in range(regions):
        seat = seats[region]
        if seat == EMPTY:
            continue
        e = edges[region].bit_count()
        s = sides[region].bit_count()
        ring = 0
        if cut[region]:
            prefix = worth[seat]
            ring = sum(prefix[position[u] + size[u]] - prefix[position[u]] for u in cut[region])
        chains.append((region, seat, e, s,
                       e - 2 if e >= STAR_MIN_EDGE else 0,
                       SUPERSTAR_POINTS * (s - 2) if s >= SUPERSTAR_MIN_SIDES else 0,
                       ring))
    return _Count(labels, seats, tree, chains)


def _with_komi(sums: list[int], komi: float) -> tuple[float, float]:
    black = sums[1] + komi
    return (sums[0], int(black) if black == int(black) else black)


def totals(cells: Sequence[int], komi: float) -> tuple[float, float]:
    """(White, Black) totals of the position `cells` (seat per cell, EMPTY = -1)."""
    sums = [0, 0]
    for _, seat, _, _, star, superstar, ring in _count(cells).chains:
        sums[seat] += star + superstar + ring
    return _with_komi(sums, komi)


def breakdown(cells: Sequence[int], komi: float) -> Score:
    """The full count of `cells`: totals plus each chain's cells, contacts and points,
    chains ordered by seat, then by their lowest cell."""
    count = _count(cells)
    members: dict[int, list[int]] = {}
    for cell, region in enumerate(count.labels):
        members.setdefault(region, []).append(cell)
    sums = [0, 0]
    chains = []
    for region, seat, e, s, star, superstar, ring in sorted(count.chains, key=lambda c: (c[1], c[0])):
        sums[seat] += star + superstar + ring
        inside = sorted(c for r in count.tree.cut_off(region) for c in members[r])
        chains.append(ChainScore(seat, tuple(members[region]), e, s, star, superstar, ring, tuple(inside)))
    return Score(komi, _with_komi(sums, komi), tuple(chains))
