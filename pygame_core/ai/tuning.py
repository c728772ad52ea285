"""Per-game search settings: the one place that knows which game likes what.

Connection games (STYMIE, LISBON) get GRAVE statistics with a small exploration term, as Ludii
and MoHex do for Hex; SUPERSTAR's playouts score the margin as well as the result; every game
uses its own fast simulation when its GameSpec offers one (`GameSpec.simulate`), else uniformly
random playouts through the clean API.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..game import GameSpec
from .search import SearchConfig, Simulator, random_simulation


@dataclass(frozen=True)
class Tuning:
    config: SearchConfig
    simulator: Callable[[], Simulator]


_DEFAULT = Tuning(SearchConfig(), random_simulation)
_TUNINGS: dict[str, Tuning] = {}


def tuning_for(spec: GameSpec) -> Tuning:
    """Search settings for `spec`'s game: its own entry, else the plain defaults."""
    tuning = _TUNINGS.get(spec.name, _DEFAULT)
    fast = getattr(spec, "simulate", None)
    if fast is not None:
        return Tuning(tuning.config, lambda: fast)
    return tuning
