"""What moves on the board between paints: stones that just appeared grow in, and a stone
being dragged follows the pointer. Pure: the page passes frame times and pointer positions.

Why a short growth and nothing more: it shows where the stone landed (the computer's move
especially) without delaying anything; the stone is there, and clickable, from the first frame.
With prefers-reduced-motion the page passes animate=False and stones simply appear.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

GROW_MS = 160.0
GROW_FROM = 0.55     # a new stone starts at this fraction of its size
MAX_GROWN = 6        # more new stones than this at once (a loaded game, a jump) just appear


class Placements:
    """Stones that appeared since the last paint, and how far each has grown."""

    def __init__(self) -> None:
        self._last: tuple[int | None, ...] | None = None
        self._started: dict[int, float] = {}
        self.grown = 0    # stones animated so far (a hook for tests: data-grown)

    def update(self, occupants: Sequence[int | None], now: float, animate: bool) -> tuple[int, ...]:
        """The cells that hold a stone now and were empty at the last paint (none when the
        board changed size, or more than MAX_GROWN appeared); they grow from `now` if `animate`."""
        occupants = tuple(occupants)
        last, self._last = self._last, occupants
        if last is None or len(last) != len(occupants):
            self._started = {}
            return ()
        new = tuple(c for c, (before, after) in enumerate(zip(last, occupants, strict=True))
                    if before is None and after is not None)
        if len(new) > MAX_GROWN:
            new = ()
        if animate:
            for cell in new:
                self._started[cell] = now
            self.grown += len(new)
        self._started = {c: t for c, t in self._started.items() if occupants[c] is not None and now - t < GROW_MS}
        return new

    def sizes(self, now: float) -> dict[int, float]:
        """Each growing stone's size as a fraction of its full size (ease-out)."""
        sizes = {}
        for cell, start in self._started.items():
            t = min(max((now - start) / GROW_MS, 0.0), 1.0)
            sizes[cell] = GROW_FROM + (1 - GROW_FROM) * (1 - (1 - t) ** 3)
        return sizes

    def active(self, now: float) -> bool:
        """Whether another frame is needed to finish growing."""
        return any(now - start < GROW_MS for start in self._started.values())


class Ghost(NamedTuple):
    """A stone being dragged: from `source` (seat `seat`), drawn at `point` (canvas pixels);
    `targets` are the cells it may slide to, `over` the cell under the pointer."""

    source: int
    seat: int
    point: tuple[float, float]
    targets: frozenset[int]
    over: int | None
