"""Learned move knowledge shared by every game: local patterns and their weights.

A move's *features* are small ints. The main one is the local pattern around a cell: the
colours of its neighbours (empty, the mover's, another seat's, off the board) read round the
cell's own polygon, side by side, in the board's own geometry (hex, octagon, square), folded by
the polygon's rotations and reflections so that one shape seen turned counts once. Each game's
package adds a few features of its own (`kind` ids from FIRST_GAME_KIND up) and ships weights
fitted by `tools/train_patterns.py` as a small JSON file beside its code.

A move's *strength* is exp(sum of its features' weights) (a Bradley–Terry "team" of features);
`Prior` turns the strengths of a position's moves into probabilities, which the search reads
as priors (SearchHints.prior) and a playout can draw moves by. Weights are read from the
package data the first time they are needed (the opponent's first search), not at import.
"""

from __future__ import annotations

import json
import math
import pkgutil
from typing import Callable, Iterable, Sequence

from .game import Action, GameState
from .geometry.board import Board

EMPTY, OWN, OTHER, EDGE = 0, 1, 2, 3
COLOURS = 4
KIND_SHIFT = 24                # feature = kind << KIND_SHIFT | value
PATTERN, SOURCE, NEAR_LAST = 1, 2, 3
FIRST_GAME_KIND = 8            # the games' own kinds start here
FORMAT = "pygame-core-patterns"

Features = tuple[int, ...]
# features(state, last) -> the candidate actions with their features (last: the action that led
# to `state`, or None)
FeatureFn = Callable[[GameState, "Action | None"], list[tuple[Action, Features]]]


def feature(kind: int, value: int) -> int:
    return kind << KIND_SHIFT | value


# --- rings --------------------------------------------------------------------------------------
_RINGS: dict[int, tuple[Board, tuple[tuple[int, ...], ...]]] = {}


