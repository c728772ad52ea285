"""The opponent's budget, resolved once: what a level means for one game on one device.

A level's name means different searches in different games (SearchHints.budgets, the iteration
scale of slow games, SUSAN's cut) and the page runs it on several workers, so the settings are
resolved in one place (`resolve`) into one frozen value, as python-chess's `engine.Limit` is
one value for "how long may the engine think". The page's workers (ai.session), the command
line's and the lab's `mcts:` specs (player.make_player) and the lab's `page:` player all build
their search from it.

A level grows with the device: every worker searches the level's full budget under the same
time cap, so the wait is the same everywhere and more workers search more; `workers` records
how many searched (1 is the level's floor). An override (`Budget.overridden`) changes only the
fields it names, with one documented exception: `iterations` without `seconds` means exactly
that many iterations, no time cap (repeatable, as experiments want).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..game import GameSpec
from .cutoff import CUT_OFF, CutChoice
from .levels import Level, find_level, level_iterations


@dataclass(frozen=True)
class Budget:
    """How one search plays: its effort (`iterations` an action, `seconds` a turn, None: no
    cap), its switches (the game's known perfect turns, its forced wins) and how it values
    leaves (`cut`: None for the game's own, "off" for playouts, a LeafCut; `leaf_weight`;
    `frozen` hints; `evaluation` and `patterns`: another evaluation or priors file by name;
    `prior`: another of the game's move priors by name, built on the learned one),
    the search overrides as (name, value) pairs, and how many workers search so (`workers`)."""

    level: str | None  # the level it was resolved from (None: built from explicit numbers)
    iterations: int
    seconds: float | None
    perfect: bool
    forced: bool
    cut: CutChoice = None
    leaf_weight: float | None = None
    frozen: bool = False
    evaluation: str | None = None
    patterns: str | None = None
    prior: str | None = None
    search: tuple[tuple[str, Any], ...] = ()
    workers: int = 1

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError("iterations must be at least 1")
        if self.seconds is not None and not self.seconds >= 0:
            raise ValueError("seconds must be 0 or more")
        if self.workers < 1:
            raise ValueError("workers must be at least 1")

    def overridden(self, **changes: Any) -> Budget:
        """This budget with `changes` and nothing else changed, except that `iterations`
        without `seconds` drops the time cap: an explicit count means exactly that many."""
        if "iterations" in changes and "seconds" not in changes:
            changes["seconds"] = None
        return dataclasses.replace(self, **changes)


def level_cut(level: Level) -> CutChoice:
    """How `level` values leaves: by playouts where it keeps them (Level.playouts), else as
    the game declares (None: SearchHints.cut)."""
    return CUT_OFF if level.playouts else None


def resolve(spec: GameSpec, level: str | Level, workers: int = 1) -> Budget:
    """The budget of `level` (a name or a Level) in this game on `workers` workers, each of
    which searches all of it, with the evaluation the game gives that level where it names one
    (SearchHints.level_evaluations); ValueError for an unknown level or fewer than one worker."""
    chosen = find_level(level) if isinstance(level, str) else level
    return Budget(chosen.name, level_iterations(chosen, spec), chosen.seconds, chosen.perfect, chosen.forced,
                  level_cut(chosen), evaluation=spec.search.level_evaluations.get(chosen.name), workers=workers)
