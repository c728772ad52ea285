"""SUSAN's move features for the learned prior (see pygame_core.patterns).

A placement is read by its cell's ring; a slide by both rings (the target's read with the
source already empty) and a slide flag. Then what the move does to stones with one liberty
left, the tactics every SUSAN player looks at: it takes (fills the last liberty of another
seat's stone), it saves (slides our stone that had one liberty), it fills the last liberty of
our own stone; and how many liberties the moved stone keeps (0, 1, 2 or more)."""

from __future__ import annotations

from ...game import Action, GameState
from ...patterns import (FIRST_GAME_KIND, NEAR_LAST, PATTERN, SOURCE, Features, Prior, Weights, feature,
                         fold, near, ring_colours, rings)
from .board import EMPTY, slide_cells
from .evaluation import liberties

TAKES, SAVES, FILLS_OWN, KEEPS, SLIDE = (FIRST_GAME_KIND + k for k in range(5))


def features(state: GameState, last: Action | None) -> list[tuple[Action, Features]]:
    board = state.board
    n, nbrs, ring = board.size, board.neighbours, rings(board)
    cells = state.cells  # type: ignore[attr-defined]
    me = state.to_move
    libs = liberties(list(cells), nbrs)
    last_cells = state.touched_cells(last) if last is not None else ()
    by_cell: dict[int, tuple[int, ...]] = {}  # a placement's features, shared with the slides there
    sources: dict[int, tuple[int, int]] = {}

    def placed(dst: int, src: int) -> tuple[int, ...]:
        """The target's features; its ring is read again only when the source is next to it."""
        adjacent = src >= 0 and src in nbrs[dst]
        known = by_cell.get(dst)
        if known is None or adjacent:
            keeps = libs[dst] + (1 if adjacent else 0) - (1 if src >= 0 else 0)
            fs = (feature(PATTERN, fold(ring_colours(ring[dst], cells, me, EMPTY, src if adjacent else -1))),
                  feature(NEAR_LAST, near(board, dst, last_cells)),
                  feature(TAKES, int(any(cells[x] not in (EMPTY, me) and libs[x] == 1 for x in nbrs[dst]))),
                  feature(FILLS_OWN, int(any(x != src and cells[x] == me and libs[x] == 1 for x in nbrs[dst]))),
                  feature(KEEPS, min(2, max(0, keeps))))
            if adjacent:
                return fs
            by_cell[dst] = known = fs
        if src >= 0:  # a slide from afar: the target keeps one liberty fewer than a placement's
            return known[:4] + (feature(KEEPS, min(2, max(0, libs[dst] - 1))),)
        return known

    out = []
    for action in state.legal_actions():
        src, dst = slide_cells(n, action) if action >= n else (-1, action)
        fs = placed(dst, src) + (feature(SLIDE, int(src >= 0)),)
        if src >= 0:
            source = sources.get(src)
            if source is None:
                source = sources[src] = (feature(SOURCE, fold(ring_colours(ring[src], cells, me, EMPTY))),
                                         feature(SAVES, int(libs[src] == 1)))
            fs += source
        out.append((action, fs))
    return out


PRIOR = Prior(features, Weights(__package__))