def rings(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per cell, its neighbour across each side of its polygon in turn round it (-1 off the
    board): the cyclic order patterns are read in. Built once per board."""
    known = _RINGS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    table = []
    for cell, outline in enumerate(board.outlines):
        cx, cy = board.centres[cell]
        sides = len(outline)
        normals = [math.atan2((outline[i][1] + outline[(i + 1) % sides][1]) / 2 - cy,
                              (outline[i][0] + outline[(i + 1) % sides][0]) / 2 - cx) for i in range(sides)]
        slots = [-1] * sides
        for nbr in board.neighbours[cell]:
            nx, ny = board.centres[nbr]
            angle = math.atan2(ny - cy, nx - cx)
            side = min(range(sides), key=lambda i: abs(math.remainder(angle - normals[i], math.tau)))
            slots[side] = nbr
        table.append(tuple(slots))
    result = tuple(table)
    _RINGS[id(board)] = (board, result)
    return result


_CANONICAL: dict[tuple[int, ...], int] = {}


def fold(colours: tuple[int, ...]) -> int:
    """The pattern id of a ring of colours: the smallest code over the ring's rotations and
    reflections, times 16, plus the ring's length (so a square and an octagon never share)."""
    known = _CANONICAL.get(colours)
    if known is None:
        k = len(colours)
        best = None
        for ring in (colours, colours[::-1]):
            for r in range(k):
                code = 0
                for i in range(k):
                    code = code * COLOURS + ring[(i + r) % k]
                if best is None or code < best:
                    best = code
        known = _CANONICAL[colours] = (best or 0) * 16 + k
    return known


def ring_colours(ring: Sequence[int], cells: Sequence[int], me: int, empty: int = -1,
                 cleared: int = -1) -> tuple[int, ...]:
    """The colours round one cell (`cells[x]` is the seat on x or `empty`; `cleared` is read
    as empty: the source of a slide)."""
    out = []
    for x in ring:
        if x < 0:
            out.append(EDGE)
        else:
            seat = cells[x]
            out.append(EMPTY if seat == empty or x == cleared else OWN if seat == me else OTHER)
    return tuple(out)


def near(board: Board, cell: int, last_cells: Sequence[int]) -> int:
    """1 when `cell` touches one of `last_cells`, 2 when it is two steps away, else 0."""
    if not last_cells:
        return 0
    nbrs = board.neighbours
    close = set(last_cells)
    if any(x in close for x in nbrs[cell]):
        return 1
    if any(y in close for x in nbrs[cell] for y in nbrs[x]):
        return 2
    return 0


def group_labels(board: Board, cells: Sequence[int | None], seat: int) -> list[int]:
    """Per cell, the id of `seat`'s connected group on it (-1 where no stone of `seat` is)."""
    label = [-1] * len(cells)
    nbrs = board.neighbours
    next_id = 0
    for start, owner in enumerate(cells):
        if owner != seat or label[start] >= 0:
            continue
        label[start] = next_id
        stack = [start]
        while stack:
            c = stack.pop()
            for x in nbrs[c]:
                if cells[x] == seat and label[x] < 0:
                    label[x] = next_id
                    stack.append(x)
        next_id += 1
    return label


def groups_joined(board: Board, labels: Sequence[int], cell: int) -> int:
    """How many distinct groups (by `labels`) a stone on `cell` would touch, capped at 3."""
    return min(3, len({labels[x] for x in board.neighbours[cell] if labels[x] >= 0}))


# --- weights --------------------------------------------------------------------------------------
class Weights:
    """A game's fitted feature weights, read from its package's data file on first use."""

    def __init__(self, package: str, filename: str = "patterns.json") -> None:
        self.package = package
        self.filename = filename
        self._table: dict[int, float] | None = None

    @property
    def table(self) -> dict[int, float]:
        if self._table is None:
            self._table = parse_weights(pkgutil.get_data(self.package, self.filename) or b"")
        return self._table

    @classmethod
    def from_file(cls, path: str) -> Weights:
        """Weights read now from a data file outside the package (a candidate fit to measure
        on the ladder); OSError or ValueError when it cannot be read as one."""
        with open(path, "rb") as handle:
            raw = handle.read()
        weights = cls("", path)
        weights._table = parse_weights(raw)
        return weights

    def strength(self, features: Iterable[int]) -> float:
        """exp(sum of the weights); an unseen feature weighs 0."""
        table = self.table
        return math.exp(sum(table.get(f, 0.0) for f in features))


def parse_weights(raw: bytes) -> dict[int, float]:
    """The weights of a data file written by `dump_weights`; ValueError when it is not one."""
    data = json.loads(raw.decode("utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("weights"), dict):
        raise ValueError("not a patterns weights file")
    return {int(key): float(value) for key, value in data["weights"].items()}


def dump_weights(weights: dict[int, float], meta: dict[str, object]) -> str:
    """The data file's text: compact JSON, weights rounded to 3 decimals, zeros left out."""
    table = {str(k): round(v, 3) for k, v in sorted(weights.items()) if round(v, 3) != 0.0}
    return json.dumps({"format": FORMAT, "meta": meta, "weights": table}, separators=(",", ":"))


class Prior:
    """Move probabilities from a game's features and weights: what SearchHints.prior is."""

    def __init__(self, features: FeatureFn, weights: Weights) -> None:
        self.features = features
        self.weights = weights

    def settings(self) -> dict[str, object]:
        """What a subclass changes in how the weights are read, as plain data for the ladder's
        rows (ladder.provenance); the learned prior itself changes nothing."""
        return {}

    def __call__(self, state: GameState, last: Action | None) -> dict[Action, float]:
        strengths = [(action, self.weights.strength(fs)) for action, fs in self.features(state, last)]
        total = sum(s for _, s in strengths) or 1.0
        return {action: s / total for action, s in strengths}


# --- the placement games' features ------------------------------------------------------------------
NON_CELL, JOINS = 4, 5

# extra(state, action, cell) -> the game's own features of one action (cell -1: not a placement)
ExtraFn = Callable[[GameState, Action, int], Iterable[int]]


def placement_features(state: GameState, last: Action | None, extra: ExtraFn) -> list[tuple[Action, Features]]:
    """Features of every legal action of a game that places stones: for a placement its ring,
    its distance to the last action's cells, and how many of the mover's groups it joins; for
    anything else (pass, swap, end of turn) the action's own id; plus the game's `extra`."""
    board = state.board
    ring = rings(board)
    n = board.size
    me = state.to_move
    cells = [state.occupant(c) for c in range(n)]
    last_cells = state.touched_cells(last) if last is not None and 0 <= last < n else ()
    labels = group_labels(board, cells, me)
    out = []
    for action in state.legal_actions():
        if 0 <= action < n:
            fs = [feature(PATTERN, fold(ring_colours(ring[action], cells, me, empty=None))),  # type: ignore[arg-type]
                  feature(NEAR_LAST, near(board, action, last_cells)),
                  feature(JOINS, groups_joined(board, labels, action))]
            fs.extend(extra(state, action, action))
        else:
            fs = [feature(NON_CELL, -action)]
            fs.extend(extra(state, action, -1))
        out.append((action, tuple(fs)))
    return out


# --- playouts -------------------------------------------------------------------------------------
class PatternGammas:
    """Ring colours -> exp(their pattern's weight), cached: what a fast playout draws by."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        self._gamma: dict[tuple[int, ...], float] = {}

    def gamma(self, colours: tuple[int, ...]) -> float:
        known = self._gamma.get(colours)
        if known is None:
            known = self._gamma[colours] = math.exp(self.weights.table.get(feature(PATTERN, fold(colours)), 0.0))
        return known


def local_reply(around: int, ring: Sequence[Sequence[int]], cells: Sequence[int], me: int, empty: int,
                gammas: PatternGammas, draw: Callable[[], float]) -> int:
    """An empty cell next to `around` drawn in proportion to its pattern's gamma for `me`
    (MoHex-style local replies in playouts), or -1 when none is empty."""
    total, picks = 0.0, []
    for c in ring[around]:
        if c >= 0 and cells[c] == empty:
            total += gammas.gamma(ring_colours(ring[c], cells, me, empty))
            picks.append((total, c))
    if not picks:
        return -1
    x = draw() * total
    for bound, c in picks:
        if x < bound:
            return c
    return picks[-1][1]
