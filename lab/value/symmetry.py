"""The hex board's automorphisms and a position's key up to them.

Computed from the cells' axial coordinates (pygame_core/geometry/board.py): about the centre
cell, the six rotations by 60 degrees, each with and without a reflection, 12 in all. Every one
maps cells onto cells and neighbours onto neighbours (tests/lab/test_value.py), so a position
and its images have one value, and one key.
"""

from __future__ import annotations

from pygame_core.geometry import Board


def _rotate(x: int, y: int, z: int) -> tuple[int, int, int]:
    return -z, -x, -y


_INVERSES: dict[str, tuple[tuple[int, ...], ...]] = {}  # by board name (a Board is not hashable)


def automorphisms(board: Board) -> tuple[tuple[int, ...], ...]:
    """Each symmetry as a permutation `p` (cell c goes to p[c]), the identity first."""
    middle = (len(board.rows) - 1) // 2
    where = {(q, r): c for c, (q, r) in enumerate(board.coords)}
    found = []
    for reflect in (False, True):
        for turns in range(6):
            perm = []
            for q, r in board.coords:
                x, z = q, r - middle
                y = -x - z
                if reflect:
                    y, z = z, y
                for _ in range(turns):
                    x, y, z = _rotate(x, y, z)
                perm.append(where[(x, z + middle)])
            found.append(tuple(perm))
    return tuple(found)


def _inverses(board: Board) -> tuple[tuple[int, ...], ...]:
    if board.name not in _INVERSES:
        inverses = []
        for perm in automorphisms(board):
            inverse = [0] * len(perm)
            for c, image in enumerate(perm):
                inverse[image] = c
            inverses.append(tuple(inverse))
        _INVERSES[board.name] = tuple(inverses)
    return _INVERSES[board.name]


def images(board: Board, cells: str) -> list[str]:
    """The cell string (one character a cell) under every symmetry, the identity first."""
    return ["".join(cells[c] for c in inverse) for inverse in _inverses(board)]


def canonical(board: Board, cells: str) -> str:
    """The least of a cell string's images: equal for a position and all its images."""
    return min(images(board, cells))
